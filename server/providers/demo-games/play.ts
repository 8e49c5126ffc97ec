import { createHmac } from 'node:crypto';
import type { Kysely } from 'kysely';
import * as v from 'valibot';
import { formatMoney, parseMoney, type Currency } from '../../../machines/lib/wallet';
import { GAME_OPERATION_RESULTS, type GameOperationResult, type OperationAnswer } from '../../contract/provider-wallet';
import { DEMO_GAME_LAUNCH_LIFETIME_S } from '../../config';
import type { Database, JsonValue } from '../../db/schema';
import { demoStartingBalance, liveChips, liveLimits, playCurrency, rouletteChips, rouletteMaxStake, slotLineBets } from './games';
import type { DemoProviderKeys } from './keys';
import { launchClaimsSchema, renewedClaims, signLaunchToken, type LaunchClaims } from './launch-token';
import { liveOutcome, liveRoundAt, LIVE_ROUND_MS } from './live';
import { hmacUniform } from './rng';
import { drawPocket, pocketColour, rouletteReturn, ROULETTE_BET_KINDS, validPosition, type RouletteBet } from './roulette';
import { drawSlotStops, evaluateSlot, SLOT_PAYLINES, SLOT_SYMBOLS, type SlotOutcome } from './slot';
import {
  changeFun,
  claimLiveBets,
  claimPendingWins,
  claimSpin,
  deferPendingWin,
  deleteLiveBet,
  deletePendingWin,
  demoStore,
  ensureLaunch,
  extendLaunch,
  findAnswer,
  findLiveBet,
  hasWaitingWork,
  inStoreTransaction,
  insertLiveBet,
  insertPendingWin,
  launchFunCents,
  lockLaunch,
  markLiveBetPlaced,
  markLiveBetSettled,
  purgeExpiredLaunches,
  settledLiveBets,
  storeAnswer,
  type ClaimedLiveBet,
  type DemoStore,
} from '../../repositories/demo-provider-state';
import { DEMO_WALLET_PROVIDER, isWalletFailure, type DemoWallet, type WalletFailure } from './wallet';
import { freeSpinsOf, playFreeSpin } from '../../services/bonus-wagering';

// The demo provider's rounds (issue 12, "The demo game provider"): the slot's spins, the roulette's
// spins and the live table's bets, with their money. Real money: every round is a BET through the
// seamless wallet and, when it wins, a WIN (wallet.ts), with the provider's transaction ids
// `${launch}:${round}:bet` / `:win` as idempotency keys; demo: fun money the provider keeps per
// launch, no ledger.
//
// - A round's id and outcome come from HMAC under the provider's round key of (launch, the page's
//   request id, the bets) (rng.ts): a replayed request is the same round with the same outcome in
//   any process, and its BET and WIN carry the same transaction ids, so the ledger posts them once.
//   Other bets under the same request id are another round (and another BET).
// - UKGC RTS 14D: in the GG market a slot spin that comes sooner than SLOT_MIN_ROUND_MS_GG after the
//   previous one started is refused (429, retry after); the page waits as long before offering the
//   next spin. There is no autoplay: every spin is one request of the player's.
// - What the provider keeps, it keeps in the database (state.ts), so every platform process on it
//   and a process after a restart agree: per launch the fun money, when the last spin started and
//   the last answers (a replay in any process gets the stored answer and plays nothing); the live
//   bets waiting for their round's end; the wins the wallet has not confirmed. A demo round's fun
//   money and answer are written in one transaction holding the launch's row, so a replay that
//   comes at the same time to another process waits for it and reads the answer.
// - A live round's bets are settled at the round's end by whichever process comes first: the
//   launch's state request settles its own, and a sweep timer runs in every process that serves the
//   provider while any bet or win waits in the database (a bet taken by a process that then died is
//   paid by another one, or by the same one restarted, from its next request on). A sweep leases the
//   rows it settles (FOR UPDATE SKIP LOCKED), marks a bet settled in the transaction that credits
//   the fun money, and the wallet posts a WIN once per transaction id whatever happens.

/** UKGC RTS 14D: at least 2.5 s between the starts of two slot spins in the GG market. */
export const SLOT_MIN_ROUND_MS_GG = 2_500;
/** The shortest a slot round is shown elsewhere (the reels' animation; not a rule). */
export const SLOT_MIN_ROUND_MS = 1_000;
/** At most this many bets in one roulette or live round. */
export const MAX_BETS_PER_ROUND = 20;
/** Answers kept per launch for replays (a page replays its last request, not an old one). */
const ANSWERS_PER_LAUNCH = 32;
/** Settled live rounds shown back to a launch. */
const LIVE_RESULTS_SHOWN = 10;
/**
 * A launch's rows go this long after its token expired (a request whose token was checked just
 * before the expiry has ended by then), unless a live bet or a win of theirs still waits; at most
 * this many launches at a time.
 */
