import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_JURISDICTION, GAME_TICKET_PARTNER_ID } from '../../machines/lib/constants';
import { LIMIT_ERROR_CODES, type LimitDuration, type LimitKind } from '../../machines/lib/responsibleGambling';
import { errorBodySchema } from '../../src/api/errors';
import { casinoLaunchResponseSchema, gameTokenResponseSchema } from '../../src/api/games';
import { GAME_TOKEN_HEADER } from '../../src/api/gameLaunch';
import { limitsResponseSchema, type Limit, type LimitPatch } from '../../src/api/responsibleGambling';
import { depositCheckResponseSchema, depositRequestResponseSchema, transactionsResponseSchema } from '../../src/api/wallet';
import { operationAnswerSchema } from '../../server/contract/provider-wallet';
import { loadCatalog } from '../../server/content/catalog/index';
import type { CatalogGame } from '../../server/content/catalog/games';
import { demoGameProvider } from '../../server/providers/demo-games';
import { providerWalletRoutes } from '../../server/routes/provider-wallet';
import type { GameProvider as GameProviderAdapter } from '../../server/providers/types';
import { offeredIn } from '../../server/services/catalog';
import { SIMULATED_PAYMENT_TTL_MS } from '../../server/services/payment-simulator';
import { limitWarningsFor } from '../../server/services/limits';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, logIn, newKey, playerCall, providerCall, walletOf, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Deposit and spend (loss) limits on the platform (issue 13; src/api/responsibleGambling.ts;
// product.md §3 "Responsible gambling"; behaviour.md §4, §5 deposit limit errors, §7), on a clock the
// tests move: a first limit and a decrease apply at once, an increase and a removal wait 24 hours
// (Sweden: 72 hours and the period's end) and are applied by the next reader; every limit error with
// its period; the German 1,000 EUR monthly cap; a required limit cannot be removed; deposits past a
// deposit limit and while a spend limit is used up are refused (check and request, idempotently); a
// bet past a spend limit is refused with nothing posted; markets that require limits refuse deposits
// and real-money launches until they are set.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let games: GameProviderAdapter;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** A fixed start: the periods' ends are then known dates (a month from 15 January is 15 February). */
const START = new Date('2030-01-15T12:00:00.000Z');
let now = START;
const clock = () => now;
const at = (ms: number) => new Date(START.getTime() + ms).toISOString();

/** Moves the clock; the players log in again (the 30-minute idle limit ended their sessions). */
async function later(ms: number, ...players: WalletPlayer[]): Promise<void> {
  now = new Date(now.getTime() + ms);
  for (const player of players) player.token = await logIn(app, player.email);
}

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = START;
  games = demoGameProvider({ db: platform.database.db, clock, gameWalletSecret: GAME_SECRET, walletRoutes: providerWalletRoutes });
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET, providers: { games } });
});
afterEach(async () => {
  await platform.settings.reset();
});
afterAll(async () => {
  await platform.close();
});

// ---- helpers -------------------------------------------------------------------------------------

/** Players of each market: their country decides the rules (marketOfCountry), the account currency the amounts. */
const FINN = { country_code: 'FI', currency_code: 'EUR', language_code: 'fi' };
const SWEDE = { country_code: 'SE', currency_code: 'SEK', language_code: 'en' };
const GERMAN = { country_code: 'DE', currency_code: 'EUR', language_code: 'de' };
const DUTCH = { country_code: 'NL', currency_code: 'EUR', language_code: 'en' };

