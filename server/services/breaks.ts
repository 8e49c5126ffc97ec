import type { Kysely } from 'kysely';
import { COOLING_OFF_INITIATOR } from '../../machines/lib/constants';
import { breakEnd, COOLING_OFF_DAY_CHOICES, EXCLUSION_MONTH_CHOICES } from '../../machines/lib/responsibleGambling';
import { marketOfCountry } from '../../machines/lib/wallet';
import type { BreakResponse } from '../../src/api/responsibleGambling';
import type { Database, PlayerStatus } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { FIELD_CODES, validationError } from '../http/validation';
import { liftEndedRestriction, restrictionHasEnded } from './account-status';
import { lockWallet } from './ledger';
import { createPlayerStore, type Player, type PlayerPatch } from './players';
import { revokePlayerSessions } from './sessions';
import { rgRulesFor, type SettingsStore } from './settings';
import { recordBreak } from '../repositories/breaks';
import { inTransaction } from '../repositories/transaction';
import { withdrawWholeBalance } from './cashier';

// Time-out, cooling-off and self-exclusion (issue 13; product.md §3 "Responsible gambling";
// behaviour.md §4, §7 /player/timeout, /player/timeout/cooling, /player/exclusion; §8 "Login"; §9).
// Each takes effect at once, in one transaction: the player's status becomes TIMEOUT (a cooling-off
// is a TIMEOUT that says so, with its initiator) or SELF_EXCLUDED with its end (none: indefinite);
// every session of the player ends (the wallet's socket closes through session_ended, the id and
// game tokens of those sessions answer 401); the seamless wallet refuses the player's bets
// (RESTRICTED: no play access while on a break); login is refused with behaviour.md §8's codes
// (server/services/account-status.ts loginRefusal). A self-exclusion also returns the player's
// balance (GLI-19: server/services/cashier.ts withdrawWholeBalance).
//
// A second request while a break runs never shortens it (a double click, two tabs): the later end
// wins, an indefinite exclusion stays indefinite, and a time-out never replaces a self-exclusion.

export interface BreakDeps {
  db: Kysely<Database>;
  clock: () => Date;
  settings: SettingsStore;
}

type BreakRequest =
  | { kind: 'TIMEOUT'; months: number }
  | { kind: 'COOLING_OFF'; days: number; initiator: string }
  | { kind: 'SELF_EXCLUSION'; months: number; indefinite: boolean };

/** Every break here is the player's own request (behaviour.md §9: initiator PLAYER). */
const PLAYER = COOLING_OFF_INITIATOR;

const sessionExpired = () => new HttpError(401, ERROR_CODES.sessionExpired, 'Your session has ended. Please log in again.');
const notAChoice = (field: string) => validationError([{ field, code: FIELD_CODES.invalid }]);

const later = (a: Date | null, b: Date | null): Date | null => (a === null ? b : b === null ? a : a.getTime() >= b.getTime() ? a : b);

/** A break in force at `now` (one whose end has passed is lifted before this is asked). */
function inForce(player: Player, now: Date): boolean {
  return (player.status === 'TIMEOUT' || player.status === 'SELF_EXCLUDED') && !restrictionHasEnded(player, now);
}

/**
 * What the player's row becomes (pure). `player` is the row as it is, an ended break already
 * lifted; `requestedEnd` is the end this request asks for (null: indefinite).
 */
function breakPatch(player: Player, request: BreakRequest, requestedEnd: Date | null, now: Date): PlayerPatch {
  const running = inForce(player, now);
  // The status to give back when the break ends: the one the first break interrupted.
  const before: PlayerStatus = running ? (player.status_before_break ?? 'REGISTERED') : player.status;
  if (request.kind === 'SELF_EXCLUSION') {
    const alreadyExcluded = running && player.status === 'SELF_EXCLUDED';
    const indefinite = request.indefinite || (alreadyExcluded && player.exclusion_indefinite);
    return {
      status: 'SELF_EXCLUDED',
      exclusion_indefinite: indefinite,
      exclusion_until: indefinite ? null : alreadyExcluded ? later(player.exclusion_until, requestedEnd) : requestedEnd,
      timeout_until: null,
      break_is_cooling: false,
      break_initiator: PLAYER,
      status_before_break: before,
    };
  }
  // A time-out or a cooling-off never weakens a self-exclusion.
  if (running && player.status === 'SELF_EXCLUDED') return {};
  const current = running ? player.timeout_until : null;
  const lengthens = current === null || (requestedEnd !== null && requestedEnd.getTime() > current.getTime());
  if (!lengthens) return {};
  return {
    status: 'TIMEOUT',
    timeout_until: requestedEnd,
    break_is_cooling: request.kind === 'COOLING_OFF',
    break_initiator: request.kind === 'COOLING_OFF' ? request.initiator : PLAYER,
    status_before_break: before,
  };
}

