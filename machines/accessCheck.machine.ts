// Access check (behaviour.md §4 "Other states": loading, then success clears the restriction, or
// error sets restrictedAccess; product.md §2 "Route guards": maintenance mode and restricted access
// show their pages, which replace the whole app). A child of the session, spawned at start-up.
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE, errorCodeOf } from './lib/accessCodes';
import { MAINTENANCE_RECHECK_MS } from './lib/constants';

/** What the platform answers when the site may be shown (GET /player/access/context, 200). */
export interface AccessContextResult {
  countryCode: string;
  maintenance: boolean;
}

export interface AccessCheckContext {
  /** The visitor's country as the platform sees it; null until the first success. */
  countryCode: string | null;
  /** behaviour.md §4: an access error sets restrictedAccess; a success clears it. */
  restrictedAccess: boolean;
  /** True from a maintenance answer until a later check succeeds (kept while rechecking). */
  maintenance: boolean;
  /** The code of the last failure that was neither restriction nor maintenance, if it had one. */
  errorCode: string | null;
}

export type AccessCheckEvent = { type: 'access.retry' };

/** The invoked call's answers, typed so that shared actions can read them with assertEvent. */
type AccessCheckActorEvent =
  | DoneActorEvent<AccessContextResult, 'fetchAccessContext'>
  | ErrorActorEvent<unknown, 'fetchAccessContext'>;

export type AccessCheckTag = 'loading' | 'error' | 'restricted' | 'maintenance';

export const accessCheckMachine = setup({
  types: {
    context: {} as AccessCheckContext,
    events: {} as AccessCheckEvent | AccessCheckActorEvent,
    tags: {} as AccessCheckTag,
  },
  actors: {
    // Supplied by src/ (platformApi.accessContext) and by tests.
    fetchAccessContext: fromPromise<AccessContextResult>(() =>
      Promise.reject(new Error('accessCheckMachine: provide the fetchAccessContext actor')),
    ),
  },
  actions: {
    assignAllowed: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchAccessContext');
      return { countryCode: event.output.countryCode, restrictedAccess: false, maintenance: false, errorCode: null };
    }),
    assignRestricted: assign({ restrictedAccess: true, maintenance: false, errorCode: null }),
    assignMaintenance: assign({ maintenance: true, errorCode: null }),
    assignFailure: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchAccessContext');
      return { maintenance: false, errorCode: errorCodeOf(event.error) };
    }),
  },
  guards: {
    isMaintenanceAnswer: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.fetchAccessContext');
      return event.output.maintenance;
    },
    isRestrictedError: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchAccessContext');
      return errorCodeOf(event.error) === ACCESS_RESTRICTED_CODE;
    },
    isMaintenanceError: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.fetchAccessContext');
      return errorCodeOf(event.error) === MAINTENANCE_CODE;
    },
  },
  delays: {
    maintenanceRecheck: MAINTENANCE_RECHECK_MS,
  },
}).createMachine({
  id: 'accessCheck',
  context: {
    countryCode: null,
    restrictedAccess: false,
    maintenance: false,
    errorCode: null,
  } satisfies AccessCheckContext,
  initial: 'loading',
  states: {
    loading: {
      tags: 'loading',
      invoke: {
        id: 'fetchAccessContext',
        src: 'fetchAccessContext',
        onDone: [
          // The access context may itself say maintenance (200 with maintenance: true).
          { guard: 'isMaintenanceAnswer', target: 'maintenance', actions: 'assignMaintenance' },
          { target: 'allowed', actions: 'assignAllowed' },
        ],
        onError: [
          { guard: 'isRestrictedError', target: 'restricted', actions: 'assignRestricted' },
          { guard: 'isMaintenanceError', target: 'maintenance', actions: 'assignMaintenance' },
          { target: 'failed', actions: 'assignFailure' },
        ],
      },
    },
    allowed: {},
    // The restricted-country page replaces the app; nothing the visitor does here changes it.
    restricted: { tags: 'restricted' },
    maintenance: {
      tags: 'maintenance',
      after: { maintenanceRecheck: 'loading' },
    },
    failed: {
      tags: 'error',
      on: { 'access.retry': 'loading' },
    },
  },
});
