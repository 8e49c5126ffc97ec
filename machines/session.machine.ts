// The root actor (ARCHITECTURE.md "The actor system"; behaviour.md §4 "Session": an authorized flag
// and a status pending, then requested, then resolved; logout resets the flag). Created once at
// start-up and put in the router context; it lives as long as the page. Its children live with it:
// the access check, cookie consent and the toast queue; while the player is authorized, the idle
// timer and the activity timer (the reality check, machines/activityTimer.machine.ts); on demand,
// the login modal and the flows.
//
// Flows (docs/ARCHITECTURE.md "How a route starts a flow"): a route sends `flow.start` with the
// flow's name and input when it is entered and `flow.stop` when it is left. The session spawns the
// flow with id and systemId = its name, keeps its ref in `context.flows`, stops a running one of
// the same kind first, and stops every flow on logout. A flow's end is a transition here: the
// session decides what its output means (authorise, reload the profile, a toast, a navigation).
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
import { assign, emit, fromPromise, sendTo, setup, stopChild } from 'xstate';
import type { ActorRefFrom, DoneActorEvent, OutputFrom, SnapshotFrom, StateValue } from 'xstate';
import type { AccessDetails, PlayerProfile, TransactionSummary } from '../src/api/player';
import { accessCheckMachine } from './accessCheck.machine';
import { cookieConsentMachine } from './cookieConsent.machine';
import type { depositMachine, DepositRouteInput } from './deposit.machine';
import type { gameLaunchMachine, GameLaunchInput, GameLaunchRouteInput } from './gameLaunch.machine';
import type { gamblingLimitsMachine, GamblingLimitsInput } from './gamblingLimits.machine';
import { idleMachine } from './idle.machine';
import { activityTimerMachine, type ActivityOpenLimitsEvent } from './activityTimer.machine';
import type { exclusionMachine, ExclusionInput, ExclusionRouteInput } from './exclusion.machine';
import type { AuthenticatedSession, SessionClaims } from './lib/identity';
import { DEFAULT_JURISDICTION } from './lib/constants';
import { formatLangMarket, LANGUAGES, MARKETS, type LangMarket, type MarketCode } from './lib/markets';
import type { ToastKind, ToastMessage, ToastValues } from './lib/toasts';
import { cashierCurrency, marketOfCountry, type CashierPlayer } from './lib/wallet';
import { loginMachine } from './login.machine';
import type { passwordChangeMachine } from './passwordChange.machine';
import type { passwordResetMachine } from './passwordReset.machine';
import type { payAndPlayMachine, PayAndPlayInput } from './payAndPlay.machine';
import type { phoneChangeMachine } from './phoneChange.machine';
import type { signupMachine, SignupInput } from './signup.machine';
import { toastMachine } from './toast.machine';
import type { transactionHistoryMachine } from './transactionHistory.machine';
import { walletMachine } from './wallet.machine';
import type { withdrawMachine } from './withdraw.machine';

export type { AuthenticatedSession, SessionClaims } from './lib/identity';
export { DEFAULT_LOGIN_METHOD } from './lib/identity';

/** The flows a route can start (ARCHITECTURE.md "The actor system": on demand). */
export const FLOW_NAMES = [
  'signup',
  'payAndPlay',
  'passwordReset',
  'phoneChange',
  'passwordChange',
  'deposit',
  'withdraw',
  'transactionHistory',
  'gameLaunch',
  'gamblingLimits',
  'exclusion',
] as const;
export type FlowName = (typeof FLOW_NAMES)[number];

/** Flows for a visitor who is not logged in (their routes send a player elsewhere). */
const VISITOR_FLOWS: readonly FlowName[] = ['signup', 'payAndPlay'];
/** Flows of the account area: a logged-in player's only. */
export const PLAYER_FLOWS: readonly FlowName[] = ['phoneChange', 'passwordChange', 'deposit', 'withdraw', 'transactionHistory', 'gamblingLimits', 'exclusion'];