function responseOf(player: Player): BreakResponse {
  if (player.status === 'SELF_EXCLUDED')
    return { status: 'SELF_EXCLUDED', until: player.exclusion_indefinite ? null : (player.exclusion_until?.toISOString() ?? null) };
  return { status: 'TIMEOUT', until: player.timeout_until?.toISOString() ?? null };
}

async function startBreak(deps: BreakDeps, playerId: number, request: BreakRequest): Promise<BreakResponse> {
  const { db, clock } = deps;
  const now = clock();
  const requestedEnd =
    request.kind === 'SELF_EXCLUSION' && request.indefinite
      ? null
      : breakEnd(now, request.kind === 'COOLING_OFF' ? { days: request.days } : { months: request.months });
  return inTransaction(db, async (trx) => {
    // The wallet first, as every money operation takes it: a bet waiting for it sees the break.
    const wallet = await lockWallet(trx, playerId);
    const store = createPlayerStore(trx, clock);
    const found = await store.findByIdForUpdate(playerId);
    if (!found) throw sessionExpired();
    const player = await liftEndedRestriction(trx, found, now);
    await recordBreak(trx, {
      player_id: playerId,
      kind: request.kind,
      initiator: request.kind === 'COOLING_OFF' ? request.initiator : PLAYER,
      length_months: request.kind === 'COOLING_OFF' ? null : request.months,
      length_days: request.kind === 'COOLING_OFF' ? request.days : null,
      indefinite: request.kind === 'SELF_EXCLUSION' && request.indefinite,
      requested_at: now,
      ends_at: requestedEnd,
    });
    const patch = breakPatch(player, request, requestedEnd, now);
    const updated = Object.keys(patch).length === 0 ? player : ((await store.update(playerId, patch)) ?? player);
    // GLI-19: the excluded player's balance goes back to them (a time-out keeps it: the player comes back).
    if (request.kind === 'SELF_EXCLUSION' && wallet) await withdrawWholeBalance(trx, wallet, updated, now);
    await revokePlayerSessions(trx, playerId, now);
    return responseOf(updated);
  });
}

/** PATCH /player/timeout { months }: a time-out of one of the market's lengths (rules.timeoutMonthChoices). */
export async function takeTimeout(deps: BreakDeps, playerId: number, body: { months: number }): Promise<BreakResponse> {
  const player = await createPlayerStore(deps.db, deps.clock).findById(playerId);
  if (!player) throw sessionExpired();
  const rules = rgRulesFor(await deps.settings.read(), marketOfCountry(player.country_code));
  if (!rules.timeoutMonthChoices.includes(body.months)) throw notAChoice('months');
  return startBreak(deps, playerId, { kind: 'TIMEOUT', months: body.months });
}

/** PATCH /player/timeout/cooling { days, initiator }: a cooling-off (behaviour.md §9: from 1 day; the DE panic button's 24 hours). */
export async function takeCoolingOff(deps: BreakDeps, playerId: number, body: { days: number; initiator: string }): Promise<BreakResponse> {
  if (!(COOLING_OFF_DAY_CHOICES as readonly number[]).includes(body.days)) throw notAChoice('days');
  return startBreak(deps, playerId, { kind: 'COOLING_OFF', days: body.days, initiator: body.initiator });
}

/**
 * PATCH /player/exclusion { exclusionInMonths, exclusionDelayInHours, accountDisableIndefinitely? }:
 * a self-exclusion of one of EXCLUSION_MONTH_CHOICES, at once (the contract takes no delay but 0);
 * indefinite when accountDisableIndefinitely (behaviour.md §9: sent as 12 months).
 */
export async function selfExclude(
  deps: BreakDeps,
  playerId: number,
  body: { exclusionInMonths: number; exclusionDelayInHours: number; accountDisableIndefinitely?: boolean | undefined },
): Promise<BreakResponse> {
  if (!(EXCLUSION_MONTH_CHOICES as readonly number[]).includes(body.exclusionInMonths)) throw notAChoice('exclusionInMonths');
  return startBreak(deps, playerId, { kind: 'SELF_EXCLUSION', months: body.exclusionInMonths, indefinite: body.accountDisableIndefinitely === true });
}