function limitsCall(player: WalletPlayer, kind: LimitKind, body?: unknown): Promise<Response> {
  return Promise.resolve(
    app.request(`/api/player/${kind}-limits`, {
      method: body === undefined ? 'GET' : 'PATCH',
      headers: { Authorization: `Bearer ${player.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    }),
  );
}

type Periods = Record<LimitDuration, Limit>;

async function periodsOf(response: Response): Promise<Periods> {
  expect(response.status, await response.clone().text()).toBe(200);
  const { limits } = v.parse(limitsResponseSchema, await json(response));
  expect(limits.map((limit) => limit.duration)).toEqual(['D', 'W', 'M']);
  return Object.fromEntries(limits.map((limit) => [limit.duration, limit])) as Periods;
}

const limitsOf = async (player: WalletPlayer, kind: LimitKind = 'deposit') => periodsOf(await limitsCall(player, kind));
const change = async (player: WalletPlayer, body: LimitPatch, kind: LimitKind = 'deposit') => periodsOf(await limitsCall(player, kind, body));

/** A refused PATCH: its status, code and the period named in details. */
async function refusal(response: Response): Promise<{ status: number; code: string; duration: string | undefined; required: string[] | undefined }> {
  const body = v.parse(errorBodySchema, await json(response));
  expect(body.message.length).toBeGreaterThan(0);
  return { status: response.status, code: body.code, duration: body.details?.duration, required: body.details?.required };
}

const CHECK = { ipAddress: '', blackbox: '' };

async function depositCheck(player: WalletPlayer) {
  const response = await playerCall(app, player.token, '/deposit/check', CHECK);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(depositCheckResponseSchema, await json(response));
}

async function requestDeposit(player: WalletPlayer, amount: string, idempotencyKey = newKey('dep')) {
  const response = await playerCall(app, player.token, '/deposit/request', { amount, methodId: 'visa', idempotencyKey, returnPath: '/fi-FI/deposit' });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(depositRequestResponseSchema, await json(response));
}

/** The simulated payment page's answer, as the browser posts it. */
async function answerPayment(depositId: string, action: 'approve' | 'decline'): Promise<void> {
  const response = await app.request('/api/payment-simulator/pay', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment: depositId, action }).toString(),
  });
  expect(response.status).toBeLessThan(400);
}

async function history(player: WalletPlayer) {
  const response = await playerCall(app, player.token, '/transactions');
  expect(response.status).toBe(200);
  return v.parse(transactionsResponseSchema, await json(response)).transactions;
}

/** A bet (a round of its own) or a win (of the round `roundId`: a win needs a round with a bet, issue 20). */
async function gameOperation(kind: 'bet' | 'win', player: WalletPlayer, amount: string, transactionId = newKey('tx'), roundId = `round-${transactionId}`) {
  const body = {
    playerId: player.id,
    transactionId,
    roundId,
    gameId: 'game-1',
    vertical: 'CASINO',
    amount,
    currency: 'EUR',
  };
  const response = await providerCall(app, kind, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(operationAnswerSchema, await json(response));
}

/** A slot offered in every market these tests play in, restricted in none of their countries. */
function slotGame(): CatalogGame {
  const found = loadCatalog().games.find(
    (game) =>
      game.provider === 'pragmaticplay' &&
      game.subProvider === null &&
      game.lobby === 'casino' &&
      game.gameType === 'slot' &&
      game.channels.includes('desktop') &&
      (['FI', 'JJ', 'LL'] as const).every((market) => offeredIn(market, game)),
  );
  if (!found) throw new Error('no pragmatic slot offered in FI, JJ and LL');
  return found;
}

const grant = (gameId: string) => ({ gameId, channel: 'desktop', partner: GAME_TICKET_PARTNER_ID, jurisdiction: DEFAULT_JURISDICTION });

function apiPost(path: string, body: unknown, headers: Record<string, string>): Promise<Response> {
  return Promise.resolve(
    app.request(`/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }),
  );
}

const tokenCall = (player: WalletPlayer, game: CatalogGame) => apiPost('/game/token', grant(game.id), { Authorization: `Bearer ${player.token}` });

async function gameToken(player: WalletPlayer, game: CatalogGame): Promise<string> {
  const response = await tokenCall(player, game);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(gameTokenResponseSchema, await json(response)).token;
}

const realLaunch = (player: WalletPlayer, game: CatalogGame, token: string) =>
  apiPost(
    '/game/launch',
    { isDemo: false, gameId: game.id, languageCode: 'en', currencyCode: 'EUR', channel: 'desktop', lobbyUrl: 'http://localhost/en-UN/online-casino' },
    { Authorization: `Bearer ${player.token}`, [GAME_TOKEN_HEADER]: token },
  );

// ---- GET and the changes -------------------------------------------------------------------------

describe('GET /player/deposit-limits and /player/spend-limits', () => {
  it('answers the three periods, always, in the account currency', async () => {
    const player = await walletPlayer(platform, app, FINN);
    for (const kind of ['deposit', 'spend'] as const) {
      const response = await limitsCall(player, kind);
      const body = v.parse(limitsResponseSchema, await json(response.clone()));
      expect(body.currency).toBe('EUR');
      expect(await periodsOf(response)).toEqual(
        Object.fromEntries(
          (['D', 'W', 'M'] as const).map((duration) => [
            duration,
            {
              duration,
              value: null,
              used: '0.00',
              remaining: null,
              startedAt: null,
              resetAt: null,
              updatedAt: null,
              pendingValue: null,
              pendingDelete: false,
              pendingDate: null,
              locked: false,
              warning: false,
            },
          ]),
        ),
      );
    }
  });

  it('needs the id token', async () => {
    expect((await app.request('/api/player/deposit-limits')).status).toBe(401);
    expect((await app.request('/api/player/spend-limits', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(401);
  });
});

describe('PATCH: the platform decides when a change applies', () => {
  it('applies a first limit and a decrease at once; the periods run from the first setting', async () => {
    const player = await walletPlayer(platform, app, FINN);
    const first = await change(player, { duration: 'D', limit: '100' });
    expect(first.D).toMatchObject({
      value: '100.00',
      used: '0.00',
      remaining: '100.00',
      startedAt: at(0),
      resetAt: at(DAY),
      updatedAt: at(0),
      pendingValue: null,
      pendingDate: null,
    });
    expect(first.W.value).toBeNull();

    await later(30 * HOUR, player);
    const lower = await change(player, { duration: 'D', limit: '40.50' });
    // The second day's period: from the first setting's time of day, not midnight.
    expect(lower.D).toMatchObject({ value: '40.50', startedAt: at(DAY), resetAt: at(2 * DAY), updatedAt: at(30 * HOUR), pendingValue: null });
  });

  it('makes an increase wait 24 hours, then applies it at its date for every reader', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'W', limit: '100' });
    await later(HOUR, player);
    const pending = await change(player, { duration: 'W', limit: '250' });
    expect(pending.W).toMatchObject({ value: '100.00', pendingValue: '250.00', pendingDelete: false, pendingDate: at(25 * HOUR) });

    await later(24 * HOUR - 60_000, player);
    expect((await limitsOf(player)).W).toMatchObject({ value: '100.00', pendingValue: '250.00' });
    await later(60_000, player);
    expect((await limitsOf(player)).W).toMatchObject({ value: '250.00', pendingValue: null, pendingDate: null, updatedAt: at(25 * HOUR), startedAt: at(0) });
  });

  it('drops a pending increase when the player lowers the limit, and replaces it with a newer increase', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'M', limit: '500' });
    expect((await change(player, { duration: 'M', limit: '800' })).M).toMatchObject({ value: '500.00', pendingValue: '800.00' });
    await later(HOUR, player);
    expect((await change(player, { duration: 'M', limit: '900' })).M).toMatchObject({ value: '500.00', pendingValue: '900.00', pendingDate: at(25 * HOUR) });
    expect((await change(player, { duration: 'M', limit: '300' })).M).toMatchObject({ value: '300.00', pendingValue: null, pendingDate: null });
    await later(2 * DAY, player);
    expect((await limitsOf(player)).M.value).toBe('300.00');
  });

  it('makes a removal wait 24 hours; then the limit and its period are gone', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'D', limit: '20' }, 'spend');
    const pending = await change(player, { duration: 'D', deleteLimit: true }, 'spend');
    expect(pending.D).toMatchObject({ value: '20.00', pendingDelete: true, pendingValue: null, pendingDate: at(DAY) });
    await later(DAY, player);
    expect((await limitsOf(player, 'spend')).D).toMatchObject({
      value: null,
      remaining: null,
      startedAt: null,
      resetAt: null,
      pendingDelete: false,
      pendingDate: null,
      updatedAt: at(DAY),
    });
    // Set again later, its periods start from the new setting.
    await later(5 * HOUR, player);
    expect((await change(player, { duration: 'D', limit: '30' }, 'spend')).D).toMatchObject({
      value: '30.00',
      startedAt: at(29 * HOUR),
      resetAt: at(53 * HOUR),
    });
  });

  it('cancels a pending change: the limit stays as it is', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'D', limit: '10' });
    await change(player, { duration: 'D', limit: '15' });
    expect((await change(player, { duration: 'D', cancelPendingLimit: true })).D).toMatchObject({ value: '10.00', pendingValue: null, pendingDate: null });
    await change(player, { duration: 'D', deleteLimit: true });
    expect((await change(player, { duration: 'D', cancelPendingLimit: true })).D).toMatchObject({ value: '10.00', pendingDelete: false });
    await later(2 * DAY, player);
    expect((await limitsOf(player)).D.value).toBe('10.00');
    // Nothing pending, nothing to remove: both answer the limits unchanged.
    expect((await change(player, { duration: 'W', cancelPendingLimit: true })).W.value).toBeNull();
    expect((await change(player, { duration: 'W', deleteLimit: true })).W).toMatchObject({ value: null, pendingDelete: false });
  });

  it('Sweden (PP): an increase applies after 72 hours and not before the current period ends', async () => {
    const player = await walletPlayer(platform, app, SWEDE);
    const set = await change(player, { duration: 'M', limit: '10000' });
    expect(set.M).toMatchObject({ value: '10000.00', startedAt: at(0), resetAt: '2030-02-15T12:00:00.000Z' });
    await change(player, { duration: 'D', limit: '1000' });

    await later(DAY, player);
    // The month ends long after 72 hours: the increase waits for it.
    expect((await change(player, { duration: 'M', limit: '20000' })).M).toMatchObject({
      value: '10000.00',
      pendingValue: '20000.00',
      pendingDate: '2030-02-15T12:00:00.000Z',
    });
    // The day ends before 72 hours have passed: the increase waits 72 hours.
    await later(HOUR, player);
    expect((await change(player, { duration: 'D', limit: '2000' })).D).toMatchObject({ value: '1000.00', pendingDate: at(25 * HOUR + 72 * HOUR) });

    await later(72 * HOUR - 60_000, player);
    expect((await limitsOf(player)).D.value).toBe('1000.00');
    await later(60_000, player);
    const afterDay = await limitsOf(player);
    expect(afterDay.D).toMatchObject({ value: '2000.00', pendingValue: null });
    expect(afterDay.M).toMatchObject({ value: '10000.00', pendingValue: '20000.00' });

    await later(Date.parse('2030-02-15T12:00:00.000Z') - now.getTime(), player);
    const afterMonth = await limitsOf(player);
    expect(afterMonth.M).toMatchObject({ value: '20000.00', pendingValue: null, startedAt: '2030-02-15T12:00:00.000Z', resetAt: '2030-03-15T12:00:00.000Z' });
  });

  it('Sweden (PP): a removal waits for the period too, and the last deposit limit cannot be removed', async () => {
    const player = await walletPlayer(platform, app, SWEDE);
    await change(player, { duration: 'W', limit: '5000' });
    const one = await change(player, { duration: 'M', limit: '10000' });
    expect([one.W.locked, one.M.locked]).toEqual([false, false]);
    await later(HOUR, player);
    const removal = await change(player, { duration: 'W', deleteLimit: true });
    expect(removal.W).toMatchObject({ pendingDelete: true, pendingDate: at(7 * DAY) });
    // The monthly limit is now the last one staying: the market requires a deposit limit (Spelinspektionen).
    expect(removal.M.locked).toBe(true);
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'M', deleteLimit: true }))).toMatchObject({
      status: 409,
      code: LIMIT_ERROR_CODES.locked,
      duration: 'M',
    });
    // Spend limits are never required.
    await change(player, { duration: 'D', limit: '100' }, 'spend');
    expect((await change(player, { duration: 'D', deleteLimit: true }, 'spend')).D).toMatchObject({
      pendingDelete: true,
      locked: false,
      pendingDate: at(HOUR + 72 * HOUR),
    });
  });
});