/** The running flows, by name; null when that flow is not running. A done flow stays until stopped. */
export interface FlowRefs {
  signup: ActorRefFrom<typeof signupMachine> | null;
  payAndPlay: ActorRefFrom<typeof payAndPlayMachine> | null;
  passwordReset: ActorRefFrom<typeof passwordResetMachine> | null;
  phoneChange: ActorRefFrom<typeof phoneChangeMachine> | null;
  passwordChange: ActorRefFrom<typeof passwordChangeMachine> | null;
  deposit: ActorRefFrom<typeof depositMachine> | null;
  withdraw: ActorRefFrom<typeof withdrawMachine> | null;
  transactionHistory: ActorRefFrom<typeof transactionHistoryMachine> | null;
  gameLaunch: ActorRefFrom<typeof gameLaunchMachine> | null;
  gamblingLimits: ActorRefFrom<typeof gamblingLimitsMachine> | null;
  exclusion: ActorRefFrom<typeof exclusionMachine> | null;
}

/**
 * `flow.start`: which flow, with its input (the flows without input take none). The cashier flows
 * also get the session's view of the player (cashierPlayerOf), added when they are spawned.
 */
export type FlowStart =
  | { flow: 'signup'; input: SignupInput }
  | { flow: 'payAndPlay'; input: PayAndPlayInput }
  | { flow: 'deposit'; input: DepositRouteInput }
  | { flow: 'gameLaunch'; input: GameLaunchRouteInput }
  | { flow: 'gamblingLimits'; input: GamblingLimitsInput }
  /** No input (or `{ panic: false }`) from the gambling-limits page; `{ panic: true }` from the DE panic button. */
  | { flow: 'exclusion'; input?: ExclusionRouteInput }
  | { flow: 'passwordReset' | 'phoneChange' | 'passwordChange' | 'withdraw' | 'transactionHistory' };

const NO_FLOWS: FlowRefs = {
  signup: null,
  payAndPlay: null,
  passwordReset: null,
  phoneChange: null,
  passwordChange: null,
  deposit: null,
  withdraw: null,
  transactionHistory: null,
  gameLaunch: null,
  gamblingLimits: null,
  exclusion: null,
};

/** What `loadProfile` answers: the profile and the market's current terms version (null if unknown). */
export interface ProfileLoad {
  profile: PlayerProfile;
  currentTermsVersion: number | null;
}

/** The player data an authorized session loads; a part that failed is listed in `loadErrors`. */
export type PlayerDataPart = 'profile' | 'access' | 'transactionSummary';

/** Why the last logout happened (the UI tells an idle logout apart). */
export type LogoutReason = 'player' | 'unauthorized' | 'expired' | 'idle' | 'break';

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
  /** The flows started by routes (see FlowRefs). */
  flows: FlowRefs;
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
  /** A route was entered: start its flow (a running one of the same kind is stopped first). */
  | ({ type: 'flow.start' } & FlowStart)
  /** The route was left: stop its flow. */
  | { type: 'flow.stop'; flow: FlowName };

/**
 * The ends of the spawned children. XState infers the done events of invoked actors from the
 * config, not of spawned ones, so these are named here, their outputs taken from the machines.
 */
type SpawnedDoneEvent =
  | DoneActorEvent<OutputFrom<typeof loginMachine>, 'login'>
  | DoneActorEvent<OutputFrom<typeof signupMachine>, 'signup'>
  | DoneActorEvent<OutputFrom<typeof payAndPlayMachine>, 'payAndPlay'>
  | DoneActorEvent<OutputFrom<typeof passwordResetMachine>, 'passwordReset'>
  | DoneActorEvent<OutputFrom<typeof phoneChangeMachine>, 'phoneChange'>
  | DoneActorEvent<OutputFrom<typeof passwordChangeMachine>, 'passwordChange'>
  | DoneActorEvent<OutputFrom<typeof gameLaunchMachine>, 'gameLaunch'>
  | DoneActorEvent<OutputFrom<typeof exclusionMachine>, 'exclusion'>;

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

/**
 * A flow's stand-in until src/app (or a test) provides its machine: typed as the flow's machine so
 * the session's refs and outputs are, and failing loudly if it is ever spawned unprovided.
 */
