import type { Kysely } from 'kysely';
import { COOLING_OFF_INITIATOR, DAY_MS } from '../../machines/lib/constants';
import type { AccessDetails } from '../../src/api/player';
import { TERMS_RELEASES } from '../content/terms';
import type { Database, PlayerStatus } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { updatePlayerInStatus } from '../repositories/players';
import type { Player } from './players';

// What a player's account status (product.md §3 "Player account status") allows: whether they
// may log in (behaviour.md §8 "Login" codes) and their access flags (§6 "Restricted areas").

/** The current terms version (server/content/terms.ts): the only one a player can accept. */
export function currentTermsVersion(): number {
  return Math.max(...TERMS_RELEASES.map((release) => release.version));
}

/** Whole days left until `until`, rounded up (a time-out ending in 1 h is "1 day"). */
export function daysLeft(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / DAY_MS));
}

/** A time-out or a self-exclusion whose end has passed: the player is back to REGISTERED. */
export function restrictionHasEnded(player: Player, now: Date): boolean {
  if (player.status === 'TIMEOUT') return player.timeout_until === null || player.timeout_until <= now;
  if (player.status === 'SELF_EXCLUDED') {
    return !player.exclusion_indefinite && (player.exclusion_until === null || player.exclusion_until <= now);
  }
  return false;
}

/**
 * Lifts an ended time-out or self-exclusion (on login, refresh, profile); the row as it now is. The
 * player gets back the status the break interrupted (an operator's RESTRICTED or PAYOUT survives a
 * break the player took), REGISTERED when none was kept.
 */
export async function liftEndedRestriction(db: Kysely<Database>, player: Player, now: Date): Promise<Player> {
  if (!restrictionHasEnded(player, now)) return player;
  const updated = await updatePlayerInStatus(db, player.id, player.status, {
    status: player.status_before_break ?? 'REGISTERED',
    timeout_until: null,
    exclusion_until: null,
    exclusion_indefinite: false,
    break_is_cooling: false,
    break_initiator: null,
    status_before_break: null,
    updated_at: now,
  });
  return updated ?? player;
}

/**
 * Why this player may not log in (behaviour.md §8 "Login"), or null. Call it only after the
 * password was right (or the bank identified the player), so the status is never told to someone
 * who does not hold the account; and after liftEndedRestriction.
 */
export function loginRefusal(player: Player, now: Date): HttpError | null {
  switch (player.status) {
    case 'CLOSED':
      return new HttpError(403, ERROR_CODES.accountClosed, 'This account is closed.');
    case 'BLACKLISTED':
      return new HttpError(403, ERROR_CODES.accountDeactivated, 'This account is deactivated.');
    case 'PRE_REGISTERED':
      // A registration whose verification never finished is not an account yet.
      return new HttpError(401, ERROR_CODES.playerNotFound, 'Wrong e-mail or password.');
    case 'TIMEOUT':
      if (player.timeout_until !== null && player.timeout_until > now) {
        const days = daysLeft(player.timeout_until, now);
        // A cooling-off is a time-out that says so, with who asked (behaviour.md §4 "Session": isCooling, initiator).
        if (player.break_is_cooling) {
          const initiator = player.break_initiator ?? COOLING_OFF_INITIATOR;
          return new HttpError(403, `code:error.timeout.in.progress:days:${days}:isCooling:true:initiator:${initiator}`, 'A cooling-off is in progress.');
        }
        return new HttpError(403, `code:error.timeout.in.progress:days:${days}`, 'A time-out is in progress.');
      }
      return null;
    case 'SELF_EXCLUDED':
      if (player.exclusion_indefinite) {
        return new HttpError(403, ERROR_CODES.exclusionIndefinite, 'This account is self-excluded indefinitely.');
      }
      if (player.exclusion_until !== null && player.exclusion_until > now) {
        return new HttpError(403, `code:error.exclusion.in.progress:days:${daysLeft(player.exclusion_until, now)}`, 'A self-exclusion is in progress.');
      }
      return null;
    default:
      return null;
  }
}

const ALL_ALLOWED: AccessDetails = {
  payout: true,
  casino: true,
  liveCasino: true,
  sports: true,
  virtualSports: true,
  bonuses: true,
  deposit: true,
  withdrawal: true,
  volt: true,
  affiliateReg: true,
  macropay: true,
  isWithdrawalReview: true,
  crypto: true,
};

/** No play, no bonus, no deposit: a player on a break (time-out, self-exclusion) or restricted. */
const NO_GAMBLING: Partial<AccessDetails> = {
  casino: false,
  liveCasino: false,
  sports: false,
  virtualSports: false,
  bonuses: false,
  deposit: false,
};

const BY_STATUS: Partial<Record<PlayerStatus, Partial<AccessDetails>>> = {
  TIMEOUT: NO_GAMBLING,
  SELF_EXCLUDED: NO_GAMBLING,
  RESTRICTED: NO_GAMBLING,
  // behaviour.md §6: a payout-restricted player.
  PAYOUT: { payout: false },
  CLOSED: { ...NO_GAMBLING, payout: false, withdrawal: false },
  BLACKLISTED: { ...NO_GAMBLING, payout: false, withdrawal: false },
};

/** The access flags of product.md §3 for a player's status. */
export function accessDetailsFor(player: Pick<Player, 'status'>): AccessDetails {
  return { ...ALL_ALLOWED, ...BY_STATUS[player.status] };
}
