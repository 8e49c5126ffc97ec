// The root actor (ARCHITECTURE.md "The actor system"; behaviour.md §4 "Session": an authorized flag
// and a status pending, then requested, then resolved; logout resets the flag). Created once at
// start-up and put in the router context; it lives as long as the page. Its children live with it:
// the access check, cookie consent and the toast queue; while the player is authorized, the idle
// timer and the activity timer (the reality check, machines/activityTimer.machine.ts); on demand,
// the login modal and the flows.
//
// Flows (docs/ARCHITECTURE.md "How a route starts a flow", docs/adding-a-flow.md): the registry
// machines/flows.ts lists them (who may start each, its input). A flow's route loads the flow's
// provided machine (src/app/flows/) and hands it over with `flow.loaded`; the session keeps it in
// `context.flowLogic`. The route sends `flow.start` with the flow's name and input when it is
// entered and `flow.stop` when it is left. The session spawns the flow with id and systemId = its
// name from the machine it was given (one `flow.start` line per flow below, so a static reader
// sees every flow it can spawn), keeps its ref in `context.flows`, stops a running one of the same
// kind first, and stops every flow on logout. A flow's end is a transition here: the session
// decides what its output means (authorise, reload the profile, a toast, a navigation).
//
// Who the visitor is:
// - requested: `restoreSession` asks the platform to re-issue the id token from its HttpOnly session
//   cookie (a reload keeps the player logged in); null means anonymous.
// - resolved.anonymous: `login.open { redirect? }` spawns the login machine (any screen may open it);
//   its success, or `session.authenticated` from any other login (sign-up, pay-and-play), authorizes.
// - resolved.authorized: the profile (with the current terms version, for the terms guard), the
//   access details and the transaction summary load side by side, and the wallet child (balance
//   and live connection, machines/wallet.machine.ts) runs with id and systemId `wallet` (an
//   attribute or loyalty push from it arrives as `profile.reload`). A failure keeps the session and
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
import { assign, emit, enqueueActions, fromPromise, sendTo, setup, stopChild } from 'xstate';
import type { ActorRefFrom, AnyStateMachine, DoneActorEvent, OutputFrom, SnapshotFrom, StateValue } from 'xstate';
import type { AccessDetails, PlayerProfile, TransactionSummary } from '../src/api/player';
import { accessCheckMachine } from './accessCheck.machine';
import { cookieConsentMachine } from './cookieConsent.machine';
import { idleMachine } from './idle.machine';
import { activityTimerMachine, type ActivityOpenLimitsEvent } from './activityTimer.machine';
import type { exclusionMachine } from './exclusion.machine';
import {
  FLOW_NAMES,
  FLOWS,
  mayStart,
  NO_FLOWS,
  type FlowDoneEvent,
  type FlowLoaded,
  type FlowLogics,
  type FlowName,
  type FlowRefs,
  type FlowRouteInput,
  type FlowSessionView,
  type FlowStart,
} from './flows';
import type { AuthenticatedSession, SessionClaims } from './lib/identity';
import { formatLangMarket, type LangMarket } from './lib/markets';
import { accountHref } from './lib/account';
import type { ToastKind, ToastMessage, ToastValues } from './lib/toasts';
import { loginMachine } from './login.machine';
import { toastMachine } from './toast.machine';
import { walletMachine } from './wallet.machine';

export type { AuthenticatedSession, SessionClaims } from './lib/identity';
export { DEFAULT_LOGIN_METHOD } from './lib/identity';
// The flow registry's names and helpers, for the session's readers (guards, screens, tests).
export { cashierPlayerOf, exclusionInputOf, FLOW_NAMES, gameLaunchInputOf, PLAYER_FLOWS, VISITOR_FLOWS } from './flows';
export type { FlowLoaded, FlowLogics, FlowName, FlowRefs, FlowStart } from './flows';

/** What `loadProfile` answers: the profile and the market's current terms version (null if unknown). */
export interface ProfileLoad {
  profile: PlayerProfile;
  currentTermsVersion: number | null;
}

/** The player data an authorized session loads; a part that failed is listed in `loadErrors`. */
export type PlayerDataPart = 'profile' | 'access' | 'transactionSummary';

