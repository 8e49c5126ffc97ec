import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_JURISDICTION, GAME_TICKET_PARTNER_ID } from '../../machines/lib/constants';
import type { GameProvider } from '../../machines/lib/games';
import { casinoLaunchResponseSchema, gameTokenResponseSchema } from '../../src/api/games';
import { GAME_FRAME_SOURCE, GAME_TOKEN_HEADER, gameFrameMessageSchema, pragmaticResponseSchema } from '../../src/api/gameLaunch';
import { transactionsResponseSchema } from '../../src/api/wallet';
import { balanceAnswerSchema } from '../../server/contract/provider-wallet';
import { loadCatalog } from '../../server/content/catalog/index';
import type { CatalogGame } from '../../server/content/catalog/games';
import { subProviderById } from '../../server/content/catalog/providers';
import { providerHosts } from '../../server/providers';
import { demoGameProvider } from '../../server/providers/demo-games';
import { providerWalletRoutes } from '../../server/routes/provider-wallet';
import { demoProviderKeys } from '../../server/providers/demo-games/keys';
import { LIVE_BETTING_MS, LIVE_ROUND_MS, liveOutcome, liveRoundAt } from '../../server/providers/demo-games/live';
import { SLOT_MIN_ROUND_MS_GG } from '../../server/providers/demo-games/play';
import {
  ROULETTE_BET_KINDS,
  ROULETTE_PAYS,
  ROULETTE_PUBLISHED_RTP,
  RED_NUMBERS,
  positionWins,
  rouletteReturn,
  rouletteRtp,
  type RoulettePosition,
} from '../../server/providers/demo-games/roulette';
import { hmacUniform } from '../../server/providers/demo-games/rng';
import {
  SLOT_PAYLINES,
  SLOT_PUBLISHED_RTP,
  SLOT_ROWS,
  SLOT_STRIPS,
  SLOT_SYMBOLS,
  evaluateSlot,
  linePay,
  slotRtp,
  type SlotSymbol,
} from '../../server/providers/demo-games/slot';
import type { GameProvider as GameProviderAdapter } from '../../server/providers/types';
import { offeredIn } from '../../server/services/catalog';
import { json, startTestPlatform, tempDir, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, credit, playerCall, providerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The demo game provider (issue 12, "The demo game provider (server)"): the slot's RTP computed
// from its strips and paytable equals the published figure; the roulette pays by the table and
// returns 36/37; a real-money round is a BET and a WIN through the seamless wallet (the balance
// moves by exactly win - bet, the history shows both) and a replayed round posts nothing more;
// UKGC RTS 14D's 2.5 s between slot spins in GG; the live table's outcome is the same in every
// process; live bets settle at the round's end; the pages are served on the provider's host only,
// framed by the site only, and post their messages to the site's origin only.

const execFileAsync = promisify(execFile);

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let games: GameProviderAdapter;
let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

/**
 * A provider instance (a process of the provider) on this file's clock. Its sweep stays off: these
 * tests settle the live rounds through the state request, and a sweep firing on its own timer
 * between two requests took the bets first (tests/server/demo-provider-state.test.ts tests the sweep).
 */
const provider = () => demoGameProvider({ db: platform.database.db, clock, gameWalletSecret: GAME_SECRET, walletRoutes: providerWalletRoutes, sweepMs: null });

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  // The start of a live round's betting window, so a test can bet before moving on.
  now = new Date(liveRoundAt(Date.now()).endsAt + 1_000);
  games = provider();
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET, providers: { games } });
});
afterAll(async () => {
  await platform.close();
});

// ---- helpers -------------------------------------------------------------------------------------

const PLAY_COUNTRIES = ['FI', 'MT', 'GB'];

