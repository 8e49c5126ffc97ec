import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationAnswerSchema, type OperationAnswer } from '../../server/contract/provider-wallet';
import { HttpError } from '../../server/http/errors';
import { activeBetBonus } from '../../server/repositories/bonus-wagering';
import { inTransaction } from '../../server/repositories/transaction';
import { endWithForfeit } from '../../server/services/bonuses';
import { creditWallet, type PlayerCashierDeps } from '../../server/services/cashier';
import { BONUS_FUNDING_ACCOUNT, balance, fromCents, lockWallet, playerBalances, toCents } from '../../server/services/ledger';
import { createPlayerStore } from '../../server/services/players';
import { simulatedPaymentProvider } from '../../server/providers/simulated-payments';
import { giveBonus, testCampaign } from './helpers/bonus-money';
import { json, startTestPlatform, TEST_DATABASE_URL, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, providerCall } from './helpers/wallet';

// Issue 24's concurrency (pattern: wallet-concurrency.test.ts): many clients at once place bets
// (cash first, then bonus), wins and rollbacks through the game providers' HTTP API, and claim and
// forfeit bonuses through the engine, on a few players, retrying the same keys (a duplicate sent while
// the first is in flight, or after it; a claim's retry may be refused where the first was credited, as
// the forfeit-then-claim flow needs, but a key never credits twice). Money is conserved (the house's game accounts moved by what
// the clients were answered, the players' and the operator's bonus account by the rest), no player
// account goes below zero, every transaction is zero-sum, one active bonus per player and vertical,
// no bonus money without one, and no bonus is credited twice: on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.

const CLIENTS = 24;
const OPERATIONS_PER_CLIENT = 16;
const PLAYERS = 4;
const START_CENTS = 20_000n;

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let deps: PlayerCashierDeps;
const players: number[] = [];
const campaigns: string[] = [];

beforeAll(async () => {
  platform = await startTestPlatform();
  const clock = () => new Date();
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET });
  deps = { db: platform.database.db, clock, providers: { payments: simulatedPaymentProvider({ db: platform.database.db, clock }) }, settings: platform.settings };
  const { db } = platform.database;
  campaigns.push(await testCampaign(db, { wrMultiplier: 2 }));
  campaigns.push(await testCampaign(db, { wrMultiplier: 3, bonusType: 'STICKY' }));
  campaigns.push(await testCampaign(db, { vertical: 'LIVE_CASINO', wrMultiplier: 2 }));
  const store = createPlayerStore(db);
  for (let index = 0; index < PLAYERS; index += 1) {
    const player = await store.create({ email: `bonus.concurrent.${String(index)}@example.com`, country_code: 'FI', language_code: 'fi', currency_code: 'EUR', status: 'REGISTERED' });
    await creditWallet(deps, { playerId: player.id, amount: fromCents(START_CENTS), idempotencyKey: `bonus-start-${String(player.id)}` });
    players.push(player.id);
  }
}, 60_000);
afterAll(async () => {
  await platform.close();
});

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

const SEED = Number(process.env.BONUS_CONCURRENCY_SEED ?? 20_261_129);

async function providerAnswer(operation: string, body: unknown): Promise<OperationAnswer> {
  const response = await providerCall(app, operation, body);
  if (response.status !== 200) throw new Error(`${operation}: ${String(response.status)} ${await response.text()}`);
  return v.parse(operationAnswerSchema, await json(response));
}

/** The same request again while the first is in flight, or after it: the answers are the same. */
async function withRetries<T>(random: () => number, send: () => Promise<T>): Promise<T> {
  const roll = random();
  if (roll < 0.3) {
    const [first, second] = await Promise.all([send(), send()]);
    expect(second).toEqual(first);
    return second;
  }
  const first = await send();
  if (roll < 0.55) expect(await send()).toEqual(first);
  return first;
}

/** What the house's game accounts moved by, as the clients were answered. */
interface Observed {
  staked: bigint;
  paid: bigint;
  voided: bigint;
}

