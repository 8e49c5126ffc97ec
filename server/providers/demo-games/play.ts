import { createHmac } from 'node:crypto';
import { formatMoney, parseMoney, type Currency } from '../../../machines/lib/wallet';
import type { OperationAnswer } from '../../contract/provider-wallet';
import { demoStartingBalance, liveChips, liveLimits, playCurrency, rouletteChips, rouletteMaxStake, slotLineBets } from './games';
import type { DemoProviderKeys } from './keys';
import type { LaunchClaims } from './launch-token';
import { liveOutcome, liveRoundAt, liveRoundEnded, LIVE_ROUND_MS } from './live';
import { hmacUniform } from './rng';
import { drawPocket, pocketColour, rouletteReturn, validPosition, type RouletteBet } from './roulette';
import { drawSlotStops, evaluateSlot, SLOT_PAYLINES, type SlotOutcome } from './slot';
import { isWalletFailure, type DemoWallet } from './wallet';

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
// - What the provider keeps in memory, per launch and per process: the fun balance, when the last
//   spin started, the last answers (a replay in the same process answers at once), the live bets
//   waiting for their round's end. A live round's bets are settled by the process that took them,
//   at the round's end (a timer while bets wait, and every state request).

/** UKGC RTS 14D: at least 2.5 s between the starts of two slot spins in the GG market. */
export const SLOT_MIN_ROUND_MS_GG = 2_500;
/** The shortest a slot round is shown elsewhere (the reels' animation; not a rule). */
export const SLOT_MIN_ROUND_MS = 1_000;
/** At most this many bets in one roulette or live round. */
export const MAX_BETS_PER_ROUND = 20;
/** Launches kept in memory at once (the oldest go first); answers kept per launch for replays. */
const MAX_LAUNCHES = 10_000;
const ANSWERS_PER_LAUNCH = 32;
/** Settled live rounds shown back to a launch. */
const LIVE_RESULTS_SHOWN = 10;

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

/** How a round's money went: SUCCESS, or the wallet's refusal (nothing was taken). */
export type RoundResult = 'SUCCESS' | 'NOT_ENOUGH_FUNDS' | 'RESTRICTED';

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

interface PendingWin {
  transactionId: string;
  roundId: string;
  cents: number;
}

export interface LiveBetAnswer {
  result: RoundResult;
  round: number;
  bet: string;
  balance: string;
}

/** An answer kept for replays, by the kind of round it answered. */
type StoredAnswer = { kind: 'slot'; answer: SlotAnswer } | { kind: 'roulette'; answer: RouletteAnswer } | { kind: 'live'; answer: LiveBetAnswer };

interface LaunchState {
  expiresAt: number;
  /** Demo: fun money in ledger cents. */
  fun: number;
  lastSpinAt: number | null;
  answers: Map<string, StoredAnswer>;
  pendingWins: PendingWin[];
  liveResults: LiveResult[];
}

interface LiveBet {
  claims: LaunchClaims;
  round: number;
  bets: RouletteBet[];
  total: number;
  /** Transaction id stem: `${launch}:L${round}-${betsHash}`. */
  stem: string;
}

export interface PlayDeps {
  clock: () => Date;
  keys: () => Promise<DemoProviderKeys>;
  wallet: DemoWallet;
}

export interface BetInput {
  kind: RouletteBet['kind'];
  value?: number | undefined;
  amount: string;
}

export interface DemoPlay {
  balance(claims: LaunchClaims): Promise<{ balance: string; currency: string }>;
  slotSpin(claims: LaunchClaims, requestId: string, lineBet: string): Promise<SlotAnswer>;
  rouletteSpin(claims: LaunchClaims, requestId: string, bets: readonly BetInput[]): Promise<RouletteAnswer>;
  liveState(claims: LaunchClaims): Promise<LiveState>;
  liveBet(claims: LaunchClaims, requestId: string, bets: readonly BetInput[]): Promise<LiveBetAnswer>;
  /** Settles every live round that has ended (the sweep timer calls it; tests may). */
  settleLive(): Promise<void>;
}