describe('PATCH: behaviour.md §5 errors, each with its period', () => {
  it('answers 400 error.deposit.limit.interval for a period that is not D, W or M', async () => {
    const player = await walletPlayer(platform, app, FINN);
    for (const body of [{ duration: 'Y', limit: '10' }, { duration: 'd', deleteLimit: true }, { limit: '10' }, { duration: 7 }]) {
      expect(await refusal(await limitsCall(player, 'deposit', body))).toMatchObject({ status: 400, code: LIMIT_ERROR_CODES.interval, duration: undefined });
    }
  });

  it('answers 400 error.validation (field limit) for an amount the account currency cannot hold, and for a bad body', async () => {
    const player = await walletPlayer(platform, app, FINN);
    const yen = await walletPlayer(platform, app, { country_code: 'FI', currency_code: 'JPY', language_code: 'fi' });
    const cases: [WalletPlayer, unknown, Record<string, string>][] = [
      [player, { duration: 'D', limit: 'ten' }, { limit: 'validation.amount' }],
      [player, { duration: 'D', limit: '1.234' }, { limit: 'validation.amount' }],
      [player, { duration: 'D', limit: '-5' }, { limit: 'validation.amount' }],
      [player, { duration: 'D', limit: '' }, { limit: 'validation.required' }],
      [player, { duration: 'D' }, { limit: 'validation.required' }],
      [player, { duration: 'D', limit: 10 }, { limit: 'validation.amount' }],
      [player, { duration: 'D', deleteLimit: false }, { deleteLimit: 'validation.invalid' }],
      [player, { duration: 'D', limit: '10', deleteLimit: true }, { limit: 'validation.invalid' }],
      [yen, { duration: 'D', limit: '1500.50' }, { limit: 'validation.amount' }],
    ];
    for (const [who, body, fields] of cases) {
      const response = await limitsCall(who, 'deposit', body);
      expect(response.status).toBe(400);
      const answer = v.parse(errorBodySchema, await json(response));
      expect(answer.code).toBe('error.validation');
      expect(Object.fromEntries((answer.errors ?? []).map((error) => [error.field, error.code]))).toMatchObject(fields);
    }
    expect((await limitsOf(player)).D.value).toBeNull();
    expect((await change(yen, { duration: 'D', limit: '1500' })).D.value).toBe('1500');
  });

  it('answers .too_low below the least limit and .too_high above the largest, for both kinds', async () => {
    const player = await walletPlayer(platform, app, FINN);
    for (const kind of ['deposit', 'spend'] as const) {
      expect(await refusal(await limitsCall(player, kind, { duration: 'D', limit: '0.99' }))).toMatchObject({
        status: 400,
        code: LIMIT_ERROR_CODES.tooLow,
        duration: 'D',
      });
      expect(await refusal(await limitsCall(player, kind, { duration: 'W', limit: '0' }))).toMatchObject({
        status: 400,
        code: LIMIT_ERROR_CODES.tooLow,
        duration: 'W',
      });
      expect(await refusal(await limitsCall(player, kind, { duration: 'M', limit: '10000000.01' }))).toMatchObject({
        status: 400,
        code: LIMIT_ERROR_CODES.tooHigh,
        duration: 'M',
      });
      expect((await change(player, { duration: 'M', limit: '10000000' }, kind)).M.value).toBe('10000000.00');
    }
  });

  it('keeps daily <= weekly <= monthly: daily too high; weekly too low and too high; monthly too low', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'W', limit: '100' });
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'D', limit: '100.01' }))).toMatchObject({
      status: 400,
      code: LIMIT_ERROR_CODES.tooHigh,
      duration: 'D',
    });
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'M', limit: '99.99' }))).toMatchObject({
      status: 400,
      code: LIMIT_ERROR_CODES.tooLow,
      duration: 'M',
    });
    await change(player, { duration: 'D', limit: '50' });
    await change(player, { duration: 'M', limit: '400' });
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'W', limit: '49' }))).toMatchObject({
      status: 400,
      code: LIMIT_ERROR_CODES.tooLow,
      duration: 'W',
    });
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'W', limit: '401' }))).toMatchObject({
      status: 400,
      code: LIMIT_ERROR_CODES.tooHigh,
      duration: 'W',
    });
    // Against the values in force: a pending increase of the weekly limit does not allow a higher daily one yet.
    expect((await change(player, { duration: 'W', limit: '300' })).W).toMatchObject({ value: '100.00', pendingValue: '300.00' });
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'D', limit: '200' }))).toMatchObject({
      code: LIMIT_ERROR_CODES.tooHigh,
      duration: 'D',
    });
    // The same codes serve the spend limit.
    await change(player, { duration: 'D', limit: '20' }, 'spend');
    expect(await refusal(await limitsCall(player, 'spend', { duration: 'M', limit: '10' }))).toMatchObject({
      status: 400,
      code: LIMIT_ERROR_CODES.tooLow,
      duration: 'M',
    });
  });

  it('Germany (JJ): a monthly deposit limit of at most 1,000 EUR, which cannot be removed', async () => {
    const player = await walletPlayer(platform, app, GERMAN);
    expect((await limitsOf(player)).M.locked).toBe(true);
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'M', limit: '1000.01' }))).toMatchObject({
      status: 400,
      code: LIMIT_ERROR_CODES.tooHigh,
      duration: 'M',
    });
    const set = await change(player, { duration: 'M', limit: '1000' });
    expect(set.M).toMatchObject({ value: '1000.00', locked: true });
    expect([set.D.locked, set.W.locked]).toEqual([false, false]);
    expect(await refusal(await limitsCall(player, 'deposit', { duration: 'M', deleteLimit: true }))).toMatchObject({
      status: 409,
      code: LIMIT_ERROR_CODES.locked,
      duration: 'M',
    });
    // The cap is the deposit limit's: a spend limit may be higher.
    expect((await change(player, { duration: 'M', limit: '5000' }, 'spend')).M.value).toBe('5000.00');
    // An operator may change the cap in the market settings, without code.
    await platform.settings.update({ marketRules: { JJ: { maxDepositLimit: { M: 2000 } } } });
    expect((await change(player, { duration: 'M', limit: '1500' })).M.pendingValue).toBe('1500.00');
  });
});

