import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { BONUS_TYPES, wageringRequirementCents } from '../../machines/lib/bonuses';
import type { BonusVertical, TransactionCategory } from '../../machines/lib/wallet';
import type { GameVertical } from '../contract/provider-wallet';
import type { Database } from '../db/schema';
import {
  activeBetBonus,
  addToAssignment,
  assignmentForBet,
  findBetPart,
  findFreeSpinRound,
  freeSpinsLeft,
  insertBetPart,
  insertFreeSpinRound,
  setAssignmentWagered,
  takeFreeSpin,
  type BetBonusRow,
} from '../repositories/bonus-wagering';
import type { GameRoundRow } from '../repositories/game-rounds';
import { inTransaction } from '../repositories/transaction';
import { convertAssignment, endWithForfeit } from './bonuses';
import {
  BONUS_FUNDING_ACCOUNT,
  bonusAccount,
  fromCents,
  gameAccount,
  lockWallet,
  playerAccount,
  playerBalances,
  postOnWallet,
  recordHistory,
  toCents,
  type LockedWallet,
  type PlayerBalances,
} from './ledger';

// The money of bets with bonuses (issue 24; product.md §3 "Wallet", behaviour.md §4 "Bonuses and
// rewards"), called by the seamless game wallet (server/services/game-wallet.ts) inside its
// transaction, with the player's wallet locked; the bonus engine's own rules (credits, forfeits,
// expiry, the queue) are server/services/bonuses.ts.
//
// - A bet draws on cash first, then bonus: MAIN pays what it can, the rest comes from
//   `player:<id>:BONUS:<vertical>` of the game's wallet vertical (CASINO, LIVE_CASINO, SPORTS;
//   virtual sports have no bonus), but only when the player has an ACTIVE assignment there, not past
//   its expiresAt, and the game is within its campaign's game limitations (bonus money is played only
//   where its terms allow). Not enough funds only when cash + usable bonus < stake.
// - The round keeps its stake's bonus part (game_rounds.bonus_staked, the assignment); a win pays the
//   bonus the same proportion of itself (rounded down: the odd cent is cash), and the rest to MAIN.
// - A bet's bonus part and what it added to the wagering are kept per bet (bonus_bet_parts), so a
//   rollback returns each part to where it came from and takes the wagering back.
// - Where a win's or a rollback's bonus part goes when the assignment is no longer active: to MAIN
//   when it converted (the bonus became cash), to the operator's bonus account when it was forfeited
//   or expired (the forfeit took the bonus money and what it wins).
// - Wagering: every bet in a game the campaign allows adds its whole stake (cash and bonus) to the
//   wagering of the active assignment of its vertical, capped at what is required; at 100 % the
//   assignment converts (machines/lib/bonuses.ts conversionCents: non-sticky, the BONUS balance to
//   MAIN; sticky, only what it holds above the bonus amount, the rest back to the operator), ends
//   COMPLETED / CONVERTED, and the vertical's next queued bonus is credited (the engine's
//   creditNextQueued). A free-spin assignment converts only once its spins are played.
// - History rows (wallet_transactions) of bets, wins and voids carry MAIN's change (the cash part):
//   the loss limits and the cashback count the player's own money, so a bonus never raises a limit's
//   room; the ledger carries both parts.
// - Free spins (betBonusType -1): a spin of a game with rounds left is a zero-stake round; its
//   winnings go into the BONUS account and add to the assignment's amount and, times the campaign's
//   wrMultiplier, to its wagering (their own wagering).

/** A game vertical's bonus account vertical; virtual sports have none. */
export function bonusVerticalOfGame(vertical: GameVertical): BonusVertical | null {
  switch (vertical) {
    case 'CASINO':
    case 'LIVE_CASINO':
    case 'SPORTS':
      return vertical;
    case 'VIRTUAL_SPORTS':
      return null;
  }
}

const limitationsSchema = v.array(v.string());

/** Do a campaign's game limitations allow this game (an empty list allows every game)? */
export function limitationsAllow(limitations: readonly string[], gameId: string): boolean {
  return limitations.length === 0 || limitations.includes(gameId);
}

/** Does the campaign allow this game? */
function gameAllowed(row: BetBonusRow, gameId: string): boolean {
  const parsed = v.safeParse(limitationsSchema, row.game_limitations);
  return limitationsAllow(parsed.success ? parsed.output : [], gameId);
}

const isExpired = (row: { state: string; expires_at: Date }, now: Date) => row.state === 'ACTIVATED' && new Date(row.expires_at).getTime() <= now.getTime();