async function client(index: number, observed: Observed, counts: Map<string, number>): Promise<void> {
  const random = generator(SEED + index);
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const bets: { playerId: number; transactionId: string; roundId: string; vertical: string; cents: bigint }[] = [];
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1);
  const { db } = platform.database;

  for (let step = 0; step < OPERATIONS_PER_CLIENT; step += 1) {
    const key = `bc${String(index)}-${String(step)}`;
    const playerId = pick(players);
    const roll = random();
    if (roll < 0.4) {
      const cents = BigInt(1 + Math.floor(random() * 6_000));
      const vertical = pick(['CASINO', 'CASINO', 'LIVE_CASINO']);
      const body = { playerId, transactionId: key, roundId: `r${key}`, gameId: 'g', vertical, amount: fromCents(cents), currency: 'EUR' };
      const answer = await withRetries(random, () => providerAnswer('bet', body));
      if (answer.result === 'SUCCESS') {
        observed.staked += cents;
        bets.push({ playerId, transactionId: key, roundId: body.roundId, vertical, cents });
        count('bet');
      } else {
        expect(answer.result).toBe('NOT_ENOUGH_FUNDS');
        count('refused');
      }
    } else if (roll < 0.6) {
      const bet = bets.shift();
      if (!bet) continue;
      const cents = BigInt(1 + Math.floor(random() * Number(bet.cents) * 3));
      const body = { playerId: bet.playerId, transactionId: key, roundId: bet.roundId, gameId: 'g', vertical: bet.vertical, amount: fromCents(cents), currency: 'EUR' };
      expect((await withRetries(random, () => providerAnswer('win', body))).result).toBe('SUCCESS');
      observed.paid += cents;
      count('win');
    } else if (roll < 0.7) {
      const bet = bets.shift();
      if (!bet) continue;
      const body = { playerId: bet.playerId, transactionId: key, betTransactionId: bet.transactionId, roundId: bet.roundId };
      expect((await withRetries(random, () => providerAnswer('rollback', body))).result).toBe('SUCCESS');
      observed.voided += bet.cents;
      count('rollback');
    } else if (roll < 0.88) {
      // A claim, retried with its key: the engine credits it once (or refuses it, or queues it, alike each time).
      const campaign = pick(campaigns);
      const cents = BigInt(500 + Math.floor(random() * 5_000));
      const queue = random() < 0.5;
      const claim = () =>
        giveBonus(db, playerId, campaign, fromCents(cents), { creditKey: `claim-${key}`, queue }).then(
          (outcome) => (outcome.outcome === 'ACTIVATED' ? `ACTIVATED ${String(outcome.assignment.id)}` : `QUEUED ${String(outcome.queued.id)}`),
          (error: unknown) => {
            if (error instanceof HttpError && error.status === 409) return `refused ${error.code}`;
            throw error;
          },
        );
      // A refusal is not kept against the key (the forfeit-then-claim flow claims again after one), so
      // a retry may be refused while another client's forfeit or conversion is under way, or succeed
      // after it; what never happens is a key credited twice, or two different answers that both credit.
      const answers = random() < 0.5 ? await Promise.all([claim(), claim()]) : [await claim(), await claim()];
      const credited = new Set(answers.filter((answer) => !answer.startsWith('refused')));
      expect(credited.size).toBeLessThanOrEqual(1);
      count([...credited][0]?.split(' ')[0] ?? 'refused');
    } else {
      // A forfeit of the player's active bonus, sent twice at once: it ends once.
      const vertical = pick(['CASINO', 'LIVE_CASINO']);
      const active = await activeBetBonus(db, playerId, vertical);
      if (!active) continue;
      const forfeit = () =>
        inTransaction(db, async (trx) => {
          const wallet = await lockWallet(trx, playerId);
          if (!wallet) throw new Error('no wallet');
          return (await endWithForfeit(trx, wallet, active, 'FORFEITED', new Date())) !== undefined;
        });
      const [a, b] = await Promise.all([forfeit(), forfeit()]);
      expect([a, b].filter(Boolean).length).toBeLessThanOrEqual(1);
      count('forfeit');
    }
  }
}

