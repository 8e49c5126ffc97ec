import type { Kysely } from 'kysely';
import { ACTIVITY_INTERVAL_CHOICES_MINUTES, ACTIVITY_TIMER_DEFAULT_MINUTES } from '../../machines/lib/constants';
import { activityMinutesRemaining } from '../../machines/lib/responsibleGambling';
import type { ActivitySettings, ActivitySettingsPatch, ActivitySummary, MinutesRemaining } from '../../src/api/responsibleGambling';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { toCents } from './ledger';
import type { AuthenticatedSession } from './sessions';
import {
  chosenInterval,
  playSince,
  restartSessionTimer,
  saveInterval,
  sessionTimer,
  setPlayerSessionTimers,
  type SessionTimer,
} from '../repositories/activity';
import { inTransaction } from '../repositories/transaction';
import { findWallet } from '../repositories/wallets';
import { limitWarningsFor } from './limits';
import { walletNotFound, wireMoney } from './wallet';

// The reality check (issue 13 "Reality check and activity"; product.md §3 "Responsible gambling":
// activity settings 30, 60 or 120 minutes or not set, default 120; behaviour.md §4: the timer is
// polled every 60 s and at zero the summary is fetched; §9). The interval is the player's; the
// timer is the login's: it starts at the login and a reset (the modal's "continue") or a change of
// the settings restarts it. The summary is this login's play from the wallet's history: what the
// modal and the UK session bar (UKGC RTS 13C: time since login and net position) show.

export interface ActivityDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

const sessionExpired = () => new HttpError(401, ERROR_CODES.sessionExpired, 'Your session has ended. Please log in again.');

/** The player's interval: their choice, else the default (behaviour.md §9: 120 minutes); null when they turned it off. */
async function intervalOf(db: Kysely<Database>, playerId: number): Promise<number | null> {
  const chosen = await chosenInterval(db, playerId);
  return chosen === undefined ? ACTIVITY_TIMER_DEFAULT_MINUTES : chosen.intervalMinutes;
}

type Interval = ActivitySettings['intervalMinutes'];
const isInterval = (minutes: number | null): minutes is Interval =>
  minutes === null || (ACTIVITY_INTERVAL_CHOICES_MINUTES as readonly number[]).includes(minutes);

function settingsOf(stored: number | null): ActivitySettings {
  // The database takes only the choices (migration 0013's check); anything else would be the default.
  const intervalMinutes = isInterval(stored) ? stored : ACTIVITY_TIMER_DEFAULT_MINUTES;
  return { intervalMinutes, activityTimerOn: intervalMinutes !== null };
}

async function timerOf(db: Kysely<Database>, session: AuthenticatedSession): Promise<SessionTimer> {
  const timer = await sessionTimer(db, session.sessionId, session.playerId);
  if (!timer) throw sessionExpired();
  return timer;
}

const remaining = (intervalMinutes: number | null, timer: SessionTimer, now: Date): MinutesRemaining => ({
  minutesRemaining: intervalMinutes === null ? null : activityMinutesRemaining(intervalMinutes, timer.timerStartedAt, now),
});

/** GET activity_check/settings. */
export async function activitySettings(deps: ActivityDeps, playerId: number): Promise<ActivitySettings> {
  return settingsOf(await intervalOf(deps.db, playerId));
}

/** PATCH activity_check/settings: the new interval; the timer of each of the player's logins starts again from now. */
export async function updateActivitySettings(deps: ActivityDeps, playerId: number, patch: ActivitySettingsPatch): Promise<ActivitySettings> {
  const now = deps.clock();
  const intervalMinutes = patch.intervalMinutes ?? null;
  await inTransaction(deps.db, async (trx) => {
    await saveInterval(trx, playerId, intervalMinutes, now);
    await setPlayerSessionTimers(trx, playerId, now);
  });
  return settingsOf(intervalMinutes);
}

/** GET activity_check/minutes_remaining: whole minutes until the reality check of this login (0: due), null when off. */
export async function minutesRemaining(deps: ActivityDeps, session: AuthenticatedSession): Promise<MinutesRemaining> {
  const intervalMinutes = await intervalOf(deps.db, session.playerId);
  const timer = await timerOf(deps.db, session);
  return remaining(intervalMinutes, timer, deps.clock());
}

/** PATCH activity_check/reset_timer: the player acknowledged the reality check and continues; the timer of this login starts again. */
export async function resetActivityTimer(deps: ActivityDeps, session: AuthenticatedSession): Promise<MinutesRemaining> {
  const now = deps.clock();
  const timer = await timerOf(deps.db, session);
  await restartSessionTimer(deps.db, session.sessionId, now);
  return remaining(await intervalOf(deps.db, session.playerId), { ...timer, timerStartedAt: now }, now);
}

/** GET activity_check/summary: this login's stakes, wins and net position in the account currency, and the limits near their end. */
export async function activitySummary(deps: ActivityDeps, session: AuthenticatedSession): Promise<ActivitySummary> {
  const { db } = deps;
  const timer = await timerOf(db, session);
  const wallet = await findWallet(db, session.playerId);
  if (!wallet) throw walletNotFound();
  // One after the other: the warnings run in a transaction of their own (PGlite has one connection).
  const intervalMinutes = await intervalOf(db, session.playerId);
  const play = await playSince(db, session.playerId, timer.createdAt);
  const limitWarnings = await limitWarningsFor(db, { id: session.playerId, currency_code: wallet.currency }, deps.clock());
  const turnover = toCents(play.stakes);
  const winnings = toCents(play.wins);
  return {
    settings: settingsOf(intervalMinutes),
    currency: wallet.currency,
    sessionStartedAt: timer.createdAt.toISOString(),
    turnover: wireMoney(turnover, wallet.currency),
    winnings: wireMoney(winnings, wallet.currency),
    delta: wireMoney(winnings - turnover, wallet.currency),
    limitWarnings,
  };
}

/**
 * Test mode (POST /api/test/activity-timer): moves the timer of each of the player's logins so the
 * reality check is due in `minutesRemaining` minutes (the browser test then moves the page's clock
 * past one 60 s poll instead of waiting). 409 when the player's timer is off; 400 beyond the interval.
 */
export async function moveActivityTimers(
  deps: ActivityDeps,
  playerId: number,
  minutesRemaining: number,
): Promise<{ sessions: number; minutesRemaining: number }> {
  const intervalMinutes = await intervalOf(deps.db, playerId);
  if (intervalMinutes === null) throw new HttpError(409, ERROR_CODES.requestInvalid, 'This player has turned the reality check off.');
  if (minutesRemaining > intervalMinutes) throw new HttpError(400, ERROR_CODES.requestInvalid, `At most ${String(intervalMinutes)} minutes remain.`);
  const startedAt = new Date(deps.clock().getTime() - (intervalMinutes - minutesRemaining) * 60_000);
  return { sessions: await setPlayerSessionTimers(deps.db, playerId, startedAt), minutesRemaining };
}
