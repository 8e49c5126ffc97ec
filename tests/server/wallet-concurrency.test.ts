import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationAnswerSchema, type OperationAnswer } from '../../server/contract/provider-wallet';
import { HttpError } from '../../server/http/errors';
import { fromCents, playerBalances, toCents } from '../../server/platform/ledger';
import { createPlayerStore } from '../../server/platform/players';
import { simulatedPaymentProvider } from '../../server/providers/simulated-payments';
import { cancelWithdrawal, creditWallet, requestWithdrawal, type PlayerCashierDeps } from '../../server/services/cashier';
import { json, startTestPlatform, TEST_DATABASE_URL, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, providerCall } from './helpers/wallet';

// Concurrency (issue 11 "Tests and figures"): 1,000 operations from 50 concurrent clients on 10
// players (bets, wins and rollbacks through the game providers' HTTP API; withdrawals,
// cancellations and credits through the cashier's services), with retried idempotency keys: a
// response is "dropped" and the request sent again, later or while the first is still running.
// Every answer to one key is the same, every effect happens exactly once, no account goes below
// zero, every transaction is zero-sum, and the money is where the answers say: on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL (each test file gets its own schema there).

const CLIENTS = 50;
const OPERATIONS_PER_CLIENT = 20;
const PLAYERS = 10;
const START_CENTS = 100_000n;

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let deps: PlayerCashierDeps;
const players: number[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  const clock = () => new Date();
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET });
  deps = { db: platform.database.db, clock, providers: { payments: simulatedPaymentProvider({ db: platform.database.db, clock }) }, settings: platform.settings };
  const store = createPlayerStore(deps.db);
  for (let index = 0; index < PLAYERS; index += 1) {
    const player = await store.create({ email: `concurrent.${String(index)}@example.com`, country_code: 'FI', language_code: 'fi', currency_code: 'EUR', status: 'REGISTERED' });
    await creditWallet(deps, { playerId: player.id, amount: fromCents(START_CENTS), idempotencyKey: `start-${String(player.id)}` });
    players.push(player.id);
  }
}, 60_000);
afterAll(async () => {
  await platform.close();
});

/** mulberry32: a small seeded generator, so a failing run can be repeated. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Kind = 'bet' | 'win' | 'rollback' | 'withdraw' | 'cancel' | 'credit';

/** What a client learned from the answers: one line per key that took effect. */
interface Effect {
  kind: Kind;
  playerId: number;
  cents: bigint;
}

const SEED = Number(process.env.WALLET_CONCURRENCY_SEED ?? 20_261_111);

async function providerAnswer(operation: string, body: unknown): Promise<OperationAnswer> {
  const response = await providerCall(app, operation, body);
  if (response.status !== 200) throw new Error(`${operation}: ${String(response.status)} ${await response.text()}`);
  return v.parse(operationAnswerSchema, await json(response));
}

/**
 * Sends one operation as a client whose responses get lost: sometimes the same request goes again
 * while the first is in flight, sometimes once more after it; every answer must be the same.
 */
async function withRetries<T>(random: () => number, send: () => Promise<T>): Promise<T> {
  const roll = random();
  if (roll < 0.25) {
    // The first answer is dropped while a retry is already on its way.
    const [first, second] = await Promise.all([send(), send()]);
    expect(second).toEqual(first);
    return second;
  }
  const first = await send();
  if (roll < 0.5) {
    // The answer was dropped: the client sends the same request again.
    const again = await send();
    expect(again).toEqual(first);
    return again;
  }
  return first;
}

async function client(index: number, counts: Map<string, number>): Promise<Effect[]> {
  const random = generator(SEED + index);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const effects: Effect[] = [];
  const bets: { playerId: number; transactionId: string; cents: bigint }[] = [];
  const pending: { playerId: number; referenceId: string; cents: bigint }[] = [];
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);

  for (let step = 0; step < OPERATIONS_PER_CLIENT; step += 1) {
    const key = `c${String(index)}-${String(step)}`;
    const playerId = pick(players);
    const roll = random();
    const kind: Kind = roll < 0.35 ? 'bet' : roll < 0.55 ? 'win' : roll < 0.65 ? 'rollback' : roll < 0.82 ? 'withdraw' : roll < 0.95 ? 'cancel' : 'credit';
    count(kind);
    if (kind === 'bet' || kind === 'win') {
      const cents = BigInt(1 + Math.floor(random() * (kind === 'bet' ? 8_000 : 3_000)));
      const body = { provider: 'load', playerId, transactionId: key, roundId: `r${key}`, gameId: 'g', vertical: pick(['CASINO', 'LIVE_CASINO', 'SPORTS', 'VIRTUAL_SPORTS']), amount: fromCents(cents), currency: 'EUR' };
      const answer = await withRetries(random, () => providerAnswer(kind, body));
      if (answer.result === 'SUCCESS') {
        effects.push({ kind, playerId, cents });
        if (kind === 'bet') bets.push({ playerId, transactionId: key, cents });
      } else {
        expect(answer.result).toBe('NOT_ENOUGH_FUNDS');
        count('refused');
      }
    } else if (kind === 'rollback') {
      const bet = bets.shift();
      if (!bet) continue;
      const answer = await withRetries(random, () => providerAnswer('rollback', { provider: 'load', playerId: bet.playerId, transactionId: key, betTransactionId: bet.transactionId }));
      expect(answer.result).toBe('SUCCESS');
      effects.push({ kind, playerId: bet.playerId, cents: bet.cents });
    } else if (kind === 'withdraw') {
      const cents = BigInt(2_000 + Math.floor(random() * 10_000));
      const answer = await withRetries(random, () => requestWithdrawal(deps, playerId, { amount: fromCents(cents), methodId: 'visa', idempotencyKey: key }));
      if (answer.result === 'SUCCESS' && answer.referenceId !== null) {
        effects.push({ kind, playerId, cents });
        pending.push({ playerId, referenceId: answer.referenceId, cents });
      } else {
        expect(answer.result).toBe('NOT_ENOUGH_FUNDS');
        count('refused');
      }
    } else if (kind === 'cancel') {
      const withdrawal = pending.shift();
      if (!withdrawal) continue;
      const cancelled = await withRetries(random, () =>
        cancelWithdrawal(deps, withdrawal.playerId, { pendingWithdrawalId: withdrawal.referenceId, amount: fromCents(withdrawal.cents), cancelByPlayer: true }).catch(
          (error: unknown) => {
            // The player's 24-hour cancellation limit: refused, nothing moved.
            if (error instanceof HttpError && error.code === 'error.withdrawal.cancel.limit_reached') return 'limit' as const;
            throw error;
          },
        ),
      );
      if (cancelled === 'limit') count('limited');
      else effects.push({ kind, playerId: withdrawal.playerId, cents: withdrawal.cents });
    } else {
      const cents = BigInt(100 + Math.floor(random() * 5_000));
      await withRetries(random, () => creditWallet(deps, { playerId, amount: fromCents(cents), idempotencyKey: key }));
      effects.push({ kind, playerId, cents });
    }
  }
  return effects;
}