describe(`bonus money under concurrency (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('conserves money, keeps one active bonus per vertical and credits no bonus twice', async () => {
    const { db } = platform.database;
    const observed: Observed = { staked: 0n, paid: 0n, voided: 0n };
    const counts = new Map<string, number>();
    const operatorBefore = toCents(await balance(db, BONUS_FUNDING_ACCOUNT, 'EUR'));
    await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index, observed, counts)));

    // Every transaction zero-sum, no player account below zero, running totals equal the sums.
    const unbalanced = await db.selectFrom('ledger_entries').select('transaction_id').groupBy('transaction_id').having(sql`sum(amount)`, '!=', 0).execute();
    expect(unbalanced).toEqual([]);
    const negative = await db.selectFrom('ledger_entries').select('account').where('account', 'like', 'player:%').where('balance_after', '<', '0').execute();
    expect(negative).toEqual([]);
    expect((await sql<{ account: string }>`select account from ledger_account_drift`.execute(db)).rows).toEqual([]);

    // Money conserved: the game accounts moved by exactly what the clients were answered; the
    // players' money plus the operator's bonus account is what they started with plus that.
    const games = await db.selectFrom('ledger_entries').select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum')).where('account', 'like', 'games:%').executeTakeFirstOrThrow();
    expect(toCents(games.sum)).toBe(observed.staked - observed.paid - observed.voided);
    let playersTotal = 0n;
    for (const id of players) {
      const balances = await playerBalances(db, id, 'EUR');
      playersTotal += balances.MAIN + balances.LOCKED + balances.BONUS.CASINO + balances.BONUS.LIVE_CASINO + balances.BONUS.SPORTS;
      // One active bonus per vertical, and no bonus money without one.
      const active = await db.selectFrom('bonus_assignments').select('wallet_vertical').where('player_id', '=', id).where('state', '=', 'ACTIVATED').execute();
      const verticals = active.map((row) => row.wallet_vertical);
      expect(new Set(verticals).size).toBe(verticals.length);
      for (const each of ['CASINO', 'LIVE_CASINO'] as const) if (!verticals.includes(each)) expect(balances.BONUS[each]).toBe(0n);
    }
    const operatorNow = toCents(await balance(db, BONUS_FUNDING_ACCOUNT, 'EUR'));
    expect(playersTotal + (operatorNow - operatorBefore)).toBe(START_CENTS * BigInt(PLAYERS) - (observed.staked - observed.paid - observed.voided));

    // No bonus credited twice: one BONUS_CREDIT per assignment, one assignment per credit key.
    const credits = await db
      .selectFrom('ledger_transactions')
      .select(['reference', sql<string>`count(*)::text`.as('n')])
      .where('kind', '=', 'BONUS_CREDIT')
      .groupBy('reference')
      .execute();
    expect(credits.filter((row) => row.n !== '1')).toEqual([]);
    const assignments = await db.selectFrom('bonus_assignments').select(['id', 'campaign_id']).where('player_id', 'in', players).execute();
    expect(new Set(credits.map((row) => row.reference))).toEqual(new Set(assignments.map((row) => `${row.campaign_id}:${String(row.id)}`)));
    // A claim key either queued or credited its bonus, never both.
    const keys = await db.selectFrom('bonus_assignments').select('credit_key').where('player_id', 'in', players).execute();
    const queuedKeys = await db.selectFrom('bonus_queued').select('credit_key').where('player_id', 'in', players).execute();
    const assigned = new Set(keys.map((row) => row.credit_key));
    expect(queuedKeys.filter((row) => assigned.has(row.credit_key))).toEqual([]);
    const conversions = await db
      .selectFrom('ledger_transactions')
      .select(['reference', sql<string>`count(*)::text`.as('n')])
      .where('kind', 'in', ['BONUS_CONVERSION', 'BONUS_FORFEIT'])
      .groupBy('reference')
      .execute();
    expect(conversions.filter((row) => row.n !== '1')).toEqual([]);

    // The run did what it is about.
    expect(counts.get('bet') ?? 0).toBeGreaterThan(20);
    expect(counts.get('ACTIVATED') ?? 0).toBeGreaterThan(3);
    expect(counts.get('forfeit') ?? 0).toBeGreaterThan(0);
    const bonusBets = await db.selectFrom('bonus_bet_parts').select(sql<string>`count(*)::text`.as('n')).where('bonus', '>', '0').executeTakeFirstOrThrow();
    expect(Number(bonusBets.n)).toBeGreaterThan(0);
  }, 240_000);
});
