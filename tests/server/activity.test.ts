import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACTIVITY_TIMER_DEFAULT_MINUTES } from '../../machines/lib/constants';
import { activitySettingsSchema, activitySummarySchema, minutesRemainingSchema } from '../../src/api/responsibleGambling';
import { operationAnswerSchema } from '../../server/contract/provider-wallet';
import { hasRequiredActivityLimit, changeLimit } from '../../server/services/limits';
import { SEEDED_EMAILS, SEEDED_PASSWORD, seedPlayers } from '../../server/services/seed-players';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { rgCall, rgOk } from './helpers/responsible-gambling';
import { credit, GAME_SECRET, logIn, newKey, providerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The reality check (issue 13; src/api/responsibleGambling.ts; product.md §3 "Responsible
// gambling"; behaviour.md §4, §9): the player's interval (30, 60, 120 minutes or off; 120 until
// they choose), the timer of each login (it starts at the login; a reset or a new setting restarts
// it), the summary of this login's play from the wallet's history, the test-mode hook that moves
// the timer, and the seeded players of the browser journeys. On a clock the tests move.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
const START = new Date('2026-03-10T12:00:00.000Z');
let now = START;
const clock = () => now;
const MINUTE = 60_000;
/** Moves the clock; every step stays below the 30-minute idle limit, so the login lives on. */
const advance = (minutes: number) => {
  now = new Date(now.getTime() + minutes * MINUTE);
};

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = START;
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET });
});
afterAll(async () => {
  await platform.close();
});

const settings = (token: string) => rgOk(app, token, 'GET', '/player/activity_check/settings', activitySettingsSchema);
const setInterval = (token: string, intervalMinutes: number | null) =>
  rgOk(app, token, 'PATCH', '/player/activity_check/settings', activitySettingsSchema, { intervalMinutes });
const remaining = async (token: string) => (await rgOk(app, token, 'GET', '/player/activity_check/minutes_remaining', minutesRemainingSchema)).minutesRemaining;
const reset = async (token: string) => (await rgOk(app, token, 'PATCH', '/player/activity_check/reset_timer', minutesRemainingSchema, {})).minutesRemaining;
const summary = (token: string) => rgOk(app, token, 'GET', '/player/activity_check/summary', activitySummarySchema);

describe('activity settings', () => {
  it('are 120 minutes and on for a player who never chose, a seeded one too', async () => {
    const player = await walletPlayer(platform, app);
    expect(await settings(player.token)).toEqual({ intervalMinutes: ACTIVITY_TIMER_DEFAULT_MINUTES, activityTimerOn: true });
    expect(await settings(await logIn(app, SEEDED_EMAILS.player))).toEqual({ intervalMinutes: 120, activityTimerOn: true });
  });

  it('take 30, 60 or 120 minutes, or off (null)', async () => {
    const player = await walletPlayer(platform, app);
    for (const interval of [30, 60, 120] as const) {
      expect(await setInterval(player.token, interval)).toEqual({ intervalMinutes: interval, activityTimerOn: true });
      expect(await settings(player.token)).toEqual({ intervalMinutes: interval, activityTimerOn: true });
    }
    expect(await setInterval(player.token, null)).toEqual({ intervalMinutes: null, activityTimerOn: false });
    expect(await settings(player.token)).toEqual({ intervalMinutes: null, activityTimerOn: false });
    expect(await remaining(player.token)).toBeNull();
    expect(await reset(player.token)).toBeNull();
  });

  it.each([
    [{ intervalMinutes: 45 }, { intervalMinutes: 'validation.invalid' }],
    [{ intervalMinutes: '60' }, { intervalMinutes: 'validation.invalid' }],
    [{ intervalMinutes: 0 }, { intervalMinutes: 'validation.invalid' }],
    [{}, { intervalMinutes: 'validation.required' }],
  ])('refuse %j with 400 error.validation and keep the setting', async (body, fields) => {
    const player = await walletPlayer(platform, app);
    await setInterval(player.token, 60);
    expect(await expectFieldErrors(await rgCall(app, player.token, 'PATCH', '/player/activity_check/settings', body))).toEqual(fields);
    expect((await settings(player.token)).intervalMinutes).toBe(60);
  });

  it('refuse an unknown field (a strict body)', async () => {
    const player = await walletPlayer(platform, app);
    await expectError(
      await rgCall(app, player.token, 'PATCH', '/player/activity_check/settings', { intervalMinutes: 60, admin: true }),
      400,
      'error.validation',
    );
  });

  it('answer 401 without a login', async () => {
    for (const path of ['/settings', '/minutes_remaining', '/summary']) {
      await expectError(await app.request(`/api/player/activity_check${path}`), 401, 'error.token.invalid');
    }
  });

  it('meet the Dutch "time limit before play" only when the player chose an interval and kept it on', async () => {
    const player = await walletPlayer(platform, app);
    const { db } = platform.database;
    expect(await hasRequiredActivityLimit(db, player)).toBe(false);
    await setInterval(player.token, 120);
    expect(await hasRequiredActivityLimit(db, player)).toBe(true);
    await setInterval(player.token, null);
    expect(await hasRequiredActivityLimit(db, player)).toBe(false);
  });
});

