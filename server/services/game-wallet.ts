import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { IDLE_LIMIT_MS } from '../../machines/lib/constants';
import { parseMoney, type TransactionCategory } from '../../machines/lib/wallet';
import type { AccessDetails } from '../../src/api/player';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../config';
import {
  GAME_VERTICALS,
  maxWinMultiplierOf,
  operationAnswerSchema,
  type BalanceAnswer,
  type BalanceRequest,
  type BetRequest,
  type GameOperationResult,
  type GameVertical,
  type OperationAnswer,
  type RollbackRequest,
  type WinRequest,
} from '../contract/provider-wallet';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { accessDetailsFor } from './account-status';
import { reserveKey, storeAnswer, storedAnswer, type IdempotentCall } from './idempotency';
import { fromCents, lockWallet, playerBalances, postOnWallet, recordHistory, toCents, type LockedWallet, type PlayerBalances } from './ledger';
import { createPlayerStore, type Player } from './players';
import { sha256Hex } from '../crypto/secrets';
import { changeRound, findRound, openRound, type GameRoundRow } from '../repositories/game-rounds';
import { findGameSession } from '../repositories/game-sessions';
import { inTransaction } from '../repositories/transaction';
import { findExternalTransaction, setTransactionStatus } from '../repositories/wallet-transactions';
import { withdrawWholeBalance } from './cashier';
import {
  activeBonusForBet,
  betEntries,
  bonusVerticalOfGame,
  mainChangeOf,
  playableCents,
  recordBonusBet,
  returnEntries,
  rollbackParts,
  splitStake,
  winParts,
} from './bonus-wagering';
import { stakePassesSpendLimit } from './limits';
import { readWallet, walletNotFound, wireMoney } from './wallet';

// The seamless wallet of the game providers (issues 11 and 20; the contract, with every rule a
// provider's developer needs, is server/contract/provider-wallet.ts). The route has checked the
// call's key and signature: `provider` is the key's. Here:
//
// - a balance or a bet needs the game session token of a live login (logout, idle, lifetime, a
//   break or a closure end it: 401 error.session.expired);
// - a bet takes the amount from the player's MAIN to the house's game account of its vertical
//   (NOT_ENOUGH_FUNDS above MAIN, RESTRICTED while the player may not play the vertical,
//   SELF_SPEND_LIMIT_REACHED past a spend limit: issue 13) and opens its round or joins it;
// - a win pays from the game account, only for a round of the same player and game that had a
//   bet, within the provider's bound, and settles the round;
// - a rollback voids a bet of an open round (the bet REVERTED, a BET_VOID row gives the amount
//   back); a settled round's bets are not rolled back; a rollback that comes before its bet moves
//   nothing and the bet, if it still comes, is refused.
// Each call is idempotent by the provider's transaction id and runs with the player's wallet
// locked, so one player's calls, deposits and limit changes run one after another. Issue 24: a bet
// draws on cash first, then on the active bonus of its vertical; a win of a bonus-funded round pays
// the bonus its share; a rollback returns each part where it came from; every bet in an allowed game
// advances the bonus's wagering, and converts it at 100 % (server/services/bonus-wagering.ts). The
// answers' balance is what the game can play with: MAIN and the bonus of the call's vertical.

