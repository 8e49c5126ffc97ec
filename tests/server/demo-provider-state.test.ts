import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatMoney, parseMoney } from '../../machines/lib/wallet';
import type { OperationAnswer } from '../../server/contract/provider-wallet';
import { createDatabase, type PlatformDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import type { LaunchClaims } from '../../server/providers/demo-games/launch-token';
import { LIVE_BETTING_MS, LIVE_ROUND_MS, liveOutcome, liveRoundAt } from '../../server/providers/demo-games/live';
import { demoPlay, ProviderError, SLOT_MIN_ROUND_MS_GG, type BetInput, type DemoPlay } from '../../server/providers/demo-games/play';
import { rouletteReturn } from '../../server/providers/demo-games/roulette';
import { demoStore, insertLiveBet } from '../../server/repositories/demo-provider-state';
import type { DemoWallet, WalletFailure } from '../../server/providers/demo-games/wallet';
import { openTestDatabase, TEST_DATABASE_URL, type TestDatabase } from './helpers/platform';

// The demo provider's state in the database (migration 0011_demo_provider_state): two provider
// instances on one database stand for two platform processes (on PostgreSQL each has its own
// connection pool, as another process would), and a new instance for a restarted one. A live bet
// taken by one is paid by another's sweep, once, even when several sweep at the same moment; a
// replayed request gets the stored answer in any of them and bets nothing more; the GG market's
// 2.5 s between spins holds across them; the demo fun money outlives the instance; expired
// launches and old answers go.

let database: TestDatabase;
/** The database as a second process sees it: another pool on PostgreSQL, the same PGlite otherwise. */
let other: PlatformDatabase;
let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

const ROUNDS_KEY = Buffer.alloc(32, 2);
const keys = () => Promise.resolve({ wallet: 'demo-provider-state-test', launch: Buffer.alloc(32, 1), rounds: ROUNDS_KEY });

/**
 * The seamless wallet as the provider sees it: one balance, idempotent by transaction id (a second
 * call with an id answers the first answer), and every call written down. A launch's next WIN calls
 * may be told to answer 503 (failNextWins).
 */
function fakeWallet() {
  let cents = 100_000;
  const failWins = new Map<string, number>();
  const calls: { kind: 'bet' | 'win' | 'rollback'; transactionId: string; cents: number }[] = [];
  const answers = new Map<string, OperationAnswer>();
  const answer = (transactionId: string): OperationAnswer => ({
    result: 'SUCCESS',
    transactionId,
    referenceId: transactionId,
    currency: 'EUR',
    balance: formatMoney(cents, 'EUR'),
  });
  const operation = (kind: 'bet' | 'win', request: { transactionId: string; amount: string }) => {
    const amount = parseMoney(request.amount, 'EUR') ?? 0;
    calls.push({ kind, transactionId: request.transactionId, cents: amount });
    const launchId = request.transactionId.split(':')[0] ?? '';
    const failing = failWins.get(launchId) ?? 0;
    if (kind === 'win' && failing > 0) {
      failWins.set(launchId, failing - 1);
      return Promise.resolve<WalletFailure>({ failed: true, status: 503, code: 'http.503' });
    }
    const seen = answers.get(request.transactionId);
    if (seen) return Promise.resolve(seen);
    cents += kind === 'bet' ? -amount : amount;
    const posted = answer(request.transactionId);
    answers.set(request.transactionId, posted);
    return Promise.resolve(posted);
  };
  const wallet: DemoWallet = {
    balance: (request) => Promise.resolve({ playerId: request.playerId, currency: 'EUR', balance: formatMoney(cents, 'EUR'), version: calls.length }),
    bet: (request) => operation('bet', request),
    win: (request) => operation('win', request),
    rollback: (request) => {
      calls.push({ kind: 'rollback', transactionId: request.transactionId, cents: 0 });
      const bet = calls.find((call) => call.kind === 'bet' && call.transactionId === request.betTransactionId);
      if (!bet) return Promise.resolve<WalletFailure>({ failed: true, status: 404, code: 'error.not_found' });
      if (!answers.has(request.transactionId)) {
        cents += bet.cents;
        answers.set(request.transactionId, answer(request.transactionId));
      }
      return Promise.resolve(answers.get(request.transactionId) ?? answer(request.transactionId));
    },
  };
  return {
    wallet,
    calls,
    failNextWins: (launchId: string, count: number) => {
      failWins.set(launchId, count);
    },
    /** The calls of one kind for one launch (its transaction ids start with the launch id; earlier tests' bets may be swept meanwhile). */
    of: (kind: 'bet' | 'win' | 'rollback', launchId: string) => calls.filter((call) => call.kind === kind && call.transactionId.startsWith(`${launchId}:`)),
  };
}

let wallet = fakeWallet();

/** A provider instance (a platform process) on the first or the second pool; no sweep timer unless asked. */
function instance(on: 'first' | 'second' = 'first', sweepMs: number | null = null, processClock = clock): DemoPlay {
  return demoPlay({ db: on === 'first' ? database.db : other.db, clock: processClock, keys, wallet: wallet.wallet, sweepMs });
}

function claimsOf(kind: LaunchClaims['kind'], mode: 'demo' | 'real', overrides: Partial<LaunchClaims> = {}): LaunchClaims {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    aud: 'aurora-demo-launch',
    lid: randomBytes(12).toString('hex'),
    mode,
    pid: mode === 'real' ? 42 : null,
    gid: 'state-test-game',
    name: 'State test game',
    kind,
    vertical: kind === 'live' ? 'LIVE_CASINO' : 'CASINO',
    seats: kind === 'live' ? 7 : null,
    taken: kind === 'live' ? 3 : null,
    limits: kind === 'live' ? { min: 100, max: 100_000 } : null,
    cur: 'EUR',
    mkt: 'FI',
    jur: 'MT',
    lang: 'en',
    site: 'http://127.0.0.1:4173',
    gst: mode === 'real' ? 'state-test-game-session' : null,
    iat,
    exp: iat + 2 * 60 * 60,
    ...overrides,
  };
}