function catalogGame(provider: GameProvider, lobby: 'casino' | 'live-casino', predicate: (game: CatalogGame) => boolean): CatalogGame {
  const found = loadCatalog().games.find(
    (game) =>
      game.provider === provider &&
      game.lobby === lobby &&
      (game.subProvider === null || !(subProviderById(game.subProvider)?.restrictedCountry ?? []).some((country) => PLAY_COUNTRIES.includes(country))) &&
      game.channels.includes('desktop') &&
      offeredIn('FI', game) &&
      offeredIn('GG', game) &&
      offeredIn('UN', game) &&
      predicate(game),
  );
  if (!found) throw new Error(`no ${lobby} game of ${provider} in the catalog`);
  return found;
}
const slotGame = () => catalogGame('pragmaticplay', 'casino', (game) => game.gameType === 'slot');
const rouletteGame = () => catalogGame('pragmaticplay', 'casino', (game) => game.gameType === 'roulette');
const liveGame = () => catalogGame('pragmaticplay', 'live-casino', (game) => game.seats !== null && game.betLimitsEur.min <= 5);

/** The site's origin in these tests (as a browser on the built app would call from). */
const SITE = 'http://127.0.0.1:4173';

function apiPost(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return Promise.resolve(app.request(`${SITE}/api${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) }));
}

const pragmaticBody = (symbol: string) => ({ symbol, language: 'en', currency: 'EUR', platform: 'WEB', stylename: 'aurora', lobbyUrl: '', jurisdiction: 'MT' });

/** A launch URL through the platform's pragmatic call: demo for a visitor, real with the player's id token and game token. */
async function launch(game: CatalogGame, player?: WalletPlayer): Promise<string> {
  const headers: Record<string, string> = { Origin: SITE };
  if (player) {
    const grant = { gameId: game.id, channel: 'desktop', partner: GAME_TICKET_PARTNER_ID, jurisdiction: DEFAULT_JURISDICTION };
    const token = await apiPost('/game/token', grant, { Authorization: `Bearer ${player.token}` });
    expect(token.status, await token.clone().text()).toBe(200);
    headers.Authorization = `Bearer ${player.token}`;
    headers[GAME_TOKEN_HEADER] = v.parse(gameTokenResponseSchema, await json(token)).token;
  }
  const answer = await apiPost(player ? '/pragmatic/partner/realGameUrl' : '/pragmatic/partner/demoGameUrl', pragmaticBody(game.id), headers);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return v.parse(pragmaticResponseSchema, await json(answer)).gameURL;
}

const tokenOf = (url: string) => new URL(url).pathname.split('/').pop() ?? '';

/** A call of the game page to its provider's endpoint (on the provider's host). */
async function providerApi(provider: GameProviderAdapter, url: string, path: string, body: Record<string, unknown>): Promise<Response> {
  const origin = new URL(url).origin;
  const response = await provider.host?.app.request(`${origin}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ launch: tokenOf(url), ...body }),
  });
  if (!response) throw new Error('the demo provider has no host');
  return response;
}

const roundAnswerSchema = v.object({
  result: v.picklist(['SUCCESS', 'NOT_ENOUGH_FUNDS', 'RESTRICTED']),
  roundId: v.string(),
  currency: v.string(),
  bet: v.string(),
  win: v.string(),
  balance: v.string(),
  winPending: v.boolean(),
});

async function spin(url: string, requestId: string, lineBet = '0.10', provider = games) {
  const response = await providerApi(provider, url, '/api/slot/spin', { requestId, lineBet });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(v.object({ ...roundAnswerSchema.entries, lines: v.array(v.object({ line: v.number(), count: v.number(), multiplier: v.number() })) }), await json(response));
}

async function walletBalance(player: WalletPlayer): Promise<string> {
  const response = await providerCall(app, 'balance', { provider: 'aurora-demo', playerId: player.id });
  return v.parse(balanceAnswerSchema, await json(response)).balance;
}

async function history(player: WalletPlayer) {
  const response = await playerCall(app, player.token, '/transactions');
  expect(response.status).toBe(200);
  return v.parse(transactionsResponseSchema, await json(response)).transactions;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);

// ---- the slot's maths ---------------------------------------------------------------------------------