export interface GameWalletDeps {
  db: Kysely<Database>;
  clock: () => Date;
  /** When a login is over (the platform's auth policy): idle and absolute limits. */
  sessionLimits?: { idleLimitMs: number; absoluteLifetimeMs: number } | undefined;
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
/** A bet's round in the history (wallet_transactions.game_round). */
const roundRefOf = (provider: string, roundId: string) => `${provider}:${roundId}`;

const sessionEnded = () =>
  new HttpError(401, ERROR_CODES.sessionExpired, "The player's session has ended (logged out, idle or closed): ask them to log in again.");
const betRolledBackFirst = () => new HttpError(409, ERROR_CODES.roundClosed, 'This bet was rolled back before it arrived: it takes nothing.');

/** A vertical as stored (a round's, a bet's category). */
const verticalOf = (stored: string): GameVertical => v.parse(v.picklist(GAME_VERTICALS), stored);

const roundNotFound = () => new HttpError(404, ERROR_CODES.roundNotFound, 'No bet of this provider, player and game in this round.');
const roundClosed = (status: string) => new HttpError(409, ERROR_CODES.roundClosed, `The round is ${status.toLowerCase().replace('_', ' ')}: it takes no more of this call.`);

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

/**
 * 401 error.session.expired unless the token is a game session of this provider and player whose
 * login is live now. An unknown token answers the same: a caller learns nothing of others' tokens.
 */
async function assertLiveGameSession(db: Kysely<Database>, deps: GameWalletDeps, provider: string, playerId: number, token: string, now: Date): Promise<void> {
  const limits = deps.sessionLimits ?? { idleLimitMs: IDLE_LIMIT_MS, absoluteLifetimeMs: SESSION_ABSOLUTE_LIFETIME_MS };
  const found = await findGameSession(db, { tokenHash: sha256Hex(token), provider, playerId, now, ...limits });
  if (!found?.live) throw sessionEnded();
}

/** The amount in cents, in the wallet's currency; 400 otherwise. */
function amountOf(wallet: LockedWallet, request: { amount: string; currency: string }): bigint {
  if (request.currency !== wallet.currency) throw validationError([{ field: 'currency', code: FIELD_CODES.currency }]);
  const cents = parseMoney(request.amount, wallet.currency);
  if (cents === null || cents === 0) throw validationError([{ field: 'amount', code: FIELD_CODES.amount }]);
  return BigInt(cents);
}

function callOf(provider: string, request: { playerId: number; transactionId: string }, params: IdempotentCall['params']): IdempotentCall {
  return { scope: `provider:${provider}`, key: request.transactionId, playerId: request.playerId, params };
}

/**
 * Why a bet is refused, or null: the vertical's access, then the player's spend (loss) limits (issue
 * 13: taken as lost, the stake may not take the period's loss past a limit), then the funds: MAIN and
 * the usable bonus (issue 24). A win or a rollback is never refused for the player's account.
 */
async function betRefusal(
  trx: Kysely<Database>,
  player: Player,
  vertical: GameVertical,
  cents: bigint,
  playable: bigint,
  now: Date,
): Promise<GameOperationResult | null> {
  if (!accessDetailsFor(player)[ACCESS_OF[vertical]]) return 'RESTRICTED';
  if (await stakePassesSpendLimit(trx, player.id, cents, now)) return 'SELF_SPEND_LIMIT_REACHED';
  return playable < cents ? 'NOT_ENOUGH_FUNDS' : null;
}

/** MAIN and the bonus of the call's vertical: what the game can play with (answers' balance). */
function answerBalance(balances: PlayerBalances, vertical: GameVertical): bigint {
  const bonusVertical = bonusVerticalOfGame(vertical);
  return balances.MAIN + (bonusVertical === null ? 0n : balances.BONUS[bonusVertical]);
}

/** Is the round this player's, in this game and vertical? */
const roundFits = (round: GameRoundRow, request: { playerId: number; gameId: string; vertical: string }) =>
  round.player_id === request.playerId && round.game_id === request.gameId && round.vertical === request.vertical;

/**
 * The round rules of a bet or a win, before anything moves (issue 20 "keeps a round's books"): a
 * bet opens a new round or joins an open one of the same player and game; a win needs a round of
 * the same player and game with a bet, not rolled back, and stays within the provider's bound.
 */
function checkRound(provider: string, kind: 'bet' | 'win', round: GameRoundRow | undefined, request: BetRequest | WinRequest, cents: bigint): void {
  if (kind === 'bet') {
    if (round === undefined) return;
    if (!roundFits(round, request)) throw roundClosed('another player’s or game’s');
    if (round.status !== 'OPEN') throw roundClosed(round.status);
    return;
  }
  if (round === undefined || !roundFits(round, request)) throw roundNotFound();
  if (round.status === 'ROLLED_BACK') throw roundClosed(round.status);
  const bound = toCents(round.staked) * BigInt(maxWinMultiplierOf(provider));
  if (toCents(round.won) + cents > bound) {
    throw new HttpError(
      409,
      ERROR_CODES.winLimitExceeded,
      `The round's wins may total at most ${String(maxWinMultiplierOf(provider))} times its stake (the provider's contract).`,
    );
  }
}

/** POST /balance, for a live game session: MAIN, or with the game's vertical what it may play with (MAIN and that vertical's bonus, as a bet's answer says). */
export async function gameBalance(deps: GameWalletDeps, provider: string, request: BalanceRequest): Promise<BalanceAnswer> {
  const wallet = await readWallet(deps.db, request.playerId);
  if (!wallet) throw walletNotFound();
  await assertLiveGameSession(deps.db, deps, provider, request.playerId, request.sessionToken, deps.clock());
  const balance = request.vertical === undefined ? wallet.balanceMap.MAIN.cash : wireMoney(answerBalance(await playerBalances(deps.db, request.playerId, wallet.currency), request.vertical), wallet.currency);
  return { playerId: request.playerId, currency: wallet.currency, balance, version: wallet.version };
}

/** POST /bet (a live game session's) and /win (of a round with a bet). */
export async function gameOperation(deps: GameWalletDeps, provider: string, kind: 'bet', request: BetRequest): Promise<OperationAnswer>;
export async function gameOperation(deps: GameWalletDeps, provider: string, kind: 'win', request: WinRequest): Promise<OperationAnswer>;
export async function gameOperation(deps: GameWalletDeps, provider: string, kind: 'bet' | 'win', request: BetRequest | WinRequest): Promise<OperationAnswer> {
  await playerOf(deps, request.playerId);
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, request.playerId);
    // The player is read again under the wallet's lock: a break (server/services/breaks.ts) takes
    // that lock too, so a bet that waited for it sees the break and is refused.
    const player = await playerOf({ ...deps, db: trx }, request.playerId);
    const cents = amountOf(wallet, request);
    const call = callOf(provider, request, { kind, roundId: request.roundId, gameId: request.gameId, vertical: request.vertical, amount: fromCents(cents) });
    // A replay is answered as it was, even after the session ended: the money moved then. A bet
    // whose rollback came first (the provider gave up waiting for its answer) is void: it must not
    // take the stake when it arrives late.
    const stored = await storedAnswer(trx, call, operationAnswerSchema, kind === 'bet' ? betRolledBackFirst : undefined);
    if (stored) return stored;

