import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { parseLoginErrorCode } from '../../machines/lib/loginErrors';
import { DEFAULT_MARKET_RG_RULES, MARKET_RG_RULES, marketRgRules } from '../../machines/lib/responsibleGambling';
import { breakResponseSchema, marketRgRulesSchema } from '../../src/api/responsibleGambling';
import { authorizeResponseSchema } from '../../src/api/payAndPlay';
import { WALLET_LIVE_CLOSE_CODES } from '../../src/api/wallet';
import { operationAnswerSchema } from '../../server/contract/provider-wallet';
import { balance, playerAccount } from '../../server/services/ledger';
import { createPlayerStore, type Player } from '../../server/services/players';
import { breaksOf } from '../../server/repositories/breaks';
import { selfExclude, takeCoolingOff, takeTimeout, type BreakDeps } from '../../server/services/breaks';
import { withdrawalRefusal } from '../../server/services/cashier';
import { expectError, expectFieldErrors, postJson } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { rgCall } from './helpers/responsible-gambling';
import { credit, GAME_SECRET, logIn, newKey, playerCall, providerCall, walletPlayer } from './helpers/wallet';
import { connect, liveToken, liveUrl, logIn as logInOver, newPlayer, startLiveServer } from './helpers/wallet-live';

// Time-out, cooling-off and self-exclusion (issue 13; src/api/responsibleGambling.ts; product.md §3
// "Responsible gambling"; behaviour.md §4, §7, §8 "Login", §9), and the markets' public rules. Each
// break takes effect at once: the player's sessions end (their calls answer 401, the wallet's
// socket closes), the seamless wallet refuses their bets, and login (password or pay and play) is
// refused with the days left until the break ends; a self-exclusion returns the balance as a pending
// withdrawal (GLI-19). A second request never shortens a break. On a clock the tests move.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
const START = new Date('2026-03-10T12:00:00.000Z');
let now = START;
const clock = () => now;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = START;
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET });
});
afterEach(async () => {
  await platform.settings.reset();
});
afterAll(async () => {
  await platform.close();
});

const breakDeps = (): BreakDeps => ({ db: platform.database.db, clock, settings: platform.settings });
const timeout = (token: string, body: unknown) => rgCall(app, token, 'PATCH', '/player/timeout', body);
const coolingOff = (token: string, body: unknown) => rgCall(app, token, 'PATCH', '/player/timeout/cooling', body);
const exclusion = (token: string, body: unknown) => rgCall(app, token, 'PATCH', '/player/exclusion', body);
const row = (id: number): Promise<Player> => platform.database.db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

async function taken(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(breakResponseSchema, await json(response));
}

function logInResponse(email: string, target = app): Promise<Response> {
  return postJson(target, '/api/player/login', { email, password: 'Aurora-Player-1' });
}

async function betCall(player: { id: number }, amount = '1.00', transactionId = newKey('tx'), roundId = newKey('round')) {
  return providerCall(app, 'bet', { playerId: player.id, transactionId, roundId, gameId: 'starburst', vertical: 'CASINO', amount, currency: 'EUR' });
}

async function bet(player: { id: number }, amount = '1.00', transactionId = newKey('tx'), roundId = newKey('round')) {
  const response = await betCall(player, amount, transactionId, roundId);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(operationAnswerSchema, await json(response));
}

/** The player's calls of every session answer 401 (the session ended). */
async function expectLoggedOut(...tokens: string[]) {
  for (const token of tokens) {
    await expectError(await rgCall(app, token, 'GET', '/player/activity_check/settings'), 401, 'error.session.expired');
    await expectError(await app.request('/api/player/profile', { headers: { Authorization: `Bearer ${token}` } }), 401, 'error.session.expired');
    // No new game token for a real-money launch (server/services/game-launch.ts).
    await expectError(
      await postJson(
        app,
        '/api/game/token',
        { gameId: 'starburst', channel: 'desktop', partner: 653, jurisdiction: 'MT' },
        { Authorization: `Bearer ${token}` },
      ),
      401,
      'error.session.expired',
    );
  }
}

