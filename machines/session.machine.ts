// The root actor (ARCHITECTURE.md "The actor system"; behaviour.md §4 "Session": an authorized flag
// and a status pending, then requested, then resolved; logout resets the flag). Created once at
// start-up and put in the router context; it lives as long as the page. Its children live with it:
// the access check, cookie consent and the toast queue; while the player is authorized, the idle
// timer; on demand, the login modal.
//
// Who the visitor is:
// - requested: `restoreSession` asks the platform to re-issue the id token from its HttpOnly session
//   cookie (a reload keeps the player logged in); null means anonymous.
// - resolved.anonymous: `login.open { redirect? }` spawns the login machine (any screen may open it);
//   its success, or `session.authenticated` from any other login (sign-up, pay-and-play), authorizes.
// - resolved.authorized: the profile (with the current terms version, for the terms guard), the
//   access details and the transaction summary load side by side; a failure keeps the session and
//   records which part failed; `profile.reload` (the player's data changed, e.g. a new phone
//   number) loads all three again, keeping what is shown until the new answers come (a failed
//   reload keeps the old data and records the part). `session.logout`, `session.unauthorized` (a
//   401/403 on an authenticated call, behaviour.md §8 "General"), the token's expiry and the idle
//   timer's end all lead to resolved.loggingOut.
// - resolved.loggingOut: the sign-out call (its answer does not matter), then the named actions
//   clearStoredAuthorization, endSupportChat and endCrmSession (behaviour.md §4), then anonymous.
//
// The id token is kept here, in memory only (no web storage: OWASP ASVS L2); src/ reads it for the
// Authorization header. src/ composes the real world in with provide() (src/app/session.ts).
import { assertEvent, assign, emit, fromPromise, sendTo, setup, stopChild } from 'xstate';
import type { ActorRefFrom, DoneActorEvent, ErrorActorEvent, SnapshotFrom, StateValue } from 'xstate';
import type { AccessDetails, PlayerProfile, TransactionSummary } from '../src/api/player';
import { accessCheckMachine } from './accessCheck.machine';
import { cookieConsentMachine } from './cookieConsent.machine';
import { idleMachine } from './idle.machine';
import type { LangMarket } from './lib/markets';
import { loginMachine } from './login.machine';
import type { AuthenticatedSession, LoginOutput } from './login.machine';
import { toastMachine } from './toast.machine';

/** product.md §3 "Session": loginMethod defaults to DEFAULT. */
export const DEFAULT_LOGIN_METHOD = 'DEFAULT';

/**
 * What the session knows from the identity token's claims (product.md §3 "Session"): country_code,
 * language_code, player_id, player_access_id, email, iat, login_method, zendeskJwtToken,
 * registrationDate, multibrand (a JSON string, parsed), province_code and exp. Null for an
 * anonymous visitor.
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

export type { AuthenticatedSession } from './login.machine';

/** What `loadProfile` answers: the profile and the market's current terms version (null if unknown). */
export interface ProfileLoad {
  profile: PlayerProfile;
  currentTermsVersion: number | null;
}

/** The player data an authorized session loads; a part that failed is listed in `loadErrors`. */
export type PlayerDataPart = 'profile' | 'access' | 'transactionSummary';

/** Why the last logout happened (the UI tells an idle logout apart). */
export type LogoutReason = 'player' | 'unauthorized' | 'expired' | 'idle';

export interface SessionInput {
  langMarket: LangMarket;
}

export interface SessionContext {
  /** The route's language and market; follows the `$langmarket` segment. */
  langMarket: LangMarket;
  authorized: boolean;
  /** The id token (memory only); kept through the sign-out call, then cleared. */
  idToken: string | null;
  claims: SessionClaims | null;
  /** product.md §3 "Player profile"; null until loaded (or when it failed). */
  profile: PlayerProfile | null;
  access: AccessDetails | null;
  transactionSummary: TransactionSummary | null;
  /** The current terms version of the market, loaded with the profile (the terms guard compares). */
  currentTermsVersion: number | null;
  /** Parts of the player data whose load failed this session (the session itself stays). */
  loadErrors: PlayerDataPart[];
  logoutReason: LogoutReason | null;
  /** The login modal's machine while it is open. */
  loginRef: ActorRefFrom<typeof loginMachine> | null;
  accessCheckRef: ActorRefFrom<typeof accessCheckMachine>;
  cookieConsentRef: ActorRefFrom<typeof cookieConsentMachine>;
  toastRef: ActorRefFrom<typeof toastMachine>;
}

