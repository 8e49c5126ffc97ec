import * as fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpError } from '../../server/http/errors';
import { fromCents, playerBalances, postDeposit, toCents } from '../../server/services/ledger';
import { createPlayerStore } from '../../server/services/players';
import { simulatedPaymentProvider } from '../../server/providers/simulated-payments';
import { cancelWithdrawal, creditWallet, payOutPendingWithdrawals, requestWithdrawal, type PlayerCashierDeps } from '../../server/services/cashier';
import { gameOperation, rollbackBet } from '../../server/services/game-wallet';
import { DEFAULT_WIN_MULTIPLIER } from '../../server/contract/provider-wallet';
import { randomSecret, sha256Hex } from '../../server/crypto/secrets';
import { insertGameSession } from '../../server/repositories/game-sessions';
import { startTestPlatform, type TestPlatform } from './helpers/platform';

// Ledger properties (issue 11 "Tests and figures"): random sequences of wallet operations (credits,
// deposits, bets, wins, rollbacks, withdrawals, cancellations, payouts, and replays of a key with the
// same or other parameters) keep every ledger transaction zero-sum, never take a player's account
// below zero, post each effect once, and leave each player's MAIN and LOCKED where a plain model of
// the rules says. Issue 20: the model keeps the rounds' books too (a win only for a round with a
// bet and within the provider's bound, no rollback of a paid round), and the wallet must agree.

let platform: TestPlatform;
let deps: PlayerCashierDeps;

beforeAll(async () => {
  platform = await startTestPlatform();
  const clock = () => new Date();
  deps = { db: platform.database.db, clock, providers: { payments: simulatedPaymentProvider({ db: platform.database.db, clock }) }, settings: platform.settings };
});
afterAll(async () => {
  await platform.close();
});

type Op =
  | { kind: 'credit' | 'deposit'; player: number; cents: number }
  | { kind: 'bet' | 'win'; player: number; cents: number; vertical: 'CASINO' | 'LIVE_CASINO' | 'SPORTS' | 'VIRTUAL_SPORTS' }
  | { kind: 'rollback'; player: number; pick: number }
  | { kind: 'withdraw'; player: number; cents: number }
  | { kind: 'cancel'; player: number; pick: number }
  | { kind: 'payout'; player: number }
  | { kind: 'replay'; sameParameters: boolean };

const PLAYERS = 3;
const player = fc.nat({ max: PLAYERS - 1 });
const vertical = fc.constantFrom('CASINO', 'LIVE_CASINO', 'SPORTS', 'VIRTUAL_SPORTS' as const);
const op: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constantFrom('credit' as const, 'deposit' as const), player, cents: fc.integer({ min: 1, max: 50_000 }) }),
  fc.record({ kind: fc.constantFrom('bet' as const, 'win' as const), player, cents: fc.integer({ min: 1, max: 20_000 }), vertical }),
  fc.record({ kind: fc.constant('rollback' as const), player, pick: fc.nat() }),
  fc.record({ kind: fc.constant('withdraw' as const), player, cents: fc.integer({ min: 2_000, max: 30_000 }) }),
  fc.record({ kind: fc.constant('cancel' as const), player, pick: fc.nat() }),
  fc.record({ kind: fc.constant('payout' as const), player }),
  fc.record({ kind: fc.constant('replay' as const), sameParameters: fc.boolean() }),
);

interface Model {
  main: bigint;
  locked: bigint;
  /** Successful bets not rolled back: transaction id -> cents and round. */
  bets: Map<string, { cents: bigint; roundId: string }>;
  /** The player's rounds (issue 20: a win needs a round with a bet, within the bound; a paid round is not rolled back). */
  rounds: Map<string, { vertical: string; staked: bigint; won: bigint; status: 'OPEN' | 'SETTLED' | 'ROLLED_BACK' }>;
  /** Pending withdrawals: reference -> cents. */
  pending: Map<string, bigint>;
}

let run = 0;
const PROVIDER = 'prop';

/** A login of the player and a game session of it, as a real-money launch makes one. */
async function openGame(playerId: number): Promise<string> {
  const sessionId = randomSecret(32);
  const now = new Date();
  await deps.db
    .insertInto('sessions')
    .values({ id: sessionId, player_id: playerId, cookie_hash: sha256Hex(sessionId), login_method: 'PASSWORD', created_at: now, last_seen_at: now, last_auth_at: null })
    .execute();
  const token = randomSecret(32);
  await insertGameSession(deps.db, { tokenHash: sha256Hex(token), sessionId, playerId, provider: PROVIDER, gameId: 'g', at: now });
  return token;
}