describe('the slot', () => {
  it('publishes the RTP its strips and paytable give, computed exactly by enumeration', () => {
    const rtp = slotRtp();
    expect(rtp.percent.toFixed(2)).toBe(SLOT_PUBLISHED_RTP);
    expect(`${String(rtp.numerator)}/${String(rtp.denominator)}`).toBe('3074570/3200000');
    expect(SLOT_STRIPS.every((strip) => strip.length === 20)).toBe(true);
  });

  it('the enumeration over symbols equals the pay of every stop combination on every line (the game evaluation itself)', () => {
    // Every one of the 20^5 stop combinations, all 10 lines, with the game's own linePay.
    const windows = SLOT_STRIPS.map((strip) => strip.map((_, stop) => Array.from({ length: SLOT_ROWS }, (__, row) => strip[(stop + row) % strip.length] as SlotSymbol)));
    let paid = 0n;
    const symbols: SlotSymbol[] = ['seven', 'seven', 'seven', 'seven', 'seven'];
    const stops = [0, 0, 0, 0, 0];
    const total = SLOT_STRIPS.reduce((product, strip) => product * strip.length, 1);
    for (let index = 0; index < total; index += 1) {
      let rest = index;
      for (let reel = 0; reel < 5; reel += 1) {
        stops[reel] = rest % 20;
        rest = Math.floor(rest / 20);
      }
      for (const rows of SLOT_PAYLINES) {
        for (let reel = 0; reel < 5; reel += 1) symbols[reel] = windows[reel]?.[stops[reel] ?? 0]?.[rows[reel] ?? 0] as SlotSymbol;
        const pay = linePay(symbols);
        if (pay) paid += BigInt(pay.multiplier);
      }
    }
    const { numerator, denominator } = slotRtp();
    // Paid line multipliers over (combinations x lines) = numerator / denominator.
    expect(paid * denominator).toBe(numerator * BigInt(total * SLOT_PAYLINES.length));
  });

  it('pays from the left only, 3 to 5 alike, summed over the lines', () => {
    expect(linePay(['bell', 'bell', 'bell', 'lemon', 'bell'])).toEqual({ symbol: 'bell', count: 3, multiplier: 20 });
    expect(linePay(['seven', 'seven', 'seven', 'seven', 'seven'])).toEqual({ symbol: 'seven', count: 5, multiplier: 2500 });
    expect(linePay(['lemon', 'bell', 'bell', 'bell', 'bell'])).toBeNull();
    expect(linePay(['orange', 'orange', 'cherry', 'orange', 'orange'])).toBeNull();
    expect(SLOT_SYMBOLS).toHaveLength(6);
    const outcome = evaluateSlot([0, 0, 0, 0, 0]);
    expect(outcome.multiplier).toBe(outcome.lines.reduce((sum, line) => sum + line.multiplier, 0));
  });

  it('draws integers without bias from the HMAC stream', () => {
    const draw = hmacUniform(Buffer.alloc(32, 7), 'test');
    const counts = new Array<number>(37).fill(0);
    for (let index = 0; index < 37_000; index += 1) counts[draw(37)] = (counts[draw(37)] ?? 0) + 1;
    expect(Math.min(...counts)).toBeGreaterThan(0);
    expect(hmacUniform(Buffer.alloc(32, 7), 'same')(1_000_000)).toBe(hmacUniform(Buffer.alloc(32, 7), 'same')(1_000_000));
  });
});

// ---- roulette ------------------------------------------------------------------------------------------