// ---- enforcement ----------------------------------------------------------------------------------

describe('deposits past a limit', () => {
  it('checks and refuses deposits past what the deposit limit has left; a replayed request gets the same refusal', async () => {
    const player = await walletPlayer(platform, app, FINN);
    expect(await depositCheck(player)).toMatchObject({ result: 'SUCCESS', limitLeft: null, limitType: null, resetOn: null });
    await change(player, { duration: 'D', limit: '50' });
    // Less than the cashier's largest deposit is left: "notify", the form is capped.
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '50.00', limitType: 'deposit', resetOn: at(DAY) });

    const key = newKey('over');
    expect(await requestDeposit(player, '60', key)).toEqual({ result: 'SELF_LIMIT_REACHED', depositId: null, redirectUrl: null });
    expect(await requestDeposit(player, '60', key)).toEqual({ result: 'SELF_LIMIT_REACHED', depositId: null, redirectUrl: null });
    expect(await history(player)).toEqual([]);

    const paid = await requestDeposit(player, '30');
    expect(paid.result).toBe('SUCCESS');
    expect((await limitsOf(player)).D).toMatchObject({ used: '30.00', remaining: '20.00', warning: false });
    const declined = await requestDeposit(player, '10');
    expect((await limitsOf(player)).D).toMatchObject({ used: '40.00', remaining: '10.00', warning: true });
    // A declined deposit frees its share again.
    await answerPayment(declined.depositId ?? '', 'decline');
    await answerPayment(paid.depositId ?? '', 'approve');
    expect((await limitsOf(player)).D).toMatchObject({ used: '30.00', remaining: '20.00' });
    expect((await requestDeposit(player, '20.01')).result).toBe('SELF_LIMIT_REACHED');
    expect((await requestDeposit(player, '20')).result).toBe('SUCCESS');
    // Nothing left: limit reached until the period ends.
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '0.00', limitType: 'deposit', resetOn: at(DAY) });

    await later(DAY, player);
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '50.00', resetOn: at(2 * DAY) });
    expect((await requestDeposit(player, '50')).result).toBe('SUCCESS');
  });

  // Issue 21: "You are close to your deposit limit" with nothing used. The check caps the form with
  // any limit below the cashier's largest deposit, and says the limit is close only at its 80 %.
  it('says the limit is close only when its use reaches the 80 % warning, as GET deposit-limits does', async () => {
    const player = await walletPlayer(platform, app, FINN);
    expect(await depositCheck(player)).toMatchObject({ result: 'SUCCESS', limitWarning: false });
    await change(player, { duration: 'D', limit: '100' });
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '100.00', limitType: 'deposit', limitWarning: false });
    expect((await requestDeposit(player, '70')).result).toBe('SUCCESS');
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '30.00', limitWarning: false });
    expect((await limitsOf(player)).D).toMatchObject({ used: '70.00', warning: false });
    expect((await requestDeposit(player, '10')).result).toBe('SUCCESS');
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '20.00', limitType: 'deposit', limitWarning: true });
    expect((await limitsOf(player)).D).toMatchObject({ used: '80.00', warning: true });
    // The warning is the tightest limit's, the one whose limitLeft and resetOn the answer names.
    await change(player, { duration: 'W', limit: '1000' });
    expect(await depositCheck(player)).toMatchObject({ limitLeft: '20.00', limitWarning: true, resetOn: at(DAY) });
    // The next period: nothing used of the daily limit, no warning.
    await later(DAY, player);
    expect(await depositCheck(player)).toMatchObject({ limitLeft: '100.00', limitWarning: false });
  });

  it('an abandoned payment holds the limit only until the provider declines it', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'D', limit: '50' });
    expect((await requestDeposit(player, '40')).result).toBe('SUCCESS');
    expect((await depositCheck(player)).limitLeft).toBe('10.00');
    // The simulated provider declines a payment nobody answered within its page's lifetime.
    await later(SIMULATED_PAYMENT_TTL_MS, player);
    expect((await depositCheck(player)).limitLeft).toBe('50.00');
  });

  it('says the limit is reached when less is left than the cashier’s smallest deposit (10 EUR)', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'D', limit: '50' });
    expect((await requestDeposit(player, '45')).result).toBe('SUCCESS');
    expect((await limitsOf(player)).D).toMatchObject({ remaining: '5.00' });
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '0.00', limitType: 'deposit', resetOn: at(DAY) });
  });

  it('names the tightest limit; a limit above the cashier’s largest deposit leaves the check alone', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await change(player, { duration: 'M', limit: '9000' });
    expect(await depositCheck(player)).toMatchObject({ result: 'SUCCESS', limitLeft: null });
    await change(player, { duration: 'W', limit: '4000' });
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '4000.00', resetOn: at(7 * DAY) });
    expect((await requestDeposit(player, '4000.01')).result).toBe('SELF_LIMIT_REACHED');
  });

  it('refuses every deposit while a spend limit is used up (limitType loss)', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await credit(app, player.id, '100.00');
    await change(player, { duration: 'D', limit: '10' }, 'spend');
    expect((await gameOperation('bet', player, '10')).result).toBe('SUCCESS');
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '0.00', limitType: 'loss', resetOn: at(DAY) });
    expect((await requestDeposit(player, '20')).result).toBe('SELF_LIMIT_REACHED');
    await later(DAY, player);
    expect(await depositCheck(player)).toMatchObject({ result: 'SUCCESS' });
  });
});