describe('the reality-check timer', () => {
  it('counts down from the login, is 0 at the interval and stays 0', async () => {
    const player = await walletPlayer(platform, app);
    for (let elapsed = 0; elapsed < 120; elapsed += 20) {
      expect(await remaining(player.token)).toBe(120 - elapsed);
      advance(20);
    }
    expect(await remaining(player.token)).toBe(0);
    advance(5);
    expect(await remaining(player.token)).toBe(0);
  });

  it('counts whole minutes: 30 at the start, 29 a minute later, 1 in the last minute', async () => {
    const player = await walletPlayer(platform, app);
    await setInterval(player.token, 30);
    expect(await remaining(player.token)).toBe(30);
    advance(0.5);
    expect(await remaining(player.token)).toBe(30);
    advance(0.5);
    expect(await remaining(player.token)).toBe(29);
    advance(28.5);
    expect(await remaining(player.token)).toBe(1);
    advance(0.5);
    expect(await remaining(player.token)).toBe(0);
  });

  it('starts again on a reset (the modal’s continue)', async () => {
    const player = await walletPlayer(platform, app);
    await setInterval(player.token, 30);
    advance(20);
    expect(await remaining(player.token)).toBe(10);
    advance(10);
    expect(await remaining(player.token)).toBe(0);
    expect(await reset(player.token)).toBe(30);
    advance(1);
    expect(await remaining(player.token)).toBe(29);
  });

  it('refuses a reset with a body other than {}', async () => {
    const player = await walletPlayer(platform, app);
    await expectError(await rgCall(app, player.token, 'PATCH', '/player/activity_check/reset_timer', { minutes: 5 }), 400, 'error.validation');
    await expectError(
      await app.request('/api/player/activity_check/reset_timer', { method: 'PATCH', headers: { Authorization: `Bearer ${player.token}` } }),
      400,
      'error.request.invalid',
    );
  });

  it('belongs to the login: a second login has its own, and a reset of one leaves the other', async () => {
    const player = await walletPlayer(platform, app);
    await setInterval(player.token, 30);
    advance(20);
    const second = await logIn(app, player.email);
    expect(await remaining(player.token)).toBe(10);
    expect(await remaining(second)).toBe(30);
    advance(5);
    expect(await reset(second)).toBe(30);
    expect(await remaining(player.token)).toBe(5);
  });

  it('starts again, in every login of the player, when the settings change', async () => {
    const player = await walletPlayer(platform, app);
    const second = await logIn(app, player.email);
    advance(25);
    expect(await remaining(player.token)).toBe(95);
    expect(await setInterval(player.token, 60)).toMatchObject({ intervalMinutes: 60 });
    expect(await remaining(player.token)).toBe(60);
    expect(await remaining(second)).toBe(60);
  });
});

describe('the activity summary', () => {
  /** A bet (of a round of its own) or a win (of the player's last round) through the seamless wallet. */
  let round = '';
  async function play(player: WalletPlayer, kind: 'bet' | 'win', amount: string, transactionId = newKey('tx')) {
    if (kind === 'bet') round = newKey('round');
    const response = await providerCall(app, kind, {
      playerId: player.id,
      transactionId,
      roundId: round,
      gameId: 'starburst',
      vertical: 'CASINO',
      amount,
      currency: 'EUR',
    });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(v.parse(operationAnswerSchema, await json(response)).result).toBe('SUCCESS');
    return transactionId;
  }

  it('sums this login’s stakes and wins through the seamless wallet: turnover, winnings, delta', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '100.00');
    advance(1);
    await play(player, 'bet', '3.00'); // before the second login: only the first login's
    advance(1);
    const second = await logIn(app, player.email);
    const loggedInAt = now.toISOString();
    advance(1);
    await play(player, 'bet', '5.00');
    await play(player, 'win', '12.50');
    const voided = await play(player, 'bet', '2.00');
    const rollback = await providerCall(app, 'rollback', { playerId: player.id, transactionId: newKey('rb'), betTransactionId: voided, roundId: round });
    expect(rollback.status).toBe(200);

    expect(await summary(second)).toEqual({
      settings: { intervalMinutes: 120, activityTimerOn: true },
      currency: 'EUR',
      sessionStartedAt: loggedInAt,
      turnover: '5.00',
      winnings: '12.50',
      delta: '7.50',
      limitWarnings: [],
    });
    expect(await summary(player.token)).toMatchObject({ sessionStartedAt: START.toISOString(), turnover: '8.00', winnings: '12.50', delta: '4.50' });
  });

  it('is zero at the login and negative when the player is behind', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '50.00');
    expect(await summary(player.token)).toMatchObject({ turnover: '0.00', winnings: '0.00', delta: '0.00' });
    await play(player, 'bet', '10.00');
    await play(player, 'win', '0.40');
    expect(await summary(player.token)).toMatchObject({ turnover: '10.00', winnings: '0.40', delta: '-9.60' });
  });

  it('warns of a limit at 80 % of its value', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '50.00');
    await changeLimit({ db: platform.database.db, clock, settings: platform.settings }, player.id, 'spend', { duration: 'D', limit: '10' });
    await play(player, 'bet', '7.00');
    expect((await summary(player.token)).limitWarnings).toEqual([]);
    await play(player, 'bet', '1.50');
    expect((await summary(player.token)).limitWarnings).toEqual([{ kind: 'spend', duration: 'D', used: '8.50', value: '10.00' }]);
  });
});

