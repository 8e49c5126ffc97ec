// Access check (behaviour.md §4 "Other states": loading, then success clears the restriction, or
// error sets restrictedAccess; product.md §2 "Route guards": maintenance mode and restricted access
// show their pages, which replace the whole app). A child of the session, spawned at start-up.
import { assign, fromPromise, setup } from 'xstate';
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

export type AccessCheckTag = 'loading' | 'error' | 'restricted' | 'maintenance';

export const accessCheckMachine = setup({
  types: {
    context: {} as AccessCheckContext,
    events: {} as AccessCheckEvent,
    tags: {} as AccessCheckTag,
  },
  actors: {
    // Supplied by src/ (platformApi.accessContext) and by tests.
    fetchAccessContext: fromPromise<AccessContextResult>(() =>
      Promise.reject(new Error('accessCheckMachine: provide the fetchAccessContext actor')),
    ),
  },
  actions: {
    assignAllowed: assign((_, params: { countryCode: string }) => ({
      countryCode: params.countryCode,
      restrictedAccess: false,
      maintenance: false,
      errorCode: null,
    })),
    assignRestricted: assign({ restrictedAccess: true, maintenance: false, errorCode: null }),
    assignMaintenance: assign({ maintenance: true, errorCode: null }),
    assignFailure: assign((_, params: { error: unknown }) => ({ maintenance: false, errorCode: errorCodeOf(params.error) })),
  },
  guards: {
    isMaintenanceAnswer: (_, params: { answer: AccessContextResult }) => params.answer.maintenance,
    isRestrictedError: (_, params: { error: unknown }) => errorCodeOf(params.error) === ACCESS_RESTRICTED_CODE,
    isMaintenanceError: (_, params: { error: unknown }) => errorCodeOf(params.error) === MAINTENANCE_CODE,
  },
  delays: {
    maintenanceRecheck: MAINTENANCE_RECHECK_MS,
  },
}).createMachine({
  id: 'accessCheck',
  description:
    'behaviour.md §4 "Other states" and product.md §2 "Route guards": loading, then success clears the ' +
    'restriction, or an error sets `restrictedAccess`. The platform\'s `error.access.restricted` shows the ' +
    'restricted-country page, `error.maintenance` (or an answer with `maintenance: true`) the maintenance ' +
    'page, rechecked every `MAINTENANCE_RECHECK_MS`; any other failure offers a retry. `appGate(value, ' +
    'context)` tells the root component what to render.',
  context: {
    countryCode: null,
    restrictedAccess: false,
    maintenance: false,
    errorCode: null,
  } satisfies AccessCheckContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'The platform is asked whether this visitor may see the site (GET /player/access/context).',
      tags: 'loading',
      invoke: {
        id: 'fetchAccessContext',
        src: 'fetchAccessContext',
        onDone: [
          {
            description: 'The access context may itself say maintenance (200 with maintenance: true).',
            guard: { type: 'isMaintenanceAnswer', params: ({ event }) => ({ answer: event.output }) },
            target: 'maintenance',
            actions: 'assignMaintenance',
          },
          { target: 'allowed', actions: { type: 'assignAllowed', params: ({ event }) => ({ countryCode: event.output.countryCode }) } },
        ],
        onError: [
          {
            description: 'error.access.restricted: the restricted-country page.',
            guard: { type: 'isRestrictedError', params: ({ event }) => ({ error: event.error }) },
            target: 'restricted',
            actions: 'assignRestricted',
          },
          {
            description: 'error.maintenance: the maintenance page.',
            guard: { type: 'isMaintenanceError', params: ({ event }) => ({ error: event.error }) },
            target: 'maintenance',
            actions: 'assignMaintenance',
          },
          { target: 'failed', actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    allowed: { description: 'The site may be shown; the restriction is cleared.' },
    restricted: {
      description: 'The restricted-country page replaces the app; nothing the visitor does here changes it.',
      tags: 'restricted',
    },
    maintenance: {
      description: 'The maintenance page replaces the app; the check runs again every MAINTENANCE_RECHECK_MS.',
      tags: 'maintenance',
      after: { maintenanceRecheck: 'loading' },
    },
    failed: {
      description: 'Any other failure: an error with a retry (`access.retry`).',
      tags: 'error',
      on: { 'access.retry': 'loading' },
    },
  },
});