export type SessionEvent =
  | { type: 'session.start' }
  | { type: 'locale.change'; langMarket: LangMarket }
  /** After any login (login form, sign-up auto-login, pay-and-play login). */
  | { type: 'session.authenticated'; idToken: string; claims: SessionClaims }
  | { type: 'session.logout' }
  /** A 401 or 403 on an authenticated call (src/api/client.ts bindAuth's onUnauthorized). */
  | { type: 'session.unauthorized' }
  /** Opens the login modal; `redirect` is where to go after login (a path below the langmarket). */
  | { type: 'login.open'; redirect?: string | null }
  | { type: 'login.close' }
  /** The player accepted terms `version` (the platform saved it). */
  | { type: 'terms.accepted'; version: number }
  /** The player's data changed on the platform (a phone change): load profile, access and summary again. */
  | { type: 'profile.reload' }
  /** Pointer, key or scroll activity at `at` (ms since the epoch); forwarded to the idle timer. */
  | { type: 'idle.activity'; at: number };

/** The calls' and children's answers, typed so that shared actions can read them with assertEvent. */
type SessionActorEvent =
  | DoneActorEvent<AuthenticatedSession | null, 'restoreSession'>
  | ErrorActorEvent<unknown, 'restoreSession'>
  | DoneActorEvent<ProfileLoad, 'loadProfile'>
  | ErrorActorEvent<unknown, 'loadProfile'>
  | DoneActorEvent<AccessDetails, 'loadAccessDetails'>
  | ErrorActorEvent<unknown, 'loadAccessDetails'>
  | DoneActorEvent<TransactionSummary, 'loadTransactionSummary'>
  | ErrorActorEvent<unknown, 'loadTransactionSummary'>
  | DoneActorEvent<unknown, 'signOut'>
  | ErrorActorEvent<unknown, 'signOut'>
  | DoneActorEvent<LoginOutput, 'login'>
  | DoneActorEvent<unknown, 'idleTimer'>;

/** What the UI hears: navigate after a login from the modal, and after a logout. */
export type SessionEmitted =
  | { type: 'session.loggedIn'; redirect: string | null }
  | { type: 'session.loggedOut'; reason: LogoutReason };

/** loading: who the visitor is is not known yet; loadingPlayer: the profile is on its way. */
export type SessionTag = 'loading' | 'loadingPlayer';

/** The largest delay a browser timer takes (2^31 - 1 ms, about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_DELAY_MS = 2_147_483_647;

/**
 * How long until the id token expires, from its claims. Every token the session holds was issued
 * just now (a login or the restore call's re-issue), so its lifetime exp - iat is the time left,
 * whatever the device's clock says.
 */
export function tokenLifetimeMs(claims: SessionClaims | null): number {
  if (claims?.exp == null) return MAX_TIMER_DELAY_MS;
  return Math.min(Math.max(0, (claims.exp - claims.iat) * 1000), MAX_TIMER_DELAY_MS);
}

/** Everything the session knew about the player, forgotten (the id token separately). */
const NO_PLAYER = {
  authorized: false,
  claims: null,
  profile: null,
  access: null,
  transactionSummary: null,
  currentTermsVersion: null,
  loadErrors: [],
} satisfies Partial<SessionContext>;