describe('the roulette', () => {
  it('pays by the table: straight 35, dozens 2, even chances 1; zero loses the outside bets', () => {
    expect(RED_NUMBERS.size).toBe(18);
    expect(positionWins({ kind: 'straight', value: 0 }, 0)).toBe(true);
    for (const kind of ['red', 'black', 'odd', 'even', 'low', 'high'] as const) expect(positionWins({ kind }, 0)).toBe(false);
    expect(positionWins({ kind: 'dozen', value: 1 }, 0)).toBe(false);
    expect(positionWins({ kind: 'red' }, 1)).toBe(true);
    expect(positionWins({ kind: 'black' }, 2)).toBe(true);
    expect(positionWins({ kind: 'dozen', value: 2 }, 24)).toBe(true);
    expect(positionWins({ kind: 'dozen', value: 3 }, 24)).toBe(false);
    expect(positionWins({ kind: 'low' }, 18)).toBe(true);
    expect(positionWins({ kind: 'high' }, 19)).toBe(true);
    // 1.00 on 17, 1.00 on red, 1.00 on the 2nd dozen; 17 is black: 36.00 + 0 + 3.00.
    const bets = [
      { kind: 'straight' as const, value: 17, amount: 100 },
      { kind: 'red' as const, amount: 100 },
      { kind: 'dozen' as const, value: 2, amount: 100 },
    ];
    expect(rouletteReturn(bets, 17)).toBe(3_600 + 300);
    expect(rouletteReturn(bets, 0)).toBe(0);
    expect(ROULETTE_PAYS).toMatchObject({ straight: 35, dozen: 2, red: 1 });
  });

  it('returns 36/37 (97.30 %) on every bet, by enumeration of the 37 pockets', () => {
    const positions: RoulettePosition[] = ROULETTE_BET_KINDS.flatMap((kind): RoulettePosition[] =>
      kind === 'straight' ? Array.from({ length: 37 }, (_, value) => ({ kind, value })) : kind === 'dozen' ? [1, 2, 3].map((value) => ({ kind, value })) : [{ kind }],
    );
    for (const position of positions) {
      const rtp = rouletteRtp(position);
      expect(rtp.numerator / rtp.denominator, JSON.stringify(position)).toBe(36 / 37);
      expect(rtp.percent.toFixed(2)).toBe(ROULETTE_PUBLISHED_RTP);
    }
  });

  it('a real roulette round through the provider: BET of the total, WIN of the return', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '100.00');
    const url = await launch(rouletteGame(), player);
    const before = cents(await walletBalance(player));
    const response = await providerApi(games, url, '/api/roulette/spin', {
      requestId: 'roulette-round-1',
      bets: [
        { kind: 'red', amount: '1.00' },
        { kind: 'straight', value: 7, amount: '0.50' },
      ],
    });
    expect(response.status, await response.clone().text()).toBe(200);
    const round = v.parse(v.object({ ...roundAnswerSchema.entries, pocket: v.number() }), await json(response));
    expect(round.bet).toBe('1.50');
    const expected = (RED_NUMBERS.has(round.pocket) ? 200 : 0) + (round.pocket === 7 ? 1_800 : 0);
    expect(cents(round.win)).toBe(expected);
    expect(cents(await walletBalance(player)) - before).toBe(expected - 150);
  });
});

// ---- real money through the seamless wallet -----------------------------------------------------------

describe('a real slot round', () => {
  it('is a BET and a WIN in the ledger: the balance moves by exactly win - bet, the history shows both', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '50.00');
    const url = await launch(slotGame(), player);
    let won = false;
    for (let attempt = 0; attempt < 40 && !won; attempt += 1) {
      const before = cents(await walletBalance(player));
      const round = await spin(url, `slot-round-${String(attempt)}`);
      expect(round.result).toBe('SUCCESS');
      expect(round.bet).toBe('1.00');
      expect(cents(round.balance)).toBe(before + cents(round.win) - cents(round.bet));
      expect(cents(await walletBalance(player))).toBe(before + cents(round.win) - cents(round.bet));
      expect(round.lines.reduce((sum, line) => sum + line.multiplier, 0) * 10).toBe(cents(round.win));
      won = cents(round.win) > 0;
      // The frame's message about it is of the contract's shape.
      v.parse(gameFrameMessageSchema, { source: GAME_FRAME_SOURCE, type: 'round-ended', roundId: round.roundId, bet: round.bet, win: round.win, balance: round.balance, currency: round.currency });
    }
    expect(won, 'no winning spin in 40 (one line wins in 4.4 % of spins: a spin wins about a third of the time)').toBe(true);
    const types = (await history(player)).map((item) => `${item.type} ${item.category}`);
    expect(types).toContain('BET CASINO');
    expect(types).toContain('WIN CASINO');
  });

  it('a replayed round request posts nothing twice, in this process or in another', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '20.00');
    const url = await launch(slotGame(), player);
    const first = await spin(url, 'replayed-round');
    const balance = await walletBalance(player);
    const rows = (await history(player)).length;
    expect(await spin(url, 'replayed-round')).toEqual(first);
    // Another platform process: the same provider secret, none of this one's memory.
    const otherProcess = provider();
    const elsewhere = await spin(url, 'replayed-round', '0.10', otherProcess);
    expect({ ...elsewhere, lines: elsewhere.lines.length }).toEqual({ ...first, lines: first.lines.length });
    expect(await walletBalance(player)).toBe(balance);
    expect((await history(player)).length).toBe(rows);
    // Other bets under the same request id are another round.
    const bigger = await spin(url, 'replayed-round', '0.20');
    expect(bigger.roundId).not.toBe(first.roundId);
    expect((await history(player)).length).toBeGreaterThan(rows);
  });

  it('refuses a stake above the balance with NOT_ENOUGH_FUNDS and posts nothing', async () => {
    const player = await walletPlayer(platform, app);
    const url = await launch(slotGame(), player);
    const round = await spin(url, 'broke-round');
    expect(round).toMatchObject({ result: 'NOT_ENOUGH_FUNDS', bet: '0.00', win: '0.00', balance: '0.00' });
    expect(await history(player)).toEqual([]);
  });

  it('demo rounds use the provider fun money, not the ledger', async () => {
    const url = await launch(slotGame());
    const first = await spin(url, 'demo-round-1');
    expect(first.result).toBe('SUCCESS');
    expect(cents(first.balance)).toBe(100_000 + cents(first.win) - 100);
    const balance = await providerApi(games, url, '/api/balance', {});
    expect(v.parse(v.object({ balance: v.string(), currency: v.literal('EUR') }), await json(balance)).balance).toBe(first.balance);
  });
});

