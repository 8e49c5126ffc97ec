import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { parseMoney, type TransactionCategory } from '../../machines/lib/wallet';
import type { AccessDetails } from '../../src/api/player';
import {
  GAME_VERTICALS,
  operationAnswerSchema,
  type BalanceAnswer,
  type GameOperationRequest,
  type GameOperationResult,
  type GameVertical,
  type OperationAnswer,
  type RollbackRequest,
} from '../contract/provider-wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { accessDetailsFor } from '../platform/account-status';
import { storeAnswer, storedAnswer, type IdempotentCall } from '../platform/idempotency';
import { fromCents, gameAccount, lockWallet, playerAccount, playerBalances, postOnWallet, recordHistory, toCents, type LockedWallet } from '../platform/ledger';
import { createPlayerStore, type Player } from '../platform/players';
import { inTransaction } from '../repositories/transaction';
import { findExternalTransaction, setTransactionStatus } from '../repositories/wallet-transactions';
import { withdrawWholeBalance } from './cashier';
import { stakePassesSpendLimit } from './limits';
import { readWallet, walletNotFound, wireMoney } from './wallet';

// The seamless wallet of the game providers (issue 11; the contract is
// server/contract/provider-wallet.ts): a bet takes the amount from the player's MAIN to the house's
// game account of its vertical (NOT_ENOUGH_FUNDS above MAIN, RESTRICTED while the player may not
// play the vertical, SELF_SPEND_LIMIT_REACHED past a spend limit: issue 13), a win pays from it, a rollback voids a bet (the bet REVERTED, a BET_VOID row
// gives the amount back). Each call is idempotent by the provider's transaction id, and runs with
// the player's wallet locked. Bets are paid from MAIN only: bonus money comes with the bonus issue.

export interface GameWalletDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

/** The access flag a vertical's bets need (product.md §3 access flags). */
const ACCESS_OF: Readonly<Record<GameVertical, keyof AccessDetails>> = {
  CASINO: 'casino',
  LIVE_CASINO: 'liveCasino',
  SPORTS: 'sports',
  VIRTUAL_SPORTS: 'virtualSports',
};

/** A vertical is its bets' and wins' history category. */
const CATEGORY_OF: Readonly<Record<GameVertical, TransactionCategory>> = {
  CASINO: 'CASINO',
  LIVE_CASINO: 'LIVE_CASINO',
  SPORTS: 'SPORTS',
  VIRTUAL_SPORTS: 'VIRTUAL_SPORTS',
};

/** A provider's transaction id in the history: unique per provider, not across them. */
const externalIdOf = (provider: string, transactionId: string) => `${provider}:${transactionId}`;

async function playerOf(deps: GameWalletDeps, playerId: number): Promise<Player> {
  const player = await createPlayerStore(deps.db, deps.clock).findById(playerId);
  if (!player) throw walletNotFound();
  return player;
}

async function lockedWallet(trx: Kysely<Database>, playerId: number): Promise<LockedWallet> {
  const wallet = await lockWallet(trx, playerId);
  if (!wallet) throw walletNotFound();
  return wallet;
}

/** The amount in cents, in the wallet's currency; 400 otherwise. */
function amountOf(wallet: LockedWallet, request: { amount: string; currency: string }): bigint {
  if (request.currency !== wallet.currency) throw validationError([{ field: 'currency', code: FIELD_CODES.currency }]);
  const cents = parseMoney(request.amount, wallet.currency);
  if (cents === null || cents === 0) throw validationError([{ field: 'amount', code: FIELD_CODES.amount }]);
  return BigInt(cents);
}

function callOf(request: { provider: string; playerId: number; transactionId: string }, params: IdempotentCall['params']): IdempotentCall {
  return { scope: `provider:${request.provider}`, key: request.transactionId, playerId: request.playerId, params };
}

/**
 * Why a bet is refused, or null: the vertical's access, then the player's spend (loss) limits (issue
 * 13: taken as lost, the stake may not take the period's loss past a limit), then MAIN. A win or a
 * rollback is never refused.
 */
async function betRefusal(
  trx: Kysely<Database>,
  player: Player,
  vertical: GameVertical,
  cents: bigint,
  main: bigint,
  now: Date,
): Promise<GameOperationResult | null> {
  if (!accessDetailsFor(player)[ACCESS_OF[vertical]]) return 'RESTRICTED';
  if (await stakePassesSpendLimit(trx, player.id, cents, now)) return 'SELF_SPEND_LIMIT_REACHED';
  return main < cents ? 'NOT_ENOUGH_FUNDS' : null;
}

/** POST /balance. */
export async function gameBalance(deps: GameWalletDeps, request: { provider: string; playerId: number }): Promise<BalanceAnswer> {
  const wallet = await readWallet(deps.db, request.playerId);
  if (!wallet) throw walletNotFound();
  return { playerId: request.playerId, currency: wallet.currency, balance: wallet.balanceMap.MAIN.cash, version: wallet.version };
}