describe('test mode: POST /api/test/activity-timer', () => {
  const moveTimer = (body: unknown, target = app) =>
    target.request('/api/test/activity-timer', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

  it('makes the reality check due in the minutes given, in each of the player’s logins', async () => {
    const player = await walletPlayer(platform, app);
    const second = await logIn(app, player.email);
    const response = await moveTimer({ email: player.email, minutesRemaining: 1 });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await json(response)).toEqual({ sessions: 2, minutesRemaining: 1 });
    expect(await remaining(player.token)).toBe(1);
    expect(await remaining(second)).toBe(1);
    advance(1);
    expect(await remaining(second)).toBe(0);
  });

  it('answers 404 for an unknown player, 409 when the timer is off, 400 beyond the interval', async () => {
    const player = await walletPlayer(platform, app);
    await expectError(await moveTimer({ email: 'nobody@example.com', minutesRemaining: 1 }), 404, 'error.not_found');
    await setInterval(player.token, 30);
    await expectError(await moveTimer({ email: player.email, minutesRemaining: 31 }), 400, 'error.request.invalid');
    await setInterval(player.token, null);
    await expectError(await moveTimer({ email: player.email, minutesRemaining: 1 }), 409, 'error.request.invalid');
  });

  it('does not exist outside test mode', async () => {
    expect((await moveTimer({ email: SEEDED_EMAILS.reality, minutesRemaining: 1 }, platform.app({ clock, testMode: false }))).status).toBe(404);
  });
});

describe('the seeded players of the responsible-gambling journeys', () => {
  it.each([
    [SEEDED_EMAILS.limits, { country_code: 'FI', currency_code: 'EUR', language_code: 'fi' }],
    [SEEDED_EMAILS.reality, { country_code: 'FI', currency_code: 'EUR', language_code: 'fi' }],
    [SEEDED_EMAILS.exclude, { country_code: 'FI', currency_code: 'EUR', language_code: 'fi' }],
    [SEEDED_EMAILS.se, { country_code: 'SE', currency_code: 'SEK', language_code: 'en' }],
    [SEEDED_EMAILS.de, { country_code: 'DE', currency_code: 'EUR', language_code: 'de' }],
    [SEEDED_EMAILS.nl, { country_code: 'NL', currency_code: 'EUR', language_code: 'en' }],
    [SEEDED_EMAILS.ca, { country_code: 'CA', currency_code: 'CAD', language_code: 'ca', province_code: 'ON' }],
  ])('%s exists in its market, REGISTERED, with a wallet in its currency', async (email, details) => {
    const { db } = platform.database;
    const player = await db.selectFrom('players').selectAll().where('email', '=', email).executeTakeFirstOrThrow();
    expect(player).toMatchObject({ ...details, status: 'REGISTERED' });
    const wallet = await db.selectFrom('wallets').select('currency').where('player_id', '=', player.id).executeTakeFirstOrThrow();
    expect(wallet.currency).toBe(details.currency_code);
  });

  it('log in with the seeded password', async () => {
    expect((await logIn(app, SEEDED_EMAILS.ca)).length).toBeGreaterThan(0);
    expect(SEEDED_PASSWORD.length).toBeGreaterThan(0);
  });

  it('get their status, limits and reality-check setting back on every start', async () => {
    const { db } = platform.database;
    const token = await logIn(app, SEEDED_EMAILS.exclude);
    await setInterval(token, 30);
    const player = await db.selectFrom('players').select('id').where('email', '=', SEEDED_EMAILS.exclude).executeTakeFirstOrThrow();
    await changeLimit({ db, clock, settings: platform.settings }, player.id, 'deposit', { duration: 'W', limit: '100' });
    expect((await rgCall(app, token, 'PATCH', '/player/exclusion', { exclusionInMonths: 6, exclusionDelayInHours: 0 })).status).toBe(200);

    await seedPlayers(db, clock);
    expect(await db.selectFrom('players').selectAll().where('id', '=', player.id).executeTakeFirstOrThrow()).toMatchObject({
      status: 'REGISTERED',
      exclusion_until: null,
      exclusion_indefinite: false,
      break_is_cooling: false,
      status_before_break: null,
    });
    expect(await db.selectFrom('player_limits').selectAll().where('player_id', '=', player.id).execute()).toEqual([]);
    expect(await settings(await logIn(app, SEEDED_EMAILS.exclude))).toEqual({ intervalMinutes: 120, activityTimerOn: true });
  });
});