describe('UKGC RTS 14D: a slot round takes at least 2.5 s in GG', () => {
  it('refuses a GG spin sooner than 2.5 s after the previous one started; elsewhere it is not held', async () => {
    const british = await walletPlayer(platform, app, { country_code: 'GB', currency_code: 'GBP' });
    await credit(app, british.id, '20.00');
    const url = await launch(slotGame(), british);
    await spin(url, 'gg-round-1');
    advance(SLOT_MIN_ROUND_MS_GG - 100);
    const tooSoon = await providerApi(games, url, '/api/slot/spin', { requestId: 'gg-round-2', lineBet: '0.10' });
    expect(tooSoon.status).toBe(429);
    expect(await json(tooSoon)).toMatchObject({ code: 'spin.too_soon', retryAfterMs: 100 });
    advance(100);
    expect((await spin(url, 'gg-round-2')).result).toBe('SUCCESS');

    const finnish = await walletPlayer(platform, app);
    await credit(app, finnish.id, '20.00');
    const fiUrl = await launch(slotGame(), finnish);
    await spin(fiUrl, 'fi-round-1');
    expect((await spin(fiUrl, 'fi-round-2')).result).toBe('SUCCESS');
  });

  it('the GG page waits 2.5 s per round and offers no autoplay', async () => {
    const british = await walletPlayer(platform, app, { country_code: 'GB', currency_code: 'GBP' });
    const page = await games.host?.app.request(await launch(slotGame(), british));
    const html = (await page?.text()) ?? '';
    const config = JSON.parse(/<script type="application\/json" id="launch-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as Record<string, unknown>;
    expect(config).toMatchObject({ minRoundMs: 2_500, market: 'GG', currency: 'GBP' });
    expect(html.toLowerCase()).not.toMatch(/<[^>]*auto-?play[^>]*>/);
  });
});

// ---- the live table -------------------------------------------------------------------------------------

describe('the live table', () => {
  it('draws the same outcome for a table round in every computation and process', async () => {
    const keys = await demoProviderKeys(platform.database.db, GAME_SECRET)();
    const round = liveRoundAt(now.getTime()).round;
    const here = liveOutcome(keys.rounds, 'live-0001', round);
    expect(liveOutcome(keys.rounds, 'live-0001', round)).toBe(here);
    expect(liveOutcome((await demoProviderKeys(platform.database.db, GAME_SECRET)()).rounds, 'live-0001', round)).toBe(here);
    // A separate Node process with the same secret.
    const script = `
      import { demoProviderKeys } from ${JSON.stringify(new URL('../../server/providers/demo-games/keys.ts', import.meta.url).pathname)};
      import { liveOutcome } from ${JSON.stringify(new URL('../../server/providers/demo-games/live.ts', import.meta.url).pathname)};
      const keys = await demoProviderKeys(undefined, ${JSON.stringify(GAME_SECRET)})();
      console.log(liveOutcome(keys.rounds, 'live-0001', ${String(round)}));`;
    const { stdout } = await execFileAsync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { timeout: 60_000 });
    expect(Number(stdout.trim())).toBe(here);
  }, 60_000);

  it('two provider instances show the same ended rounds, and never the current one', async () => {
    const table = liveGame();
    const url = await launch(table, await walletPlayer(platform, app));
    const other = provider();
    const stateSchema = v.object({ round: v.number(), phase: v.string(), recent: v.array(v.object({ round: v.number(), pocket: v.number() })), table: v.object({ seats: v.nullable(v.number()) }) });
    const first = v.parse(stateSchema, await json(await providerApi(games, url, '/api/live/state', {})));
    const second = v.parse(stateSchema, await json(await providerApi(other, url, '/api/live/state', {})));
    expect(second.recent).toEqual(first.recent);
    expect(first.recent[0]?.round).toBe(first.round - 1);
    expect(first.phase).toBe('betting');
    expect(first.table.seats).toBe(table.seats);
  });

  it('takes bets in the betting window and settles them at the round end: BET now, WIN then', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '100.00');
    const table = liveGame();
    const url = await launch(table, player);
    const before = cents(await walletBalance(player));
    // Two of the table's smallest chips (its minimum each), on red and on black.
    const chip = table.betLimitsEur.min.toFixed(2);
    const bets = [
      { kind: 'red', amount: chip },
      { kind: 'black', amount: chip },
    ];
    const stake = 2 * cents(chip);
    const placed = await providerApi(games, url, '/api/live/bet', { requestId: 'live-bet-1', bets });
    expect(placed.status, await placed.clone().text()).toBe(200);
    const { round, bet } = v.parse(v.object({ result: v.literal('SUCCESS'), round: v.number(), bet: v.string() }), await json(placed));
    expect(cents(bet)).toBe(stake);
    expect(cents(await walletBalance(player))).toBe(before - stake);
    // One submission a round.
    const again = await providerApi(games, url, '/api/live/bet', { requestId: 'live-bet-2', bets });
    expect(again.status).toBe(409);

    // After the betting window: no more bets.
    advance(LIVE_BETTING_MS);
    expect((await providerApi(games, url, '/api/live/bet', { requestId: 'live-bet-3', bets })).status).toBe(409);

    // The round ends: the state request settles it.
    advance(LIVE_ROUND_MS);
    const state = v.parse(
      v.object({ results: v.array(v.object({ round: v.number(), pocket: v.number(), colour: v.string(), bet: v.string(), win: v.string() })) }),
      await json(await providerApi(games, url, '/api/live/state', {})),
    );
    const pocket = liveOutcome((await demoProviderKeys(platform.database.db, GAME_SECRET)()).rounds, tableWalletId(table), round);
    // Red and black: one of them wins 1 to 1 unless the ball lands on zero.
    const returned = pocket === 0 ? 0 : stake;
    expect(state.results[0]).toEqual({ round, pocket, colour: expect.any(String) as unknown, bet, win: (returned / 100).toFixed(2) });
    expect(cents(await walletBalance(player))).toBe(before - stake + returned);
    const types = (await history(player)).map((item) => `${item.type} ${item.category}`);
    expect(types).toContain('BET LIVE_CASINO');
    if (pocket !== 0) expect(types).toContain('WIN LIVE_CASINO');
  });

  it('refuses bets outside the table limits', async () => {
    const table = liveGame();
    const url = await launch(table, await walletPlayer(platform, app));
    const chip = table.betLimitsEur.min.toFixed(2);
    const tooMany = Array.from({ length: 21 }, () => ({ kind: 'red', amount: chip }));
    expect((await providerApi(games, url, '/api/live/bet', { requestId: 'live-limits-1', bets: tooMany })).status).toBe(400);
    // Chips start at the table's minimum (product.md §3 betLimits): less is not a chip of the table.
    const under = await providerApi(games, url, '/api/live/bet', { requestId: 'live-limits-2', bets: [{ kind: 'red', amount: (table.betLimitsEur.min / 2).toFixed(2) }] });
    expect(under.status).toBe(400);
    expect(await json(under)).toMatchObject({ code: 'bet.invalid' });
    // Over the maximum: 20 of the largest chips of a table whose maximum is 25 minimums or less.
    const page = await games.host?.app.request(url);
    const config = JSON.parse(/<script type="application\/json" id="launch-config">(.*?)<\/script>/s.exec((await page?.text()) ?? '')?.[1] ?? '{}') as { chips: string[]; limits: { min: string; max: string } };
    expect(config.limits.min).toBe(chip);
    expect(config.chips[0]).toBe(chip);
    const largest = config.chips.at(-1) ?? chip;
    if (Number(largest) * 20 > Number(config.limits.max)) {
      const over = await providerApi(games, url, '/api/live/bet', { requestId: 'live-limits-3', bets: Array.from({ length: 20 }, () => ({ kind: 'red', amount: largest })) });
      expect(await json(over)).toMatchObject({ code: 'bet.limits' });
    }
  });
});