function flowNotProvided(name: FlowName) {
  return fromPromise(() => Promise.reject(new Error(`sessionMachine: provide the ${name} flow`)));
}

/** The market whose rules apply to the player: their country's (profile, else claims), else the route's. */
function playerMarketOf(context: Pick<SessionContext, 'profile' | 'claims' | 'langMarket'>): MarketCode {
  const country = context.profile?.countryCode ?? context.claims?.countryCode;
  return country === undefined ? context.langMarket.market : marketOfCountry(country);
}

/**
 * What the cashier flows know of the player (machines/lib/wallet.ts CashierPlayer), read from the
 * session the way the route guards read it: the access details (else the profile's copy of them),
 * the profile's currency, the multibrand claim, and the market of the player's country (the one
 * whose rules the platform applies to the player's money; the route's market when it is unknown).
 */
export function cashierPlayerOf(context: Pick<SessionContext, 'access' | 'profile' | 'claims' | 'langMarket'>): CashierPlayer {
  const access = context.access ?? context.profile?.access ?? null;
  return {
    currency: cashierCurrency(context.profile?.currencyCode),
    market: playerMarketOf(context),
    access: access === null ? null : { deposit: access.deposit, payout: access.payout, withdrawal: access.withdrawal },
    multibrandSuspended: context.claims?.multibrand?.suspended === true,
  };
}

/**
 * The game launch's view of the player (machines/gameLaunch.machine.ts): demo (fun money) when
 * nobody is logged in, real money otherwise (behaviour.md §5); the launch language as the platform
 * takes it (caf as fr, inen as en); the account currency, else the market's; the player's country,
 * else the visitor's as the access check saw it; that country as the jurisdiction (MT when unknown,
 * behaviour.md §9).
 */
export function gameLaunchInputOf(context: Pick<SessionContext, 'authorized' | 'profile' | 'claims' | 'langMarket'>, route: GameLaunchRouteInput): GameLaunchInput {
  const { visitorCountry, ...game } = route;
  const country = context.profile?.countryCode ?? context.claims?.countryCode ?? visitorCountry;
  return {
    ...game,
    demo: !context.authorized,
    language: LANGUAGES[context.langMarket.language].apiLanguage,
    currency: context.authorized ? cashierCurrency(context.profile?.currencyCode) : MARKETS[context.langMarket.market].currency,
    country: country ?? null,
    jurisdiction: country ?? DEFAULT_JURISDICTION,
  };
}

/** Where the reality check's link leads (product.md §2 "/my-account/gambling-limits"), langmarket included. */
export function gamblingLimitsHref(langMarket: LangMarket): string {
  return `/${formatLangMarket(langMarket)}/my-account/gambling-limits`;
}

/**
 * The exclusion flow's input: the route's (or the panic button's) with the market whose rules apply
 * to the player (their country's, as for the cashier; the route's market when it is unknown).
 */