const hex = (key: Uint8Array, text: string, length: number): string => createHmac('sha256', key).update(text).digest('hex').slice(0, length);

export function demoPlay({ clock, keys, wallet }: PlayDeps): DemoPlay {
  const launches = new Map<string, LaunchState>();
  const liveBets = new Map<string, LiveBet>();
  let sweep: ReturnType<typeof setInterval> | undefined;

  function stateOf(claims: LaunchClaims): LaunchState {
    let state = launches.get(claims.lid);
    if (state) return state;
    const now = clock().getTime();
    if (launches.size >= MAX_LAUNCHES) {
      for (const [id, old] of launches) if (old.expiresAt <= now) launches.delete(id);
      // Still full: the oldest launches go (Map keeps insertion order).
      for (const id of launches.keys()) {
        if (launches.size < MAX_LAUNCHES) break;
        launches.delete(id);
      }
    }
    state = {
      expiresAt: claims.exp * 1000,
      fun: demoStartingBalance(playCurrency(claims.cur)),
      lastSpinAt: null,
      answers: new Map(),
      pendingWins: [],
      liveResults: [],
    };
    launches.set(claims.lid, state);
    return state;
  }

  function remember(state: LaunchState, roundId: string, answer: StoredAnswer): void {
    state.answers.set(roundId, answer);
    if (state.answers.size > ANSWERS_PER_LAUNCH) {
      const oldest = state.answers.keys().next().value;
      if (oldest !== undefined) state.answers.delete(oldest);
    }
  }

  const money = (cents: number, currency: Currency) => formatMoney(cents, currency);

  function walletError(code: string): ProviderError {
    return new ProviderError(409, 'wallet.unavailable', `The wallet refused the operation (${code}). Please reopen the game.`);
  }

  /** A WIN through the wallet, retried once; null when it did not go through (kept, and retried with the launch's next request). */
  async function postWin(claims: LaunchClaims, state: LaunchState, win: PendingWin): Promise<OperationAnswer | null> {
    if (claims.pid === null) return null;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const answer = await wallet.operation('win', {
        playerId: claims.pid,
        transactionId: win.transactionId,
        roundId: win.roundId,
        gameId: claims.gid,
        vertical: claims.vertical,
        amount: money(win.cents, playCurrency(claims.cur)),
        currency: claims.cur,
      });
      if (!isWalletFailure(answer)) return answer;
      // An idempotency conflict or a missing wallet will not heal: give up on it loudly.
      if (answer.status < 500) throw walletError(answer.code);
    }
    state.pendingWins.push(win);
    return null;
  }

  /** Wins the wallet has not confirmed yet, before anything else of this launch. */
  async function retryPendingWins(claims: LaunchClaims, state: LaunchState): Promise<void> {
    const waiting = state.pendingWins.splice(0);
    for (const win of waiting) await postWin(claims, state, win);
  }

  /**
   * The money of one round: the stake, then the return (stake back plus pay) when it wins. Real:
   * a BET and a WIN through the wallet; demo: the launch's fun money.
   */
  async function settle(claims: LaunchClaims, state: LaunchState, roundRef: string, stake: number, returned: number): Promise<Money> {
    const currency = playCurrency(claims.cur);
    if (claims.mode === 'demo' || claims.pid === null) {
      if (state.fun < stake) return { result: 'NOT_ENOUGH_FUNDS', balance: money(state.fun, currency), winPending: false };
      state.fun += returned - stake;
      return { result: 'SUCCESS', balance: money(state.fun, currency), winPending: false };
    }
    await retryPendingWins(claims, state);
    const roundId = `${claims.lid}:${roundRef}`;
    const bet = await wallet.operation('bet', {
      playerId: claims.pid,
      transactionId: `${roundId}:bet`,
      roundId,
      gameId: claims.gid,
      vertical: claims.vertical,
      amount: money(stake, currency),
      currency: claims.cur,
    });
    if (isWalletFailure(bet)) throw walletError(bet.code);
    if (bet.result !== 'SUCCESS') return { result: bet.result, balance: bet.balance, winPending: false };
    if (returned === 0) return { result: 'SUCCESS', balance: bet.balance, winPending: false };
    const win = await postWin(claims, state, { transactionId: `${roundId}:win`, roundId, cents: returned });
    return { result: 'SUCCESS', balance: win?.balance ?? bet.balance, winPending: win === null };
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

  async function settleLiveRound(key: string, pending: LiveBet): Promise<void> {
    const { rounds } = await keys();
    const { claims } = pending;
    const pocket = liveOutcome(rounds, claims.gid, pending.round);
    const returned = rouletteReturn(pending.bets, pocket);
    const state = stateOf(claims);
    const currency = playCurrency(claims.cur);
    if (claims.mode === 'demo' || claims.pid === null) {
      state.fun += returned;
    } else if (returned > 0) {
      await postWin(claims, state, { transactionId: `${pending.stem}:win`, roundId: pending.stem, cents: returned });
    }
    liveBets.delete(key);
    state.liveResults.unshift({ round: pending.round, pocket, colour: pocketColour(pocket), bet: money(pending.total, currency), win: money(returned, currency) });
    state.liveResults.splice(LIVE_RESULTS_SHOWN);
  }

  async function settleLive(): Promise<void> {
    const now = clock().getTime();
    for (const [key, pending] of [...liveBets]) {
      if (!liveRoundEnded(pending.round, now)) continue;
      try {
        await settleLiveRound(key, pending);
      } catch (error) {
        // Kept for the next sweep or state request; a refusal that will not heal is dropped.
        if (error instanceof ProviderError) liveBets.delete(key);
      }
    }
    if (liveBets.size === 0 && sweep !== undefined) {
      clearInterval(sweep);
      sweep = undefined;
    }
  }

  /** While live bets wait, settle them about once a second even if nobody asks (the page may be closed). */
  function startSweep(): void {
    if (sweep !== undefined) return;
    sweep = setInterval(() => {
      settleLive().catch(() => undefined);
    }, 1_000);
    sweep.unref();
  }

  async function balance(claims: LaunchClaims): Promise<{ balance: string; currency: string }> {
    const state = stateOf(claims);
    if (claims.mode === 'demo' || claims.pid === null) return { balance: money(state.fun, playCurrency(claims.cur)), currency: claims.cur };
    await retryPendingWins(claims, state);
    const answer = await wallet.balance(claims.pid);
    if (isWalletFailure(answer)) throw walletError(answer.code);
    return { balance: answer.balance, currency: answer.currency };
  }

  return {
    balance,

    async slotSpin(claims, requestId, lineBetText) {
      if (claims.kind !== 'slot') throw new ProviderError(404, 'game.kind', 'This launch is not a slot.');
      const currency = playCurrency(claims.cur);
      const lineBet = parseMoney(lineBetText, currency);
      if (lineBet === null || !slotLineBets(currency).includes(lineBet)) throw new ProviderError(400, 'bet.invalid', 'Choose one of the line bets.');
      const { rounds } = await keys();
      const label = `round:${claims.lid}:${requestId}:slot:${String(lineBet)}`;
      const roundRef = hex(rounds, label, 20);
      const state = stateOf(claims);
      const replay = state.answers.get(roundRef);
      if (replay?.kind === 'slot') return replay.answer;

      const now = clock().getTime();
      const minimum = slotMinRoundMs(claims.mkt);
      if (claims.mkt === 'GG' && state.lastSpinAt !== null && now - state.lastSpinAt < minimum) {
        const retryAfterMs = minimum - (now - state.lastSpinAt);
        throw new ProviderError(429, 'spin.too_soon', 'A spin starts at least 2.5 seconds after the previous one (UKGC RTS 14D).', { retryAfterMs });
      }
      state.lastSpinAt = now;

      const outcome = evaluateSlot(drawSlotStops(hmacUniform(rounds, label)));
      const stake = lineBet * SLOT_PAYLINES.length;
      const won = outcome.multiplier * lineBet;
      const settled = await settle(claims, state, roundRef, stake, won);
      const paid = settled.result === 'SUCCESS' ? won : 0;
      const answer: SlotAnswer = {
        ...settled,
        roundId: roundRef,
        currency: claims.cur,
        bet: money(settled.result === 'SUCCESS' ? stake : 0, currency),
        win: money(paid, currency),
        // A round the wallet refused was not played: its outcome is not shown.
        stops: settled.result === 'SUCCESS' ? outcome.stops : [],
        window: settled.result === 'SUCCESS' ? outcome.window : [],
        lines: settled.result === 'SUCCESS' ? outcome.lines : [],
      };
      remember(state, roundRef, { kind: 'slot', answer });
      return answer;
    },

    async rouletteSpin(claims, requestId, input) {
      if (claims.kind !== 'roulette') throw new ProviderError(404, 'game.kind', 'This launch is not a roulette.');
      const currency = playCurrency(claims.cur);
      const chips = rouletteChips(currency);
      const { bets, total } = parseBets(claims, input, { min: chips[0] ?? 1, max: rouletteMaxStake(currency) }, chips);
      const { rounds } = await keys();
      const label = `round:${claims.lid}:${requestId}:roulette:${canonicalBets(bets)}`;
      const roundRef = hex(rounds, label, 20);
      const state = stateOf(claims);
      const replay = state.answers.get(roundRef);
      if (replay?.kind === 'roulette') return replay.answer;

      const pocket = drawPocket(hmacUniform(rounds, label));
      const returned = rouletteReturn(bets, pocket);
      const settled = await settle(claims, state, roundRef, total, returned);
      const answer: RouletteAnswer = {
        ...settled,
        roundId: roundRef,
        currency: claims.cur,
        bet: money(settled.result === 'SUCCESS' ? total : 0, currency),
        win: money(settled.result === 'SUCCESS' ? returned : 0, currency),
        pocket: settled.result === 'SUCCESS' ? pocket : null,
        colour: settled.result === 'SUCCESS' ? pocketColour(pocket) : null,
      };
      remember(state, roundRef, { kind: 'roulette', answer });
      return answer;
    },

    async liveState(claims) {
      if (claims.kind !== 'live') throw new ProviderError(404, 'game.kind', 'This launch is not a live table.');
      await settleLive();
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
      const placed = liveBets.get(`${claims.lid}:${String(clockNow.round)}`);
      const { balance: shown } = await balance(claims);
      return {
        table: { seats: claims.seats, seatsTaken: claims.taken, min: money(limits.min, currency), max: money(limits.max, currency) },
        round: clockNow.round,
        phase: clockNow.phase,
        now,
        bettingEndsAt: clockNow.bettingEndsAt,
        endsAt: clockNow.endsAt,
        recent,
        placed: placed ? { round: placed.round, bet: money(placed.total, currency) } : null,
        results: stateOf(claims).liveResults,
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
      const roundRef = `L${String(round)}-${hex(rounds, `live:${claims.lid}:${requestId}:${canonicalBets(bets)}`, 12)}`;
      const state = stateOf(claims);
      const replay = state.answers.get(roundRef);
      if (replay?.kind === 'live') return replay.answer;
      if (phase !== 'betting') throw new ProviderError(409, 'betting.closed', 'No more bets: the ball is spinning. Bet in the next round.');
      const key = `${claims.lid}:${String(round)}`;
      if (liveBets.has(key)) throw new ProviderError(409, 'bets.already_placed', 'Your bets for this round are placed.');
      // The BET now; the WIN when the round ends (settleLive).
      const settled = await settle(claims, state, roundRef, total, 0);
      const answer: LiveBetAnswer = { result: settled.result, round, bet: money(settled.result === 'SUCCESS' ? total : 0, currency), balance: settled.balance };
      if (settled.result === 'SUCCESS') {
        liveBets.set(key, { claims, round, bets, total, stem: `${claims.lid}:${roundRef}` });
        startSweep();
      }
      remember(state, roundRef, { kind: 'live', answer });
      return answer;
    },

    settleLive,
  };
}

/** How long the live table's page waits between state requests (and the round's length it shows). */
export const LIVE_POLL_MS = 1_000;
export { LIVE_ROUND_MS };
