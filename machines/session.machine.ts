// The root actor (ARCHITECTURE.md "The actor system"; behaviour.md §4 "Session": an authorized flag
// and a status pending, then requested, then resolved; logout resets the flag). Created once at
// start-up and put in the router context; it lives as long as the page. Its children live with it:
// the access check, cookie consent and the toast queue.
//
// src/ composes the real world in with provide():
//   sessionMachine.provide({ actors: {
//     restoreSession,                                   // resolves null today (anonymous)
//     accessCheck: accessCheckMachine.provide({ actors: { fetchAccessContext } }),
//     cookieConsent: cookieConsentMachine.provide({ actors: { loadConsent }, actions: { persistConsent } }),
//   } })
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { ActorRefFrom, DoneActorEvent, ErrorActorEvent, SnapshotFrom } from 'xstate';
import { accessCheckMachine } from './accessCheck.machine';
import { cookieConsentMachine } from './cookieConsent.machine';
import type { LangMarket } from './lib/markets';
import { toastMachine } from './toast.machine';

/** product.md §3 "Session": loginMethod defaults to DEFAULT. */
export const DEFAULT_LOGIN_METHOD = 'DEFAULT';

/**
 * What the session knows from the identity token's claims (product.md §3 "Session"): country_code,
 * language_code, player_id, player_access_id, email, iat, login_method, zendeskJwtToken,
 * registrationDate, multibrand (a JSON string, parsed), province_code and exp. Filled by the login
 * issue; null for an anonymous visitor.
 */
export interface SessionClaims {
  countryCode: string;
  /** player_id, as an integer. */
  playerId: number;
  playerAccessId: string;
  email: string;
  language: string;
  /** Issued-at, seconds since the epoch. */
  iat: number;
  /** login_method; DEFAULT_LOGIN_METHOD when absent. */
  loginMethod: string;
  zendeskJwtToken: string | null;
  registrationDate: string | null;
  /** The parsed multibrand claim; `suspended` drives the multibrand-suspension guards. */
  multibrand: { suspended: boolean } | null;
  provinceCode: string | null;
  /** Expiry, seconds since the epoch; an expired token leads to logout (behaviour.md §4). */
  exp: number | null;
}

export interface SessionInput {
  langMarket: LangMarket;
}

export interface SessionContext {
  /** The route's language and market; follows the `$langmarket` segment. */
  langMarket: LangMarket;
  authorized: boolean;
  claims: SessionClaims | null;
  /** The player profile; filled once login exists (product.md §3 "Player profile"). */
  profile: null;
  accessCheckRef: ActorRefFrom<typeof accessCheckMachine>;
  cookieConsentRef: ActorRefFrom<typeof cookieConsentMachine>;
  toastRef: ActorRefFrom<typeof toastMachine>;
}

export type SessionEvent =
  | { type: 'session.start' }
  | { type: 'locale.change'; langMarket: LangMarket }
  | { type: 'session.logout' };

/** The restore call's answers, typed so that shared actions can read them with assertEvent. */
type SessionActorEvent =
  | DoneActorEvent<SessionClaims | null, 'restoreSession'>
  | ErrorActorEvent<unknown, 'restoreSession'>;

export type SessionTag = 'loading';

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent | SessionActorEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
  },
  actors: {
    accessCheck: accessCheckMachine,
    cookieConsent: cookieConsentMachine,
    toast: toastMachine,
    // Supplied by src/. Today: resolves null (anonymous). The login issue restores the session from
    // the HttpOnly id-token cookie and resolves its claims.
    restoreSession: fromPromise<SessionClaims | null>(() =>
      Promise.reject(new Error('sessionMachine: provide the restoreSession actor')),
    ),
  },
  actions: {
    assignLangMarket: assign(({ event }) => {
      assertEvent(event, 'locale.change');
      return { langMarket: event.langMarket };
    }),
    assignClaims: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.restoreSession');
      return { authorized: event.output !== null, claims: event.output };
    }),
    // behaviour.md §4: logout resets the flag. Clearing stored entries, chat and CRM comes with login.
    clearAuthorization: assign({ authorized: false, claims: null, profile: null }),
  },
  guards: {
    hasClaims: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.restoreSession');
      return event.output !== null;
    },
  },
}).createMachine({
  id: 'session',
  context: ({ input, spawn }) =>
    ({
      langMarket: input.langMarket,
      authorized: false,
      claims: null,
      profile: null,
      accessCheckRef: spawn('accessCheck', { id: 'accessCheck', systemId: 'accessCheck' }),
      cookieConsentRef: spawn('cookieConsent', { id: 'cookieConsent', systemId: 'cookieConsent' }),
      toastRef: spawn('toast', { id: 'toast', systemId: 'toast' }),
    }) satisfies SessionContext,
  initial: 'pending',
  on: {
    'locale.change': { actions: 'assignLangMarket' },
  },
  states: {
    // Waiting for the app to boot (session.start is sent once, after the router exists).
    pending: {
      tags: 'loading',
      on: { 'session.start': 'requested' },
    },
    requested: {
      tags: 'loading',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          { guard: 'hasClaims', target: 'resolved.authorized', actions: 'assignClaims' },
          { target: 'resolved.anonymous', actions: 'clearAuthorization' },
        ],
        // A session that cannot be restored is an anonymous one; the visitor can still log in.
        onError: { target: 'resolved.anonymous', actions: 'clearAuthorization' },
      },
    },
    resolved: {
      initial: 'anonymous',
      states: {
        anonymous: {},
        authorized: {
          on: { 'session.logout': { target: 'anonymous', actions: 'clearAuthorization' } },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionStatus = 'pending' | 'requested' | 'resolved';

/** behaviour.md §4 "Session": the status the spec names, read from a snapshot (or its value). */
export function sessionStatus(snapshot: Pick<SessionSnapshot, 'value'>): SessionStatus {
  const { value } = snapshot;
  return typeof value === 'string' ? value : 'resolved';
}