describe(`the wallet under ${String(CLIENTS)} concurrent clients (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it(`runs ${String(CLIENTS * OPERATIONS_PER_CLIENT)} operations with retried keys: every effect once, the money where the answers say`, async () => {
    const counts = new Map<string, number>();
    const effects = (await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index, counts)))).flat();
    const { db } = deps;

    // Each player's MAIN and LOCKED are the start plus what the answers said took effect.
    const expected = new Map(players.map((id) => [id, { main: START_CENTS, locked: 0n }]));
    for (const effect of effects) {
      const balances = expected.get(effect.playerId);
      if (!balances) throw new Error('unknown player');
      const delta: Record<Kind, [bigint, bigint]> = {
        bet: [-effect.cents, 0n],
        win: [effect.cents, 0n],
        rollback: [effect.cents, 0n],
        withdraw: [-effect.cents, effect.cents],
        cancel: [effect.cents, -effect.cents],
        credit: [effect.cents, 0n],
      };
      const [main, locked] = delta[effect.kind];
      balances.main += main;
      balances.locked += locked;
    }
    for (const id of players) {
      const balances = await playerBalances(db, id, 'EUR');
      expect({ id, main: balances.MAIN, locked: balances.LOCKED }).toEqual({ id, main: expected.get(id)?.main, locked: expected.get(id)?.locked });
    }

    // Every effect once: one history row and one ledger posting per key that took effect.
    const history = await db
      .selectFrom('wallet_transactions')
      .select(['type', sql<string>`count(*)::text`.as('n')])
      .where('player_id', 'in', players)
      .groupBy('type')
      .execute();
    const rows = Object.fromEntries(history.map((row) => [row.type, Number(row.n)]));
    const effectsOf = (kind: Kind) => effects.filter((effect) => effect.kind === kind).length;
    expect(rows).toEqual({
      BET: effectsOf('bet'),
      WIN: effectsOf('win'),
      BET_VOID: effectsOf('rollback'),
      WITHDRAW: effectsOf('withdraw'),
      CANCELED: effectsOf('cancel'),
      // The start credits too.
      DEPOSIT: effectsOf('credit') + PLAYERS,
    });
    const postings = await db
      .selectFrom('ledger_transactions')
      .select(sql<string>`count(*)::text`.as('n'))
      .where('player_id', 'in', players)
      .executeTakeFirstOrThrow();
    expect(Number(postings.n)).toBe(effects.length + PLAYERS);

    // Zero-sum, nothing below zero, and the total money constant: what the players hold is the
    // start plus what the house and the operator paid out.
    const unbalanced = await db.selectFrom('ledger_entries').select('transaction_id').groupBy('transaction_id').having(sql`sum(amount)`, '!=', 0).execute();
    expect(unbalanced).toEqual([]);
    const negative = await db.selectFrom('ledger_entries').select('account').where('account', 'like', 'player:%').groupBy('account').having(sql`sum(amount)`, '<', 0).execute();
    expect(negative).toEqual([]);
    // Every running total (migration 0009) is the plain sum of its account's entries, under contention too.
    expect((await sql<{ account: string }>`select account from ledger_account_drift`.execute(db)).rows).toEqual([]);
    const totals = await db
      .selectFrom('ledger_entries')
      .select([sql<string>`coalesce(sum(amount) filter (where account like 'player:%'), 0)::text`.as('players'), sql<string>`coalesce(sum(amount), 0)::text`.as('all')])
      .executeTakeFirstOrThrow();
    expect(toCents(totals.all)).toBe(0n);
    const sum = (kind: Kind) => effects.filter((effect) => effect.kind === kind).reduce((total, effect) => total + effect.cents, 0n);
    expect(toCents(totals.players)).toBe(BigInt(PLAYERS) * START_CENTS + sum('win') + sum('credit') + sum('rollback') - sum('bet'));

    console.log(`wallet concurrency: ${JSON.stringify(Object.fromEntries(counts))}, ${String(effects.length)} effects`);
    expect(effects.length).toBeGreaterThan(CLIENTS * OPERATIONS_PER_CLIENT * 0.5);
  }, 240_000);
});
