import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationAnswerSchema, type OperationAnswer } from '../../server/contract/provider-wallet';
import { HttpError } from '../../server/http/errors';
import { fromCents, playerBalances, toCents } from '../../server/services/ledger';
import { createPlayerStore } from '../../server/services/players';
import { simulatedPaymentProvider } from '../../server/providers/simulated-payments';
import type { PaymentProvider } from '../../server/providers/types';
import { cancelWithdrawal, creditWallet, requestDeposit, requestWithdrawal, type PlayerCashierDeps } from '../../server/services/cashier';
import { changeLimit } from '../../server/services/limits';
import { authorizeResponseSchema } from '../../src/api/payAndPlay';
import { json, startTestPlatform, TEST_DATABASE_URL, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, providerCall } from './helpers/wallet';

// Concurrency (issue 11 "Tests and figures"): 1,000 operations from 50 concurrent clients on 10
// players (bets, wins and rollbacks through the game providers' HTTP API; withdrawals,
// cancellations and credits through the cashier's services), with retried idempotency keys: a
// response is "dropped" and the request sent again, later or while the first is still running.
// Every answer to one key is the same, every effect happens exactly once, no account goes below
// zero, every transaction is zero-sum, and the money is where the answers say: on PGlite, and on
// PostgreSQL with TEST_DATABASE_URL (each test file gets its own schema there). Issue 20: pay-and-play
// deposits (the bank step and the code check) race cashier deposits against one deposit limit, and
// no limit is ever exceeded.

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
  const bets: { playerId: number; transactionId: string; roundId: string; vertical: string; cents: bigint }[] = [];
  const pending: { playerId: number; referenceId: string; cents: bigint }[] = [];
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);

  for (let step = 0; step < OPERATIONS_PER_CLIENT; step += 1) {
    const key = `c${String(index)}-${String(step)}`;
    const playerId = pick(players);
    const roll = random();
    const kind: Kind = roll < 0.35 ? 'bet' : roll < 0.55 ? 'win' : roll < 0.65 ? 'rollback' : roll < 0.82 ? 'withdraw' : roll < 0.95 ? 'cancel' : 'credit';
    count(kind);
    if (kind === 'win') {
      // A win pays one of this client's open rounds (issue 20: no win without a bet), within the
      // contract's bound; the round is settled then, so its bet is no longer rolled back.
      const bet = bets.shift();
      if (!bet) continue;
      const cents = BigInt(1 + Math.floor(random() * Math.min(3_000, Number(bet.cents) * 2)));
      const body = { playerId: bet.playerId, transactionId: key, roundId: bet.roundId, gameId: 'g', vertical: bet.vertical, amount: fromCents(cents), currency: 'EUR' };
      const answer = await withRetries(random, () => providerAnswer('win', body));
      expect(answer.result).toBe('SUCCESS');
      effects.push({ kind, playerId: bet.playerId, cents });
    } else if (kind === 'bet') {
      const cents = BigInt(1 + Math.floor(random() * 8_000));
      const vertical = pick(['CASINO', 'LIVE_CASINO', 'SPORTS', 'VIRTUAL_SPORTS']);
      const body = { playerId, transactionId: key, roundId: `r${key}`, gameId: 'g', vertical, amount: fromCents(cents), currency: 'EUR' };
      const answer = await withRetries(random, () => providerAnswer(kind, body));
      if (answer.result === 'SUCCESS') {
        effects.push({ kind, playerId, cents });
        bets.push({ playerId, transactionId: key, roundId: body.roundId, vertical, cents });
      } else {
        expect(answer.result).toBe('NOT_ENOUGH_FUNDS');
        count('refused');
      }
    } else if (kind === 'rollback') {
      const bet = bets.shift();
      if (!bet) continue;
      const answer = await withRetries(random, () => providerAnswer('rollback', { playerId: bet.playerId, transactionId: key, betTransactionId: bet.transactionId, roundId: bet.roundId }));
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

// Issue 20: every deposit path runs one limit rule under the wallet lock, so deposits of different
// paths cannot both take the last of a limit. Each player has a daily deposit limit of 100.00 and
// identifies at the bank for several pay-and-play deposits while it is untouched (so each passes the
// bank step); then the code checks race cashier deposit requests and new bank identifications.
const LIMITED_PLAYERS = 6;
const LIMIT_CENTS = 10_000n;
const RACERS_PER_PLAYER = 6;

describe(`pay-and-play and cashier deposits racing against one deposit limit (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('never lets the deposits of the period pass the limit, whatever path wins', async () => {
    const { db } = deps;
    const refunded: string[] = [];
    const simulated = simulatedPaymentProvider({ db, clock: deps.clock });
    const payments: PaymentProvider = {
      ...simulated,
      refundDeposit: (deposit) => {
        refunded.push(deposit.reference);
        return Promise.resolve();
      },
    };
    const pnp = platform.app({ clock: deps.clock, providers: { payments } });
    const random = generator(SEED + 1_000);
    const amount = () => BigInt(10 + Math.floor(random() * 31)) * 100n;
    const form = (fields: Record<string, string>): RequestInit => ({
      method: 'POST',
      body: new URLSearchParams(fields).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const authorize = async (cents: bigint): Promise<string> => {
      const query = new URLSearchParams({ amount: fromCents(cents), currency: 'EUR', country: 'FI', returnUrl: '/en-FI/signup/callback' });
      const response = await pnp.request(`/api/paynplay/authorize?${query.toString()}`);
      expect(response.status).toBe(200);
      return v.parse(authorizeResponseSchema, await json(response)).sessionId;
    };
    /** The bank step: the one-time code, or null when the limits refused the deposit there (409 page). */
    const identify = async (sessionId: string, personid: string): Promise<string | null> => {
      const response = await pnp.request('/api/bankid/authorize', form({ session: sessionId, personid, action: 'identify' }));
      if (response.status === 409) return null;
      expect(response.status).toBe(303);
      return new URL(response.headers.get('location') ?? '', 'http://site.invalid').searchParams.get('code');
    };
    const verify = async (sessionId: string, oneTimeCode: string): Promise<'paid' | 'refused'> => {
      const response = await pnp.request('/api/paynplay/player/code', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ oneTimeCode, sessionId, ipAddress: '', blackbox: '' }),
      });
      const text = await response.text();
      if (response.status === 409) {
        expect(text).toContain('"code":"SELF_LIMIT_REACHED"');
        return 'refused';
      }
      expect(response.status, text).toBe(200);
      return 'paid';
    };

    const store = createPlayerStore(db);
    const limited: { id: number; personid: string }[] = [];
    for (let index = 0; index < LIMITED_PLAYERS; index += 1) {
      const personid = `200190-${String(7000 + index)}`;
      const player = await store.create({ email: `limited.${String(index)}@example.com`, personid, country_code: 'FI', language_code: 'fi', currency_code: 'EUR', status: 'REGISTERED' });
      await changeLimit(deps, player.id, 'deposit', { duration: 'D', limit: fromCents(LIMIT_CENTS) });
      limited.push({ id: player.id, personid });
    }

    // The bank step while the limit is untouched: every one gets its code.
    const identified = await Promise.all(
      limited.flatMap((player) =>
        Array.from({ length: RACERS_PER_PLAYER }, async () => {
          const cents = amount();
          const sessionId = await authorize(cents);
          const code = await identify(sessionId, player.personid);
          if (code === null) throw new Error('refused at the bank with nothing deposited');
          return { player, sessionId, code, cents };
        }),
      ),
    );
    const late = await Promise.all(limited.flatMap((player) => [amount(), amount()].map(async (cents) => ({ player, cents, sessionId: await authorize(cents) }))));

    // The race: code checks, cashier requests and new bank steps, all at once. For every other
    // player the cashier has a head start of one answer: started together, the code checks (one
    // quick call each) took the whole limit before a cashier request got to it on PostgreSQL (0 to
    // 2 of 36 accepted), and the cashier's side of the race was hardly run.
    const outcomes = { pnpPaid: 0, pnpRefused: 0, bankRefused: 0, cashierAccepted: 0, cashierRefused: 0 };
    const codeChecks = (player: (typeof limited)[number]) =>
      identified
        .filter((racer) => racer.player === player)
        .map(async ({ sessionId, code }) => {
          if ((await verify(sessionId, code)) === 'paid') outcomes.pnpPaid += 1;
          else outcomes.pnpRefused += 1;
        });
    const cashierRequests = (player: (typeof limited)[number]) =>
      Array.from({ length: RACERS_PER_PLAYER }, async (_, index) => {
        const answer = await requestDeposit(deps, player.id, {
          amount: fromCents(amount()),
          methodId: 'visa',
          idempotencyKey: `race-${String(player.id)}-${String(index)}`,
          returnPath: '/en-FI/deposit',
        });
        if (answer.result === 'SUCCESS') outcomes.cashierAccepted += 1;
        else {
          expect(answer.result).toBe('SELF_LIMIT_REACHED');
          outcomes.cashierRefused += 1;
        }
      });
    await Promise.all([
      ...limited.flatMap((player, index) => {
        if (index % 2 === 1) return [...codeChecks(player), ...cashierRequests(player)];
        const requests = cashierRequests(player);
        return [...requests, Promise.race(requests).then(() => Promise.all(codeChecks(player)))];
      }),
      ...late.map(async ({ player, sessionId }) => {
        const code = await identify(sessionId, player.personid);
        if (code === null) outcomes.bankRefused += 1;
        else if ((await verify(sessionId, code)) === 'paid') outcomes.pnpPaid += 1;
        else outcomes.pnpRefused += 1;
      }),
    ]);

    // No limit exceeded: the deposits of the day (paid, or waiting for the provider) of every path.
    for (const player of limited) {
      const rows = await db
        .selectFrom('wallet_transactions')
        .select(['amount', 'status'])
        .where('player_id', '=', player.id)
        .where('type', '=', 'DEPOSIT')
        .where('status', 'in', ['PENDING', 'SUCCESS'])
        .execute();
      const total = rows.reduce((sum, row) => sum + toCents(row.amount), 0n);
      expect(total).toBeLessThanOrEqual(LIMIT_CENTS);
      // What pay and play paid is in MAIN; the cashier's requests are still PENDING (not credited).
      const paid = rows.filter((row) => row.status === 'SUCCESS').reduce((sum, row) => sum + toCents(row.amount), 0n);
      expect((await playerBalances(db, player.id, 'EUR')).MAIN).toBe(paid);
    }
    // Every code check the limits refused was refunded once, and credited nothing.
    expect(refunded).toHaveLength(outcomes.pnpRefused);
    expect(new Set(refunded).size).toBe(refunded.length);
    const credited = await db.selectFrom('ledger_transactions').select('idempotency_key').where('idempotency_key', 'in', refunded.length > 0 ? refunded : ['-']).execute();
    expect(credited).toEqual([]);
    expect((await sql<{ account: string }>`select account from ledger_account_drift`.execute(db)).rows).toEqual([]);

    console.log(`deposit limit race: ${JSON.stringify(outcomes)}`);
    // The race was real: both paths won some and were refused some.
    expect(outcomes.pnpPaid).toBeGreaterThan(0);
    expect(outcomes.cashierAccepted).toBeGreaterThan(0);
    expect(outcomes.pnpRefused + outcomes.bankRefused).toBeGreaterThan(0);
    expect(outcomes.cashierRefused).toBeGreaterThan(0);
  }, 240_000);
});