/** Red, black and zero: whatever the pocket, the round returns something (a WIN to post). */
const LIVE_BETS: BetInput[] = [
  { kind: 'red', amount: '1.00' },
  { kind: 'black', amount: '1.00' },
  { kind: 'straight', value: 0, amount: '1.00' },
];
const returnOf = (round: number) =>
  rouletteReturn(
    LIVE_BETS.map((bet) => ({ kind: bet.kind, value: bet.value, amount: 100 })),
    liveOutcome(ROUNDS_KEY, 'state-test-game', round),
  );

const cents = (amount: string) => parseMoney(amount, 'EUR') ?? Number.NaN;

async function rowCount(table: 'demo_launches' | 'demo_answers' | 'demo_live_bets' | 'demo_pending_wins', launchId: string): Promise<number> {
  const row = await demoStore(database.db)
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('launch_id', '=', launchId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

beforeAll(async () => {
  database = await openTestDatabase();
  await migrateToLatest(database.db);
  if (TEST_DATABASE_URL) {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db);
    other = await createDatabase({ url: TEST_DATABASE_URL, schema: rows[0]?.schema });
  } else {
    other = database;
  }
});
beforeEach(() => {
  // One second into a live round's betting window.
  now = new Date(liveRoundAt(Date.now()).endsAt + 1_000);
  wallet = fakeWallet();
});
afterAll(async () => {
  if (other !== database) await other.close();
  await database.dispose();
});

describe('live bets', () => {
  it('a bet placed through one instance is paid by another instance’s sweep, once', async () => {
    const placing = instance('first');
    const sweeping = instance('second');
    const claims = claimsOf('live', 'real');
    const placed = await placing.liveBet(claims, 'live-request-1', LIVE_BETS);
    expect(placed).toMatchObject({ result: 'SUCCESS', bet: '3.00' });
    expect(wallet.of('bet', claims.lid)).toHaveLength(1);
    // The placing process is gone; the other one sweeps once the round has ended, and not before.
    advance(LIVE_BETTING_MS);
    await sweeping.settleLive();
    expect(wallet.of('win', claims.lid)).toHaveLength(0);
    advance(LIVE_ROUND_MS - LIVE_BETTING_MS);
    await sweeping.settleLive();
    const returned = returnOf(placed.round);
    expect(wallet.of('win', claims.lid)).toEqual([
      {
        kind: 'win',
        transactionId: expect.stringMatching(new RegExp(`^${claims.lid}:L${String(placed.round)}-[0-9a-f]{12}:win$`)) as unknown,
        cents: returned,
      },
    ]);
    // Sweeping again, anywhere, pays nothing more.
    await sweeping.settleLive();
    await placing.settleLive();
    expect(wallet.of('win', claims.lid)).toHaveLength(1);
    // A third instance (the player's page reconnected elsewhere) shows the settled round.
    const state = await instance('second').liveState(claims);
    expect(state.placed).toBeNull();
    expect(state.results).toEqual([
      expect.objectContaining({
        round: placed.round,
        pocket: liveOutcome(ROUNDS_KEY, 'state-test-game', placed.round),
        bet: '3.00',
        win: formatMoney(returned, 'EUR'),
      }),
    ]);
  });

  it('several sweeps at the same moment pay a round once', async () => {
    const [realOne, realTwo, demo] = [claimsOf('live', 'real'), claimsOf('live', 'real'), claimsOf('live', 'demo')];
    const first = instance('first');
    for (const [index, launch] of [realOne, realTwo, demo].entries()) await first.liveBet(launch, `live-concurrent-${String(index)}`, LIVE_BETS);
    advance(LIVE_ROUND_MS);
    await Promise.all([instance('first').settleLive(), instance('second').settleLive(), instance('second').settleLive(), first.settleLive()]);
    const round = liveRoundAt(now.getTime()).round - 1;
    expect(wallet.of('win', realOne.lid)).toHaveLength(1);
    expect(wallet.of('win', realTwo.lid)).toHaveLength(1);
    // The demo launch's return went to its fun money once: 1,000.00 - 3.00 + the return.
    expect(cents((await instance('second').balance(demo)).balance)).toBe(100_000 - 300 + returnOf(round));
  });

  it('another instance’s sweep timer pays a bet it did not take', async () => {
    const claims = claimsOf('live', 'real');
    const placed = await instance('first').liveBet(claims, 'live-timer-1', LIVE_BETS);
    advance(LIVE_ROUND_MS);
    // Any request of the provider starts its sweep (here another launch's balance). Its clock fails
    // once the test is over, and a sweep that fails stops: no timer outlives the test.
    let over = false;
    const processClock = () => {
      if (over) throw new Error('This test is over.');
      return now;
    };
    const timed = instance('second', 20, processClock);
    try {
      await timed.balance(claimsOf('slot', 'demo'));
      await vi.waitFor(() => expect(wallet.of('win', claims.lid)).toHaveLength(1), { timeout: 5_000, interval: 20 });
      expect(wallet.of('win', claims.lid)[0]?.cents).toBe(returnOf(placed.round));
    } finally {
      over = true;
    }
  });

  it('one submission a launch and round across instances; a replay answers the stored answer and bets nothing more', async () => {
    const claims = claimsOf('live', 'real');
    const first = await instance('first').liveBet(claims, 'live-replay-1', LIVE_BETS);
    const replayed = await instance('second').liveBet(claims, 'live-replay-1', LIVE_BETS);
    expect(replayed).toEqual(first);
    expect(wallet.of('bet', claims.lid)).toHaveLength(1);
    await expect(instance('second').liveBet(claims, 'live-replay-2', LIVE_BETS)).rejects.toMatchObject({ status: 409, code: 'bets.already_placed' });
    expect(wallet.of('bet', claims.lid)).toHaveLength(1);
  });

  it('a bet whose BET never answered is voided long after its round, by any instance', async () => {
    const claims = claimsOf('live', 'real');
    const placing = instance('first');
    // A process took the round and posted the BET, then died before it heard the answer.
    await placing.balance(claims);
    const round = liveRoundAt(now.getTime()).round;
    await insertLiveBet(demoStore(database.db), {
      launchId: claims.lid,
      round,
      roundRef: `L${String(round)}-deadbeef0000`,
      bets: [],
      totalCents: 300,
      state: 'placing',
      placedAt: now,
    });
    await wallet.wallet.bet({
      playerId: 42,
      sessionToken: 'state-test-game-session',
      transactionId: `${claims.lid}:L${String(round)}-deadbeef0000:bet`,
      roundId: `${claims.lid}:L${String(round)}-deadbeef0000`,
      gameId: claims.gid,
      vertical: 'LIVE_CASINO',
      amount: '3.00',
      currency: 'EUR',
    });
    // The round over but the request maybe still on its way: nothing happens yet.
    advance(LIVE_ROUND_MS);
    await instance('second').settleLive();
    expect(wallet.of('rollback', claims.lid)).toHaveLength(0);
    await expect(placing.liveBet(claims, 'live-void-2', LIVE_BETS)).resolves.toMatchObject({ result: 'SUCCESS' });
    advance(5 * 60_000);
    await instance('second').settleLive();
    expect(wallet.of('rollback', claims.lid)).toEqual([{ kind: 'rollback', transactionId: `${claims.lid}:L${String(round)}-deadbeef0000:void`, cents: 0 }]);
    expect(await rowCount('demo_live_bets', claims.lid)).toBe(1);
  });

  it('a WIN the wallet did not confirm is queued and paid by a later sweep of another instance', async () => {
    const claims = claimsOf('live', 'real');
    const placed = await instance('first').liveBet(claims, 'live-pending-1', LIVE_BETS);
    advance(LIVE_ROUND_MS);
    wallet.failNextWins(claims.lid, 2);
    await instance('first').settleLive();
    expect(await rowCount('demo_pending_wins', claims.lid)).toBe(1);
    // Tried again after a while, elsewhere: posted, and off the queue.
    advance(10_000);
    await instance('second').settleLive();
    expect(await rowCount('demo_pending_wins', claims.lid)).toBe(0);
    const posted = wallet.of('win', claims.lid);
    expect(posted).toHaveLength(3);
    expect(new Set(posted.map((win) => win.transactionId)).size).toBe(1);
    expect(posted[2]?.cents).toBe(returnOf(placed.round));
  });
});

describe('replays', () => {
  it('a real slot spin replayed on another instance answers the stored answer without a second BET', async () => {
    const claims = claimsOf('slot', 'real');
    const first = await instance('first').slotSpin(claims, 'slot-replay-1', '0.10');
    expect(first.result).toBe('SUCCESS');
    const again = await instance('second').slotSpin(claims, 'slot-replay-1', '0.10');
    expect(again).toEqual(first);
    expect(wallet.of('bet', claims.lid)).toHaveLength(1);
  });

  it('a demo round replayed on another instance, even at the same moment, is played once', async () => {
    const claims = claimsOf('roulette', 'demo');
    const bets: BetInput[] = [{ kind: 'red', amount: '1.00' }];
    const [first, second] = await Promise.all([
      instance('first').rouletteSpin(claims, 'roulette-replay-1', bets),
      instance('second').rouletteSpin(claims, 'roulette-replay-1', bets),
    ]);
    expect(second).toEqual(first);
    const third = await instance('second').rouletteSpin(claims, 'roulette-replay-1', bets);
    expect(third).toEqual(first);
    expect(cents((await instance('first').balance(claims)).balance)).toBe(100_000 - 100 + cents(first.win));
    expect(cents(first.balance)).toBe(100_000 - 100 + cents(first.win));
  });
});

describe('UKGC RTS 14D across instances', () => {
  it('holds 2.5 s between the starts of two GG spins whichever instance takes them', async () => {
    const claims = claimsOf('slot', 'real', { mkt: 'GG', cur: 'GBP' });
    const [first, second] = [instance('first'), instance('second')];
    await first.slotSpin(claims, 'gg-spin-1', '0.10');
    advance(1_000);
    await expect(second.slotSpin(claims, 'gg-spin-2', '0.10')).rejects.toMatchObject({
      status: 429,
      code: 'spin.too_soon',
      details: { retryAfterMs: SLOT_MIN_ROUND_MS_GG - 1_000 },
    });
    advance(SLOT_MIN_ROUND_MS_GG - 1_000);
    await expect(second.slotSpin(claims, 'gg-spin-2', '0.10')).resolves.toMatchObject({ result: 'SUCCESS' });
    await expect(first.slotSpin(claims, 'gg-spin-3', '0.10')).rejects.toMatchObject({ status: 429, details: { retryAfterMs: SLOT_MIN_ROUND_MS_GG } });
    // Two spins at the same moment on two instances: one starts, the other waits.
    advance(SLOT_MIN_ROUND_MS_GG);
    const both = await Promise.allSettled([first.slotSpin(claims, 'gg-spin-4', '0.10'), second.slotSpin(claims, 'gg-spin-5', '0.10')]);
    expect(both.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refused = both.find((result) => result.status === 'rejected');
    expect(refused?.status === 'rejected' && refused.reason instanceof ProviderError && refused.reason.code === 'spin.too_soon').toBe(true);
    expect(wallet.of('bet', claims.lid)).toHaveLength(3);
  });

  it('holds in demo too', async () => {
    const claims = claimsOf('slot', 'demo', { mkt: 'GG', cur: 'GBP' });
    await instance('first').slotSpin(claims, 'gg-demo-1', '0.10');
    advance(SLOT_MIN_ROUND_MS_GG - 1);
    await expect(instance('second').slotSpin(claims, 'gg-demo-2', '0.10')).rejects.toMatchObject({ status: 429, details: { retryAfterMs: 1 } });
    // The replay of the spin that started is answered at once: it is not a new spin.
    await expect(instance('second').slotSpin(claims, 'gg-demo-1', '0.10')).resolves.toMatchObject({ result: 'SUCCESS' });
  });
});

describe('the demo fun money and the bounds', () => {
  it('survives a new instance (a restarted process)', async () => {
    const claims = claimsOf('slot', 'demo');
    const spun = await instance('first').slotSpin(claims, 'fun-1', '0.50');
    expect(cents(spun.balance)).toBe(100_000 - 500 + cents(spun.win));
    const restarted = instance('first');
    expect(await restarted.balance(claims)).toEqual({ balance: spun.balance, currency: 'EUR' });
    // Another launch starts with its own 1,000.00.
    expect((await restarted.balance(claimsOf('slot', 'demo'))).balance).toBe('1000.00');
  });

  it('refuses a demo stake above the fun money in any instance', async () => {
    const claims = claimsOf('roulette', 'demo');
    await instance('first').balance(claims);
    await demoStore(database.db).updateTable('demo_launches').set({ fun_cents: 50 }).where('launch_id', '=', claims.lid).execute();
    const refused = await instance('second').rouletteSpin(claims, 'broke-1', [{ kind: 'red', amount: '1.00' }]);
    expect(refused).toMatchObject({ result: 'NOT_ENOUGH_FUNDS', balance: '0.50', bet: '0.00', pocket: null });
  });

  it('keeps the newest answers of a launch, and the sweep deletes expired launches with theirs', async () => {
    const claims = claimsOf('roulette', 'demo');
    const play = instance('first');
    for (let index = 0; index < 40; index += 1) await play.rouletteSpin(claims, `bounded-${String(index)}`, [{ kind: 'red', amount: '0.10' }]);
    expect(await rowCount('demo_answers', claims.lid)).toBe(32);
    // A live bet of an expired launch still waits: the launch stays until it is paid.
    const live = claimsOf('live', 'real', { exp: Math.floor(now.getTime() / 1000) + 60 });
    await play.liveBet(live, 'bounded-live', LIVE_BETS);
    await demoStore(database.db)
      .updateTable('demo_live_bets')
      .set({ claimed_until: new Date(now.getTime() + 24 * 60 * 60_000) })
      .where('launch_id', '=', live.lid)
      .execute();
    advance(3 * 60 * 60_000);
    await instance('second').settleLive();
    expect(await rowCount('demo_launches', claims.lid)).toBe(0);
    expect(await rowCount('demo_answers', claims.lid)).toBe(0);
    expect(await rowCount('demo_launches', live.lid)).toBe(1);
    advance(24 * 60 * 60_000);
    await instance('second').settleLive();
    expect(wallet.of('win', live.lid)).toHaveLength(1);
    await instance('second').settleLive();
    expect(await rowCount('demo_launches', live.lid)).toBe(0);
    expect(await rowCount('demo_live_bets', live.lid)).toBe(0);
  });
});