describe('a time-out', () => {
  it('starts at once: the answer, the status, every session ended', async () => {
    const player = await walletPlayer(platform, app);
    const second = await logIn(app, player.email);
    expect(await taken(await timeout(player.token, { months: 1 }))).toEqual({ status: 'TIMEOUT', until: '2026-04-10T12:00:00.000Z' });
    expect(await row(player.id)).toMatchObject({ status: 'TIMEOUT', timeout_until: at('2026-04-10T12:00:00.000Z'), break_is_cooling: false });
    await expectLoggedOut(player.token, second);
  });

  it('refuses the login with the days left until it ends, then lets the player back in', async () => {
    const player = await walletPlayer(platform, app);
    await taken(await timeout(player.token, { months: 1 }));
    await expectError(await logInResponse(player.email), 403, 'code:error.timeout.in.progress:days:31');
    now = at('2026-03-20T18:00:00.000Z');
    await expectError(await logInResponse(player.email), 403, 'code:error.timeout.in.progress:days:21');
    now = at('2026-04-10T11:59:00.000Z');
    await expectError(await logInResponse(player.email), 403, 'code:error.timeout.in.progress:days:1');
    now = at('2026-04-10T12:00:01.000Z');
    expect((await logInResponse(player.email)).status).toBe(200);
    expect(await row(player.id)).toMatchObject({ status: 'REGISTERED', timeout_until: null, status_before_break: null });
  });

  it('keeps the balance: the player comes back', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '40.00');
    await taken(await timeout(player.token, { months: 1 }));
    expect(await balance(platform.database.db, playerAccount(player.id))).toBe('40.00');
    expect(await balance(platform.database.db, playerAccount(player.id, 'LOCKED'))).toBe('0.00');
  });

  it('gives back the status it interrupted when it ends (an operator’s payout restriction stays)', async () => {
    const player = await walletPlayer(platform, app);
    await createPlayerStore(platform.database.db).update(player.id, { status: 'PAYOUT' });
    await taken(await timeout(player.token, { months: 1 }));
    expect(await row(player.id)).toMatchObject({ status: 'TIMEOUT', status_before_break: 'PAYOUT' });
    now = at('2026-04-11T00:00:00.000Z');
    expect((await logInResponse(player.email)).status).toBe(200);
    expect((await row(player.id)).status).toBe('PAYOUT');
  });

  it('takes only the lengths of the player’s market (an operator’s override included)', async () => {
    const player = await walletPlayer(platform, app);
    await platform.settings.update({ marketRules: { FI: { timeoutMonthChoices: [1, 3] } } });
    expect(await expectFieldErrors(await timeout(player.token, { months: 2 }))).toEqual({ months: 'validation.invalid' });
    expect((await row(player.id)).status).toBe('REGISTERED');
    expect(await taken(await timeout(player.token, { months: 3 }))).toEqual({ status: 'TIMEOUT', until: '2026-06-10T12:00:00.000Z' });
  });

  it.each([
    [{ months: 4 }, { months: 'validation.invalid' }],
    [{ months: 0 }, { months: 'validation.invalid' }],
    [{ months: 1.5 }, { months: 'validation.invalid' }],
    [{ months: '1' }, { months: 'validation.invalid' }],
    [{}, { months: 'validation.required' }],
  ])('refuses %j with 400 error.validation and changes nothing', async (body, fields) => {
    const player = await walletPlayer(platform, app);
    expect(await expectFieldErrors(await timeout(player.token, body))).toEqual(fields);
    expect((await row(player.id)).status).toBe('REGISTERED');
    expect((await rgCall(app, player.token, 'GET', '/player/activity_check/settings')).status).toBe(200);
  });
});