/** Why the last logout happened (the UI tells an idle logout apart). */
export type LogoutReason = 'player' | 'unauthorized' | 'expired' | 'idle' | 'break' | 'closed';

export interface SessionInput {
  langMarket: LangMarket;
  /** Flows whose provided machines are at hand from the start (tests); the app sends `flow.loaded` instead. */
  flows?: Partial<FlowLogics>;
}

/** The session's view of the player (langMarket, authorized, claims, profile, access) is FlowSessionView's. */
export interface SessionContext extends FlowSessionView {
  /** The id token (memory only); kept through the sign-out call, then cleared. */
  idToken: string | null;
  transactionSummary: TransactionSummary | null;
  /** The current terms version of the market, loaded with the profile (the terms guard compares). */
  currentTermsVersion: number | null;
  /** Parts of the player data whose load failed this session (the session itself stays). */
  loadErrors: PlayerDataPart[];
  logoutReason: LogoutReason | null;
  /** The login modal's machine while it is open. */
  loginRef: ActorRefFrom<typeof loginMachine> | null;
  /** The flows started by routes (see FlowRefs). */
  flows: FlowRefs;
  /** The flows' provided machines, given with `flow.loaded` as their routes load (see FlowLogics). */
  flowLogic: FlowLogics;
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
  | { type: 'idle.activity'; at: number }
  /** The player saved new activity settings (the gambling-limits flow): forwarded to the activity timer. */
  | { type: 'activity.settingsChanged' }
  /** The reality check's link (the activity timer): the session opens the gambling-limits page. */
  | ActivityOpenLimitsEvent
  /** A flow's provided machine has loaded with its route (src/app/flows/index.ts): the session keeps it. */
  | ({ type: 'flow.loaded' } & FlowLoaded)
  /** A route was entered: start its flow (a running one of the same kind is stopped first). */
  | ({ type: 'flow.start' } & FlowStart)
  /** The route was left: stop its flow. */
  | { type: 'flow.stop'; flow: FlowName };

/** The ends of the spawned children (the flows' from the registry), typed by hand: XState infers only the invoked ones. */
type SpawnedDoneEvent = DoneActorEvent<OutputFrom<typeof loginMachine>, 'login'> | FlowDoneEvent;

/**
 * What the UI hears (src/app/SessionEvents.tsx acts on it): navigate after a login from the modal,
 * after a logout, and where a flow's end leads (`href` is a whole path, langmarket included).
 */
export type SessionEmitted =
  | { type: 'session.loggedIn'; redirect: string | null }
  | { type: 'session.loggedOut'; reason: LogoutReason }
  | { type: 'ui.navigate'; href: string };

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

/** A flow's input as its registry entry makes it from the session and the route's input. */
function flowInputOf<N extends FlowName>(flow: N, context: SessionContext, route: FlowRouteInput<N> | undefined): unknown {
  const input = FLOWS[flow].input as (session: FlowSessionView, route: FlowRouteInput<N> | undefined) => unknown;
  return input(context, route);
}

/** Where the reality check's link leads (product.md §2 "/my-account/gambling-limits"), langmarket included. */
export function gamblingLimitsHref(langMarket: LangMarket): string {
  return `/${formatLangMarket(langMarket)}/my-account/gambling-limits`;
}

/** The toast that says a break has started and until when (issue 13); the player is logged out with it. */
export function breakToastOf(output: OutputFrom<typeof exclusionMachine>): { kind: ToastKind; message: ToastMessage; values?: ToastValues } {
  if (output.until === null) return { kind: 'success', message: 'exclusion.startedIndefinitely' };
  return { kind: 'success', message: output.kind === 'exclusion' ? 'exclusion.started' : 'break.started', values: { until: output.until } };
}

/** The default for the logout actions: src/ provides the real ones. */
const doNothing: () => void = () => undefined;

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent | SpawnedDoneEvent,
    input: {} as SessionInput,
    tags: {} as SessionTag,
    emitted: {} as SessionEmitted,
    children: {} as {
      accessCheck: 'accessCheck';
      cookieConsent: 'cookieConsent';
      toast: 'toast';
      login: 'login';
      idleTimer: 'idleTimer';
      activityTimer: 'activityTimer';
      restoreSession: 'restoreSession';
      loadProfile: 'loadProfile';
      loadAccessDetails: 'loadAccessDetails';
      loadTransactionSummary: 'loadTransactionSummary';
      signOut: 'signOut';
      wallet: 'wallet';
    },
  },
  actors: {
    accessCheck: accessCheckMachine,
    cookieConsent: cookieConsentMachine,
    toast: toastMachine,
    login: loginMachine,
    idleTimer: idleMachine,
    /** The reality check while authorized; src/app provides its calls. */
    activityTimer: activityTimerMachine,
    /** The player's balance and live connection; src/app provides its calls and socket. */
    wallet: walletMachine,
    // No flow here: a flow's provided machine reaches the session with `flow.loaded` (its route
    // loads it), so the session spawns the logic it was given (docs/adding-a-flow.md).
    // The rest are supplied by src/ (src/app/session.ts) and by tests.
    /** authApi.refresh, then parseIdToken; resolves null when there is no session. */
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
    assignLangMarket: assign((_, params: { langMarket: LangMarket }) => ({ langMarket: params.langMarket })),
    /** A login of any kind: a new token, and the player data is loaded again. */
    assignSession: assign((_, params: { session: AuthenticatedSession }) => ({
      ...NO_PLAYER,
      authorized: true,
      idToken: params.session.idToken,
      claims: params.session.claims,
      logoutReason: null,
    })),
    assignProfile: assign((_, params: ProfileLoad) => ({
      profile: params.profile,
      currentTermsVersion: params.currentTermsVersion,
    })),
    assignAccess: assign((_, params: { access: AccessDetails }) => ({ access: params.access })),
    assignTransactionSummary: assign((_, params: { summary: TransactionSummary }) => ({ transactionSummary: params.summary })),
    recordLoadError: assign(({ context }, params: { part: PlayerDataPart }) => ({
      loadErrors: [...context.loadErrors, params.part],
    })),
    // A reload asks for every part again; what is loaded stays shown until its new answer.
    clearLoadErrors: assign({ loadErrors: [] }),
    assignTermsAccepted: assign(({ context }, params: { version: number }) =>
      context.profile === null ? {} : { profile: { ...context.profile, termsAndConditionsAcceptedVersion: params.version } },
    ),
    assignLogoutReason: assign((_, params: { reason: LogoutReason }) => ({ logoutReason: params.reason })),
    // The player is gone for every screen at once; the token stays for the sign-out call only.
    forgetPlayer: assign(NO_PLAYER),
    forgetToken: assign({ idToken: null }),
    clearSession: assign({ ...NO_PLAYER, idToken: null }),
    openLogin: assign({
      loginRef: ({ spawn }, params: { redirect: string | null }) =>
        spawn('login', { id: 'login', input: { redirect: params.redirect } }),
    }),
    // The login machine is spawned with the id 'login'; stopping a child that is gone does nothing.
    stopLogin: stopChild('login'),
    forgetLogin: assign({ loginRef: null }),
    forwardActivity: sendTo('idleTimer', (_, params: { at: number }) => ({ type: 'idle.activity' as const, at: params.at })),
    forwardActivitySettings: sendTo('activityTimer', { type: 'activity.settingsChanged' as const }),
    /** Issue 23: cookie consent keeps a player's answer on the platform while they are logged in. */
    tellConsentLoggedIn: sendTo('cookieConsent', { type: 'consent.loggedIn' as const }),
    tellConsentLoggedOut: sendTo('cookieConsent', { type: 'consent.loggedOut' as const }),
    /** A flow's child stops (when its route is left); stopping a child that is gone does nothing. */
    stopFlow: stopChild((_, params: { flow: FlowName }) => params.flow),
    /**
     * Every flow stops (logout, a break): no player's data outlives the session, and a real-money
     * game does not outlive the player (GamePage restarts a casino game in demo).
     */
    stopFlows: enqueueActions<SessionContext, SessionEvent | SpawnedDoneEvent, undefined, SessionEvent | SpawnedDoneEvent, never, never, never, never, never>(({ enqueue }) => {
      for (const flow of FLOW_NAMES) enqueue.stopChild(flow);
    }),
    /**
     * A flow starts: a running one of its kind stops, then the flow is spawned from the provided
     * machine the session was given, with id and systemId = its name and the input its registry
     * entry makes (from the route's input on `flow.start`; none when the session restarts it).
     */
    startFlow: enqueueActions<SessionContext, SessionEvent | SpawnedDoneEvent, { flow: FlowName }, SessionEvent | SpawnedDoneEvent, never, never, never, never, never>(
      ({ enqueue }, params) => {
        enqueue.stopChild(params.flow);
        enqueue.assign({
          flows: ({ context, event, spawn }) => {
            const logic: AnyStateMachine | null = context.flowLogic[params.flow];
            if (logic === null) return context.flows;
            const route = event.type === 'flow.start' && event.flow === params.flow ? event.input : undefined;
            // XState's types allow no id on a spawn by a logic object (the children map types the
            // children spawned by name); a flow's child has its name as id, and FlowRefs types it.
            const id = params.flow as never;
            const ref = spawn(logic, { id, systemId: params.flow, input: flowInputOf(params.flow, context, route) });
            return { ...context.flows, [params.flow]: ref };
          },
        });
      },
    ),
    /** A flow's provided machine, loaded with its route, is kept for its starts. */
    keepFlowLogic: assign({
      flowLogic: ({ context }, params: FlowLoaded) => ({ ...context.flowLogic, [params.flow]: params.logic }),
    }),
    forgetFlow: assign({ flows: ({ context }, params: { flow: FlowName }) => ({ ...context.flows, [params.flow]: null }) }),
    forgetFlows: assign({ flows: NO_FLOWS }),
    showToast: sendTo('toast', (_, params: { kind: ToastKind; message: ToastMessage; values?: ToastValues }) => ({
      type: 'toast.show' as const,
      kind: params.kind,
      message: params.message,
      ...(params.values === undefined ? {} : { values: params.values }),
    })),
    emitNavigate: emit((_, params: { href: string }) => ({ type: 'ui.navigate' as const, href: params.href })),
    emitLoggedIn: emit((_, params: { redirect: string | null }) => ({ type: 'session.loggedIn' as const, redirect: params.redirect })),
    emitLoggedOut: emit(({ context }) => ({ type: 'session.loggedOut' as const, reason: context.logoutReason ?? 'player' })),
  },
  guards: {
    isLoginClosed: ({ context }) => context.loginRef === null,
    hasExpiry: ({ context }) => context.claims?.exp != null,
    isIdleLogout: ({ context }) => context.logoutReason === 'idle',
    /**
     * `flow.start` of this flow, which the session may start (its registry entry's `who`: a
     * visitor's flow needs a visitor, an account flow a player) and whose machine it was given.
     */
    mayStartFlow: ({ context, event }, params: { flow: FlowName }) =>
      event.type === 'flow.start' && event.flow === params.flow && mayStart(params.flow, context.authorized) && context.flowLogic[params.flow] !== null,
  },
  delays: {
    // behaviour.md §4: an expired token leads to logout.
    tokenExpiry: ({ context }) => tokenLifetimeMs(context.claims),
  },
}).createMachine({
  id: 'session',
  description:
    'The root actor (behaviour.md §4 "Session"): status pending → requested → resolved, with the authorized ' +
    'flag. Created once at start-up (src/app/session.ts) with the route\'s `langMarket` and put in the router ' +
    'context; it lives as long as the page. `restoreSession` re-issues the id token from the HttpOnly ' +
    'session cookie (null: anonymous). Always-on children: `accessCheck`, `cookieConsent` and `toast`. ' +
    'Anonymous: `login.open { redirect? }` spawns the `login` machine (stopped on `login.close` or success); ' +
    'its success, or `session.authenticated` from any other login, authorizes and emits `session.loggedIn { ' +
    'redirect }`. Authorized: profile (with the current terms version, for the terms guard), access details ' +
    'and transaction summary load side by side (a failure is recorded, the session stays); the `idleTimer`, ' +
    'the `wallet` child (systemId `wallet`) and the `activityTimer` child (systemId `activityTimer`, the ' +
    'reality check) run. `session.logout`, `session.unauthorized` (a 401/403 on an authenticated call), the ' +
    'token\'s expiry, the idle timer\'s end and Log out in the reality check lead to loggingOut: every flow ' +
    'stops, the `signOut` call (its answer ignored), then `clearStoredAuthorization`, `endSupportChat`, ' +
    '`endCrmSession`, and `session.loggedOut { reason }`. Flows (the registry machines/flows.ts): a route ' +
    'hands over the flow\'s provided machine with `flow.loaded`, then sends `flow.start` with its input and ' +
    '`flow.stop` when left; the session spawns it with id and systemId = its name if the registry\'s `who` ' +
    'allows, and its end is a transition here (sign-up and pay and play authorize, a password reset or ' +
    'change and a phone change toast, a game launch\'s `logout` outcome and an exclusion log the player out). ' +
    'Route guards (machines/session.guards.ts) wait for `resolved`.',
  context: ({ input, spawn }) =>
    ({
      langMarket: input.langMarket,
      ...NO_PLAYER,
      idToken: null,
      logoutReason: null,
      loginRef: null,
      flows: NO_FLOWS,
      flowLogic: { ...NO_FLOWS, ...input.flows },
      accessCheckRef: spawn('accessCheck', { id: 'accessCheck', systemId: 'accessCheck' }),
      cookieConsentRef: spawn('cookieConsent', { id: 'cookieConsent', systemId: 'cookieConsent' }),
      toastRef: spawn('toast', { id: 'toast', systemId: 'toast' }),
    }) satisfies SessionContext,
  initial: 'pending',
  on: {
    'locale.change': { actions: { type: 'assignLangMarket', params: ({ event }) => ({ langMarket: event.langMarket }) } },
    'flow.loaded': {
      description: "A flow's provided machine has loaded with its route: the session keeps it, to spawn on the flow's start.",
      actions: { type: 'keepFlowLogic', params: ({ event }) => event },
    },
  },
  states: {
    pending: {
      description: 'Waiting for the app to boot (session.start is sent once, after the router exists).',
      tags: 'loading',
      on: { 'session.start': 'requested' },
    },
    requested: {
      description: 'The platform is asked to re-issue the id token from its session cookie (a reload stays logged in).',
      tags: 'loading',
      invoke: {
        id: 'restoreSession',
        src: 'restoreSession',
        onDone: [
          {
            guard: ({ event }) => event.output !== null,
            target: 'resolved.authorized',
            actions: {
              type: 'assignSession',
              params: ({ event }) => ({ session: event.output as AuthenticatedSession }),
            },
          },
          { target: 'resolved.anonymous', actions: 'clearSession' },
        ],
        // A session that cannot be restored is an anonymous one; the visitor can still log in.
        onError: { target: 'resolved.anonymous', actions: 'clearSession' },
      },
    },
    resolved: {
      description: 'Who the visitor is is known (the route guards wait for this): a visitor, a player, or a logout under way. Routes start and stop their flows here.',
      initial: 'anonymous',
      on: {
        // A route was entered: its flow starts (a visitor flow needs a visitor, an account flow a
        // player: machines/flows.ts). One line per flow: the flows the session can spawn.
        'flow.start': [
          { guard: { type: 'mayStartFlow', params: { flow: 'signup' } }, actions: { type: 'startFlow', params: { flow: 'signup' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'payAndPlay' } }, actions: { type: 'startFlow', params: { flow: 'payAndPlay' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'passwordReset' } }, actions: { type: 'startFlow', params: { flow: 'passwordReset' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'phoneChange' } }, actions: { type: 'startFlow', params: { flow: 'phoneChange' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'passwordChange' } }, actions: { type: 'startFlow', params: { flow: 'passwordChange' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'deposit' } }, actions: { type: 'startFlow', params: { flow: 'deposit' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'withdraw' } }, actions: { type: 'startFlow', params: { flow: 'withdraw' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'bonusCode' } }, actions: { type: 'startFlow', params: { flow: 'bonusCode' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'transactionHistory' } }, actions: { type: 'startFlow', params: { flow: 'transactionHistory' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'gameLaunch' } }, actions: { type: 'startFlow', params: { flow: 'gameLaunch' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'gamblingLimits' } }, actions: { type: 'startFlow', params: { flow: 'gamblingLimits' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'exclusion' } }, actions: { type: 'startFlow', params: { flow: 'exclusion' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'marketingPreferences' } }, actions: { type: 'startFlow', params: { flow: 'marketingPreferences' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'accountClosure' } }, actions: { type: 'startFlow', params: { flow: 'accountClosure' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'languageSetting' } }, actions: { type: 'startFlow', params: { flow: 'languageSetting' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'edd' } }, actions: { type: 'startFlow', params: { flow: 'edd' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'verification' } }, actions: { type: 'startFlow', params: { flow: 'verification' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'verificationModal' } }, actions: { type: 'startFlow', params: { flow: 'verificationModal' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'secondFactorSetup' } }, actions: { type: 'startFlow', params: { flow: 'secondFactorSetup' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'addressChange' } }, actions: { type: 'startFlow', params: { flow: 'addressChange' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'provinceChange' } }, actions: { type: 'startFlow', params: { flow: 'provinceChange' } } },
          { guard: { type: 'mayStartFlow', params: { flow: 'rewards' } }, actions: { type: 'startFlow', params: { flow: 'rewards' } } },
        ],
        'flow.stop': {
          description: 'The route was left: its flow stops.',
          actions: [
            { type: 'stopFlow', params: ({ event }) => ({ flow: event.flow }) },
            { type: 'forgetFlow', params: ({ event }) => ({ flow: event.flow }) },
          ],
        },
        'xstate.done.actor.passwordReset': {
          description: 'behaviour.md §4: after a reset the player goes to "/" and sees reset.password.success.toast.',
          actions: [
            { type: 'showToast', params: { kind: 'success', message: 'passwordReset.done' } },
            { type: 'emitNavigate', params: ({ context }) => ({ href: `/${formatLangMarket(context.langMarket)}` }) },
          ],
        },
        'xstate.done.actor.signup': {
          description: 'The SMS block was acknowledged (behaviour.md §8): the visitor leaves for the home page.',
          guard: ({ event }) => event.output.outcome === 'left',
          actions: { type: 'emitNavigate', params: ({ context }) => ({ href: `/${formatLangMarket(context.langMarket)}` }) },
        },
      },
      states: {
        anonymous: {
          description: 'A visitor: the login modal opens on demand; a login of any kind (the modal, sign-up, pay-and-play) authorises.',
          exit: ['stopLogin', 'forgetLogin'],
          on: {
            'session.authenticated': {
              target: 'authorized',
              actions: { type: 'assignSession', params: ({ event }) => ({ session: event }) },
            },
            'login.open': {
              guard: 'isLoginClosed',
              actions: { type: 'openLogin', params: ({ event }) => ({ redirect: event.redirect ?? null }) },
            },
            'login.close': { actions: ['stopLogin', 'forgetLogin'] },
            'xstate.done.actor.login': {
              target: 'authorized',
              actions: [
                { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
                { type: 'emitLoggedIn', params: ({ event }) => ({ redirect: event.output.redirect }) },
              ],
            },
            'xstate.done.actor.signup': {
              description: 'Registered: the automatic login authorises the player; the Complete step stays on screen.',
              guard: ({ event }) => event.output.outcome === 'registered',
              target: 'authorized',
              actions: {
                type: 'assignSession',
                params: ({ event }) => ({ session: (event.output as { session: AuthenticatedSession }).session }),
              },
            },
            'xstate.done.actor.payAndPlay': {
              description: 'Paid and identified: the player is logged in and goes to the saved target.',
              target: 'authorized',
              actions: [
                { type: 'assignSession', params: ({ event }) => ({ session: event.output.session }) },
                { type: 'emitNavigate', params: ({ event }) => ({ href: event.output.redirectPath }) },
              ],
            },
          },
        },
        authorized: {
          description:
            "A logged-in player: the profile, the access details and the transaction summary load side by side; the idle timer, the wallet and the activity timer run; cookie consent is told, to sync the player's answer with the platform. Logout, a 401/403, the token's expiry, the idle timer's end, the reality check's Log out or a break lead to loggingOut.",
          type: 'parallel',
          entry: 'tellConsentLoggedIn',
          invoke: [
            {
              id: 'idleTimer',
              src: 'idleTimer',
              onDone: { target: 'loggingOut', actions: { type: 'assignLogoutReason', params: { reason: 'idle' } } },
            },
            // The balance in the header, while (and only while) the player is authorised: leaving
            // this state (logout) stops it and closes its live connection.
            { id: 'wallet', systemId: 'wallet', src: 'wallet' },
            // The reality check (behaviour.md §4: the activity timer starts at login, stops at logout).
            {
              id: 'activityTimer',
              systemId: 'activityTimer',
              src: 'activityTimer',
              onDone: {
                description: 'The player chose Log out in the session-timeout modal.',
                target: 'loggingOut',
                actions: { type: 'assignLogoutReason', params: { reason: 'player' } },
              },
            },
          ],
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
              description: 'A 401/403 on an authenticated call (behaviour.md §8 "General").',
              target: 'loggingOut',
              actions: { type: 'assignLogoutReason', params: { reason: 'unauthorized' } },
            },
            'xstate.done.actor.gameLaunch': {
              description: 'behaviour.md §8: an evolution authentication 400 logs the player out.',
              guard: ({ event }) => event.output.outcome === 'logout',
              target: 'loggingOut',
              actions: { type: 'assignLogoutReason', params: { reason: 'unauthorized' } },
            },
            // A new login while logged in (another flow's): a new token, the player data again.
            'session.authenticated': {
              target: 'authorized',
              reenter: true,
              actions: { type: 'assignSession', params: ({ event }) => ({ session: event }) },
            },
            'idle.activity': { actions: { type: 'forwardActivity', params: ({ event }) => ({ at: event.at }) } },
            'activity.settingsChanged': {
              description: 'New activity settings (the gambling-limits flow): the activity timer reads them again.',
              actions: 'forwardActivitySettings',
            },
            'activity.openLimits': {
              description: "The reality check's link: the player's gambling-limits page opens.",
              actions: { type: 'emitNavigate', params: ({ context }) => ({ href: gamblingLimitsHref(context.langMarket) }) },
            },
            'xstate.done.actor.exclusion': {
              description: 'Issue 13: a break or self-exclusion takes effect at once: the player is logged out, and a toast says until when.',
              target: 'loggingOut',
              actions: [
                { type: 'assignLogoutReason', params: { reason: 'break' } },
                { type: 'showToast', params: ({ event }) => breakToastOf(event.output) },
              ],
            },
            'xstate.done.actor.languageSetting': {
              description: 'Issue 23: the player saved another language: the site switches to it (the account page in that language), the profile loads again.',
              target: ['.profile.loading', '.access.loading', '.transactionSummary.loading'],
              actions: [
                'clearLoadErrors',
                { type: 'emitNavigate', params: ({ context, event }) => ({ href: accountHref({ language: event.output.language, market: context.langMarket.market }) }) },
              ],
            },
            'xstate.done.actor.accountClosure': {
              description: 'Issue 23: the account is closed and its sessions ended: the player is logged out, and the app shows the closed-account page.',
              target: 'loggingOut',
              actions: { type: 'assignLogoutReason', params: { reason: 'closed' } },
            },
            'terms.accepted': { actions: { type: 'assignTermsAccepted', params: ({ event }) => ({ version: event.version }) } },
            // Re-enters the three regions (not the idle timer nor the token's expiry, which belong
            // to the authorized state itself).
            'profile.reload': {
              target: ['.profile.loading', '.access.loading', '.transactionSummary.loading'],
              actions: 'clearLoadErrors',
            },
            'xstate.done.actor.phoneChange': {
              description: 'A verified new number: the profile loads again, a toast says so, and the form is ready for another change.',
              target: ['.profile.loading', '.access.loading', '.transactionSummary.loading'],
              actions: [
                'clearLoadErrors',
                { type: 'showToast', params: { kind: 'success', message: 'phoneChange.done' } },
                { type: 'startFlow', params: { flow: 'phoneChange' } },
              ],
            },
            'xstate.done.actor.passwordChange': {
              description: 'The password is changed: a toast says so, and a fresh flow gives a clean form.',
              actions: [
                { type: 'showToast', params: { kind: 'success', message: 'passwordChange.done' } },
                { type: 'startFlow', params: { flow: 'passwordChange' } },
              ],
            },
          },
          states: {
            profile: {
              description: "The player's profile, with the market's current terms version (the terms guard compares them).",
              initial: 'loading',
              states: {
                loading: {
                  description: 'The profile is on its way (asked again on profile.reload; what was shown stays until the answer).',
                  tags: 'loadingPlayer',
                  invoke: {
                    id: 'loadProfile',
                    src: 'loadProfile',
                    input: ({ context }) => ({ langMarket: context.langMarket }),
                    onDone: { target: 'loaded', actions: { type: 'assignProfile', params: ({ event }) => event.output } },
                    onError: { target: 'failed', actions: { type: 'recordLoadError', params: { part: 'profile' } } },
                  },
                },
                loaded: { description: 'The profile is in the context.' },
                failed: { description: 'The profile could not be loaded: recorded in loadErrors; the session stays, with what it showed before.' },
              },
            },
            access: {
              description: 'The access details (casino, live casino, deposit, payout, withdrawal ...), which the route guards and the cashier read.',
              initial: 'loading',
              states: {
                loading: {
                  description: 'The access details are on their way (asked again on profile.reload; what was shown stays until the answer).',
                  invoke: {
                    id: 'loadAccessDetails',
                    src: 'loadAccessDetails',
                    onDone: { target: 'loaded', actions: { type: 'assignAccess', params: ({ event }) => ({ access: event.output }) } },
                    onError: { target: 'failed', actions: { type: 'recordLoadError', params: { part: 'access' } } },
                  },
                },
                loaded: { description: 'The access details are in the context.' },
                failed: { description: 'The access details could not be loaded: recorded in loadErrors; the session stays, with what it showed before.' },
              },
            },
            transactionSummary: {
              description: 'The transaction summary (how many deposits the player has made).',
              initial: 'loading',
              states: {
                loading: {
                  description: 'The transaction summary is on its way (asked again on profile.reload; what was shown stays until the answer).',
                  invoke: {
                    id: 'loadTransactionSummary',
                    src: 'loadTransactionSummary',
                    onDone: {
                      target: 'loaded',
                      actions: { type: 'assignTransactionSummary', params: ({ event }) => ({ summary: event.output }) },
                    },
                    onError: {
                      target: 'failed',
                      actions: { type: 'recordLoadError', params: { part: 'transactionSummary' } },
                    },
                  },
                },
                loaded: { description: 'The transaction summary is in the context.' },
                failed: { description: 'The transaction summary could not be loaded: recorded in loadErrors; the session stays, with what it showed before.' },
              },
            },
          },
        },
        loggingOut: {
          description:
            'behaviour.md §4: "a logout call is made, then a local logout". Its answer does not matter: an expired or refused token is logged out locally all the same. Every flow stops with the session.',
          entry: [
            'forgetPlayer',
            'stopFlows',
            'forgetFlows',
            'tellConsentLoggedOut',
          ],
          // The local logout, whatever the call answered (its only ways out are its done and its error).
          exit: ['clearStoredAuthorization', 'endSupportChat', 'endCrmSession', 'forgetToken', 'emitLoggedOut'],
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: [
              { guard: 'isIdleLogout', target: 'anonymous', actions: { type: 'showToast', params: { kind: 'warning', message: 'session.idleLoggedOut' } } },
              { target: 'anonymous' },
            ],
            onError: [
              { guard: 'isIdleLogout', target: 'anonymous', actions: { type: 'showToast', params: { kind: 'warning', message: 'session.idleLoggedOut' } } },
              { target: 'anonymous' },
            ],
          },
        },
      },
    },
  },
});

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>;

/** The wallet child (header balance: machines/wallet.machine.ts selectors); undefined unless authorised. */
export function walletRefOf(snapshot: Pick<SessionSnapshot, 'children'>): ActorRefFrom<typeof walletMachine> | undefined {
  return snapshot.children.wallet;
}
export type SessionStatus = 'pending' | 'requested' | 'resolved';

/** behaviour.md §4 "Session": the status the spec names, read from a snapshot (or its value). */
export function sessionStatus(snapshot: { value: StateValue }): SessionStatus {
  const { value } = snapshot;
  return value === 'pending' || value === 'requested' ? value : 'resolved';
}
