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
// src/ provides the clock: idleMachine.provide({ actors: { readClock } }) (Date.now; tests a
// SimulatedClock) and sends `idle.activity` (pointer, key, scroll; throttled) through the session.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { IDLE_CHECK_MS, IDLE_LIMIT_MS, IDLE_WARNING_MS } from './lib/constants';

export interface IdleContext {
  /** Milliseconds since the epoch of the last activity; null until the clock was first read. */
  lastActivityAt: number | null;
}

export type IdleEvent =
  /** The player did something (pointer, key, scroll) at `at` (ms since the epoch). */
  | { type: 'idle.activity'; at: number }
  /** "Stay logged in" in the idle warning. */
  | { type: 'idle.stay' };

type IdleActorEvent = DoneActorEvent<number, 'readClock'> | ErrorActorEvent<unknown, 'readClock'>;

/** warning: show the idle-warning dialog. */
export type IdleTag = 'warning';

/** When the warning's countdown reaches zero (ms since the epoch), for the dialog. */
export function idleLogoutAt(context: IdleContext): number | null {
  return context.lastActivityAt === null ? null : context.lastActivityAt + IDLE_LIMIT_MS;
}

function idleFor(context: IdleContext, now: number): number {
  return context.lastActivityAt === null ? 0 : now - context.lastActivityAt;
}

export const idleMachine = setup({
  types: {
    context: {} as IdleContext,
    events: {} as IdleEvent | IdleActorEvent,
    tags: {} as IdleTag,
  },
  actors: {
    // Supplied by src/ (Date.now) and by tests (a SimulatedClock's now).
    readClock: fromPromise<number>(() => Promise.reject(new Error('idleMachine: provide the readClock actor'))),
  },
  actions: {
    recordActivity: assign(({ event }) => {
      assertEvent(event, 'idle.activity');
      return { lastActivityAt: event.at };
    }),
    // Starting, or "Stay logged in": now counts as activity.
    recordNow: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.readClock');
      return { lastActivityAt: event.output };
    }),
  },
  guards: {
    idleLimitReached: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.readClock');
      return idleFor(context, event.output) >= IDLE_LIMIT_MS;
    },
    idleWarningDue: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.readClock');
      return idleFor(context, event.output) >= IDLE_LIMIT_MS - IDLE_WARNING_MS;
    },
  },
  delays: {
    idleCheck: IDLE_CHECK_MS,
  },
}).createMachine({
  id: 'idle',
  context: { lastActivityAt: null } satisfies IdleContext,
  initial: 'starting',
  states: {
    // Reads the clock: being logged in (or staying so) is the first activity.
    starting: {
      invoke: {
        id: 'readClock',
        src: 'readClock',
        onDone: { target: 'active', actions: 'recordNow' },
        // No clock: count from the next activity (checks treat an unknown time as not idle).
        onError: 'active',
      },
    },
    active: {
      on: { 'idle.activity': { actions: 'recordActivity' } },
      after: { idleCheck: 'checking' },
    },
    checking: {
      invoke: {
        id: 'readClock',
        src: 'readClock',
        onDone: [
          { guard: 'idleLimitReached', target: 'expired' },
          { guard: 'idleWarningDue', target: 'warning' },
          { target: 'active' },
        ],
        onError: 'active',
      },
    },
    // The idle-warning dialog. Moving the pointer does not dismiss it: the player answers it.
    warning: {
      tags: 'warning',
      on: { 'idle.stay': 'starting' },
      after: { idleCheck: 'checking' },
    },
    // Past the limit: the session logs out.
    expired: { type: 'final' },
  },
});