describe('the ledger under random operations', () => {
  it('keeps every transaction zero-sum, no account below zero, each effect once, and the balances of the model', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 40 }), async (ops) => {
        run += 1;
        const store = createPlayerStore(deps.db);
        const ids: number[] = [];
        for (let index = 0; index < PLAYERS; index += 1) {
          const created = await store.create({ email: `prop.${String(run)}.${String(index)}@example.com`, country_code: 'FI', language_code: 'fi', currency_code: 'EUR', status: 'REGISTERED' });
          ids.push(created.id);
        }
        const models: Model[] = ids.map(() => ({ main: 0n, locked: 0n, bets: new Map(), rounds: new Map(), pending: new Map() }));
        // Each player is logged in with a game open: the bets carry its game session token.
        const sessionTokens: string[] = [];
        for (const id of ids) sessionTokens.push(await openGame(id));
        let sequence = 0;
        const key = () => `p${String(run)}-${String((sequence += 1))}`;
        /** The last call whose answer was stored, to replay with its key (the same or other parameters). */
        let last: { call: (changed: boolean) => Promise<unknown> } | null = null;

        for (const step of ops) {
          if (step.kind === 'replay') {
            if (!last) continue;
            if (step.sameParameters) {
              await last.call(false); // answered from the store: nothing moves
            } else {
              await expect(last.call(true)).rejects.toSatisfy((error) => error instanceof HttpError && error.status === 409);
            }
            continue;
          }
          const playerId = ids[step.player] ?? 0;
          const model = models[step.player] as Model;
          switch (step.kind) {
            case 'credit': {
              const k = key();
              const call = (changed: boolean) => creditWallet(deps, { playerId, amount: fromCents(BigInt(step.cents + (changed ? 1 : 0))), idempotencyKey: k });
              await call(false);
              model.main += BigInt(step.cents);
              last = { call };
              break;
            }
            case 'deposit': {
              const k = key();
              await postDeposit(deps.db, { playerId, amount: fromCents(BigInt(step.cents)), currency: 'EUR', idempotencyKey: k });
              await postDeposit(deps.db, { playerId, amount: fromCents(BigInt(step.cents)), currency: 'EUR', idempotencyKey: k });
              model.main += BigInt(step.cents);
              last = null;
              break;
            }
            case 'bet': {
              // Each bet opens a round of its own, in the player's open game.
              const transactionId = key();
              const roundId = `r-${transactionId}`;
              const request = (changed: boolean) => ({
                playerId,
                sessionToken: sessionTokens[step.player] ?? '',
                transactionId,
                roundId,
                gameId: 'g',
                vertical: step.vertical,
                amount: fromCents(BigInt(step.cents + (changed ? 1 : 0))),
                currency: 'EUR',
              });
              const call = (changed: boolean) => gameOperation(deps, PROVIDER, 'bet', request(changed));
              const answer = await call(false);
              const cents = BigInt(step.cents);
              expect(answer.result).toBe(model.main >= cents ? 'SUCCESS' : 'NOT_ENOUGH_FUNDS');
              if (answer.result === 'SUCCESS') {
                model.main -= cents;
                model.bets.set(transactionId, { cents, roundId });
                model.rounds.set(roundId, { vertical: step.vertical, staked: cents, won: 0n, status: 'OPEN' });
              }
              last = { call };
              break;
            }
            case 'win': {
              // A win names one of the player's rounds of its vertical (none: refused, nothing paid).
              const rounds = [...model.rounds.entries()].filter(([, round]) => round.vertical === step.vertical);
              const target = rounds[step.cents % Math.max(rounds.length, 1)];
              const transactionId = key();
              const roundId = target?.[0] ?? `r-none-${transactionId}`;
              const request = (changed: boolean) => ({
                playerId,
                transactionId,
                roundId,
                gameId: 'g',
                vertical: step.vertical,
                amount: fromCents(BigInt(step.cents + (changed ? 1 : 0))),
                currency: 'EUR',
              });
              const call = (changed: boolean) => gameOperation(deps, PROVIDER, 'win', request(changed));
              const cents = BigInt(step.cents);
              const round = target?.[1];
              const refusal =
                round === undefined || round.status === 'ROLLED_BACK'
                  ? round === undefined
                    ? 'error.round.not_found'
                    : 'error.round.closed'
                  : round.won + cents > round.staked * BigInt(DEFAULT_WIN_MULTIPLIER)
                    ? 'error.win.limit_exceeded'
                    : null;
              if (refusal !== null) {
                await expect(call(false)).rejects.toSatisfy((error) => error instanceof HttpError && error.code === refusal);
                last = null;
                break;
              }
              await call(false);
              model.main += cents;
              if (round) {
                round.won += cents;
                round.status = 'SETTLED';
              }
              last = { call };
              break;
            }
            case 'rollback': {
              const open = [...model.bets.entries()];
              const target = open[step.pick % Math.max(open.length, 1)];
              if (!target) break;
              const [betId, bet] = target;
              const round = model.rounds.get(bet.roundId);
              const transactionId = key();
              const call = (changed: boolean) =>
                rollbackBet(deps, PROVIDER, { playerId, transactionId, betTransactionId: changed ? `${betId}x` : betId, roundId: bet.roundId });
              if (round?.status === 'SETTLED') {
                // The contract keeps a paid round: its bet is not rolled back.
                await expect(call(false)).rejects.toSatisfy((error) => error instanceof HttpError && error.code === 'error.round.settled');
                last = null;
                break;
              }
              expect((await call(false)).result).toBe('SUCCESS');
              model.main += bet.cents;
              model.bets.delete(betId);
              if (round) {
                round.staked -= bet.cents;
                if (round.staked === 0n) round.status = 'ROLLED_BACK';
              }
              last = { call };
              break;
            }
            case 'withdraw': {
              const idempotencyKey = key();
              const call = (changed: boolean) =>
                requestWithdrawal(deps, playerId, { amount: fromCents(BigInt(step.cents + (changed ? 1 : 0))), methodId: 'visa', idempotencyKey });
              const answer = await call(false);
              const cents = BigInt(step.cents);
              expect(answer.result).toBe(model.main >= cents ? 'SUCCESS' : 'NOT_ENOUGH_FUNDS');
              if (answer.result === 'SUCCESS' && answer.referenceId !== null) {
                model.main -= cents;
                model.locked += cents;
                model.pending.set(answer.referenceId, cents);
              }
              last = { call };
              break;
            }
            case 'cancel': {
              const open = [...model.pending.entries()];
              const target = open[step.pick % Math.max(open.length, 1)];
              if (!target) break;
              const call = (changed: boolean) =>
                cancelWithdrawal(deps, playerId, { pendingWithdrawalId: target[0], amount: fromCents(target[1] + (changed ? 1n : 0n)), cancelByPlayer: true });
              const limited = await call(false).catch((error: unknown) => {
                if (error instanceof HttpError && error.code === 'error.withdrawal.cancel.limit_reached') return 'limited' as const;
                throw error;
              });
              if (limited === 'limited') {
                last = null;
                break;
              }
              model.main += target[1];
              model.locked -= target[1];
              model.pending.delete(target[0]);
              last = { call };
              break;
            }
            case 'payout': {
              await payOutPendingWithdrawals(deps, playerId);
              model.locked = 0n;
              model.pending.clear();
              last = null;
              break;
            }
          }
          const balances = await playerBalances(deps.db, playerId, 'EUR');
          expect({ main: balances.MAIN, locked: balances.LOCKED }).toEqual({ main: model.main, locked: model.locked });
        }
        // The balances read from the running totals (migration 0009) are the plain sums of the entries.
        expect((await sql<{ account: string }>`select account from ledger_account_drift`.execute(deps.db)).rows).toEqual([]);

        const unbalanced = await deps.db
          .selectFrom('ledger_entries')
          .select('transaction_id')
          .groupBy('transaction_id')
          .having(sql`sum(amount)`, '!=', 0)
          .execute();
        expect(unbalanced).toEqual([]);
        const negative = await deps.db
          .selectFrom('ledger_entries')
          .select('account')
          .where('account', 'like', 'player:%')
          .groupBy('account')
          .having(sql`sum(amount)`, '<', 0)
          .execute();
        expect(negative).toEqual([]);
        for (const [index, playerId] of ids.entries()) {
          const balances = await playerBalances(deps.db, playerId, 'EUR');
          expect(balances.MAIN).toBe(models[index]?.main);
          expect(balances.LOCKED).toBe(models[index]?.locked);
          // Each history row's MAIN after it is the running sum of the rows before it, and each
          // row was posted once (a paid-out withdrawal twice: the request and the payout).
          const rows = await deps.db
            .selectFrom('wallet_transactions as t')
            .select([
              't.id',
              't.type',
              't.status',
              sql<string>`t.amount::text`.as('amount'),
              sql<string>`t.balance_after::text`.as('after'),
              sql<string>`(select count(*) from ledger_transactions l where l.wallet_transaction_id = t.id)::text`.as('postings'),
            ])
            .where('t.player_id', '=', playerId)
            .orderBy('t.id')
            .execute();
          let running = 0n;
          for (const row of rows) {
            running += toCents(row.amount);
            expect(toCents(row.after)).toBe(running);
            expect(Number(row.postings)).toBe(row.type === 'WITHDRAW' && row.status === 'COMPLETED' ? 2 : 1);
          }
          expect(running).toBe(models[index]?.main);
        }
      }),
      { numRuns: 60 },
    );
    // 60 runs of up to 40 operations each, with their rounds and sessions: about 15 s on PGlite,
    // longer on PostgreSQL beside other test files; a cap, not a measurement.
  }, 120_000);
});