    if (kind === 'bet' && request.sessionToken !== undefined) await assertLiveGameSession(trx, deps, provider, request.playerId, request.sessionToken, now);
    const round = await findRound(trx, provider, request.roundId);
    checkRound(provider, kind, round, request, cents);

    // Issue 24: the bet's active bonus and the win's bonus share are settled before the balances are
    // read (an assignment past its expiry is expired first, which moves money).
    const bonus = kind === 'bet' ? await activeBonusForBet(trx, wallet, request.vertical, request.gameId, now) : null;
    const won = kind === 'win' && round !== undefined ? await winParts(trx, wallet, round, cents, now) : null;
    const balances = await playerBalances(trx, request.playerId, wallet.currency);
    const refusal = kind === 'bet' ? await betRefusal(trx, player, request.vertical, cents, playableCents(balances, bonus), now) : null;
    const parts = kind === 'bet' ? splitStake(cents, balances, bonus) : null;
    if (refusal !== null || (kind === 'bet' && parts === null)) {
      // Stored like an effect: the provider's retry of a refused bet is refused the same way.
      const refused: OperationAnswer = {
        result: refusal ?? 'NOT_ENOUGH_FUNDS',
        transactionId: request.transactionId,
        referenceId: null,
        currency: wallet.currency,
        balance: wireMoney(answerBalance(balances, request.vertical), wallet.currency),
      };
      await storeAnswer(trx, call, refused, now);
      return refused;
    }