describe('a cooling-off', () => {
  it('is a time-out that says so: the login code carries isCooling and the initiator', async () => {
    const player = await walletPlayer(platform, app);
    expect(await taken(await coolingOff(player.token, { days: 1, initiator: 'PLAYER' }))).toEqual({ status: 'TIMEOUT', until: '2026-03-11T12:00:00.000Z' });
    expect(await row(player.id)).toMatchObject({ status: 'TIMEOUT', break_is_cooling: true, break_initiator: 'PLAYER' });
    await expectLoggedOut(player.token);
    const refused = await expectError(await logInResponse(player.email), 403, 'code:error.timeout.in.progress:days:1:isCooling:true:initiator:PLAYER');
    expect(parseLoginErrorCode(refused.code)).toEqual({ code: 'timeout', additionalInfo: { days: 1, isCooling: true, initiator: 'PLAYER' } });
    now = at('2026-03-11T12:00:01.000Z');
    expect((await logInResponse(player.email)).status).toBe(200);
    expect(await row(player.id)).toMatchObject({ status: 'REGISTERED', break_is_cooling: false, break_initiator: null });
  });

  it('counts the days left as they pass', async () => {
    const player = await walletPlayer(platform, app);
    await taken(await coolingOff(player.token, { days: 7, initiator: 'PLAYER' }));
    now = at('2026-03-12T23:00:00.000Z');
    await expectError(await logInResponse(player.email), 403, 'code:error.timeout.in.progress:days:5:isCooling:true:initiator:PLAYER');
  });

  it.each([
    [{ days: 2, initiator: 'PLAYER' }, { days: 'validation.invalid' }],
    [{ days: 31, initiator: 'PLAYER' }, { days: 'validation.invalid' }],
    [{ days: 1, initiator: 'OPERATOR' }, { initiator: 'validation.invalid' }],
    [{ days: 1 }, { initiator: 'validation.required' }],
  ])('refuses %j with 400 error.validation', async (body, fields) => {
    const player = await walletPlayer(platform, app);
    expect(await expectFieldErrors(await coolingOff(player.token, body))).toEqual(fields);
    expect((await row(player.id)).status).toBe('REGISTERED');
  });

  it('refuses the pay-and-play login the same way (the bank identified the player)', async () => {
    const { db } = platform.database;
    const personid = '150585-9901';
    const player = await createPlayerStore(db).create({
      email: `pnp.cooling.${String(process.pid)}@example.com`,
      personid,
      phone_prefix: '+358',
      phone_body: '409990001',
      country_code: 'FI',
      language_code: 'fi',
      currency_code: 'EUR',
      status: 'REGISTERED',
    });
    await takeCoolingOff(breakDeps(), player.id, { days: 7, initiator: 'PLAYER' });
    const authorize = await app.request(
      `/api/paynplay/authorize?${new URLSearchParams({ amount: '50', currency: 'EUR', country: 'FI', returnUrl: '/en-FI/signup/callback' }).toString()}`,
    );
    const { sessionId } = v.parse(authorizeResponseSchema, await json(authorize));
    const bank = await app.request('/api/bankid/authorize', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session: sessionId, personid, action: 'identify' }).toString(),
    });
    const code = new URL(bank.headers.get('location') ?? '', 'http://site.invalid').searchParams.get('code') ?? '';
    const verify = await postJson(app, '/api/paynplay/player/code', { oneTimeCode: code, sessionId, ipAddress: '203.0.113.7', blackbox: 'bb' });
    await expectError(verify, 403, 'code:error.timeout.in.progress:days:7:isCooling:true:initiator:PLAYER');
    expect(await balance(db, playerAccount(player.id))).toBe('0.00');
  });
});