/** The wallet game id of a catalog game (its id, when the wallet takes it as it is). */
function tableWalletId(game: CatalogGame): string {
  return game.id;
}

// ---- the provider's host, the frame, the messages -------------------------------------------------------

describe('the provider pages', () => {
  it('are framed by the site only and post their messages to the site origin only', async () => {
    const url = await launch(slotGame());
    const page = await games.host?.app.request(url);
    expect(page?.status).toBe(200);
    expect(page?.headers.get('content-security-policy')).toContain(`frame-ancestors ${SITE}`);
    expect(page?.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(page?.headers.get('referrer-policy')).toBe('no-referrer');
    const html = (await page?.text()) ?? '';
    const config = JSON.parse(/<script type="application\/json" id="launch-config">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}') as Record<string, unknown>;
    expect(config).toMatchObject({ siteOrigin: SITE, source: GAME_FRAME_SOURCE, mode: 'demo', kind: 'slot' });
    expect(html).not.toMatch(/<script(?![^>]*(application\/json|src="\/assets\/game\.js"))/);
    // Nothing loaded from elsewhere (the site's origin is only in the settings, as the messages' target).
    expect(html).not.toMatch(/(src|href)="(https?:)?\/\//);
    // The paytable and the RTP are in the page.
    expect(html).toContain(`Return to player: ${SLOT_PUBLISHED_RTP} %`);

    const served = (await (await games.host?.app.request(`${new URL(url).origin}/assets/game.js`))?.text()) ?? '';
    // The code without its comments: one postMessage, to the site's origin.
    const script = served
      .split('\n')
      .filter((line) => !line.trim().startsWith('//'))
      .join('\n');
    expect(script).toContain('window.parent.postMessage(message, config.siteOrigin)');
    expect(script.match(/postMessage\(/g)).toHaveLength(1);
    expect(script).not.toMatch(/postMessage\([^)]*['"]\*['"]/);
    expect(script).not.toMatch(/autoplay/i);
  });

  it('messages of the documented shapes pass the site check; others do not', () => {
    const base = { source: GAME_FRAME_SOURCE };
    expect(v.is(gameFrameMessageSchema, { ...base, type: 'close' })).toBe(true);
    expect(v.is(gameFrameMessageSchema, { ...base, type: 'balance', balance: '12.50', currency: 'EUR' })).toBe(true);
    expect(v.is(gameFrameMessageSchema, { ...base, type: 'error', code: 'NOT_ENOUGH_FUNDS', message: 'Not enough money.' })).toBe(true);
    expect(v.is(gameFrameMessageSchema, { source: 'evil', type: 'close' })).toBe(false);
    expect(v.is(gameFrameMessageSchema, { ...base, type: 'navigate', to: 'https://evil.example' })).toBe(false);
    expect(v.is(gameFrameMessageSchema, { ...base, type: 'balance', balance: 'lots', currency: 'EUR' })).toBe(false);
  });

  it('are answered on the provider host only, and the site never there', async () => {
    // server/app.ts hands the provider's host to it first (providerHosts), as here.
    const wired = new Hono();
    wired.use('*', providerHosts({ games }));
    wired.all('*', (c) => app.fetch(c.req.raw));
    const url = await launch(slotGame());
    const path = new URL(url).pathname;
    expect((await wired.request(url)).status).toBe(200);
    // The same path on the site's host is not the game.
    const onSite = await wired.request(`http://localhost${path}`);
    expect(await onSite.text()).not.toContain('launch-config');
    // The site's API and pages on the provider's host: the provider's 404.
    const api = await wired.request(`${new URL(url).origin}/api/player/access/context`);
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ code: 'not_found' });
    expect((await wired.request(`${new URL(url).origin}/en-UN`)).status).toBe(404);
  });

  it('refuse a bad, foreign or expired launch, a foreign origin and junk, never with a 5xx', async () => {
    const url = await launch(slotGame());
    const origin = new URL(url).origin;
    const post = (body: string, headers: Record<string, string> = {}) =>
      games.host?.app.request(`${origin}/api/slot/spin`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body }) ?? Promise.reject(new Error('no host'));
    for (const body of ['{', '[]', 'null', '{"launch":7}', JSON.stringify({ launch: tokenOf(url), requestId: 'x', lineBet: '0.10' }), JSON.stringify({ launch: tokenOf(url), requestId: 'valid-id-1', lineBet: '0.03' }), JSON.stringify({ launch: 'a.b.c', requestId: 'valid-id-1', lineBet: '0.10' }), `{"launch":"${'x'.repeat(9000)}"}`]) {
      const response = await post(body);
      expect(response.status, body.slice(0, 80)).toBeGreaterThanOrEqual(400);
      expect(response.status, body.slice(0, 80)).toBeLessThan(500);
    }
    expect((await post(JSON.stringify({ launch: tokenOf(url), requestId: 'valid-id-1', lineBet: '0.10' }), { Origin: 'https://evil.example' })).status).toBe(403);
    expect((await games.host?.app.request(`${origin}/api/slot/spin`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: '{}' }))?.status).toBe(400);
    // A roulette call on a slot launch: not this game.
    expect((await providerApi(games, url, '/api/roulette/spin', { requestId: 'valid-id-2', bets: [{ kind: 'red', amount: '1.00' }] })).status).toBe(404);
    // A tampered token: another mode.
    const [header, payload, signature] = tokenOf(url).split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forged = `${header ?? ''}.${Buffer.from(JSON.stringify({ ...claims, mode: 'real', pid: 1 })).toString('base64url')}.${signature ?? ''}`;
    expect((await games.host?.app.request(`${origin}/play/${forged}`))?.status).toBe(401);
    // Expired.
    advance(3 * 60 * 60 * 1000);
    expect((await games.host?.app.request(url))?.status).toBe(401);
    expect((await providerApi(games, url, '/api/balance', {})).status).toBe(401);
  });
});

describe('server/app.ts wiring (issue 12)', () => {
  it('the site CSP lets the site frame the provider origin', async () => {
    // The app's policy is a page's (an API answer carries the resource policy, which allows nothing).
    const dist = await tempDir('demo-games-dist-');
    await writeFile(join(dist.path, 'index.html'), '<!doctype html><html><head><title>x</title></head><body></body></html>');
    const response = await platform.app({ clock, gameWalletSecret: GAME_SECRET, providers: { games }, staticDir: dist.path }).request('/en-UN/online-casino');
    await dist.remove();
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toContain(`frame-src 'self' ${games.frameSource}`);
  });

  it('the platform answers the provider host with the provider, before the site', async () => {
    const url = await launch(slotGame());
    expect((await app.request(url)).status).toBe(200);
    expect(await (await app.request(url)).text()).toContain('launch-config');
    expect((await app.request(`${new URL(url).origin}/api/player/access/context`)).status).toBe(404);
  });

  it('a demo launch reads the visitor country from the test header (test mode)', async () => {
    const body = { ...pragmaticBody(slotGame().id) };
    const restricted = await apiPost('/pragmatic/partner/demoGameUrl', body, { 'x-test-country': 'FR' });
    expect(restricted.status).toBe(451);
    expect((await apiPost('/pragmatic/partner/demoGameUrl', body, { 'x-test-country': 'XXX' })).status).toBe(400);
  });

  it('the casino launch of a token provider answers data.gameURL', async () => {
    const game = catalogGame('quickspin', 'casino', () => true);
    const response = await apiPost('/game/launch', { isDemo: true, gameId: game.id, languageCode: 'en', currencyCode: 'EUR', channel: 'desktop', lobbyUrl: '' });
    expect(v.parse(casinoLaunchResponseSchema, await json(response)).data.gameURL).toContain('/play/');
  });
});