/** The active bonus a bet of this vertical and game may draw on and advance. */
export interface BetBonus {
  row: BetBonusRow;
  vertical: BonusVertical;
  /** The game is within the campaign's game limitations. */
  allowed: boolean;
}

/**
 * The active assignment of the bet's wallet vertical, or null. One past its expiresAt is not active:
 * it is expired here, by the engine (endWithForfeit EXPIRED, which credits the next queued bonus),
 * and the vertical is read again. Call it before reading the balances the bet uses.
 */
export async function activeBonusForBet(trx: Kysely<Database>, wallet: LockedWallet, vertical: GameVertical, gameId: string, now: Date): Promise<BetBonus | null> {
  const bonusVertical = bonusVerticalOfGame(vertical);
  if (bonusVertical === null) return null;
  let row = await activeBetBonus(trx, wallet.playerId, bonusVertical);
  if (row && isExpired(row, now)) {
    await endWithForfeit(trx, wallet, row, 'EXPIRED', now);
    row = await activeBetBonus(trx, wallet.playerId, bonusVertical);
  }
  return row ? { row, vertical: bonusVertical, allowed: gameAllowed(row, gameId) } : null;
}

/** What the game can play with in this vertical: MAIN and, where the campaign allows the game, the bonus. */
export function playableCents(balances: PlayerBalances, bonus: BetBonus | null): bigint {
  return balances.MAIN + (bonus?.allowed === true ? balances.BONUS[bonus.vertical] : 0n);
}

/** A stake's parts: cash first, then bonus; null when cash and usable bonus together fall short. */
export function splitStake(stake: bigint, balances: PlayerBalances, bonus: BetBonus | null): { cash: bigint; bonus: bigint } | null {
  const cash = balances.MAIN >= stake ? stake : balances.MAIN;
  const rest = stake - cash;
  if (rest === 0n) return { cash, bonus: 0n };
  if (bonus?.allowed !== true || balances.BONUS[bonus.vertical] < rest) return null;
  return { cash, bonus: rest };
}

/** The ledger entries of a bet of `stake` split into `parts`. */
export function betEntries(playerId: number, category: TransactionCategory, parts: { cash: bigint; bonus: bigint }, bonus: BetBonus | null): { account: string; cents: bigint }[] {
  const entries: { account: string; cents: bigint }[] = [];
  if (parts.cash > 0n) entries.push({ account: playerAccount(playerId, 'MAIN'), cents: -parts.cash });
  if (parts.bonus > 0n && bonus) entries.push({ account: bonusAccount(playerId, bonus.vertical), cents: -parts.bonus });
  entries.push({ account: gameAccount(category), cents: parts.cash + parts.bonus });
  return entries;
}

/**
 * After a bet's posting: its wagering and its bonus part. The whole stake of a bet in an allowed
 * game adds to the assignment's wagering (capped at what is required); the part is kept for a
 * rollback; at 100 % the assignment converts. Answers whether it converted.
 */
export async function recordBonusBet(
  trx: Kysely<Database>,
  wallet: LockedWallet,
  bonus: BetBonus | null,
  bet: { provider: string; transactionId: string; roundId: string; stake: bigint; bonusPart: bigint; now: Date },
): Promise<boolean> {
  if (!bonus) return false;
  const { row } = bonus;
  const required = toCents(row.wagering_amount);
  const before = toCents(row.wagered);
  const after = bonus.allowed ? (before + bet.stake > required ? (before > required ? before : required) : before + bet.stake) : before;
  if (after !== before) await setAssignmentWagered(trx, row.id, fromCents(after));
  if (bet.bonusPart > 0n || after !== before) {
    await insertBetPart(trx, {
      provider: bet.provider,
      transactionId: bet.transactionId,
      roundId: bet.roundId,
      playerId: wallet.playerId,
      assignmentId: row.id,
      bonus: fromCents(bet.bonusPart),
      wagered: fromCents(after - before),
      at: bet.now,
    });
  }
  if (bonus.allowed && after >= required && row.spins_left === 0) {
    await convertAssignment(trx, wallet, row, v.parse(v.picklist(BONUS_TYPES), row.bonus_type), bet.now);
    return true;
  }
  return false;
}

/** Where a bonus part goes back or is paid: the BONUS account, MAIN (converted) or the operator (forfeited, expired). */
export type BonusDestination = 'BONUS' | 'MAIN' | 'OPERATOR';