describe('a self-exclusion', () => {
  it('starts at once and refuses the login with the days left, then ends', async () => {
    const player = await walletPlayer(platform, app);
    expect(await taken(await exclusion(player.token, { exclusionInMonths: 6, exclusionDelayInHours: 0 }))).toEqual({
      status: 'SELF_EXCLUDED',
      until: '2026-09-10T12:00:00.000Z',
    });
    await expectLoggedOut(player.token);
    await expectError(await logInResponse(player.email), 403, 'code:error.exclusion.in.progress:days:184');
    now = at('2026-09-10T12:00:01.000Z');
    expect((await logInResponse(player.email)).status).toBe(200);
    expect(await row(player.id)).toMatchObject({ status: 'REGISTERED', exclusion_until: null });
  });

  it('is indefinite when asked (12 months and accountDisableIndefinitely): refused years later', async () => {
    const player = await walletPlayer(platform, app);
    expect(await taken(await exclusion(player.token, { exclusionInMonths: 12, exclusionDelayInHours: 0, accountDisableIndefinitely: true }))).toEqual({
      status: 'SELF_EXCLUDED',
      until: null,
    });
    await expectError(await logInResponse(player.email), 403, 'code:error.exclusion.in.progress.indefinitely');
    now = at('2036-03-10T12:00:00.000Z');
    await expectError(await logInResponse(player.email), 403, 'code:error.exclusion.in.progress.indefinitely');
  });

  it('stops real-money play: a bet is refused (the break ended the game’s session), a win of a round already played still pays and goes back to the player', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '20.00');
    const roundId = newKey('round');
    expect((await bet(player, '2.00', newKey('tx'), roundId)).result).toBe('SUCCESS');
    await taken(await exclusion(player.token, { exclusionInMonths: 6, exclusionDelayInHours: 0 }));
    await expectError(await betCall(player, '1.00'), 401, 'error.session.expired');
    const win = await providerCall(app, 'win', {
      playerId: player.id,
      transactionId: newKey('win'),
      roundId,
      gameId: 'starburst',
      vertical: 'CASINO',
      amount: '3.00',
      currency: 'EUR',
    });
    const answer = v.parse(operationAnswerSchema, await json(win));
    expect(answer.result).toBe('SUCCESS');
    // The exclusion returned the 18.00 left; the late win is returned too, not left in MAIN.
    expect(answer.balance).toBe('0.00');
    expect(await balance(platform.database.db, playerAccount(player.id))).toBe('0.00');
    expect(await balance(platform.database.db, playerAccount(player.id, 'LOCKED'))).toBe('21.00');
  });

  it('returns the whole balance as a pending withdrawal to the last deposit method, paid out like any other', async () => {
    const { db } = platform.database;
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '100.00');
    const deposit = await playerCall(app, player.token, '/deposit/request', {
      amount: '50',
      methodId: 'visa',
      idempotencyKey: newKey('dep'),
      returnPath: '/fi-FI/deposit',
    });
    const { depositId } = v.parse(v.object({ depositId: v.string() }), await json(deposit));
    const paid = await app.request('/api/payment-simulator/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment: depositId, action: 'approve' }).toString(),
    });
    expect(paid.status).toBeLessThan(400);
    expect(await balance(db, playerAccount(player.id))).toBe('150.00');

    await taken(await exclusion(player.token, { exclusionInMonths: 6, exclusionDelayInHours: 0 }));
    expect(await balance(db, playerAccount(player.id))).toBe('0.00');
    expect(await balance(db, playerAccount(player.id, 'LOCKED'))).toBe('150.00');
    const withdrawals = await db.selectFrom('wallet_transactions').selectAll().where('player_id', '=', player.id).where('type', '=', 'WITHDRAW').execute();
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0]).toMatchObject({ status: 'PENDING', method_id: 'visa', category: 'PAYMENT', balance_after: '0.00' });
    expect(withdrawals[0]?.amount).toBe('-150.00');

    // The operator's payout run pays it whatever the player's status (GLI-19).
    const payout = await app.request('/api/test/wallet/payouts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ playerId: player.id }),
    });
    expect(await json(payout)).toEqual({ paid: 1 });
    expect(await balance(db, playerAccount(player.id, 'LOCKED'))).toBe('0.00');
    const after = await db
      .selectFrom('wallet_transactions')
      .select('status')
      .where('id', '=', withdrawals[0]?.id ?? 0)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('COMPLETED');
  });

  it('returns the balance to the market’s first bank method when the player never paid a deposit', async () => {
    const { db } = platform.database;
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '12.34');
    await selfExclude(breakDeps(), player.id, { exclusionInMonths: 12, exclusionDelayInHours: 0, accountDisableIndefinitely: true });
    const withdrawal = await db
      .selectFrom('wallet_transactions')
      .selectAll()
      .where('player_id', '=', player.id)
      .where('type', '=', 'WITHDRAW')
      .executeTakeFirstOrThrow();
    expect(withdrawal).toMatchObject({ status: 'PENDING', method_id: 'trustly', amount: '-12.34' });
  });

  it('moves no money when the balance is empty', async () => {
    const player = await walletPlayer(platform, app);
    await taken(await exclusion(player.token, { exclusionInMonths: 24, exclusionDelayInHours: 0 }));
    const rows = await platform.database.db.selectFrom('wallet_transactions').select('id').where('player_id', '=', player.id).execute();
    expect(rows).toEqual([]);
  });

  it('leaves the cashier’s withdrawal open to an excluded or timed-out player (their access allows it)', async () => {
    const player = await walletPlayer(platform, app);
    await taken(await exclusion(player.token, { exclusionInMonths: 6, exclusionDelayInHours: 0 }));
    expect(withdrawalRefusal(await row(player.id))).toBeNull();
    const other = await walletPlayer(platform, app);
    await taken(await timeout(other.token, { months: 1 }));
    expect(withdrawalRefusal(await row(other.id))).toBeNull();
  });

  it.each([
    [{ exclusionInMonths: 7, exclusionDelayInHours: 0 }, { exclusionInMonths: 'validation.invalid' }],
    [{ exclusionInMonths: 6, exclusionDelayInHours: 24 }, { exclusionDelayInHours: 'validation.invalid' }],
    [{ exclusionInMonths: 6 }, { exclusionDelayInHours: 'validation.required' }],
    [{ exclusionInMonths: 6, exclusionDelayInHours: 0, accountDisableIndefinitely: 'yes' }, { accountDisableIndefinitely: 'validation.invalid' }],
  ])('refuses %j with 400 error.validation and changes nothing', async (body, fields) => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '5.00');
    expect(await expectFieldErrors(await exclusion(player.token, body))).toEqual(fields);
    expect((await row(player.id)).status).toBe('REGISTERED');
    expect(await balance(platform.database.db, playerAccount(player.id))).toBe('5.00');
  });
});

