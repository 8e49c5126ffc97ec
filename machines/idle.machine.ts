// Idle logout (behaviour.md §4 "Session": "each check compares the last activity with now. If the idle
// limit is exceeded, a logout call is made, then a local logout"; product.md §2: an idle-timer modal).
// Invoked by the session while the player is authorized. Every IDLE_CHECK_MS it reads the clock and
// compares it with the last activity: from IDLE_LIMIT_MS - IDLE_WARNING_MS on it warns (the player
// can answer "Stay logged in"), from IDLE_LIMIT_MS on it ends (final state), which the session turns
// into its logout (sign-out call, then local logout).
//
// Comparing wall-clock times rather than arming one long timer keeps the rule true when the
// browser throttles timers in a background tab or the computer sleeps.
//
// The platform keeps its own idle limit (the same IDLE_LIMIT_MS, counted from the last call that
// reached it), and in-page activity never reaches it. So a check that finds activity since the
// last keep-alive, SESSION_KEEPALIVE_MS or more after it, asks for one (the `keepAlive` action);
// so does "Stay logged in", at once, since the warning may come as late in the platform's count.
// A player who does nothing gets no keep-alive, and the platform's limit stays a real one.
//
// src/ provides the clock and the call: idleMachine.provide({ actors: { readClock }, actions:
// { keepAlive } }) (Date.now and POST /player/session/refresh; tests a SimulatedClock and a spy)
// and sends `idle.activity` (pointer, key, scroll; throttled) through the session.
import { assign, fromPromise, setup } from 'xstate';
import { IDLE_CHECK_MS, IDLE_LIMIT_MS, IDLE_WARNING_MS, SESSION_KEEPALIVE_MS } from './lib/constants';

export interface IdleContext {
  /** Milliseconds since the epoch of the last activity; null until the clock was first read. */
  lastActivityAt: number | null;
  /**
   * When the platform last heard from this page for the session (ms since the epoch): the start
   * (a login or a restore is a call), then each keep-alive. Null until the clock was first read.
   */
  lastKeepAliveAt: number | null;
}

export type IdleEvent =
  /** The player did something (pointer, key, scroll) at `at` (ms since the epoch). */
  | { type: 'idle.activity'; at: number }
  /** "Stay logged in" in the idle warning. */
  | { type: 'idle.stay' };

/** warning: show the idle-warning dialog. */
export type IdleTag = 'warning';

/** When the warning's countdown reaches zero (ms since the epoch), for the dialog. */
export function idleLogoutAt(context: IdleContext): number | null {
  return context.lastActivityAt === null ? null : context.lastActivityAt + IDLE_LIMIT_MS;
}

function idleFor(context: IdleContext, now: number): number {
  return context.lastActivityAt === null ? 0 : now - context.lastActivityAt;
}

/**
 * Is a keep-alive due at `now`? Only for activity the platform has not heard of, and at most every
 * SESSION_KEEPALIVE_MS. Without a first clock reading, the first activity is enough.
 */
export function keepAliveDue(context: IdleContext, now: number): boolean {
  const { lastActivityAt, lastKeepAliveAt } = context;
  if (lastActivityAt === null) return false;
  if (lastKeepAliveAt === null) return true;
  return lastActivityAt > lastKeepAliveAt && now - lastKeepAliveAt >= SESSION_KEEPALIVE_MS;
}

/** The default keepAlive: nothing (src/ provides the platform call). */
const doNothing: () => void = () => undefined;

