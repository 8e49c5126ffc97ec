// The activity timer's fixtures (tests/machines/activityTimer.machine.test.ts): the settings and the
// summary the platform answers, and the events its path test tries in each state (`eventsIn`).
// `npm run paths activityTimer` walks the same events (scripts/lib/pathModels.ts).
import type { DoneActorEvent, ErrorActorEvent, EventFromLogic, SnapshotFrom } from 'xstate';
import type { activityTimerMachine } from '../../../machines/activityTimer.machine';
import { ApiError } from '../../../src/api/errors';
import type { ActivitySettings, ActivitySummary, MinutesRemaining } from '../../../src/api/responsibleGambling';

type TimerEvent =
  | EventFromLogic<typeof activityTimerMachine>
  | DoneActorEvent<ActivitySettings, 'loadTimerSettings'>
  | ErrorActorEvent<unknown, 'loadTimerSettings'>
  | DoneActorEvent<MinutesRemaining, 'fetchMinutesRemaining'>
  | ErrorActorEvent<unknown, 'fetchMinutesRemaining'>
  | DoneActorEvent<ActivitySummary, 'fetchActivitySummary'>
  | ErrorActorEvent<unknown, 'fetchActivitySummary'>
  | DoneActorEvent<MinutesRemaining, 'resetActivityTimer'>
  | ErrorActorEvent<unknown, 'resetActivityTimer'>;
type TimerSnapshot = SnapshotFrom<typeof activityTimerMachine>;

export const ON: ActivitySettings = { intervalMinutes: 60, activityTimerOn: true };
export const OFF: ActivitySettings = { intervalMinutes: null, activityTimerOn: false };
export const SUMMARY: ActivitySummary = {
  settings: ON,
  currency: 'EUR',
  sessionStartedAt: '2026-11-25T12:00:00.000Z',
  turnover: '120.00',
  winnings: '95.50',
  delta: '-24.50',
  limitWarnings: [],
};
/** A lost answer, as the app's API client reports it (src/api/errors.ts; the machine never reads it). */
const offline = new ApiError('network', 0, 'network.error', 'Network Error');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as TimerEvent;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, actorId: id, error: offline }) as TimerEvent;

/** The events that can happen in each state: the pending call's answers, and the modal's buttons. */
export function eventsIn(snapshot: TimerSnapshot): TimerEvent[] {
  if (snapshot.status === 'done') return [];
  const changed: TimerEvent = { type: 'activity.settingsChanged' };
  const buttons: TimerEvent[] = [{ type: 'activity.continue' }, { type: 'activity.link' }, { type: 'activity.logout' }];
  if (snapshot.matches({ timing: 'loadingSettings' }))
    return [done('loadTimerSettings', ON), done('loadTimerSettings', OFF), failed('loadTimerSettings'), changed];
  if (snapshot.matches({ timing: 'checking' })) {
    return [
      done('fetchMinutesRemaining', { minutesRemaining: 0 }),
      done('fetchMinutesRemaining', { minutesRemaining: null }),
      done('fetchMinutesRemaining', { minutesRemaining: 25 }),
      failed('fetchMinutesRemaining'),
      changed,
    ];
  }
  if (snapshot.matches({ due: 'fetchingSummary' })) return [done('fetchActivitySummary', SUMMARY), failed('fetchActivitySummary'), ...buttons, changed];
  if (snapshot.matches('resetting')) return [done('resetActivityTimer', { minutesRemaining: 60 }), failed('resetActivityTimer'), ...buttons, changed];
  // The buttons and a settings change are tried everywhere: only the modal answers the buttons,
  // and the modal, which must be answered, ignores a settings change.
  return [...buttons, changed];
}
