// The activity timer, or reality check (behaviour.md §4 "Gambling limits and responsible gambling":
// "The activity timer starts, stops, and is reset by link, logout or continue. The activity summary
// opens and closes. The timer is polled every 60 seconds. At zero the summary is fetched and a
// session-timeout modal is shown."; §7 /player/activity_check; §9 ACTIVITY_TIMER_POLL_MS; product.md
// §2 "session-timeout modal", §3 activity settings and summary; UKGC RTS 13, GLI-19 2.5.5).
//
// Invoked by the session in its authorized state, like the idle timer (id and systemId
// `activityTimer`): it starts at login and stops at logout. The platform keeps the timer (when it
// started, the player's interval); this machine only asks it:
//
//   timing.loadingSettings   the player's activity settings: off -> timing.off, on -> polling
//   timing.settingsUnavailable  the settings could not be read: asked again one poll later
//   timing.off               no reality check; `activity.settingsChanged` (the gambling-limits flow,
//                            through the session) reads the settings again
//   timing.checking          GET minutes_remaining; 0 -> due, null (switched off) -> off, else waiting
//   timing.waiting           ACTIVITY_TIMER_POLL_MS, then checking again
//   due.fetchingSummary      the timer reached zero: the session's summary (turnover, winnings, delta)
//   due.shown                the session-timeout modal; it must be answered: continue, link or logout
//   resetting                PATCH reset_timer after continue or link, then waiting
//   loggedOut                final: the player chose to log out; the session logs out
//
// A failed poll keeps polling (a network blip must not switch a regulatory timer off); a failed
// summary still shows the modal, without the figures (`summary` null: the modal says they could not
// be loaded and how long the interval was). The link to the gambling-limits page resets the timer
// like continue and asks the session to navigate there (the named action `openLimitsPage`, which by
// default tells the parent `activity.openLimits`; the session emits its `ui.navigate`).
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ActivitySettings, ActivitySummary, MinutesRemaining } from '../src/api/responsibleGambling';
import { ACTIVITY_TIMER_POLL_MS } from './lib/constants';

export interface ActivityTimerContext {
  /** The player's interval in minutes (30, 60 or 120); null while unknown or off. */
  intervalMinutes: number | null;
  /** What the last poll answered; null before the first answer. */
  minutesRemaining: number | null;
  /** This login's play, fetched when the timer reached zero; null while fetching or when the fetch failed. */
  summary: ActivitySummary | null;
}

export type ActivityTimerEvent =
  /** The player changed the activity settings (the gambling-limits flow tells the session, which forwards it). */
  | { type: 'activity.settingsChanged' }
  /** The modal's Continue: the timer starts again. */
  | { type: 'activity.continue' }
  /** The modal's link "Review my gambling limits": the timer starts again and the page opens. */
  | { type: 'activity.link' }
  /** The modal's Log out. */
  | { type: 'activity.logout' };

/** What the parent hears when the player follows the modal's link (the session navigates). */
export interface ActivityOpenLimitsEvent {
  type: 'activity.openLimits';
}

export interface ActivityTimerOutput {
  /** The player chose to log out in the modal: the session logs out. */
  outcome: 'logout';
}

/** realityCheck: show the session-timeout modal; loading: its summary is on its way. */
export type ActivityTimerTag = 'realityCheck' | 'loading';