    // The history row carries MAIN's change (the cash part); the ledger both parts.
    const mainChange = parts !== null ? -parts.cash : won !== null ? mainChangeOf(won) : cents;
    const category = CATEGORY_OF[request.vertical];
    const history = await recordHistory(trx, wallet, {
      category,
      type: kind === 'bet' ? 'BET' : 'WIN',
      status: 'SUCCESS',
      amount: mainChange,
      balanceAfter: balances.MAIN + mainChange,
      externalId: externalIdOf(provider, request.transactionId),
      gameRound: roundRefOf(provider, request.roundId),
      at: now,
    });
    const posted = await postOnWallet(
      trx,
      wallet,
      {
        idempotencyKey: `${kind}:${provider}:${request.transactionId}`,
        kind: kind === 'bet' ? 'BET' : 'WIN',
        cents,
        entries:
          parts !== null
            ? betEntries(request.playerId, category, parts, bonus)
            : returnEntries(request.playerId, category, won ?? { cash: cents, bonus: 0n, to: 'MAIN', vertical: null }),
        reference: history.reference_id,
        walletTransactionId: history.id,
      },
      balances,
    );
    let after = posted.balances;
    const roundKey = { provider, roundId: request.roundId };
    const bonusStaked = parts !== null && parts.bonus > 0n && bonus !== null ? { bonusStaked: fromCents(parts.bonus), bonusAssignmentId: bonus.row.id } : {};
    if (kind === 'win') await changeRound(trx, roundKey, { won: fromCents(cents), status: 'SETTLED', at: now });
    else if (round === undefined) {
      await openRound(trx, {
        ...roundKey,
        playerId: request.playerId,
        gameId: request.gameId,
        vertical: request.vertical,
        currency: wallet.currency,
        staked: fromCents(cents),
        at: now,
        ...bonusStaked,
      });
    } else await changeRound(trx, roundKey, { staked: fromCents(cents), status: 'OPEN', at: now, ...bonusStaked });
    if (parts !== null && bonus !== null) {
      const bet = { provider, transactionId: request.transactionId, roundId: request.roundId, stake: cents, bonusPart: parts.bonus, now };
      // A conversion (or the next queued bonus it credits) moved money: the answer reads it again.
      if (await recordBonusBet(trx, wallet, bonus, bet)) after = await playerBalances(trx, request.playerId, wallet.currency);
    }
    // A round placed before a self-exclusion can pay after it (a live table settles later): the
    // exclusion returned the balance (breaks.ts), so the late win goes back to the player too
    // rather than sit in an account they cannot log in to (GLI-19: the player keeps their money).
    const returned = kind === 'win' && player.status === 'SELF_EXCLUDED' ? await withdrawWholeBalance(trx, wallet, player, now) : null;
    const answer: OperationAnswer = {
      result: 'SUCCESS',
      transactionId: request.transactionId,
      referenceId: history.reference_id,
      currency: wallet.currency,
      balance: wireMoney(returned === null ? answerBalance(after, request.vertical) : answerBalance({ ...after, MAIN: 0n }, request.vertical), wallet.currency),
    };
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
}

/**
 * POST /rollback: voids a bet of this provider in an open round of the player (BET_VOID gives the
 * amount back; the bet becomes REVERTED; the round is ROLLED_BACK when none of its bets is left).
 * A bet void already answers SUCCESS without moving money again (referenceId null), and so does a
 * bet that has not arrived, which is then refused when it comes; a bet whose round paid a win is
 * 409 error.round.settled.
 */