export function exclusionInputOf(context: Pick<SessionContext, 'profile' | 'claims' | 'langMarket'>, route: ExclusionRouteInput | undefined): ExclusionInput {
  return { panic: route?.panic === true, market: playerMarketOf(context) };
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
      exclusion: 'exclusion';
      restoreSession: 'restoreSession';
      loadProfile: 'loadProfile';
      loadAccessDetails: 'loadAccessDetails';
      loadTransactionSummary: 'loadTransactionSummary';
      signOut: 'signOut';
      signup: 'signup';
      payAndPlay: 'payAndPlay';
      passwordReset: 'passwordReset';
      phoneChange: 'phoneChange';
      passwordChange: 'passwordChange';
      deposit: 'deposit';
      withdraw: 'withdraw';
      transactionHistory: 'transactionHistory';
      gameLaunch: 'gameLaunch';
      gamblingLimits: 'gamblingLimits';
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
    // The flows' logic comes from src/app (each loaded with its route, so a page downloads only the
    // flows it starts) and from tests; these stand-ins only carry the types and refuse to run.
    signup: flowNotProvided('signup') as unknown as typeof signupMachine,
    payAndPlay: flowNotProvided('payAndPlay') as unknown as typeof payAndPlayMachine,
    passwordReset: flowNotProvided('passwordReset') as unknown as typeof passwordResetMachine,
    phoneChange: flowNotProvided('phoneChange') as unknown as typeof phoneChangeMachine,
    passwordChange: flowNotProvided('passwordChange') as unknown as typeof passwordChangeMachine,
    deposit: flowNotProvided('deposit') as unknown as typeof depositMachine,
    withdraw: flowNotProvided('withdraw') as unknown as typeof withdrawMachine,
    transactionHistory: flowNotProvided('transactionHistory') as unknown as typeof transactionHistoryMachine,
    gameLaunch: flowNotProvided('gameLaunch') as unknown as typeof gameLaunchMachine,
    gamblingLimits: flowNotProvided('gamblingLimits') as unknown as typeof gamblingLimitsMachine,
    exclusion: flowNotProvided('exclusion') as unknown as typeof exclusionMachine,
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
    /** A flow's child stops (a running one before a new one of its kind, or when its route is left). */
    stopFlow: stopChild((_, params: { flow: FlowName }) => params.flow),
    /** Spawns a flow with id and systemId = its name; its ref is kept until the route stops it. */
    spawnFlow: assign({
      flows: ({ context, spawn }, params: FlowStart) => {
        switch (params.flow) {
          case 'signup':
            return { ...context.flows, signup: spawn('signup', { id: 'signup', systemId: 'signup', input: params.input }) };
          case 'payAndPlay':
            return {
              ...context.flows,
              payAndPlay: spawn('payAndPlay', { id: 'payAndPlay', systemId: 'payAndPlay', input: params.input }),
            };
          case 'passwordReset':
            return { ...context.flows, passwordReset: spawn('passwordReset', { id: 'passwordReset', systemId: 'passwordReset' }) };
          case 'phoneChange':
            return { ...context.flows, phoneChange: spawn('phoneChange', { id: 'phoneChange', systemId: 'phoneChange' }) };
          case 'passwordChange':
            return {
              ...context.flows,
              passwordChange: spawn('passwordChange', { id: 'passwordChange', systemId: 'passwordChange' }),
            };
          case 'deposit':
            return {
              ...context.flows,
              deposit: spawn('deposit', { id: 'deposit', systemId: 'deposit', input: { ...params.input, player: cashierPlayerOf(context) } }),
            };
          case 'withdraw':
            return {
              ...context.flows,
              withdraw: spawn('withdraw', { id: 'withdraw', systemId: 'withdraw', input: { player: cashierPlayerOf(context) } }),
            };
          case 'transactionHistory':
            return {
              ...context.flows,
              transactionHistory: spawn('transactionHistory', { id: 'transactionHistory', systemId: 'transactionHistory' }),
            };
          case 'gameLaunch':
            return {
              ...context.flows,
              gameLaunch: spawn('gameLaunch', {
                id: 'gameLaunch',
                systemId: 'gameLaunch',
                input: gameLaunchInputOf(context, params.input),
              }),
            };
          case 'gamblingLimits':
            return {
              ...context.flows,
              gamblingLimits: spawn('gamblingLimits', { id: 'gamblingLimits', systemId: 'gamblingLimits', input: params.input }),
            };
          case 'exclusion':
            return {
              ...context.flows,
              exclusion: spawn('exclusion', { id: 'exclusion', systemId: 'exclusion', input: exclusionInputOf(context, params.input) }),
            };
        }
      },
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
    /** A visitor's flow needs a visitor, an account flow a player; the reset is for anyone. */
    mayStartFlow: ({ context }, params: { flow: FlowName }) =>
      VISITOR_FLOWS.includes(params.flow) ? !context.authorized : PLAYER_FLOWS.includes(params.flow) ? context.authorized : true,
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
      flows: NO_FLOWS,
      accessCheckRef: spawn('accessCheck', { id: 'accessCheck', systemId: 'accessCheck' }),
      cookieConsentRef: spawn('cookieConsent', { id: 'cookieConsent', systemId: 'cookieConsent' }),
      toastRef: spawn('toast', { id: 'toast', systemId: 'toast' }),
    }) satisfies SessionContext,
  initial: 'pending',
  on: {
    'locale.change': { actions: { type: 'assignLangMarket', params: ({ event }) => ({ langMarket: event.langMarket }) } },
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
      initial: 'anonymous',
      on: {
        'flow.start': {
          description: 'A route was entered: its flow starts (a visitor flow needs a visitor, an account flow a player).',
          guard: { type: 'mayStartFlow', params: ({ event }) => ({ flow: event.flow }) },
          actions: [
            { type: 'stopFlow', params: ({ event }) => ({ flow: event.flow }) },
            { type: 'spawnFlow', params: ({ event }) => event },
          ],
        },
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
          type: 'parallel',
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
                { type: 'stopFlow', params: { flow: 'phoneChange' } },
                { type: 'spawnFlow', params: { flow: 'phoneChange' } },
              ],
            },
            'xstate.done.actor.passwordChange': {
              description: 'The password is changed: a toast says so, and a fresh flow gives a clean form.',
              actions: [
                { type: 'showToast', params: { kind: 'success', message: 'passwordChange.done' } },
                { type: 'stopFlow', params: { flow: 'passwordChange' } },
                { type: 'spawnFlow', params: { flow: 'passwordChange' } },
              ],
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
                    onDone: { target: 'loaded', actions: { type: 'assignProfile', params: ({ event }) => event.output } },
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
                    onDone: { target: 'loaded', actions: { type: 'assignAccess', params: ({ event }) => ({ access: event.output }) } },
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
                loaded: {},
                failed: {},
              },
            },
          },
        },
        loggingOut: {
          description:
            'behaviour.md §4: "a logout call is made, then a local logout". Its answer does not matter: an expired or refused token is logged out locally all the same. Every flow stops with the session.',
          entry: [
            'forgetPlayer',
            { type: 'stopFlow', params: { flow: 'signup' } },
            { type: 'stopFlow', params: { flow: 'payAndPlay' } },
            { type: 'stopFlow', params: { flow: 'passwordReset' } },
            { type: 'stopFlow', params: { flow: 'phoneChange' } },
            { type: 'stopFlow', params: { flow: 'passwordChange' } },
            { type: 'stopFlow', params: { flow: 'deposit' } },
            { type: 'stopFlow', params: { flow: 'withdraw' } },
            { type: 'stopFlow', params: { flow: 'transactionHistory' } },
            // A real-money game must not outlive the player (GamePage restarts a casino game in demo).
            { type: 'stopFlow', params: { flow: 'gameLaunch' } },
            { type: 'stopFlow', params: { flow: 'gamblingLimits' } },
            { type: 'stopFlow', params: { flow: 'exclusion' } },
            'forgetFlows',
          ],
          invoke: {
            id: 'signOut',
            src: 'signOut',
            onDone: [
              {
                guard: 'isIdleLogout',
                target: 'anonymous',
                actions: [
                  'clearStoredAuthorization',
                  'endSupportChat',
                  'endCrmSession',
                  'forgetToken',
                  { type: 'showToast', params: { kind: 'warning', message: 'session.idleLoggedOut' } },
                  'emitLoggedOut',
                ],
              },
              {
                target: 'anonymous',
                actions: ['clearStoredAuthorization', 'endSupportChat', 'endCrmSession', 'forgetToken', 'emitLoggedOut'],
              },
            ],
            onError: [
              {
                guard: 'isIdleLogout',
                target: 'anonymous',
                actions: [
                  'clearStoredAuthorization',
                  'endSupportChat',
                  'endCrmSession',
                  'forgetToken',
                  { type: 'showToast', params: { kind: 'warning', message: 'session.idleLoggedOut' } },
                  'emitLoggedOut',
                ],
              },
              {
                target: 'anonymous',
                actions: ['clearStoredAuthorization', 'endSupportChat', 'endCrmSession', 'forgetToken', 'emitLoggedOut'],
              },
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
