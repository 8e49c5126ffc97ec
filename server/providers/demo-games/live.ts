import { drawPocket } from './roulette';
import { hmacUniform } from './rng';

// The demo provider's live-table simulation (issue 12, "The demo game provider"): a table of the
// catalog (its seats, seats taken and bet limits come from the game) that deals European roulette
// rounds on a timer derived from the clock, so that every platform process agrees on the round and
// its outcome without talking to each other:
//
//   round n spans [n * LIVE_ROUND_MS, (n + 1) * LIVE_ROUND_MS): bets are taken during its first
//   LIVE_BETTING_MS, then "no more bets", and the ball lands at its end;
//   its pocket is drawn from HMAC(provider secret, `live:<table>:<n>`) (rng.ts), so it exists
//   before the round ends but nobody without the secret can know it, and the provider tells it only
//   once the round is over.
// Bets placed during the window are settled at the round's end (play.ts; their rows: state.ts).

/** One round: 25 s (20 s of bets, 5 s of spin). */
export const LIVE_ROUND_MS = 25_000;
export const LIVE_BETTING_MS = 20_000;

export interface LiveRoundClock {
  round: number;
  phase: 'betting' | 'closed';
  /** When the round's betting closes and when it ends (epoch ms). */
  bettingEndsAt: number;
  endsAt: number;
}

/** The round at `nowMs`: round n = floor(now / LIVE_ROUND_MS). */
export function liveRoundAt(nowMs: number): LiveRoundClock {
  const round = Math.floor(nowMs / LIVE_ROUND_MS);
  const startsAt = round * LIVE_ROUND_MS;
  const bettingEndsAt = startsAt + LIVE_BETTING_MS;
  return { round, phase: nowMs < bettingEndsAt ? 'betting' : 'closed', bettingEndsAt, endsAt: startsAt + LIVE_ROUND_MS };
}

/** The pocket of a table's round: the same in every process that holds the provider's secret. */
export function liveOutcome(key: Uint8Array, tableId: string, round: number): number {
  return drawPocket(hmacUniform(key, `live:${tableId}:${String(round)}`));
}

/** Has the round ended at `nowMs` (its outcome may be told)? */
export function liveRoundEnded(round: number, nowMs: number): boolean {
  return nowMs >= (round + 1) * LIVE_ROUND_MS;
}