export async function rollbackBet(deps: GameWalletDeps, provider: string, request: RollbackRequest): Promise<OperationAnswer> {
  await playerOf(deps, request.playerId);
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, request.playerId);
    const call = callOf(provider, request, { kind: 'rollback', betTransactionId: request.betTransactionId, roundId: request.roundId });
    const stored = await storedAnswer(trx, call, operationAnswerSchema);
    if (stored) return stored;

    const bet = await findExternalTransaction(trx, request.playerId, externalIdOf(provider, request.betTransactionId), 'BET');
    const round = await findRound(trx, provider, request.roundId);
    /** SUCCESS with nothing moved (no reference) and the balance the game shows. */
    const nothingMoved = async (vertical: GameVertical | null): Promise<OperationAnswer> => {
      const balances = await playerBalances(trx, request.playerId, wallet.currency);
      const shown = vertical === null ? balances.MAIN : answerBalance(balances, vertical);
      return { result: 'SUCCESS', transactionId: request.transactionId, referenceId: null, currency: wallet.currency, balance: wireMoney(shown, wallet.currency) };
    };
    let answer: OperationAnswer;
    if (!bet) {
      // A rollback of a bet that has not arrived (its BET timed out at the provider, or is still on
      // its way): nothing to give back, and the bet's id is reserved so that the BET, if it still
      // comes, is refused instead of taking the stake of a bet the game has voided.
      if (round !== undefined && round.player_id !== request.playerId) throw roundNotFound();
      const betCall = callOf(provider, { playerId: request.playerId, transactionId: request.betTransactionId }, { kind: 'bet', roundId: request.roundId });
      await reserveKey(trx, betCall, `rollback:${request.transactionId}`, now);
      answer = await nothingMoved(round === undefined ? null : verticalOf(round.vertical));
    } else if (bet.game_round !== roundRefOf(provider, request.roundId) || round?.player_id !== request.playerId) {
      throw roundNotFound();
    } else if (bet.status === 'REVERTED') {
      answer = await nothingMoved(verticalOf(bet.category));
    } else {
      const vertical = verticalOf(bet.category);
      if (round.status === 'SETTLED') {
        throw new HttpError(409, ERROR_CODES.roundSettled, 'The round has paid a win: its bets are not rolled back (the contract keeps both).');
      }
      // The bet's history row carries its cash part; its bonus part (issue 24) goes back where it came from.
      const parts = await rollbackParts(trx, wallet, provider, request.betTransactionId, -toCents(bet.amount), now);
      const balances = await playerBalances(trx, request.playerId, wallet.currency);
      const stake = parts.cash + parts.bonus;
      const mainChange = mainChangeOf(parts);
      const category = CATEGORY_OF[vertical];
      const history = await recordHistory(trx, wallet, {
        category,
        type: 'BET_VOID',
        status: 'SUCCESS',
        amount: mainChange,
        balanceAfter: balances.MAIN + mainChange,
        externalId: externalIdOf(provider, request.transactionId),
        relatedId: bet.id,
        at: now,
      });
      const { balances: after } = await postOnWallet(
        trx,
        wallet,
        {
          idempotencyKey: `rollback:${provider}:${request.transactionId}`,
          kind: 'ROLLBACK',
          cents: stake,
          entries: returnEntries(request.playerId, category, parts),
          reference: bet.reference_id,
          walletTransactionId: history.id,
        },
        balances,
      );
      await setTransactionStatus(trx, bet.id, { status: 'REVERTED', at: now });
      const left = toCents(round.staked) - stake;
      await changeRound(
        trx,
        { provider, roundId: request.roundId },
        { staked: fromCents(-stake), status: left > 0n ? 'OPEN' : 'ROLLED_BACK', at: now, ...(parts.bonus > 0n ? { bonusStaked: fromCents(-parts.bonus) } : {}) },
      );
      answer = {
        result: 'SUCCESS',
        transactionId: request.transactionId,
        referenceId: history.reference_id,
        currency: wallet.currency,
        balance: wireMoney(answerBalance(after, vertical), wallet.currency),
      };
    }
    await storeAnswer(trx, call, answer, now);
    return answer;
  });
}