describe('a second request never shortens a break', () => {
  const untilOf = async (id: number) => {
    const player = await row(id);
    return {
      status: player.status,
      timeout: player.timeout_until?.toISOString() ?? null,
      exclusion: player.exclusion_until?.toISOString() ?? null,
      indefinite: player.exclusion_indefinite,
    };
  };

  it('keeps the later end of two time-outs or cooling-offs', async () => {
    const player = await walletPlayer(platform, app);
    expect(await takeTimeout(breakDeps(), player.id, { months: 3 })).toEqual({ status: 'TIMEOUT', until: '2026-06-10T12:00:00.000Z' });
    expect(await takeTimeout(breakDeps(), player.id, { months: 1 })).toEqual({ status: 'TIMEOUT', until: '2026-06-10T12:00:00.000Z' });
    expect(await takeCoolingOff(breakDeps(), player.id, { days: 1, initiator: 'PLAYER' })).toEqual({ status: 'TIMEOUT', until: '2026-06-10T12:00:00.000Z' });
    // A shorter cooling-off does not turn the time-out into a cooling-off either.
    expect((await row(player.id)).break_is_cooling).toBe(false);
    expect(await breaksOf(platform.database.db, player.id)).toHaveLength(3);
  });

  it('keeps an exclusion over a later time-out, and an indefinite one over a shorter one', async () => {
    const player = await walletPlayer(platform, app);
    await takeTimeout(breakDeps(), player.id, { months: 1 });
    expect(await selfExclude(breakDeps(), player.id, { exclusionInMonths: 6, exclusionDelayInHours: 0 })).toEqual({
      status: 'SELF_EXCLUDED',
      until: '2026-09-10T12:00:00.000Z',
    });
    expect(await takeTimeout(breakDeps(), player.id, { months: 3 })).toEqual({ status: 'SELF_EXCLUDED', until: '2026-09-10T12:00:00.000Z' });
    await selfExclude(breakDeps(), player.id, { exclusionInMonths: 12, exclusionDelayInHours: 0, accountDisableIndefinitely: true });
    expect(await selfExclude(breakDeps(), player.id, { exclusionInMonths: 6, exclusionDelayInHours: 0 })).toEqual({ status: 'SELF_EXCLUDED', until: null });
    expect(await untilOf(player.id)).toEqual({ status: 'SELF_EXCLUDED', timeout: null, exclusion: null, indefinite: true });
    // The status to return to is still the one before the first break.
    expect((await row(player.id)).status_before_break).toBe('REGISTERED');
  });

  it('survives a double click: two requests at once leave the later end', async () => {
    const player = await walletPlayer(platform, app);
    const answers = await Promise.all([timeout(player.token, { months: 3 }), timeout(player.token, { months: 1 })]);
    for (const answer of answers) expect([200, 401]).toContain(answer.status);
    expect(await untilOf(player.id)).toMatchObject({ status: 'TIMEOUT', timeout: '2026-06-10T12:00:00.000Z' });
  });
});