const LAUNCH_PURGE_GRACE_MS = 10 * 60_000;
const LAUNCH_PURGE_BATCH = 500;
/** How often the sweep runs while something waits. */
const SWEEP_MS = 1_000;
/** A sweep holds the rows it took this long (far longer than a wallet call); then another may take them. */
const CLAIM_MS = 30_000;
/** A win the wallet did not confirm is tried again after this long. */
const WIN_RETRY_MS = 5_000;
/**
 * A live bet whose BET's answer never came back (its process died on the way, or the wallet failed)
 * is voided this long after it was placed, once its round has ended: the request that placed it has
 * surely ended by then, so nothing else posts that BET any more.
 */
const STALE_PLACING_MS = 5 * 60_000;
/** Rows one sweep takes of each kind. */
const SWEEP_BATCH = 100;

/** The market's minimum slot round. */
export function slotMinRoundMs(market: string): number {
  return market === 'GG' ? SLOT_MIN_ROUND_MS_GG : SLOT_MIN_ROUND_MS;
}

/** A refusal of the provider's API: `{ code, message }` with this status. */
export class ProviderError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 429,
    readonly code: string,
    message: string,
    readonly details: Record<string, number> = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** How a round's money went: SUCCESS, or the wallet's refusal (nothing was taken; the contract's results). */
export type RoundResult = GameOperationResult;

interface Money {
  result: RoundResult;
  /** The balance after the round (or at the refusal), decimal in the launch currency. */
  balance: string;
  /** A WIN the wallet has not confirmed yet (retried with the next request). */
  winPending: boolean;
}

export interface SlotAnswer extends Money {
  roundId: string;
  currency: string;
  bet: string;
  win: string;
  stops: number[];
  window: SlotOutcome['window'];
  lines: SlotOutcome['lines'];
  /** Issue 24: a free spin the player was granted (betBonusType -1), its winnings in the bonus account. */
  freeSpin?: boolean | undefined;
  /** Issue 24: the free spins of this game left after the round (real money, when the player has or had some). */
  freeSpinsLeft?: number | undefined;
}

export interface RouletteAnswer extends Money {
  roundId: string;
  currency: string;
  bet: string;
  win: string;
  /** The pocket; null when the wallet refused the round (it was not played). */
  pocket: number | null;
  colour: ReturnType<typeof pocketColour> | null;
}

export interface LiveResult {
  round: number;
  pocket: number;
  colour: ReturnType<typeof pocketColour>;
  bet: string;
  win: string;
}

export interface LiveState {
  table: { seats: number | null; seatsTaken: number | null; min: string; max: string };
  round: number;
  phase: 'betting' | 'closed';
  now: number;
  bettingEndsAt: number;
  endsAt: number;
  /** The last ended rounds' pockets, newest first. */
  recent: { round: number; pocket: number; colour: ReturnType<typeof pocketColour> }[];
  /** This launch's bets in the current round, if any. */
  placed: { round: number; bet: string } | null;
  /** This launch's settled rounds, newest first. */
  results: LiveResult[];
  balance: string;
  currency: string;
}

export interface LiveBetAnswer {
  result: RoundResult;
  round: number;
  bet: string;
  balance: string;
}

/** An answer kept for replays, by the kind of round it answered. */
type StoredAnswer = { kind: 'slot'; answer: SlotAnswer } | { kind: 'roulette'; answer: RouletteAnswer } | { kind: 'live'; answer: LiveBetAnswer };

// What the database gives back is read through these schemas: a row that is not what this code
// wrote fails loudly instead of passing for an answer.
const moneyEntries = {
  result: v.picklist(GAME_OPERATION_RESULTS),
  balance: v.string(),
  winPending: v.boolean(),
};
const slotAnswerSchema: v.GenericSchema<SlotAnswer> = v.object({
  ...moneyEntries,
  roundId: v.string(),
  currency: v.string(),
  bet: v.string(),
  win: v.string(),
  stops: v.array(v.number()),
  window: v.array(v.array(v.picklist(SLOT_SYMBOLS))),
  lines: v.array(v.object({ line: v.number(), symbol: v.picklist(SLOT_SYMBOLS), count: v.number(), multiplier: v.number() })),
  freeSpin: v.optional(v.boolean()),
  freeSpinsLeft: v.optional(v.number()),
});
const rouletteAnswerSchema: v.GenericSchema<RouletteAnswer> = v.object({
  ...moneyEntries,
  roundId: v.string(),
  currency: v.string(),
  bet: v.string(),
  win: v.string(),
  pocket: v.nullable(v.number()),
  colour: v.nullable(v.picklist(['green', 'red', 'black'])),
});
const liveBetAnswerSchema: v.GenericSchema<LiveBetAnswer> = v.object({ result: moneyEntries.result, round: v.number(), bet: v.string(), balance: v.string() });
const storedAnswerSchema: v.GenericSchema<StoredAnswer> = v.variant('kind', [
  v.object({ kind: v.literal('slot'), answer: slotAnswerSchema }),
  v.object({ kind: v.literal('roulette'), answer: rouletteAnswerSchema }),
  v.object({ kind: v.literal('live'), answer: liveBetAnswerSchema }),
]);
const storedBetsSchema: v.GenericSchema<RouletteBet[]> = v.array(
  v.object({ kind: v.picklist(ROULETTE_BET_KINDS), value: v.optional(v.number()), amount: v.number() }),
);

/** A WIN through the wallet: the provider's transaction id, its round and the amount in ledger cents. */
interface Win {
  transactionId: string;
  roundId: string;
  cents: number;
}

export interface PlayDeps {
  /** The platform's database: the provider's state lives in its tables (state.ts), shared by every process. */
  db: Kysely<Database>;
  clock: () => Date;
  keys: () => Promise<DemoProviderKeys>;
  wallet: DemoWallet;
  /** How often the sweep runs while live bets or wins wait (SWEEP_MS); null: never by itself (a test calls settleLive). */
  sweepMs?: number | null | undefined;
}

export interface BetInput {
  kind: RouletteBet['kind'];
  value?: number | undefined;
  amount: string;
}

export interface DemoPlay {
  /** The balance; a real slot's launch also its free spins of the game left (issue 24). */
  balance(claims: LaunchClaims): Promise<{ balance: string; currency: string; freeSpinsLeft?: number | undefined }>;
  slotSpin(claims: LaunchClaims, requestId: string, lineBet: string): Promise<SlotAnswer>;
  rouletteSpin(claims: LaunchClaims, requestId: string, bets: readonly BetInput[]): Promise<RouletteAnswer>;
  liveState(claims: LaunchClaims): Promise<LiveState>;
  liveBet(claims: LaunchClaims, requestId: string, bets: readonly BetInput[]): Promise<LiveBetAnswer>;
  /**
   * Issue 20: the launch token renewed from now once half of its life has passed (else null), its
   * row kept as long. The routes hand it out with an answer the platform's wallet gave: a real
   * launch is renewed only while the player's login lives.
   */
  renew(claims: LaunchClaims): Promise<string | null>;
  /**
   * The sweep: settles every waiting live bet whose round has ended, retries the wins the wallet has
   * not confirmed, voids the bets whose BET never answered, and deletes expired launches (the sweep
   * timer calls it; tests may).
   */
  settleLive(): Promise<void>;
}

const hex = (key: Uint8Array, text: string, length: number): string => createHmac('sha256', key).update(text).digest('hex').slice(0, length);

export function demoPlay({ db, clock, keys, wallet, sweepMs = SWEEP_MS }: PlayDeps): DemoPlay {
  const store = demoStore(db);
  let sweepTimer: ReturnType<typeof setTimeout> | undefined;

  const money = (cents: number, currency: Currency) => formatMoney(cents, currency);
  const isDemo = (claims: LaunchClaims) => claims.mode === 'demo' || claims.pid === null;

  function walletError(failure: WalletFailure): ProviderError {
    // The player's login ended (issue 20): the game says so and the site offers to log in again.
    if (failure.status === 401) return new ProviderError(401, 'session.ended', 'Your session has ended. Log in again to play for real money.');
    return new ProviderError(409, 'wallet.unavailable', `The wallet refused the operation (${failure.code}). Please reopen the game.`);
  }

  /** A real launch's game session token (the launch token carries it: launch-token.ts). */
  function sessionTokenOf(claims: LaunchClaims): string {
    if (claims.gst === null) throw new Error('A real launch carries its game session token.');
    return claims.gst;
  }

  /**
   * The launch's row (made with the starting fun money on its first request, in whichever process
   * that comes to). A new launch also deletes some expired ones: the table grows no faster than
   * launches are made and lives no longer than they do.
   */
  async function launchRow(claims: LaunchClaims): Promise<void> {
    const made = await ensureLaunch(store, {
      launchId: claims.lid,
      claims,
      funCents: demoStartingBalance(playCurrency(claims.cur)),
      expiresAt: new Date(claims.exp * 1000),
    });
    if (made) await purgeExpiredLaunches(store, new Date(clock().getTime() - LAUNCH_PURGE_GRACE_MS), LAUNCH_PURGE_BATCH);
  }

  /** The answer stored for this round of the launch, if any. */
  async function storedAnswer(from: DemoStore, launchId: string, roundRef: string): Promise<StoredAnswer | undefined> {
    const stored = await findAnswer(from, launchId, roundRef);
    return stored === undefined ? undefined : v.parse(storedAnswerSchema, stored);
  }

  const remember = (into: DemoStore, launchId: string, roundRef: string, answer: StoredAnswer) =>
    storeAnswer(into, launchId, roundRef, answer, ANSWERS_PER_LAUNCH);

  /** The claims a row of the launch was made with (what a sweep settles by when the launch's page is gone). */
  const claimsOfRow = (claims: JsonValue) => v.parse(launchClaimsSchema, claims);

  /**
   * A WIN through the wallet, tried twice: its answer, or null when the wallet did not answer (the
   * caller queues it, and it is retried later). A refusal that will not heal throws.
   */
  async function postWin(claims: LaunchClaims, win: Win): Promise<OperationAnswer | null> {
    if (claims.pid === null) return null;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await wallet.win({
        playerId: claims.pid,
        transactionId: win.transactionId,
        roundId: win.roundId,
        gameId: claims.gid,
        vertical: claims.vertical,
        amount: money(win.cents, playCurrency(claims.cur)),
        currency: claims.cur,
        ...(claims.gst === null ? {} : { sessionToken: claims.gst }),
      });
      if (!isWalletFailure(answer)) return answer;
      // An idempotency conflict or a missing wallet will not heal: give up on it loudly.
      if (answer.status < 500) throw walletError(answer);
    }
    return null;
  }

  /** A WIN the wallet did not confirm, queued: tried again after WIN_RETRY_MS, by the launch's next request or a sweep. */
  const queueWin = (into: DemoStore, launchId: string, win: Win) => {
    const at = clock();
    return insertPendingWin(into, { ...win, launchId, at, retryAt: new Date(at.getTime() + WIN_RETRY_MS) });
  };

  /**
   * Wins the wallet has not confirmed yet, of one launch (before anything else of it) or of all (the
   * sweep). A win refused for good is dropped; with `launchId` the refusal is also the request's answer.
   */
  async function retryPendingWins(launchId?: string): Promise<void> {
    const now = clock();
    const waiting = await claimPendingWins(store, { launchId, now, leaseUntil: new Date(now.getTime() + CLAIM_MS), limit: SWEEP_BATCH });
    for (const win of waiting) {
      try {
        const answer = await postWin(claimsOfRow(win.claims), win);
        if (answer === null) await deferPendingWin(store, win.transactionId, new Date(clock().getTime() + WIN_RETRY_MS));
        else await deletePendingWin(store, win.transactionId);
      } catch (error) {
        if (error instanceof ProviderError) await deletePendingWin(store, win.transactionId);
        // Anything else (the database failed): the lease runs out and the win is tried again.
        if (launchId !== undefined) throw error;
      }
    }
  }

  /** A real-money BET through the wallet, the launch's waiting wins first. */
  async function postBet(claims: LaunchClaims, roundId: string, stake: number): Promise<OperationAnswer | WalletFailure> {
    if (claims.pid === null) throw new Error('A demo launch has no wallet.');
    await retryPendingWins(claims.lid);
    return wallet.bet({
      playerId: claims.pid,
      sessionToken: sessionTokenOf(claims),
      transactionId: `${roundId}:bet`,
      roundId,
      gameId: claims.gid,
      vertical: claims.vertical,
      amount: money(stake, playCurrency(claims.cur)),
      currency: claims.cur,
    });
  }

  /** The money of a real round: a BET, then a WIN of the return (stake back plus pay) when it wins. */
  async function settleReal(claims: LaunchClaims, roundRef: string, stake: number, returned: number): Promise<Money> {
    const roundId = `${claims.lid}:${roundRef}`;
    const bet = await postBet(claims, roundId, stake);
    if (isWalletFailure(bet)) throw walletError(bet);
    if (bet.result !== 'SUCCESS') return { result: bet.result, balance: bet.balance, winPending: false };
    if (returned === 0) return { result: 'SUCCESS', balance: bet.balance, winPending: false };
    const win: Win = { transactionId: `${roundId}:win`, roundId, cents: returned };
    const answer = await postWin(claims, win);
    if (answer === null) await queueWin(store, claims.lid, win);
    return { result: 'SUCCESS', balance: answer?.balance ?? bet.balance, winPending: answer === null };
  }

  /** The money of a demo round, in the transaction holding the launch's row: the stake from the fun money, the return to it. */
  async function settleDemo(trx: DemoStore, claims: LaunchClaims, fun: number, stake: number, returned: number): Promise<Money> {
    const currency = playCurrency(claims.cur);
    const after = await changeFun(trx, claims.lid, { stake, returned });
    if (after === undefined) return { result: 'NOT_ENOUGH_FUNDS', balance: money(fun, currency), winPending: false };
    return { result: 'SUCCESS', balance: money(after, currency), winPending: false };
  }

  /**
   * A demo round's work in one transaction holding the launch's row: a request that comes to two
   * processes at once is played once, and the second one gets the first one's answer.
   */
  function demoRound<T>(
    claims: LaunchClaims,
    roundRef: string,
    work: (trx: DemoStore, fun: number, replay: StoredAnswer | undefined) => Promise<T>,
  ): Promise<T> {
    return inStoreTransaction(store, async (trx) => {
      const launch = await lockLaunch(trx, claims.lid);
      if (!launch) throw new Error(`The demo launch ${claims.lid} has no row.`);
      return work(trx, launch.funCents, await storedAnswer(trx, claims.lid, roundRef));
    });
  }

  /** UKGC RTS 14D in GG: the spin starts now unless the previous one started less than 2.5 s ago (one statement: no two processes both start one). */
  async function startSpin(from: DemoStore, claims: LaunchClaims, now: number): Promise<void> {
    if (claims.mkt !== 'GG') return;
    const minimum = slotMinRoundMs(claims.mkt);
    const spin = await claimSpin(from, claims.lid, new Date(now), new Date(now - minimum));
    if (spin.started) return;
    const retryAfterMs = minimum - (now - (spin.lastSpinAt?.getTime() ?? now - minimum));
    throw new ProviderError(429, 'spin.too_soon', 'A spin starts at least 2.5 seconds after the previous one (UKGC RTS 14D).', {
      retryAfterMs: Math.max(1, retryAfterMs),
    });
  }

  /** The bets as the page sent them, checked: known positions, chip amounts, a bounded total. */
  function parseBets(claims: LaunchClaims, input: readonly BetInput[], bounds: { min: number; max: number }, chips: readonly number[]): { bets: RouletteBet[]; total: number } {
    const currency = playCurrency(claims.cur);
    if (input.length === 0 || input.length > MAX_BETS_PER_ROUND) {
      throw new ProviderError(400, 'bet.invalid', `Place from 1 to ${String(MAX_BETS_PER_ROUND)} bets.`);
    }
    const bets = input.map((bet): RouletteBet => {
      const cents = parseMoney(bet.amount, currency);
      if (cents === null || !chips.includes(cents) || !validPosition(bet)) throw new ProviderError(400, 'bet.invalid', 'A bet is not on the table.');
      return { kind: bet.kind, value: bet.value, amount: cents };
    });
    const total = bets.reduce((sum, bet) => sum + bet.amount, 0);
    if (total < bounds.min || total > bounds.max) {
      throw new ProviderError(400, 'bet.limits', `The round's bets must total from ${money(bounds.min, currency)} to ${money(bounds.max, currency)}.`);
    }
    return { bets, total };
  }

  /** The bets in one canonical text (the round's identity does not depend on their order). */
  const canonicalBets = (bets: readonly RouletteBet[]) =>
    bets
      .map((bet) => `${bet.kind}${bet.value === undefined ? '' : String(bet.value)}x${String(bet.amount)}`)
      .sort()
      .join(',');

  /**
   * Pays one ended round's bets of a launch. Demo: the return goes to the fun money in the
   * transaction that marks the bet settled, so two sweeps credit it once. Real: the WIN first (the
   * wallet posts it once per transaction id), then the bet is marked settled, with the WIN queued in
   * the same transaction when the wallet did not answer.
   */
  async function settleLiveBet(bet: ClaimedLiveBet, roundsKey: Uint8Array): Promise<void> {
    const claims = claimsOfRow(bet.claims);
    const pocket = liveOutcome(roundsKey, claims.gid, bet.round);
    const returned = rouletteReturn(v.parse(storedBetsSchema, bet.bets), pocket);
    const outcome = { pocket, winCents: returned, at: clock() };
    if (isDemo(claims)) {
      await inStoreTransaction(store, async (trx) => {
        if (await markLiveBetSettled(trx, bet.id, outcome)) await changeFun(trx, claims.lid, { stake: 0, returned });
      });
      return;
    }
    const stem = `${claims.lid}:${bet.roundRef}`;
    const win: Win = { transactionId: `${stem}:win`, roundId: stem, cents: returned };
    const answer = returned > 0 ? await postWin(claims, win) : undefined;
    await inStoreTransaction(store, async (trx) => {
      if ((await markLiveBetSettled(trx, bet.id, outcome)) && answer === null) await queueWin(trx, claims.lid, win);
    });
  }

  /** Settles the waiting bets whose round has ended (of one launch, or of all). */
  async function settleEndedBets(launchId?: string): Promise<void> {
    const now = clock();
    const ended = await claimLiveBets(store, {
      state: 'placed',
      beforeRound: liveRoundAt(now.getTime()).round,
      launchId,
      now,
      leaseUntil: new Date(now.getTime() + CLAIM_MS),
      limit: SWEEP_BATCH,
    });
    if (ended.length === 0) return;
    const { rounds } = await keys();
    for (const bet of ended) {
      try {
        await settleLiveBet(bet, rounds);
      } catch (error) {
        // A refusal that will not heal is dropped; anything else waits for its lease to run out and is tried again.
        if (error instanceof ProviderError) await deleteLiveBet(store, bet.id);
      }
    }
  }

  /**
   * Voids the live bets whose BET's answer never came back, long after their round ended: the
   * wallet's ROLLBACK gives the stake back when the BET was posted, and moves nothing when it was
   * not (the BET, should it still arrive, is then refused); either way the round is over for that
   * launch.
   */
  async function voidStaleBets(): Promise<void> {
    const now = clock();
    const stale = await claimLiveBets(store, {
      state: 'placing',
      beforeRound: liveRoundAt(now.getTime()).round,
      placedBefore: new Date(now.getTime() - STALE_PLACING_MS),
      now,
      leaseUntil: new Date(now.getTime() + CLAIM_MS),
      limit: SWEEP_BATCH,
    });
    for (const bet of stale) {
      const claims = claimsOfRow(bet.claims);
      const stem = `${claims.lid}:${bet.roundRef}`;
      const answer =
        claims.pid === null ? null : await wallet.rollback({ playerId: claims.pid, transactionId: `${stem}:void`, betTransactionId: `${stem}:bet`, roundId: stem });
      // A wallet that did not answer is asked again once the lease runs out.
      if (answer === null || !isWalletFailure(answer) || answer.status < 500) await deleteLiveBet(store, bet.id);
    }
  }

  /** The sweep; true while live bets or wins still wait in the database. */
  async function sweep(): Promise<boolean> {
    await settleEndedBets();
    await retryPendingWins();
    await voidStaleBets();
    await purgeExpiredLaunches(store, new Date(clock().getTime() - LAUNCH_PURGE_GRACE_MS), LAUNCH_PURGE_BATCH);
    return hasWaitingWork(store);
  }

  /**
   * Every request of the provider makes sure the sweep runs: it goes on about once a second while
   * anything waits in the database (a bet any process took, a win the wallet did not confirm) and
   * stops when nothing does. A sweep that fails stops too (a closed database stops it for good);
   * the provider's next request starts it again.
   */
  function startSweep(): void {
    if (sweepMs === null || sweepTimer !== undefined) return;
    sweepTimer = setTimeout(() => {
      sweep().then(
        (waiting) => {
          sweepTimer = undefined;
          if (waiting) startSweep();
        },
        () => {
          sweepTimer = undefined;
        },
      );
    }, sweepMs);
    sweepTimer.unref();
  }

  /** What every request does first: the sweep running, the launch's row made. */
  async function begin(claims: LaunchClaims): Promise<void> {
    startSweep();
    await launchRow(claims);
  }

  /**
   * Issue 24: a real slot round of a game the player holds free spins of (a free-spin campaign,
   * betBonusType -1) is one of them: no BET, the outcome paid at the lowest line bet into the bonus
   * account (server/services/bonus-wagering.ts playFreeSpin, once per round). The login must be live,
   * as for a bet (the balance call checks the game session). Null: no free spin left, a paid round.
   */
  async function freeRound(claims: LaunchClaims, roundRef: string, outcome: SlotOutcome): Promise<SlotAnswer | null> {
    if (claims.pid === null) return null;
    if ((await freeSpinsOf(db, claims.pid, claims.gid)).left === 0) return null;
    await balanceOf(claims);
    const currency = playCurrency(claims.cur);
    const lineBet = slotLineBets(currency)[0] ?? 0;
    const won = outcome.multiplier * lineBet;
    const played = await playFreeSpin({ db, clock }, DEMO_WALLET_PROVIDER, {
      playerId: claims.pid,
      gameId: claims.gid,
      roundId: `${claims.lid}:${roundRef}`,
      category: claims.vertical,
      winCents: BigInt(won),
    });
    if (!played.played) return null;
    return {
      result: 'SUCCESS',
      balance: money(Number(played.playable), currency),
      winPending: false,
      roundId: roundRef,
      currency: claims.cur,
      bet: money(0, currency),
      win: money(Number(played.won), currency),
      stops: outcome.stops,
      window: outcome.window,
      lines: outcome.lines,
      freeSpin: true,
      freeSpinsLeft: played.left,
    };
  }

  async function balanceOf(claims: LaunchClaims): Promise<{ balance: string; currency: string }> {
    if (isDemo(claims)) return { balance: money((await launchFunCents(store, claims.lid)) ?? 0, playCurrency(claims.cur)), currency: claims.cur };
    if (claims.pid === null) throw new Error('A real launch names its player.');
    await retryPendingWins(claims.lid);
    const answer = await wallet.balance({ playerId: claims.pid, sessionToken: sessionTokenOf(claims), vertical: claims.vertical });
    if (isWalletFailure(answer)) throw walletError(answer);
    return { balance: answer.balance, currency: answer.currency };
  }

  return {
    async balance(claims) {
      await begin(claims);
      const balance = await balanceOf(claims);
      if (isDemo(claims) || claims.kind !== 'slot' || claims.pid === null) return balance;
      return { ...balance, freeSpinsLeft: (await freeSpinsOf(db, claims.pid, claims.gid)).left };
    },

    async slotSpin(claims, requestId, lineBetText) {
      if (claims.kind !== 'slot') throw new ProviderError(404, 'game.kind', 'This launch is not a slot.');
      const currency = playCurrency(claims.cur);
      const lineBet = parseMoney(lineBetText, currency);
      if (lineBet === null || !slotLineBets(currency).includes(lineBet)) throw new ProviderError(400, 'bet.invalid', 'Choose one of the line bets.');
      const { rounds } = await keys();
      await begin(claims);
      const label = `round:${claims.lid}:${requestId}:slot:${String(lineBet)}`;
      const roundRef = hex(rounds, label, 20);
      const replay = await storedAnswer(store, claims.lid, roundRef);
      if (replay?.kind === 'slot') return replay.answer;

      const now = clock().getTime();
      const outcome = evaluateSlot(drawSlotStops(hmacUniform(rounds, label)));
      const stake = lineBet * SLOT_PAYLINES.length;
      const won = outcome.multiplier * lineBet;
      const answerOf = (settled: Money): SlotAnswer => {
        const played = settled.result === 'SUCCESS';
        return {
          ...settled,
          roundId: roundRef,
          currency: claims.cur,
          bet: money(played ? stake : 0, currency),
          win: money(played ? won : 0, currency),
          // A round the wallet refused was not played: its outcome is not shown.
          stops: played ? outcome.stops : [],
          window: played ? outcome.window : [],
          lines: played ? outcome.lines : [],
        };
      };

      if (isDemo(claims)) {
        return demoRound(claims, roundRef, async (trx, fun, again) => {
          if (again?.kind === 'slot') return again.answer;
          await startSpin(trx, claims, now);
          const answer = answerOf(await settleDemo(trx, claims, fun, stake, won));
          await remember(trx, claims.lid, roundRef, { kind: 'slot', answer });
          return answer;
        });
      }
      await startSpin(store, claims, now);
      const free = await freeRound(claims, roundRef, outcome);
      if (free) {
        await remember(store, claims.lid, roundRef, { kind: 'slot', answer: free });
        return free;
      }
      const answer = answerOf(await settleReal(claims, roundRef, stake, won));
      await remember(store, claims.lid, roundRef, { kind: 'slot', answer });
      return answer;
    },

    async rouletteSpin(claims, requestId, input) {
      if (claims.kind !== 'roulette') throw new ProviderError(404, 'game.kind', 'This launch is not a roulette.');
      const currency = playCurrency(claims.cur);
      const chips = rouletteChips(currency);
      const { bets, total } = parseBets(claims, input, { min: chips[0] ?? 1, max: rouletteMaxStake(currency) }, chips);
      const { rounds } = await keys();
      await begin(claims);
      const label = `round:${claims.lid}:${requestId}:roulette:${canonicalBets(bets)}`;
      const roundRef = hex(rounds, label, 20);
      const replay = await storedAnswer(store, claims.lid, roundRef);
      if (replay?.kind === 'roulette') return replay.answer;

      const pocket = drawPocket(hmacUniform(rounds, label));
      const returned = rouletteReturn(bets, pocket);
      const answerOf = (settled: Money): RouletteAnswer => {
        const played = settled.result === 'SUCCESS';
        return {
          ...settled,
          roundId: roundRef,
          currency: claims.cur,
          bet: money(played ? total : 0, currency),
          win: money(played ? returned : 0, currency),
          pocket: played ? pocket : null,
          colour: played ? pocketColour(pocket) : null,
        };
      };

      if (isDemo(claims)) {
        return demoRound(claims, roundRef, async (trx, fun, again) => {
          if (again?.kind === 'roulette') return again.answer;
          const answer = answerOf(await settleDemo(trx, claims, fun, total, returned));
          await remember(trx, claims.lid, roundRef, { kind: 'roulette', answer });
          return answer;
        });
      }
      const answer = answerOf(await settleReal(claims, roundRef, total, returned));
      await remember(store, claims.lid, roundRef, { kind: 'roulette', answer });
      return answer;
    },

    async liveState(claims) {
      if (claims.kind !== 'live') throw new ProviderError(404, 'game.kind', 'This launch is not a live table.');
      await begin(claims);
      // This launch's ended rounds first, whichever process took their bets.
      await settleEndedBets(claims.lid);
      const { rounds } = await keys();
      const now = clock().getTime();
      const clockNow = liveRoundAt(now);
      const currency = playCurrency(claims.cur);
      const limits = claims.limits ?? liveLimits({ betLimits: [] }, currency);
      const recent = Array.from({ length: 8 }, (_, index) => {
        const round = clockNow.round - 1 - index;
        const pocket = liveOutcome(rounds, claims.gid, round);
        return { round, pocket, colour: pocketColour(pocket) };
      });
      const current = await findLiveBet(store, claims.lid, clockNow.round);
      const { balance: shown } = await balanceOf(claims);
      const results = (await settledLiveBets(store, claims.lid, LIVE_RESULTS_SHOWN)).map((settled): LiveResult => ({
        round: settled.round,
        pocket: settled.pocket,
        colour: pocketColour(settled.pocket),
        bet: money(settled.totalCents, currency),
        win: money(settled.winCents, currency),
      }));
      return {
        table: { seats: claims.seats, seatsTaken: claims.taken, min: money(limits.min, currency), max: money(limits.max, currency) },
        round: clockNow.round,
        phase: clockNow.phase,
        now,
        bettingEndsAt: clockNow.bettingEndsAt,
        endsAt: clockNow.endsAt,
        recent,
        placed: current?.state === 'placed' ? { round: current.round, bet: money(current.totalCents, currency) } : null,
        results,
        balance: shown,
        currency: claims.cur,
      };
    },

    async liveBet(claims, requestId, input) {
      if (claims.kind !== 'live') throw new ProviderError(404, 'game.kind', 'This launch is not a live table.');
      const currency = playCurrency(claims.cur);
      const limits = claims.limits ?? liveLimits({ betLimits: [] }, currency);
      const { bets, total } = parseBets(claims, input, limits, liveChips(limits));
      const now = clock().getTime();
      const { round, phase } = liveRoundAt(now);
      const { rounds } = await keys();
      await begin(claims);
      const roundRef = `L${String(round)}-${hex(rounds, `live:${claims.lid}:${requestId}:${canonicalBets(bets)}`, 12)}`;
      const replay = await storedAnswer(store, claims.lid, roundRef);
      if (replay?.kind === 'live') return replay.answer;
      if (phase !== 'betting') throw new ProviderError(409, 'betting.closed', 'No more bets: the ball is spinning. Bet in the next round.');
      const alreadyPlaced = () => new ProviderError(409, 'bets.already_placed', 'Your bets for this round are placed.');
      const row = { launchId: claims.lid, round, roundRef, bets, totalCents: total, placedAt: new Date(now) };
      const answerOf = (settled: Money): LiveBetAnswer => ({
        result: settled.result,
        round,
        bet: money(settled.result === 'SUCCESS' ? total : 0, currency),
        balance: settled.balance,
      });

      if (isDemo(claims)) {
        return demoRound(claims, roundRef, async (trx, fun, again) => {
          if (again?.kind === 'live') return again.answer;
          if (await findLiveBet(trx, claims.lid, round)) throw alreadyPlaced();
          const answer = answerOf(await settleDemo(trx, claims, fun, total, 0));
          if (answer.result === 'SUCCESS') await insertLiveBet(trx, { ...row, state: 'placed' });
          await remember(trx, claims.lid, roundRef, { kind: 'live', answer });
          return answer;
        });
      }

      // Real money: the round's one submission is taken first (`placing`), so two requests of the
      // launch in two processes cannot both bet; then the BET (the WIN when the round ends: the sweep).
      let betId = await insertLiveBet(store, { ...row, state: 'placing' });
      if (betId === undefined) {
        const taken = await findLiveBet(store, claims.lid, round);
        // The same request again while its BET's answer had not come back: the BET is idempotent, go on with it.
        if (taken?.roundRef !== roundRef || taken.state !== 'placing') throw alreadyPlaced();
        betId = taken.id;
      }
      const bet = await postBet(claims, `${claims.lid}:${roundRef}`, total);
      if (isWalletFailure(bet)) {
        // A refusal took nothing: the round is free again. A wallet that did not answer may have
        // taken the stake: the bet stays `placing`, for this request retried or for the sweep to void.
        if (bet.status < 500) await deleteLiveBet(store, betId);
        throw walletError(bet);
      }
      if (bet.result === 'SUCCESS') {
        await markLiveBetPlaced(store, betId);
        startSweep();
      } else {
        await deleteLiveBet(store, betId);
      }
      const answer = answerOf({ result: bet.result, balance: bet.balance, winPending: false });
      await remember(store, claims.lid, roundRef, { kind: 'live', answer });
      return answer;
    },

    async settleLive() {
      await sweep();
    },

    async renew(claims) {
      const renewed = renewedClaims(claims, clock().getTime(), DEMO_GAME_LAUNCH_LIFETIME_S);
      if (renewed === null) return null;
      await extendLaunch(store, claims.lid, new Date(renewed.exp * 1000));
      return signLaunchToken(renewed, (await keys()).launch);
    },
  };
}

/** How long the live table's page waits between state requests (and the round's length it shows). */
export const LIVE_POLL_MS = 1_000;
export { LIVE_ROUND_MS };