describe('bets past the spend limit', () => {
  it('refuses a real-money bet that, lost, would pass the limit: nothing is posted; wins and rollbacks are never refused', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await credit(app, player.id, '100.00');
    await change(player, { duration: 'D', limit: '20' }, 'spend');
    const first = await gameOperation('bet', player, '15');
    expect(first.result).toBe('SUCCESS');
    const version = (await walletOf(app, player.token)).version;

    const refusedId = newKey('over');
    const refused = await gameOperation('bet', player, '10', refusedId);
    expect(refused).toMatchObject({ result: 'SELF_SPEND_LIMIT_REACHED', referenceId: null, balance: '85.00' });
    expect(await gameOperation('bet', player, '10', refusedId)).toEqual(refused);
    expect((await walletOf(app, player.token)).version).toBe(version);
    expect((await history(player)).filter((row) => row.type === 'BET')).toHaveLength(1);

    expect((await gameOperation('win', player, '10', newKey('tx'), `round-${first.transactionId}`)).result).toBe('SUCCESS');
    // Bets minus wins is 5: a stake of 15 may still be lost.
    const last = await gameOperation('bet', player, '15');
    expect(last.result).toBe('SUCCESS');
    expect((await limitsOf(player, 'spend')).D).toMatchObject({ used: '20.00', remaining: '0.00', warning: true });
    expect((await gameOperation('bet', player, '0.01')).result).toBe('SELF_SPEND_LIMIT_REACHED');
    expect((await gameOperation('win', player, '1', newKey('tx'), `round-${first.transactionId}`)).result).toBe('SUCCESS');
    const rollback = await providerCall(app, 'rollback', {
      playerId: player.id,
      transactionId: newKey('rb'),
      betTransactionId: last.transactionId,
      roundId: `round-${last.transactionId}`,
    });
    expect(v.parse(operationAnswerSchema, await json(rollback)).result).toBe('SUCCESS');
    expect((await limitsOf(player, 'spend')).D).toMatchObject({ used: '4.00', remaining: '16.00', warning: false });
    expect(await limitWarningsFor(platform.database.db, { id: player.id, currency_code: 'EUR' }, now)).toEqual([]);
  });

  it('lets one of two bets at the same moment through when only one fits (the wallet lock serialises them)', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await credit(app, player.id, '100.00');
    await change(player, { duration: 'D', limit: '10' }, 'spend');
    await change(player, { duration: 'D', limit: '50' });
    const bets = await Promise.all([gameOperation('bet', player, '6'), gameOperation('bet', player, '6')]);
    expect(bets.map((bet) => bet.result).sort()).toEqual(['SELF_SPEND_LIMIT_REACHED', 'SUCCESS']);
    const deposits = await Promise.all([requestDeposit(player, '30'), requestDeposit(player, '30')]);
    expect(deposits.map((deposit) => deposit.result).sort()).toEqual(['SELF_LIMIT_REACHED', 'SUCCESS']);
  });

  it('the demo game shows the player the refusal', async () => {
    const player = await walletPlayer(platform, app, FINN);
    await credit(app, player.id, '100.00');
    await change(player, { duration: 'W', limit: '1' }, 'spend');
    expect((await gameOperation('bet', player, '1')).result).toBe('SUCCESS');
    const game = slotGame();
    const token = await gameToken(player, game);
    const url = v.parse(casinoLaunchResponseSchema, await json(await realLaunch(player, game, token))).data.gameURL;
    const origin = new URL(url).origin;
    const spin = await games.host?.app.request(`${origin}/api/slot/spin`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify({ launch: new URL(url).pathname.split('/').pop(), requestId: 'a'.repeat(24), lineBet: '0.10' }),
    });
    expect(spin?.status).toBe(200);
    expect(await spin?.json()).toMatchObject({ result: 'SELF_SPEND_LIMIT_REACHED', balance: '99.00' });
    const script = await games.host?.app.request(`${origin}/assets/game.js`);
    expect(await script?.text()).toContain('SELF_SPEND_LIMIT_REACHED: ');
    expect(await limitWarningsFor(platform.database.db, { id: player.id, currency_code: 'EUR' }, now)).toEqual([
      { kind: 'spend', duration: 'W', used: '1.00', value: '1.00' },
    ]);
  });
});