describe('the wallet’s live connection', () => {
  it('closes when the player excludes themselves', async () => {
    const server = await startLiveServer(platform);
    try {
      const player = await newPlayer(platform);
      const idToken = await logInOver(server.base, player.email);
      const client = connect(liveUrl(server.base, await liveToken(server.base, idToken)));
      await client.opened;
      const response = await fetch(`${server.base}/api/player/exclusion`, {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ exclusionInMonths: 6, exclusionDelayInHours: 0 }),
      });
      expect(response.status).toBe(200);
      expect(await client.closed).toEqual({ code: WALLET_LIVE_CLOSE_CODES.policy, reason: 'session ended' });
    } finally {
      await server.stop();
    }
  });
});

describe('GET /api/markets/{market}/responsible-gambling', () => {
  const rules = (market: string) => app.request(`/api/markets/${market}/responsible-gambling`);

  it('answers each market’s rules without a login, cacheable for a minute', async () => {
    for (const market of ['GG', 'PP', 'JJ', 'LL', 'CA', 'FI', 'UN'] as const) {
      const response = await rules(market);
      expect(response.status).toBe(200);
      expect(response.headers.get('Cache-Control')).toBe('public, max-age=60');
      expect(v.parse(marketRgRulesSchema, await json(response))).toEqual(JSON.parse(JSON.stringify(marketRgRules(market))));
    }
    const gg = v.parse(marketRgRulesSchema, await json(await rules('GG')));
    expect(gg).toMatchObject({ sessionBar: true, withdrawalCancellation: false, limitsPromptAtFirstDeposit: true });
    expect(v.parse(marketRgRulesSchema, await json(await rules('JJ')))).toMatchObject({ panicButton: true, maxDepositLimit: { M: 1000 } });
    expect(v.parse(marketRgRulesSchema, await json(await rules('FI')))).toEqual({
      ...DEFAULT_MARKET_RG_RULES,
      ...MARKET_RG_RULES.FI,
      timeoutMonthChoices: [1, 2, 3],
    });
  });

  it('follows the operator’s override in the platform settings', async () => {
    await platform.settings.update({ marketRules: { FI: { sessionBar: true, timeoutMonthChoices: [1] }, PP: { increaseDelayHours: 96 } } });
    expect(v.parse(marketRgRulesSchema, await json(await rules('FI')))).toMatchObject({ sessionBar: true, timeoutMonthChoices: [1] });
    expect(v.parse(marketRgRulesSchema, await json(await rules('PP')))).toMatchObject({ swedishBadges: true, increaseDelayHours: 96 });
  });

  it.each(['XX', 'gg', 'G', '..', 'GGG'])('answers 404 error.not_found for %j', async (market) => {
    await expectError(await rules(market), 404, 'error.not_found');
  });
});