/** The destination of a part of an assignment's bonus now (an assignment past its expiry is expired first). */
async function destinationOf(trx: Kysely<Database>, wallet: LockedWallet, assignmentId: number, now: Date): Promise<{ to: BonusDestination; row: BetBonusRow } | null> {
  let row = await assignmentForBet(trx, assignmentId);
  if (!row) return null;
  if (isExpired(row, now)) {
    await endWithForfeit(trx, wallet, row, 'EXPIRED', now);
    row = await assignmentForBet(trx, assignmentId);
    if (!row) return null;
  }
  return { to: row.state === 'ACTIVATED' ? 'BONUS' : row.state === 'COMPLETED' ? 'MAIN' : 'OPERATOR', row };
}

/** A win's or a rollback's parts: cash to MAIN, bonus to its destination. */
export interface ReturnParts {
  cash: bigint;
  bonus: bigint;
  to: BonusDestination;
  vertical: BonusVertical | null;
}

const allCash = (cents: bigint): ReturnParts => ({ cash: cents, bonus: 0n, to: 'MAIN', vertical: null });

/**
 * A win of `cents` in a round: the bonus its stake's bonus part earned (rounded down), and the rest
 * cash. A round without bonus stake is all cash (no query). Call it before reading the balances.
 */
export async function winParts(trx: Kysely<Database>, wallet: LockedWallet, round: GameRoundRow, cents: bigint, now: Date): Promise<ReturnParts> {
  const bonusStaked = toCents(round.bonus_staked);
  const staked = toCents(round.staked);
  if (bonusStaked <= 0n || staked <= 0n || round.bonus_assignment_id === null) return allCash(cents);
  const destination = await destinationOf(trx, wallet, round.bonus_assignment_id, now);
  if (!destination) return allCash(cents);
  const bonus = (cents * bonusStaked) / staked;
  return { cash: cents - bonus, bonus, to: destination.to, vertical: destination.row.wallet_vertical as BonusVertical };
}

/**
 * A voided bet's parts: its cash part back to MAIN, its bonus part to its destination; its wagering
 * is taken back from an assignment still active. `cashCents`: the bet's cash part (its history row).
 */
export async function rollbackParts(trx: Kysely<Database>, wallet: LockedWallet, provider: string, betTransactionId: string, cashCents: bigint, now: Date): Promise<ReturnParts> {
  const part = await findBetPart(trx, provider, betTransactionId);
  if (!part) return allCash(cashCents);
  const destination = await destinationOf(trx, wallet, part.assignment_id, now);
  if (!destination) return allCash(cashCents);
  const { row, to } = destination;
  const wagered = toCents(part.wagered);
  if (to === 'BONUS' && wagered > 0n) {
    const left = toCents(row.wagered) - wagered;
    await setAssignmentWagered(trx, row.id, fromCents(left > 0n ? left : 0n));
  }
  return { cash: cashCents, bonus: toCents(part.bonus), to, vertical: row.wallet_vertical as BonusVertical };
}

/** The ledger entries of money going back to the player (a win, a void) from the game account. */
export function returnEntries(playerId: number, category: TransactionCategory, parts: ReturnParts): { account: string; cents: bigint }[] {
  const toMain = parts.cash + (parts.to === 'MAIN' ? parts.bonus : 0n);
  const entries: { account: string; cents: bigint }[] = [];
  if (toMain > 0n) entries.push({ account: playerAccount(playerId, 'MAIN'), cents: toMain });
  if (parts.bonus > 0n && parts.to === 'BONUS' && parts.vertical !== null) entries.push({ account: bonusAccount(playerId, parts.vertical), cents: parts.bonus });
  if (parts.bonus > 0n && parts.to === 'OPERATOR') entries.push({ account: BONUS_FUNDING_ACCOUNT, cents: parts.bonus });
  entries.push({ account: gameAccount(category), cents: -(parts.cash + parts.bonus) });
  return entries;
}

/** MAIN's change of a return (the history row's amount). */
export function mainChangeOf(parts: ReturnParts): bigint {
  return parts.cash + (parts.to === 'MAIN' ? parts.bonus : 0n);
}

// ------------------------------------------------------------------------------ free spins

export interface FreeSpinState {
  /** Free spins left of the player's active assignment in this game (0: none). */
  left: number;
  assignmentId: number | null;
}

/** The free spins the player has left in a game (the game frame's count). */
export async function freeSpinsOf(db: Kysely<Database>, playerId: number, gameId: string): Promise<FreeSpinState> {
  const found = await freeSpinsLeft(db, playerId, gameId);
  return found ? { left: found.left, assignmentId: found.assignmentId } : { left: 0, assignmentId: null };
}