export const idleMachine = setup({
  types: {
    context: {} as IdleContext,
    events: {} as IdleEvent,
    tags: {} as IdleTag,
  },
  actors: {
    // Supplied by src/ (Date.now) and by tests (a SimulatedClock's now).
    readClock: fromPromise<number>(() => Promise.reject(new Error('idleMachine: provide the readClock actor'))),
  },
  actions: {
    // Supplied by src/: tells the platform the player is still there (fire and forget; it must
    // not throw). Its answer does not matter here: a refused session shows on the next call.
    keepAlive: doNothing,
    recordActivity: assign((_, params: { at: number }) => ({ lastActivityAt: params.at })),
    // Starting, or "Stay logged in": now counts as activity, and the platform has just heard from
    // the page (the login or restore, or the keep-alive sent with "Stay logged in").
    recordNow: assign((_, params: { now: number }) => ({ lastActivityAt: params.now, lastKeepAliveAt: params.now })),
    recordKeepAlive: assign((_, params: { now: number }) => ({ lastKeepAliveAt: params.now })),
  },
  guards: {
    idleLimitReached: ({ context }, params: { now: number }) => idleFor(context, params.now) >= IDLE_LIMIT_MS,
    idleWarningDue: ({ context }, params: { now: number }) => idleFor(context, params.now) >= IDLE_LIMIT_MS - IDLE_WARNING_MS,
    keepAliveDue: ({ context }, params: { now: number }) => keepAliveDue(context, params.now),
  },
  delays: {
    idleCheck: IDLE_CHECK_MS,
  },
}).createMachine({
  id: 'idle',
  description:
    'behaviour.md §4 "Session" idle check, with the limit `IDLE_LIMIT_MS` (GLI-19 2.5.4). Invoked by the ' +
    'session while the player is authorized. Every `IDLE_CHECK_MS` it reads the clock (`readClock`, provided ' +
    'by src/) and compares it with the last `idle.activity` (pointer, key, scroll; throttled); from ' +
    '`IDLE_LIMIT_MS − IDLE_WARNING_MS` it is in `warning` (the idle-warning dialog, answered by ' +
    '`idle.stay`), from `IDLE_LIMIT_MS` it ends, and the session logs out: the sign-out call, then the local ' +
    'logout.',
  context: { lastActivityAt: null, lastKeepAliveAt: null } satisfies IdleContext,
  initial: 'starting',
  states: {
    starting: {
      description: 'Reads the clock: being logged in (or staying so) is the first activity.',
      invoke: {
        id: 'readClock',
        src: 'readClock',
        onDone: { target: 'active', actions: { type: 'recordNow', params: ({ event }) => ({ now: event.output }) } },
        onError: {
          description: 'No clock: count from the next activity (checks treat an unknown time as not idle).',
          target: 'active',
        },
      },
    },
    active: {
      description: 'The player is logged in; activity is recorded and the clock is checked every IDLE_CHECK_MS.',
      on: { 'idle.activity': { actions: { type: 'recordActivity', params: ({ event }) => ({ at: event.at }) } } },
      after: { idleCheck: 'checking' },
    },
    checking: {
      description: 'Reads the clock and compares it with the last activity (and the last keep-alive).',
      invoke: {
        id: 'readClock',
        src: 'readClock',
        onDone: [
          {
            description: 'Idle for IDLE_LIMIT_MS or more: the end (the session logs out).',
            guard: { type: 'idleLimitReached', params: ({ event }) => ({ now: event.output }) },
            target: 'expired',
          },
          {
            description: 'Idle for IDLE_LIMIT_MS - IDLE_WARNING_MS or more: the warning dialog.',
            guard: { type: 'idleWarningDue', params: ({ event }) => ({ now: event.output }) },
            target: 'warning',
          },
          {
            description: 'Activity the platform has not heard of, SESSION_KEEPALIVE_MS after the last keep-alive: one more.',
            guard: { type: 'keepAliveDue', params: ({ event }) => ({ now: event.output }) },
            target: 'active',
            actions: [{ type: 'recordKeepAlive', params: ({ event }) => ({ now: event.output }) }, 'keepAlive'],
          },
          { target: 'active' },
        ],
        onError: 'active',
      },
    },
    warning: {
      description:
        'The idle-warning dialog. Moving the pointer does not dismiss it: the player answers it (or the limit ends the session).',
      tags: 'warning',
      on: {
        'idle.stay': {
          description: '"Stay logged in" tells the platform at once: its own count may be as old as the warning.',
          target: 'starting',
          actions: 'keepAlive',
        },
      },
      after: { idleCheck: 'checking' },
    },
    expired: { description: 'Past the limit: the session logs out.', type: 'final' },
  },
});