describe('markets that require limits', () => {
  it('Germany (JJ): no deposit and no real-money game until a monthly deposit limit is set', async () => {
    const player = await walletPlayer(platform, app, GERMAN);
    await credit(app, player.id, '50.00');
    expect(await depositCheck(player)).toEqual({
      result: 'SELF_LIMIT_REACHED',
      daysLeftToVerifyDocuments: null,
      limitLeft: null,
      limitType: 'deposit',
      resetOn: null,
      limitWarning: false,
    });
    const key = newKey('jj');
    expect((await requestDeposit(player, '20', key)).result).toBe('SELF_LIMIT_REACHED');
    const game = slotGame();
    expect(await refusal(await tokenCall(player, game))).toEqual({ status: 409, code: 'error.limits.required', duration: undefined, required: ['deposit:M'] });
    // Another period does not do.
    await change(player, { duration: 'D', limit: '100' });
    expect((await refusal(await tokenCall(player, game))).required).toEqual(['deposit:M']);

    await change(player, { duration: 'M', limit: '500' });
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: '100.00', limitType: 'deposit' });
    // The refused request stays the key's answer; a new attempt goes through.
    expect((await requestDeposit(player, '20', key)).result).toBe('SELF_LIMIT_REACHED');
    expect((await requestDeposit(player, '20')).result).toBe('SUCCESS');
    expect((await realLaunch(player, game, await gameToken(player, game))).status).toBe(200);
  });

  it('refuses the real-money launch itself, whatever token the player holds', async () => {
    const player = await walletPlayer(platform, app, GERMAN);
    const game = slotGame();
    await platform.settings.update({ marketRules: { JJ: { limitsAtRegistration: 'none' } } });
    const token = await gameToken(player, game);
    await platform.settings.reset();
    expect(await refusal(await realLaunch(player, game, token))).toMatchObject({ status: 409, code: 'error.limits.required', required: ['deposit:M'] });
  });

  it('Netherlands (LL): any deposit limit and a time limit before play', async () => {
    const player = await walletPlayer(platform, app, DUTCH);
    const game = slotGame();
    expect(await refusal(await tokenCall(player, game))).toMatchObject({ status: 409, code: 'error.limits.required', required: ['deposit:any', 'activity'] });
    expect((await depositCheck(player)).limitLeft).toBeNull();
    await change(player, { duration: 'W', limit: '200' });
    expect((await depositCheck(player)).limitLeft).toBe('200.00');
    expect((await refusal(await tokenCall(player, game))).required).toEqual(['activity']);
    // The time limit is the reality check's interval (server/services/activity.ts).
    const interval = await app.request('/api/player/activity_check/settings', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${player.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ intervalMinutes: 60 }),
    });
    expect(interval.status, await interval.clone().text()).toBe(200);
    expect((await realLaunch(player, game, await gameToken(player, game))).status).toBe(200);
  });

  it('Sweden (PP): a deposit limit before the first deposit; play is not held back', async () => {
    const player = await walletPlayer(platform, app, SWEDE);
    expect(await depositCheck(player)).toMatchObject({ result: 'SELF_LIMIT_REACHED', limitLeft: null, resetOn: null });
    await change(player, { duration: 'M', limit: '100000' });
    expect(await depositCheck(player)).toMatchObject({ result: 'SUCCESS' });
  });
});