export interface FreeSpinPlayed {
  /** False: no free spin was left (the round is a paid one, or nothing). */
  played: boolean;
  /** What this round won into the BONUS account, in cents. */
  won: bigint;
  left: number;
  /** A replay of a round played before: nothing moved again. */
  replayed: boolean;
  /** MAIN and the bonus of the game's vertical after it, in cents: what the game can play with. */
  playable: bigint;
}

/**
 * Plays one free spin of `gameId` (a zero-stake round, betBonusType -1) for the player, once per
 * provider and round: counts it against the assignment's rounds, pays its winnings (`winCents`, what
 * the game's outcome pays at the campaign's free-spin bet) from the game account into the BONUS
 * account of the assignment's vertical, and adds them to the assignment's amount and, times the
 * campaign's wrMultiplier, to its wagering. When the last spin is played and nothing is left to
 * wager, the assignment converts. An assignment past its expiry is expired instead (nothing played).
 */
export async function playFreeSpin(
  deps: { db: Kysely<Database>; clock: () => Date },
  provider: string,
  input: { playerId: number; gameId: string; roundId: string; category: TransactionCategory; winCents: bigint },
): Promise<FreeSpinPlayed> {
  const now = deps.clock();
  const gameVertical = bonusVerticalOfGame(input.category === 'LIVE_CASINO' || input.category === 'SPORTS' ? input.category : 'CASINO') ?? 'CASINO';
  return inTransaction(deps.db, async (trx) => {
    const wallet = await lockWallet(trx, input.playerId);
    if (!wallet) return { played: false, won: 0n, left: 0, replayed: false, playable: 0n };
    const playable = async () => {
      const balances = await playerBalances(trx, input.playerId, wallet.currency);
      return balances.MAIN + balances.BONUS[gameVertical];
    };
    const notPlayed = async () => ({ played: false, won: 0n, left: 0, replayed: false, playable: await playable() });
    const before = await findFreeSpinRound(trx, provider, input.roundId);
    if (before) {
      const state = await freeSpinsOf(trx, input.playerId, input.gameId);
      return { played: true, won: toCents(before.won), left: state.left, replayed: true, playable: await playable() };
    }
    const spins = await freeSpinsLeft(trx, input.playerId, input.gameId);
    if (!spins) return notPlayed();
    let row = await assignmentForBet(trx, spins.assignmentId);
    if (!row) return notPlayed();
    if (isExpired(row, now)) {
      await endWithForfeit(trx, wallet, row, 'EXPIRED', now);
      return notPlayed();
    }
    if (!(await takeFreeSpin(trx, row.id, input.gameId))) return notPlayed();
    await insertFreeSpinRound(trx, { provider, roundId: input.roundId, assignmentId: row.id, playerId: input.playerId, gameId: input.gameId, won: fromCents(input.winCents), at: now });
    const vertical = row.wallet_vertical as BonusVertical;
    if (input.winCents > 0n) {
      const wagering = wageringRequirementCents(input.winCents, Number(row.wr_multiplier));
      await addToAssignment(trx, row.id, { amount: fromCents(input.winCents), wagering: fromCents(wagering) });
      const balances = await playerBalances(trx, input.playerId, wallet.currency);
      // A bonus credit in the player's words (category BONUS, as the engine's credits): never a WIN
      // of the loss limits' or the cashback's counts.
      const history = await recordHistory(trx, wallet, { category: 'BONUS', type: 'DEPOSIT', status: 'SUCCESS', amount: input.winCents, balanceAfter: balances.MAIN, at: now });
      await postOnWallet(
        trx,
        wallet,
        {
          idempotencyKey: `freespin:${provider}:${input.roundId}`,
          kind: 'WIN',
          cents: input.winCents,
          entries: [
            { account: bonusAccount(input.playerId, vertical), cents: input.winCents },
            { account: gameAccount(input.category), cents: -input.winCents },
          ],
          reference: `${row.campaign_id}:${String(row.id)}`,
          walletTransactionId: history.id,
        },
        balances,
      );
    }
    row = await assignmentForBet(trx, row.id);
    if (row && row.state === 'ACTIVATED' && row.spins_left === 0 && toCents(row.wagered) >= toCents(row.wagering_amount)) {
      await convertAssignment(trx, wallet, row, v.parse(v.picklist(BONUS_TYPES), row.bonus_type), now);
    }
    const left = await freeSpinsOf(trx, input.playerId, input.gameId);
    return { played: true, won: input.winCents, left: left.left, replayed: false, playable: await playable() };
  });
}