export const activityTimerMachine = setup({
  types: {
    context: {} as ActivityTimerContext,
    events: {} as ActivityTimerEvent,
    output: {} as ActivityTimerOutput,
    tags: {} as ActivityTimerTag,
  },
  actors: {
    // Supplied by src/ (responsibleGamblingApi) and by tests.
    /** GET /player/activity_check/settings. */
    loadTimerSettings: fromPromise<ActivitySettings>(() => Promise.reject(new Error('activityTimerMachine: provide loadTimerSettings'))),
    /** GET /player/activity_check/minutes_remaining (null: the timer is off). */
    fetchMinutesRemaining: fromPromise<MinutesRemaining>(() => Promise.reject(new Error('activityTimerMachine: provide fetchMinutesRemaining'))),
    /** GET /player/activity_check/summary. */
    fetchActivitySummary: fromPromise<ActivitySummary>(() => Promise.reject(new Error('activityTimerMachine: provide fetchActivitySummary'))),
    /** PATCH /player/activity_check/reset_timer. */
    resetActivityTimer: fromPromise<MinutesRemaining>(() => Promise.reject(new Error('activityTimerMachine: provide resetActivityTimer'))),
  },
  actions: {
    /** The session navigates to the player's gambling-limits page (its `ui.navigate`, langmarket included). */
    openLimitsPage: sendParent({ type: 'activity.openLimits' } satisfies ActivityOpenLimitsEvent),
    assignSettings: assign((_, params: { settings: ActivitySettings }) => ({
      intervalMinutes: params.settings.activityTimerOn ? params.settings.intervalMinutes : null,
    })),
    assignMinutesRemaining: assign((_, params: { minutesRemaining: number | null }) => ({ minutesRemaining: params.minutesRemaining })),
    assignSummary: assign((_, params: { summary: ActivitySummary }) => ({ summary: params.summary })),
    clearSummary: assign({ summary: null }),
  },
  guards: {
    isTimerOn: (_, params: { settings: ActivitySettings }) => params.settings.activityTimerOn && params.settings.intervalMinutes !== null,
    isTimeUp: (_, params: { minutesRemaining: number | null }) => params.minutesRemaining === 0,
    isTimerOff: (_, params: { minutesRemaining: number | null }) => params.minutesRemaining === null,
  },
  delays: {
    // behaviour.md §9: the timer is polled every 60 000 ms (named, so tests run it on a simulated clock).
    activityPoll: ACTIVITY_TIMER_POLL_MS,
  },
}).createMachine({
  id: 'activityTimer',
  description:
    'behaviour.md §4 "Gambling limits and responsible gambling": "The activity timer starts, stops, and is ' +
    'reset by link, logout or continue. The activity summary opens and closes. The timer is polled every 60 ' +
    'seconds. At zero the summary is fetched and a session-timeout modal is shown."; §9 ' +
    'ACTIVITY_TIMER_POLL_MS; product.md §2 session-timeout modal. Invoked by the session while authorized ' +
    '(systemId `activityTimer`). **timing**: the settings (`loadTimerSettings`; a failure asks again a poll ' +
    'later); off → waits for `activity.settingsChanged`; on → `fetchMinutesRemaining` every `activityPoll` ' +
    '(a failed poll keeps polling; null: off). **due** (tag `realityCheck`): the summary ' +
    '(`fetchActivitySummary`; a failure still shows the modal, without figures), then the modal waits for ' +
    '`activity.continue` or `activity.link` (both → **resetting**, `resetActivityTimer`, then polling again; ' +
    'the link also runs `openLimitsPage`, which tells the session `activity.openLimits`) or ' +
    '`activity.logout` → final `loggedOut` (the session logs out).',
  context: { intervalMinutes: null, minutesRemaining: null, summary: null } satisfies ActivityTimerContext,
  initial: 'timing',
  states: {
    timing: {
      description: 'No modal: the settings are read, and while the timer is on the platform is asked how much is left.',
      initial: 'loadingSettings',
      on: {
        'activity.settingsChanged': {
          description: 'The player changed the interval or switched the timer on or off: the settings are read again.',
          target: '.loadingSettings',
        },
      },
      states: {
        loadingSettings: {
          description: "Reads the player's activity settings (30, 60 or 120 minutes, or off).",
          invoke: {
            id: 'loadTimerSettings',
            src: 'loadTimerSettings',
            onDone: [
              {
                description: 'On: the platform is asked at once how much is left (a login starts the timer).',
                guard: { type: 'isTimerOn', params: ({ event }) => ({ settings: event.output }) },
                target: 'checking',
                actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) },
              },
              { target: 'off', actions: { type: 'assignSettings', params: ({ event }) => ({ settings: event.output }) } },
            ],
            onError: 'settingsUnavailable',
          },
        },
        settingsUnavailable: {
          description: 'The settings could not be read: asked again one poll later (a network blip must not switch the timer off).',
          after: { activityPoll: 'loadingSettings' },
        },
        off: {
          description: 'The player has no reality check; a change of the settings reads them again.',
        },
        checking: {
          description: 'GET minutes_remaining.',
          invoke: {
            id: 'fetchMinutesRemaining',
            src: 'fetchMinutesRemaining',
            onDone: [
              {
                description: 'Zero: the reality check is due.',
                guard: { type: 'isTimeUp', params: ({ event }) => ({ minutesRemaining: event.output.minutesRemaining }) },
                target: '#activityTimer.due',
                actions: { type: 'assignMinutesRemaining', params: { minutesRemaining: 0 } },
              },
              {
                description: 'null: the platform says the timer is off (switched off elsewhere).',
                guard: { type: 'isTimerOff', params: ({ event }) => ({ minutesRemaining: event.output.minutesRemaining }) },
                target: 'off',
                actions: { type: 'assignMinutesRemaining', params: { minutesRemaining: null } },
              },
              {
                target: 'waiting',
                actions: { type: 'assignMinutesRemaining', params: ({ event }) => ({ minutesRemaining: event.output.minutesRemaining }) },
              },
            ],
            onError: {
              description: 'A failed poll keeps polling: the next one is a poll interval later.',
              target: 'waiting',
            },
          },
        },
        waiting: {
          description: 'Waits ACTIVITY_TIMER_POLL_MS before the next poll.',
          after: { activityPoll: 'checking' },
        },
      },
    },
    due: {
      description: 'The session-timeout modal: the timer reached zero and the player must answer it.',
      tags: 'realityCheck',
      initial: 'fetchingSummary',
      states: {
        fetchingSummary: {
          description: "The modal opens and fetches this session's turnover, winnings and net position.",
          tags: 'loading',
          entry: 'clearSummary',
          invoke: {
            id: 'fetchActivitySummary',
            src: 'fetchActivitySummary',
            onDone: { target: 'shown', actions: { type: 'assignSummary', params: ({ event }) => ({ summary: event.output }) } },
            onError: {
              description: 'The modal is shown all the same, without the figures (it says they could not be loaded).',
              target: 'shown',
            },
          },
        },
        shown: {
          description: 'The summary (or the note that it could not be loaded) with Continue, Log out and the gambling-limits link.',
          on: {
            'activity.continue': { description: 'Continue: the timer starts again.', target: '#activityTimer.resetting' },
            'activity.link': {
              description: 'The gambling-limits link: the timer starts again and the session opens the page.',
              target: '#activityTimer.resetting',
              actions: 'openLimitsPage',
            },
            'activity.logout': { description: 'Log out: the session logs the player out.', target: '#activityTimer.loggedOut' },
          },
        },
      },
    },
    resetting: {
      description: 'The modal closes; PATCH reset_timer starts a new interval on the platform.',
      invoke: {
        id: 'resetActivityTimer',
        src: 'resetActivityTimer',
        onDone: {
          target: '#activityTimer.timing.waiting',
          actions: { type: 'assignMinutesRemaining', params: ({ event }) => ({ minutesRemaining: event.output.minutesRemaining }) },
        },
        onError: {
          description: 'Not reset: the next poll asks the platform, which shows the check again if its timer is still at zero.',
          target: '#activityTimer.timing.waiting',
        },
      },
    },
    loggedOut: { description: 'The player chose to log out: the session logs out.', type: 'final' },
  },
  output: { outcome: 'logout' },
});