/** The default for the logout actions: src/ provides the real ones. */
const doNothing: () => void = () => undefined;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent | SessionActorEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
    emitted: {} as SessionEmitted,
    children: {} as {
      accessCheck: 'accessCheck';
      cookieConsent: 'cookieConsent';
      toast: 'toast';
      login: 'login';
      idleTimer: 'idleTimer';
      restoreSession: 'restoreSession';
      loadProfile: 'loadProfile';
      loadAccessDetails: 'loadAccessDetails';
      loadTransactionSummary: 'loadTransactionSummary';
      signOut: 'signOut';
    },
  },
  actors: {
    accessCheck: accessCheckMachine,
    cookieConsent: cookieConsentMachine,
    toast: toastMachine,
    login: loginMachine,
    idleTimer: idleMachine,
    // The rest are supplied by src/ (src/app/session.ts) and by tests.
    /** authApi.refresh, then parseIdToken; resolves null when there is no session (401). */
    restoreSession: fromPromise<AuthenticatedSession | null>(() =>
      Promise.reject(new Error('sessionMachine: provide the restoreSession actor')),
    ),
    /** playerApi.profile with contentApi.termsVersions(langMarket).current.version. */
    loadProfile: fromPromise<ProfileLoad, { langMarket: LangMarket }>(() =>
      Promise.reject(new Error('sessionMachine: provide the loadProfile actor')),
    ),
    loadAccessDetails: fromPromise<AccessDetails>(() =>
      Promise.reject(new Error('sessionMachine: provide the loadAccessDetails actor')),
    ),
    loadTransactionSummary: fromPromise<TransactionSummary>(() =>
      Promise.reject(new Error('sessionMachine: provide the loadTransactionSummary actor')),
    ),
    /** authApi.signOut: ends the server-side session and clears its cookie. */
    signOut: fromPromise<unknown>(() => Promise.reject(new Error('sessionMachine: provide the signOut actor'))),
  },
  actions: {
    // behaviour.md §4 "Session": logout clears stored authorization entries, ends the support chat
    // and the CRM session. Supplied by src/.
    clearStoredAuthorization: doNothing,
    endSupportChat: doNothing,
    endCrmSession: doNothing,
    assignLangMarket: assign(({ event }) => {
      assertEvent(event, 'locale.change');
      return { langMarket: event.langMarket };
    }),
    assignSession: assign(({ event }) => {
      assertEvent(event, ['session.authenticated', 'xstate.done.actor.restoreSession', 'xstate.done.actor.login']);
      const session = event.type === 'session.authenticated' ? event : event.output;
      if (session === null) return {};
      return { ...NO_PLAYER, authorized: true, idToken: session.idToken, claims: session.claims, logoutReason: null };
    }),
    assignProfile: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadProfile');
      return { profile: event.output.profile, currentTermsVersion: event.output.currentTermsVersion };
    }),
    assignAccess: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadAccessDetails');
      return { access: event.output };
    }),
    assignTransactionSummary: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadTransactionSummary');
      return { transactionSummary: event.output };
    }),
    recordLoadError: assign(({ context }, params: { part: PlayerDataPart }) => ({
      loadErrors: [...context.loadErrors, params.part],
    })),
    // A reload asks for every part again; what is loaded stays shown until its new answer.
    clearLoadErrors: assign({ loadErrors: [] }),
    assignTermsAccepted: assign(({ context, event }) => {
      assertEvent(event, 'terms.accepted');
      return context.profile === null
        ? {}
        : { profile: { ...context.profile, termsAndConditionsAcceptedVersion: event.version } };
    }),
    assignLogoutReason: assign((_, params: { reason: LogoutReason }) => ({ logoutReason: params.reason })),
    // The player is gone for every screen at once; the token stays for the sign-out call only.
    forgetPlayer: assign(NO_PLAYER),
    forgetToken: assign({ idToken: null }),
    clearSession: assign({ ...NO_PLAYER, idToken: null }),
    openLogin: assign({
      loginRef: ({ event, spawn }) => {
        assertEvent(event, 'login.open');
        return spawn('login', { id: 'login', input: { redirect: event.redirect ?? null } });
      },
    }),
    // The login machine is spawned with the id 'login'; stopping a child that is gone does nothing.
    stopLogin: stopChild('login'),
    forgetLogin: assign({ loginRef: null }),
    forwardActivity: sendTo('idleTimer', ({ event }) => {
      assertEvent(event, 'idle.activity');
      return event;
    }),
    emitLoggedIn: emit(({ event }) => {
      assertEvent(event, 'xstate.done.actor.login');
      return { type: 'session.loggedIn' as const, redirect: event.output.redirect };
    }),
    emitLoggedOut: emit(({ context }) => ({ type: 'session.loggedOut' as const, reason: context.logoutReason ?? 'player' })),
  },
  guards: {
    hasSession: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.restoreSession');
      return event.output !== null;
    },
    isLoginClosed: ({ context }) => context.loginRef === null,
    hasExpiry: ({ context }) => context.claims?.exp != null,
  },
  delays: {
    // behaviour.md §4: an expired token leads to logout.
    tokenExpiry: ({ context }) => tokenLifetimeMs(context.claims),
  },
}).createMachine({
  id: 'session',
  context: ({ input, spawn }) =>
    ({
      langMarket: input.langMarket,
      ...NO_PLAYER,
      idToken: null,
      logoutReason: null,
      loginRef: null,
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
          { guard: 'hasSession', target: 'resolved.authorized', actions: 'assignSession' },
          { target: 'resolved.anonymous', actions: 'clearSession' },
        ],
        // A session that cannot be restored is an anonymous one; the visitor can still log in.
        onError: { target: 'resolved.anonymous', actions: 'clearSession' },
      },
    },
    resolved: {
      initial: 'anonymous',
      states: {
        anonymous: {
          exit: ['stopLogin', 'forgetLogin'],
          on: {
            'session.authenticated': { target: 'authorized', actions: 'assignSession' },
            'login.open': { guard: 'isLoginClosed', actions: 'openLogin' },
            'login.close': { actions: ['stopLogin', 'forgetLogin'] },
            'xstate.done.actor.login': { target: 'authorized', actions: ['assignSession', 'emitLoggedIn'] },
          },
        },
        authorized: {
          type: 'parallel',
          invoke: {
            id: 'idleTimer',
            src: 'idleTimer',
            onDone: { target: 'loggingOut', actions: { type: 'assignLogoutReason', params: { reason: 'idle' } } },
          },
          after: {
            tokenExpiry: {
              guard: 'hasExpiry',
              target: 'loggingOut',
              actions: { type: 'assignLogoutReason', params: { reason: 'expired' } },
            },
          },
          on: {
            'session.logout': { target: 'loggingOut', actions: { type: 'assignLogoutReason', params: { reason: 'player' } } },
            'session.unauthorized': {
              target: 'loggingOut',
              actions: { type: 'assignLogoutReason', params: { reason: 'unauthorized' } },
            },
            // A new login while logged in (another flow's): a new token, the player data again.
            'session.authenticated': { target: 'authorized', reenter: true, actions: 'assignSession' },
            'idle.activity': { actions: 'forwardActivity' },
            'terms.accepted': { actions: 'assignTermsAccepted' },
            // Re-enters the three regions (not the idle timer nor the token's expiry, which belong
            // to the authorized state itself).
            'profile.reload': {
              target: ['.profile.loading', '.access.loading', '.transactionSummary.loading'],
              actions: 'clearLoadErrors',
            },
          },
          states: {
            profile: {
              initial: 'loading',
              states: {
                loading: {
                  tags: 'loadingPlayer',
                  invoke: {
                    id: 'loadProfile',
                    src: 'loadProfile',
                    input: ({ context }) => ({ langMarket: context.langMarket }),
                    onDone: { target: 'loaded', actions: 'assignProfile' },
                    onError: { target: 'failed', actions: { type: 'recordLoadError', params: { part: 'profile' } } },
                  },
                },
                loaded: {},
                failed: {},
              },
            },
            access: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadAccessDetails',
                    src: 'loadAccessDetails',
                    onDone: { target: 'loaded', actions: 'assignAccess' },
                    onError: { target: 'failed', actions: { type: 'recordLoadError', params: { part: 'access' } } },
                  },
                },
                loaded: {},
                failed: {},
              },
            },
            transactionSummary: {
              initial: 'loading',
              states: {
                loading: {
                  invoke: {
                    id: 'loadTransactionSummary',
                    src: 'loadTransactionSummary',
                    onDone: { target: 'loaded', actions: 'assignTransactionSummary' },
                    onError: {
                      target: 'failed',
                      actions: { type: 'recordLoadError', params: { part: 'transactionSummary' } },
                    },
                  },
                },
                loaded: {},
                failed: {},
              },
            },
          },
        },
        // behaviour.md §4: "a logout call is made, then a local logout". Its answer does not matter:
        // an expired or refused token is logged out locally all the same.
        loggingOut: {
          entry: 'forgetPlayer',
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: {
              target: 'anonymous',
              actions: ['clearStoredAuthorization', 'endSupportChat', 'endCrmSession', 'forgetToken', 'emitLoggedOut'],
            },
            onError: {
              target: 'anonymous',
              actions: ['clearStoredAuthorization', 'endSupportChat', 'endCrmSession', 'forgetToken', 'emitLoggedOut'],
            },
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;
export type SessionStatus = 'pending' | 'requested' | 'resolved';

/** behaviour.md §4 "Session": the status the spec names, read from a snapshot (or its value). */
export function sessionStatus(snapshot: { value: StateValue }): SessionStatus {
  const { value } = snapshot;
  return value === 'pending' || value === 'requested' ? value : 'resolved';
}