/** POST /bet and /win. */
export async function gameOperation(deps: GameWalletDeps, kind: 'bet' | 'win', request: GameOperationRequest): Promise<OperationAnswer> {
  await playerOf(deps, request.playerId);
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, request.playerId);
    // The player is read again under the wallet's lock: a break (server/services/breaks.ts) takes
    // that lock too, so a bet that waited for it sees the break and is refused.
    const player = await playerOf({ ...deps, db: trx }, request.playerId);
    const cents = amountOf(wallet, request);
    const call = callOf(request, { kind, roundId: request.roundId, gameId: request.gameId, vertical: request.vertical, amount: fromCents(cents) });
    const stored = await storedAnswer(trx, call, operationAnswerSchema);
    if (stored) return stored;

    const balances = await playerBalances(trx, request.playerId, wallet.currency);
    const refusal = kind === 'bet' ? await betRefusal(trx, player, request.vertical, cents, balances.MAIN, now) : null;
    if (refusal !== null) {
      // Stored like an effect: the provider's retry of a refused bet is refused the same way.
      const refused: OperationAnswer = {
        result: refusal,
        transactionId: request.transactionId,
        referenceId: null,
        currency: wallet.currency,
        balance: wireMoney(balances.MAIN, wallet.currency),
      };
      await storeAnswer(trx, call, refused, now);
      return refused;
    }

    const signed = kind === 'bet' ? -cents : cents;
    const history = await recordHistory(trx, wallet, {
      category: CATEGORY_OF[request.vertical],
      type: kind === 'bet' ? 'BET' : 'WIN',
      status: 'SUCCESS',
      amount: signed,
      balanceAfter: balances.MAIN + signed,
      externalId: externalIdOf(request.provider, request.transactionId),
      at: now,
    });
    const { balances: after } = await postOnWallet(
      trx,
      wallet,
      {
        idempotencyKey: `${kind}:${request.provider}:${request.transactionId}`,
        kind: kind === 'bet' ? 'BET' : 'WIN',
        cents,
        entries: [
          { account: playerAccount(request.playerId, 'MAIN'), cents: signed },
          { account: gameAccount(CATEGORY_OF[request.vertical]), cents: -signed },
        ],
        reference: history.reference_id,
        walletTransactionId: history.id,
      },
      balances,
    );
    // A round placed before a self-exclusion can pay after it (a live table settles later): the
    // exclusion returned the balance (breaks.ts), so the late win goes back to the player too
    // rather than sit in an account they cannot log in to (GLI-19: the player keeps their money).
    const returned = kind === 'win' && player.status === 'SELF_EXCLUDED' ? await withdrawWholeBalance(trx, wallet, player, now) : null;
    const answer: OperationAnswer = {
      result: 'SUCCESS',
      transactionId: request.transactionId,
      referenceId: history.reference_id,
      currency: wallet.currency,
      balance: wireMoney(returned === null ? after.MAIN : 0n, wallet.currency),
    };
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
}

/**
 * POST /rollback: voids a bet of this provider (BET_VOID gives the amount back; the bet becomes
 * REVERTED). A bet void already answers SUCCESS without moving money again (referenceId null).
 */
export async function rollbackBet(deps: GameWalletDeps, request: RollbackRequest): Promise<OperationAnswer> {
  await playerOf(deps, request.playerId);
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, request.playerId);
    const call = callOf(request, { kind: 'rollback', betTransactionId: request.betTransactionId });
    const stored = await storedAnswer(trx, call, operationAnswerSchema);
    if (stored) return stored;

    const bet = await findExternalTransaction(trx, request.playerId, externalIdOf(request.provider, request.betTransactionId), 'BET');
    if (!bet) throw new HttpError(404, ERROR_CODES.notFound, 'No such bet of this provider and player.');
    const balances = await playerBalances(trx, request.playerId, wallet.currency);
    let answer: OperationAnswer;
    if (bet.status === 'REVERTED') {
      answer = {
        result: 'SUCCESS',
        transactionId: request.transactionId,
        referenceId: null,
        currency: wallet.currency,
        balance: wireMoney(balances.MAIN, wallet.currency),
      };
    } else {
      const cents = -toCents(bet.amount);
      const category = CATEGORY_OF[v.parse(v.picklist(GAME_VERTICALS), bet.category)];
      const history = await recordHistory(trx, wallet, {
        category,
        type: 'BET_VOID',
        status: 'SUCCESS',
        amount: cents,
        balanceAfter: balances.MAIN + cents,
        externalId: externalIdOf(request.provider, request.transactionId),
        relatedId: bet.id,
        at: now,
      });
      const { balances: after } = await postOnWallet(
        trx,
        wallet,
        {
          idempotencyKey: `rollback:${request.provider}:${request.transactionId}`,
          kind: 'ROLLBACK',
          cents,
          entries: [
            { account: playerAccount(request.playerId, 'MAIN'), cents },
            { account: gameAccount(category), cents: -cents },
          ],
          reference: bet.reference_id,
          walletTransactionId: history.id,
        },
        balances,
      );
      await setTransactionStatus(trx, bet.id, { status: 'REVERTED', at: now });
      answer = {
        result: 'SUCCESS',
        transactionId: request.transactionId,
        referenceId: history.reference_id,
        currency: wallet.currency,
        balance: wireMoney(after.MAIN, wallet.currency),
      };
    }
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
}
