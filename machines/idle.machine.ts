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
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
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
    events: {} as IdleEvent | IdleActorEvent,
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
    recordActivity: assign(({ event }) => {
      assertEvent(event, 'idle.activity');
      return { lastActivityAt: event.at };
    }),
    // Starting, or "Stay logged in": now counts as activity, and the platform has just heard from
    // the page (the login or restore, or the keep-alive sent with "Stay logged in").
    recordNow: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.readClock');
      return { lastActivityAt: event.output, lastKeepAliveAt: event.output };
    }),
    recordKeepAlive: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.readClock');
      return { lastKeepAliveAt: event.output };
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
    keepAliveDue: ({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.readClock');
      return keepAliveDue(context, event.output);
    },
  },
  delays: {
    idleCheck: IDLE_CHECK_MS,
  },
}).createMachine({
  id: 'idle',
  context: { lastActivityAt: null, lastKeepAliveAt: null } satisfies IdleContext,
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
          { guard: 'keepAliveDue', target: 'active', actions: ['recordKeepAlive', 'keepAlive'] },
          { target: 'active' },
        ],
        onError: 'active',
      },
    },
    // The idle-warning dialog. Moving the pointer does not dismiss it: the player answers it.
    // "Stay logged in" tells the platform at once: its own count may be as old as the warning's.
    warning: {
      tags: 'warning',
      on: { 'idle.stay': { target: 'starting', actions: 'keepAlive' } },
      after: { idleCheck: 'checking' },
    },
    // Past the limit: the session logs out.
    expired: { type: 'final' },
  },
});
