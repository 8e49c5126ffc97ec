import { createActor, fromPromise, SimulatedClock } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accessCheckMachine } from '../../machines/accessCheck.machine';
import type { AccessContextResult } from '../../machines/accessCheck.machine';
import { cookieConsentMachine } from '../../machines/cookieConsent.machine';
import type { StoredCookieConsent } from '../../machines/cookieConsent.machine';
import { idleMachine } from '../../machines/idle.machine';
import { COOKIE_POLICY_VERSION, IDLE_CHECK_MS, IDLE_LIMIT_MS } from '../../machines/lib/constants';
import type { LangMarket } from '../../machines/lib/markets';
import { loginMachine } from '../../machines/login.machine';
import type { AuthenticatedSession, LoginCredentials, LoginOutput } from '../../machines/login.machine';
import { isAuthorized, isLoadingProfile, isResolved, isSettled, termsOutdated } from '../../machines/session.guards';
import {
  cashierPlayerOf,
  gameLaunchInputOf,
  FLOW_NAMES,
  MAX_TIMER_DELAY_MS,
  PLAYER_FLOWS,
  sessionMachine,
  sessionStatus,
  tokenLifetimeMs,
  walletRefOf,
} from '../../machines/session.machine';
import type { FlowRefs, LogoutReason, ProfileLoad, SessionEmitted } from '../../machines/session.machine';
import type { FlowLoaded, FlowLogics, FlowMachine } from '../../machines/flows';
import type { activityTimerMachine } from '../../machines/activityTimer.machine';
import type { ExclusionOutput } from '../../machines/exclusion.machine';
import type { walletMachine } from '../../machines/wallet.machine';
import type { AccessDetails, PlayerProfile, TransactionSummary } from '../../src/api/player';
import { coverPaths, FakePromises, formatCoverage, settle, type ActorAnswer, type PathEvent } from './lib/pathCoverage';
import { CLAIMS, LOGGED_IN } from './lib/identity';
import type { Driver } from './lib/pathCoverage';

type SessionEvent = PathEvent<typeof sessionMachine> | ActorAnswer;

const EN_UN: LangMarket = { language: 'en', market: 'UN' };
const FI_FI: LangMarket = { language: 'fi', market: 'FI' };

const claims = CLAIMS;
const session = LOGGED_IN;
const REDIRECT = '/online-casino';

const access: AccessDetails = {
  payout: true,
  casino: true,
  liveCasino: true,
  sports: true,
  virtualSports: true,
  bonuses: true,
  deposit: true,
  withdrawal: true,
  volt: false,
  affiliateReg: false,
  macropay: false,
  isWithdrawalReview: false,
  crypto: false,
};
const CURRENT_TERMS = 3;
/** A player who accepted version 2 of 3: the terms guard sends them to accept-terms. */
const profile: PlayerProfile = {
  playerId: 1001,
  email: 'player@example.com',
  firstName: 'Aino',
  lastName: 'Player',
  phonePrefix: '+358',
  phoneBody: '401234567',
  languageCode: 'fi',
  currencyCode: 'EUR',
  countryCode: 'FI',
  provinceCode: null,
  personid: null,
  kycStatus: 'NOT_VERIFIED',
  requestDocumentTypeStatus: '',
  firstLogin: false,
  firstDepositDate: null,
  termsAndConditionsAcceptedVersion: 2,
  loyaltyLevel: null,
  limitLevel: null,
  status: 'REGISTERED',
  access,
};
const profileLoad: ProfileLoad = { profile, currentTermsVersion: CURRENT_TERMS };
const summary: TransactionSummary = { totalDepositsCount: 2 };
const refused = { kind: 'http', status: 500, code: 'error.system.error' };

const TOKEN_EXPIRY = 'xstate.after.tokenExpiry.session.resolved.authorized';
/** A time-out until a date, and an indefinite self-exclusion (the exclusion flow's ends). */
const BREAK_STARTED: ExclusionOutput = { outcome: 'started', kind: 'timeout', until: '2026-12-25T12:00:00.000Z' };
const EXCLUDED_INDEFINITELY: ExclusionOutput = { outcome: 'started', kind: 'exclusion', until: null };

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as SessionEvent;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, actorId: id, error: refused }) as SessionEvent;

function isRegion(value: unknown, part: string, state: string): boolean {
  const resolved = (value as { resolved?: unknown }).resolved;
  const authorized = (resolved as { authorized?: Record<string, string> } | undefined)?.authorized;
  return typeof authorized === 'object' && authorized[part] === state;
}

/**
 * The flows, which have their own path tests, as fakes that run until the graph ends them (one per
 * registry entry): given to the session at creation. The graph's own (never run) stands for the
 * fake a `flow.loaded` carries; the replay sends its own (the `flow.loaded` driver).
 */
function flowFakes(fakes: FakePromises): FlowLogics {
  return Object.fromEntries(FLOW_NAMES.map((name) => [name, fakes.actor<unknown>()])) as unknown as FlowLogics;
}
const LOADED_IN_GRAPH = new FakePromises().actor<unknown>() as unknown as FlowMachine<'passwordReset'>;

const SIGNUP_INPUT = { languageCode: 'en', bonusCode: null, affiliate: {} } as const;
const PAY_AND_PLAY_INPUT = { langmarket: 'fi-FI', target: '/online-casino', amount: null, callback: null };
const DEPOSIT_INPUT = { depositId: null, returnPath: '/en-UN/deposit' };
const GAME_INPUT = { lobby: 'casino', provider: 'pragmaticplay', game: 'cas-00001', channel: 'mobile', visitorCountry: 'SE' } as const;
/** The gambling-limits route's input: the player's market (FI). */
const LIMITS_INPUT = { market: 'FI' } as const;
/** What the cashier flows are given of this player (FI, EUR, every access on, not suspended). */
const CASHIER_PLAYER = { currency: 'EUR', market: 'FI', access: { deposit: true, payout: true, withdrawal: true }, multibrandSuspended: false };

/**
 * The flows' events: a route starts one (a visitor's flows while anonymous, the account flows once
 * everything has loaded), its end, and the route being left. One flow at a time keeps the graph
 * small; the whole-system test (session.system.test.ts) runs them with their real machines.
 */
function flowEvents(value: unknown, flows: FlowRefs): SessionEvent[] {
  const running = FLOW_NAMES.filter((name) => flows[name] !== null);
  const anonymous = (value as { resolved?: unknown }).resolved === 'anonymous';
  const settled = isRegion(value, 'profile', 'loaded') && isRegion(value, 'access', 'loaded') && isRegion(value, 'transactionSummary', 'loaded');
  if (running.length === 0) {
    if (anonymous) {
      return [
        { type: 'flow.start', flow: 'signup', input: SIGNUP_INPUT },
        { type: 'flow.start', flow: 'payAndPlay', input: PAY_AND_PLAY_INPUT },
        { type: 'flow.start', flow: 'passwordReset' },
        // A visitor plays for fun (demo).
        { type: 'flow.start', flow: 'gameLaunch', input: GAME_INPUT },
        // An account flow is refused to a visitor, the cashier too.
        { type: 'flow.start', flow: 'phoneChange' },
        { type: 'flow.start', flow: 'deposit', input: DEPOSIT_INPUT },
        { type: 'flow.start', flow: 'gamblingLimits', input: LIMITS_INPUT },
      ];
    }
    return settled
      ? [
          { type: 'flow.start', flow: 'phoneChange' },
          { type: 'flow.start', flow: 'passwordChange' },
          { type: 'flow.start', flow: 'deposit', input: DEPOSIT_INPUT },
          { type: 'flow.start', flow: 'withdraw' },
          { type: 'flow.start', flow: 'bonusCode' },
          { type: 'flow.start', flow: 'transactionHistory' },
          { type: 'flow.start', flow: 'gameLaunch', input: GAME_INPUT },
          { type: 'flow.start', flow: 'gamblingLimits', input: LIMITS_INPUT },
          // From the gambling-limits page (no input), and the DE panic button's one press.
          { type: 'flow.start', flow: 'exclusion' },
          { type: 'flow.start', flow: 'exclusion', input: { panic: true } },
          { type: 'flow.start', flow: 'marketingPreferences' },
          { type: 'flow.start', flow: 'accountClosure' },
          { type: 'flow.start', flow: 'languageSetting' },
          { type: 'flow.start', flow: 'edd' },
          { type: 'flow.start', flow: 'verification' },
          { type: 'flow.start', flow: 'verificationModal' },
          { type: 'flow.start', flow: 'secondFactorSetup' },
          { type: 'flow.start', flow: 'addressChange' },
          { type: 'flow.start', flow: 'provinceChange' },
          { type: 'flow.start', flow: 'rewards' },
          // The reality check (tried here only, to keep the graph small): its link opens the limits
          // page, its Log out ends it, and new settings reach it.
          { type: 'activity.openLimits' },
          { type: 'activity.settingsChanged' },
          done('activityTimer', { outcome: 'logout' }),
        ]
      : [];
  }
  const list: SessionEvent[] = [];
  for (const flow of running) {
    list.push({ type: 'flow.stop', flow });
    if (flow === 'signup') list.push(done('signup', { outcome: 'registered', session }), done('signup', { outcome: 'left' }));
    if (flow === 'payAndPlay') list.push(done('payAndPlay', { session, redirectPath: '/fi-FI/online-casino' }));
    if (flow === 'passwordReset') list.push(done('passwordReset', { outcome: 'reset' }));
    if (flow === 'phoneChange') list.push(done('phoneChange', { outcome: 'changed' }));
    if (flow === 'passwordChange') list.push(done('passwordChange', { outcome: 'changed' }));
    // behaviour.md §8: an evolution 400 ends the game with `logout`; a closed game changes nothing.
    if (flow === 'gameLaunch') list.push(done('gameLaunch', { outcome: 'logout' }), done('gameLaunch', { outcome: 'closed' }));
    // Issue 13: a break or a self-exclusion logs the player out at once.
    if (flow === 'exclusion') list.push(done('exclusion', BREAK_STARTED), done('exclusion', EXCLUDED_INDEFINITELY));
    // Issue 23: a closed account logs the player out (the app shows the closed-account page).
    if (flow === 'accountClosure') list.push(done('accountClosure', { outcome: 'closed', payout: null }));
    // Issue 23: another language switches the site to it.
    if (flow === 'languageSetting') list.push(done('languageSetting', { outcome: 'changed', language: 'fi' }));
  }
  return list;
}

/** The events to try, by state, so that the graph stays small and every event can really happen. */
function eventsFor(snapshot: {
  value: unknown;
  context: { langMarket: LangMarket; loginRef: unknown; profile: unknown; access: unknown; transactionSummary: unknown; flows: FlowRefs };
}): SessionEvent[] {
  const { value, context } = snapshot;
  // The gambling limits have their own test below (a player's only, stopped on leaving and on
  // logout); in the graph their start and their stop are enough, and keep it small.
  if (context.flows.gamblingLimits !== null) return [{ type: 'flow.stop', flow: 'gamblingLimits' }];
  const list: SessionEvent[] = [];
  const loading = (part: 'profile' | 'access' | 'transactionSummary') => isRegion(value, part, 'loading');
  // The three loads run side by side; answering them in one order keeps the graph small (every
  // state and transition is still reached).
  const answers = loading('profile')
    ? [done('loadProfile', profileLoad), failed('loadProfile')]
    : loading('access')
      ? [done('loadAccessDetails', access), failed('loadAccessDetails')]
      : loading('transactionSummary')
        ? [done('loadTransactionSummary', summary), failed('loadTransactionSummary')]
        : [];
  // During and after a reload (a part loading, or failed, with its old data still there), only the
  // reload's answers are tried: every other event does there what it does after the first load,
  // already on the graph.
  const reloaded = (['profile', 'access', 'transactionSummary'] as const).some(
    (part) => (loading(part) || isRegion(value, part, 'failed')) && context[part] !== null,
  );
  if (reloaded) return answers;
  // The langmarket can change anywhere; trying it in pending (and back) covers it without doubling the graph.
  if (value === 'pending') {
    list.push({ type: 'locale.change', langMarket: snapshot.context.langMarket.market === 'UN' ? FI_FI : EN_UN });
    // A flow's machine can arrive at any time (its route loads it); once is enough for the graph.
    list.push({ type: 'flow.loaded', flow: 'passwordReset', logic: LOADED_IN_GRAPH });
    list.push({ type: 'session.start' });
  }
  if (value === 'requested') {
    list.push(done('restoreSession', null), done('restoreSession', session), failed('restoreSession'));
  }
  list.push(
    { type: 'session.authenticated', ...session },
    { type: 'login.open', redirect: REDIRECT },
    { type: 'login.close' },
    { type: 'session.logout' },
    { type: 'session.unauthorized' },
    { type: 'terms.accepted', version: CURRENT_TERMS },
    { type: 'idle.activity', at: 1 },
    done('idleTimer', undefined),
    done('signOut', { ok: true }),
    failed('signOut'),
  );
  list.push(...answers);
  // A reload once everything has loaded, before the terms are accepted: it is one transition, and
  // trying it in more states only multiplies the paths.
  const loadedProfile = context.profile as PlayerProfile | null;
  if (
    isRegion(value, 'profile', 'loaded') &&
    isRegion(value, 'access', 'loaded') &&
    isRegion(value, 'transactionSummary', 'loaded') &&
    loadedProfile?.termsAndConditionsAcceptedVersion === profile.termsAndConditionsAcceptedVersion
  ) {
    list.push({ type: 'profile.reload' });
  }
  if (context.loginRef !== null) list.push(done('login', { ...session, redirect: REDIRECT } satisfies LoginOutput));
  // Flows in the plainest states only (no modal open, the first language, the player's data
  // loaded and the terms unchanged): every flow transition is still reached, the graph stays small.
  const plain =
    context.loginRef === null &&
    context.langMarket.market === 'UN' &&
    ((context.profile as PlayerProfile | null)?.termsAndConditionsAcceptedVersion ?? profile.termsAndConditionsAcceptedVersion) ===
      profile.termsAndConditionsAcceptedVersion;
  if (plain) list.push(...flowEvents(value, context.flows));
  return list;
}

interface World {
  /** The children seen at the first step: they must live as long as the session. */
  children: { accessCheck: AnyActorRef; cookieConsent: AnyActorRef; toast: AnyActorRef } | null;
  /** The logout actions src/ provides, in the order they ran. */
  actions: string[];
  emitted: SessionEmitted[];
}

/** The session with its real always-on children (fake outside world) and fake on-demand children. */
function setupWith(fakes: FakePromises) {
  const world: World = { children: null, actions: [], emitted: [] };
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fakes.actor<AuthenticatedSession | null>(),
      loadProfile: fakes.actor<ProfileLoad, { langMarket: LangMarket }>(),
      loadAccessDetails: fakes.actor<AccessDetails>(),
      loadTransactionSummary: fakes.actor<TransactionSummary>(),
      signOut: fakes.actor<unknown>(),
      // The login modal and the idle timer have their own path tests; here they answer like calls.
      login: fakes.actor<LoginOutput>() as unknown as typeof loginMachine,
      idleTimer: fakes.actor<undefined>() as unknown as typeof idleMachine,
      activityTimer: fakes.actor<{ outcome: 'logout' }>() as unknown as typeof activityTimerMachine,
      // The wallet has its own path test; here it runs as long as the player is authorised.
      wallet: fakes.actor<unknown>() as unknown as typeof walletMachine,
      accessCheck: accessCheckMachine.provide({ actors: { fetchAccessContext: fakes.actor<AccessContextResult>() } }),
      cookieConsent: cookieConsentMachine.provide({ actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() } }),
    },
    actions: {
      clearStoredAuthorization: () => world.actions.push('clearStoredAuthorization'),
      endSupportChat: () => world.actions.push('endSupportChat'),
      endCrmSession: () => world.actions.push('endCrmSession'),
    },
  });
  return { machine, world, input: { langMarket: EN_UN, flows: flowFakes(fakes) } };
}

const expiresAfter: Driver<typeof sessionMachine, World> = (_event, { actor, clock }) => {
  clock.increment(tokenLifetimeMs(actor.getSnapshot().context.claims));
};

const LOGOUT_REASONS: Partial<Record<string, LogoutReason>> = {
  'session.logout': 'player',
  'session.unauthorized': 'unauthorized',
  [TOKEN_EXPIRY]: 'expired',
  'xstate.done.actor.idleTimer': 'idle',
  // The player chose Log out in the reality check.
  'xstate.done.actor.activityTimer': 'player',
  'xstate.done.actor.exclusion': 'break',
  'xstate.done.actor.accountClosure': 'closed',
};

describe('session machine (behaviour.md §4 "Session")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    let reloads = 0;
    const result = await coverPaths({
      setup: setupWith,
      input: { langMarket: EN_UN },
      events: eventsFor,
      drivers: {
        [TOKEN_EXPIRY]: expiresAfter,
        // The replay's own fake (the graph's event carries one the graph made).
        'flow.loaded': (event, { actor, fakes }) => {
          if (event.type !== 'flow.loaded') return;
          actor.send({ type: 'flow.loaded', ...({ flow: event.flow, logic: fakes.actor<unknown>() } as unknown as FlowLoaded) });
        },
      },
      check: (snapshot, { actor, event, previous, fakes, world, index }) => {
        const { context } = snapshot;
        if (index === 0) {
          actor.on('session.loggedIn', (emitted) => world.emitted.push(emitted));
          actor.on('session.loggedOut', (emitted) => world.emitted.push(emitted));
          actor.on('ui.navigate', (emitted) => world.emitted.push(emitted));
        }

        // A running flow is the session's child, found by its id and its system id.
        for (const name of FLOW_NAMES) {
          const ref = context.flows[name];
          if (ref === null || event.type !== 'flow.start') continue;
          expect(ref.id).toBe(name);
          expect((snapshot.children as Record<string, unknown>)[name]).toBe(ref);
          expect(actor.system.get(name)).toBe(ref);
        }
        // A flow's start: a visitor's flows only for a visitor, the account flows only for a player.
        if (event.type === 'flow.start') {
          const allowed = ['signup', 'payAndPlay'].includes(event.flow)
            ? previous?.context.authorized === false
            : PLAYER_FLOWS.includes(event.flow)
              ? previous?.context.authorized === true
              : true;
          expect(context.flows[event.flow] !== null).toBe(allowed);
        }
        if (event.type === 'flow.stop') expect(context.flows[event.flow]).toBeNull();
        // The cashier flows get the session's view of the player with the route's input.
        if (event.type === 'flow.start' && (event.flow === 'deposit' || event.flow === 'withdraw') && context.flows[event.flow] !== null) {
          expect(cashierPlayerOf(context)).toEqual(CASHIER_PLAYER);
          const input = fakes.calls.filter((call) => call.id === event.flow).at(-1)?.input;
          expect(input).toEqual(event.flow === 'deposit' ? { ...DEPOSIT_INPUT, player: CASHIER_PLAYER } : { player: CASHIER_PLAYER });
        }
        // The province form is the player's country's to decide: a Finnish player's flow gets FI (no form).
        if (event.type === 'flow.start' && event.flow === 'provinceChange' && context.flows.provinceChange !== null) {
          expect(fakes.calls.filter((call) => call.id === 'provinceChange').at(-1)?.input).toEqual({ countryCode: 'FI' });
        }
        // The game launch gets demo money for a visitor, real money for a player; the player's
        // country before the visitor's; the market's currency for a visitor, the account's for a player.
        if (event.type === 'flow.start' && event.flow === 'gameLaunch') {
          const input = fakes.calls.filter((call) => call.id === 'gameLaunch').at(-1)?.input;
          const authorized = previous?.context.authorized === true;
          expect(input).toEqual({
            lobby: 'casino',
            provider: 'pragmaticplay',
            game: 'cas-00001',
            channel: 'mobile',
            demo: !authorized,
            language: 'en',
            currency: 'EUR',
            country: authorized ? 'FI' : 'SE',
            jurisdiction: authorized ? 'FI' : 'SE',
          });
          expect(gameLaunchInputOf(context, GAME_INPUT)).toEqual(input);
        }
        // The exclusion flow gets the route's (or the panic button's) wish and the player's market.
        if (event.type === 'flow.start' && event.flow === 'exclusion' && context.flows.exclusion !== null) {
          const input = fakes.calls.filter((call) => call.id === 'exclusion').at(-1)?.input;
          expect(input).toEqual({ panic: event.input?.panic === true, market: 'FI' });
        }
        // A break: logged out at once, and a toast says until when (an indefinite exclusion has no end).
        if (event.type === 'xstate.done.actor.exclusion') {
          const output = event.output;
          expect(snapshot.matches({ resolved: 'loggingOut' })).toBe(true);
          expect(context.toastRef.getSnapshot().context.toasts.at(-1)).toMatchObject(
            output.until === null
              ? { kind: 'success', message: 'exclusion.startedIndefinitely' }
              : { kind: 'success', message: 'break.started', values: { until: output.until } },
          );
        }
        // The reality check's link: the gambling-limits page, langmarket included; nothing else changes.
        if (event.type === 'activity.openLimits') {
          expect(world.emitted.at(-1)).toEqual({
            type: 'ui.navigate',
            href: `/${context.langMarket.language}-${context.langMarket.market}/my-account/gambling-limits`,
          });
          expect(snapshot.value).toEqual(previous?.value);
        }
        if (event.type === 'xstate.done.actor.gameLaunch' && (event.output as { outcome: string }).outcome === 'closed') {
          expect(snapshot.value).toEqual(previous?.value);
        }
        // Logging out stops every flow: no player's data outlives the session.
        if (snapshot.matches({ resolved: 'loggingOut' })) {
          expect(FLOW_NAMES.filter((name) => context.flows[name] !== null)).toEqual([]);
        }
        // A flow's end is the session's transition.
        switch (event.type) {
          case 'xstate.done.actor.signup':
            if ((event.output as { outcome: string }).outcome === 'registered') expect(isAuthorized(snapshot)).toBe(true);
            else expect(world.emitted.at(-1)).toEqual({ type: 'ui.navigate', href: `/${context.langMarket.language}-${context.langMarket.market}` });
            break;
          case 'xstate.done.actor.payAndPlay':
            expect(isAuthorized(snapshot)).toBe(true);
            expect(world.emitted.at(-1)).toEqual({ type: 'ui.navigate', href: '/fi-FI/online-casino' });
            break;
          case 'xstate.done.actor.passwordReset':
            expect(world.emitted.at(-1)).toEqual({ type: 'ui.navigate', href: `/${context.langMarket.language}-${context.langMarket.market}` });
            expect(context.toastRef.getSnapshot().context.toasts.at(-1)?.message).toBe('passwordReset.done');
            break;
          case 'xstate.done.actor.phoneChange':
            // The profile loads again, a toast says so, and a fresh flow replaces the done one.
            expect(snapshot.matches({ resolved: { authorized: { profile: 'loading' } } })).toBe(true);
            expect(context.toastRef.getSnapshot().context.toasts.at(-1)?.message).toBe('phoneChange.done');
            expect(context.flows.phoneChange).not.toBe(previous?.context.flows.phoneChange);
            expect(context.flows.phoneChange).not.toBeNull();
            break;
          case 'xstate.done.actor.passwordChange':
            expect(context.toastRef.getSnapshot().context.toasts.at(-1)?.message).toBe('passwordChange.done');
            expect(context.flows.passwordChange).not.toBe(previous?.context.flows.passwordChange);
            break;
        }

        // The three children are spawned once, at creation, and found by id and by system id.
        const children = {
          accessCheck: context.accessCheckRef,
          cookieConsent: context.cookieConsentRef,
          toast: context.toastRef,
        };
        for (const [id, ref] of Object.entries(children)) {
          expect(ref.id).toBe(id);
          expect(actor.system.get(id)).toBe(ref);
          expect(snapshot.children[id as keyof typeof children]).toBe(ref);
        }
        world.children ??= children;
        expect(children).toEqual(world.children);

        // The route's language and market follow locale.change in every state, and only it.
        expect(context.langMarket).toEqual(
          event.type === 'locale.change' ? event.langMarket : (previous?.context.langMarket ?? EN_UN),
        );

        switch (sessionStatus(snapshot)) {
          case 'pending':
            expect(snapshot.hasTag('loading')).toBe(true);
            // Nothing is asked before the app says it has booted.
            expect(fakes.calls.some((call) => call.id === 'restoreSession')).toBe(false);
            break;
          case 'requested':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(fakes.isPending('restoreSession')).toBe(true);
            expect(isResolved(snapshot)).toBe(false);
            break;
          case 'resolved':
            expect(snapshot.hasTag('loading')).toBe(false);
            expect(isResolved(snapshot)).toBe(true);
            break;
        }

        // The login modal exists only for an anonymous visitor who opened it.
        const loginOpen = snapshot.matches({ resolved: 'anonymous' }) && (event.type === 'login.open' || (previous?.context.loginRef != null && event.type !== 'login.close'));
        expect(context.loginRef !== null).toBe(loginOpen);
        expect(snapshot.children.login !== undefined).toBe(loginOpen);

        if (snapshot.matches({ resolved: 'authorized' })) {
          expect(context.authorized).toBe(true);
          expect(context.claims).toEqual(claims);
          expect(context.idToken).toBe(session.idToken);
          expect(context.logoutReason).toBeNull();
          expect(isAuthorized(snapshot)).toBe(true);
          // The idle timer, the activity timer and the wallet run while, and only while, the player is authorized.
          expect(snapshot.children.idleTimer).toBeDefined();
          expect(fakes.isPending('idleTimer')).toBe(true);
          expect(actor.system.get('activityTimer')).toBe(snapshot.children.activityTimer);
          expect(fakes.isPending('activityTimer')).toBe(true);
          expect(walletRefOf(snapshot)).toBeDefined();
          expect(actor.system.get('wallet')).toBe(walletRefOf(snapshot));
          expect(fakes.isPending('wallet')).toBe(true);

          // Profile (with the current terms version), access details and summary load side by side;
          // a failure keeps the session and records the part. A reload keeps what was loaded until
          // its new answer (so a value may be there while loading, or after a failed reload).
          const regions = {
            profile: ['loadProfile', context.profile, profile],
            access: ['loadAccessDetails', context.access, access],
            transactionSummary: ['loadTransactionSummary', context.transactionSummary, summary],
          } as const;
          for (const [part, [call, value, loaded]] of Object.entries(regions)) {
            const partState = { resolved: { authorized: { [part]: 'loading' } } };
            const asLoaded = part === 'profile' ? { ...loaded, termsAndConditionsAcceptedVersion: expect.any(Number) as number } : loaded;
            if (snapshot.matches(partState)) {
              expect(fakes.isPending(call)).toBe(true);
              if (value !== null) expect(value).toMatchObject(asLoaded);
              expect(context.loadErrors).not.toContain(part);
            } else if (snapshot.matches({ resolved: { authorized: { [part]: 'loaded' } } })) {
              expect(value).toMatchObject(asLoaded);
              expect(context.loadErrors).not.toContain(part);
            } else {
              if (value !== null) expect(value).toMatchObject(asLoaded);
              expect(context.loadErrors).toContain(part);
            }
            // A failed load or reload forgets nothing that was shown; only a new session does.
            if (event.type === `xstate.error.actor.${call}` && previous !== undefined) {
              const before = { profile: previous.context.profile, access: previous.context.access, transactionSummary: previous.context.transactionSummary };
              expect(value).toBe(before[part as keyof typeof before]);
            }
          }

          // profile.reload (after a phone change): every part is asked again, with no error left
          // over, while the shown data, the idle timer and the token stay.
          if (event.type === 'profile.reload' && previous?.matches({ resolved: 'authorized' }) === true) {
            for (const part of Object.keys(regions)) expect(snapshot.matches({ resolved: { authorized: { [part]: 'loading' } } })).toBe(true);
            expect(fakes.calls.slice(-3).map((call) => call.id).sort()).toEqual(['loadAccessDetails', 'loadProfile', 'loadTransactionSummary']);
            expect(context.loadErrors).toEqual([]);
            expect(context.profile).toBe(previous.context.profile);
            expect(context.access).toBe(previous.context.access);
            expect(context.transactionSummary).toBe(previous.context.transactionSummary);
            expect(snapshot.children.idleTimer).toBe(previous.children.idleTimer);
            reloads += 1;
          }
          expect(fakes.calls.filter((call) => call.id === 'loadProfile').at(-1)?.input).toEqual({ langMarket: context.langMarket });
          expect(snapshot.hasTag('loadingPlayer')).toBe(isLoadingProfile(snapshot));
          expect(isSettled(snapshot)).toBe(!isLoadingProfile(snapshot));

          // The terms guard's input: outdated until the player accepts the current version.
          const accepted = context.profile?.termsAndConditionsAcceptedVersion;
          if (context.profile !== null) expect(context.currentTermsVersion).toBe(CURRENT_TERMS);
          expect(termsOutdated(context)).toBe(accepted === 2);
          if (event.type === 'terms.accepted' && previous?.context.profile) expect(accepted).toBe(CURRENT_TERMS);

          // A login from the modal tells the UI where to go.
          if (event.type === 'xstate.done.actor.login') {
            expect(world.emitted.at(-1)).toEqual({ type: 'session.loggedIn', redirect: REDIRECT });
          }
        } else {
          // Anonymous, not yet known, or logging out: no flag, no claims, no player data.
          expect(context.authorized).toBe(false);
          expect(context.claims).toBeNull();
          expect(context.profile).toBeNull();
          expect(context.access).toBeNull();
          expect(context.transactionSummary).toBeNull();
          expect(context.loadErrors).toEqual([]);
          expect(isAuthorized(snapshot)).toBe(false);
          expect(snapshot.children.idleTimer).toBeUndefined();
          expect(snapshot.children.activityTimer).toBeUndefined();
          expect(actor.system.get('activityTimer')).toBeUndefined();
          // Logout stopped the wallet (and with it the live connection).
          expect(walletRefOf(snapshot)).toBeUndefined();
          expect(actor.system.get('wallet')).toBeUndefined();
        }

        if (snapshot.matches({ resolved: 'loggingOut' })) {
          // The sign-out call is made with the token, which is kept for it only.
          expect(fakes.isPending('signOut')).toBe(true);
          expect(context.idToken).toBe(session.idToken);
          expect(context.logoutReason).toBe(event.type === 'xstate.done.actor.gameLaunch' ? 'unauthorized' : LOGOUT_REASONS[event.type]);
          expect(world.actions).toEqual([]);
        } else if (!snapshot.matches({ resolved: 'authorized' })) {
          expect(context.idToken).toBeNull();
        }

        if (previous?.matches({ resolved: 'loggingOut' }) === true) {
          // Whatever the sign-out call answered: the stored authorization, chat and CRM are ended.
          expect(snapshot.matches({ resolved: 'anonymous' })).toBe(true);
          expect(world.actions).toEqual(['clearStoredAuthorization', 'endSupportChat', 'endCrmSession']);
          expect(world.emitted.at(-1)).toEqual({ type: 'session.loggedOut', reason: previous.context.logoutReason });
        }
      },
    });
    console.info(formatCoverage('session', result));
    expect(reloads).toBeGreaterThan(0);
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 300_000);

  // The graph sees the children only as references in the context; what they do is driven here.
  it('runs its children: the access check asks the platform, cookie consent reads storage, toasts can be shown', async () => {
    const fakes = new FakePromises();
    const persisted: StoredCookieConsent[] = [];
    const { machine } = setupWith(fakes);
    const session$ = createActor(
      machine.provide({
        actors: {
          cookieConsent: cookieConsentMachine.provide({
            actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() },
            actions: { persistConsent: (_, params) => persisted.push(params) },
          }),
        },
      }),
      { input: { langMarket: EN_UN } },
    ).start();
    const { accessCheckRef, cookieConsentRef, toastRef } = session$.getSnapshot().context;

    // The children start with the session, before session.start.
    expect(accessCheckRef.getSnapshot().hasTag('loading')).toBe(true);
    expect(fakes.isPending('fetchAccessContext')).toBe(true);
    expect(fakes.isPending('loadConsent')).toBe(true);

    fakes.resolve('fetchAccessContext', { countryCode: 'FI', maintenance: false });
    fakes.resolve('loadConsent', null);
    await settle();
    expect(accessCheckRef.getSnapshot().value).toBe('allowed');
    expect(cookieConsentRef.getSnapshot().hasTag('notice')).toBe(true);
    cookieConsentRef.send({ type: 'consent.accept', at: 1_780_000_000_000 });
    expect(persisted).toEqual([{ essentials: true, performanceFunctional: true, marketing: true, accepted: true, version: COOKIE_POLICY_VERSION, answeredAt: 1_780_000_000_000 }]);
    toastRef.send({ type: 'toast.show', kind: 'success', message: 'phoneChange.done' });

    // The session's own life does not restart them.
    session$.send({ type: 'session.start' });
    fakes.resolve('restoreSession', session);
    await settle();
    session$.send({ type: 'locale.change', langMarket: FI_FI });
    session$.send({ type: 'session.logout' });
    fakes.resolve('signOut', { ok: true });
    await settle();
    expect(session$.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(session$.getSnapshot().context.accessCheckRef).toBe(accessCheckRef);
    expect(accessCheckRef.getSnapshot().value).toBe('allowed');
    // Issue 23: the session told it of the login and the logout; the answer stays on this browser.
    expect(cookieConsentRef.getSnapshot().value).toEqual({ choice: 'accepted', platform: 'visitor' });
    expect(toastRef.getSnapshot().context.toasts).toHaveLength(1);

    session$.stop();
    expect(accessCheckRef.getSnapshot().status).toBe('stopped');
  });

  // A player's flow like the other account flows; driven here rather than in the graph, which
  // already takes every flow.start / flow.stop transition and grows by a subtree per flow.
  it('runs the gambling limits for a player only, as its child, and stops them on leaving and on logout', async () => {
    const fakes = new FakePromises();
    const { machine, input } = setupWith(fakes);
    const actor = createActor(machine, { input }).start();
    actor.send({ type: 'session.start' });
    fakes.resolve('restoreSession', null);
    await settle();
    // A visitor is refused (the route sent them to /401 already).
    actor.send({ type: 'flow.start', flow: 'gamblingLimits', input: LIMITS_INPUT });
    expect(actor.getSnapshot().context.flows.gamblingLimits).toBeNull();

    actor.send({ type: 'session.authenticated', ...session });
    await settle();
    actor.send({ type: 'flow.start', flow: 'gamblingLimits', input: LIMITS_INPUT });
    const limits = actor.getSnapshot().context.flows.gamblingLimits;
    expect(limits?.id).toBe('gamblingLimits');
    expect(actor.system.get('gamblingLimits')).toBe(limits);
    expect(fakes.calls.filter((call) => call.id === 'gamblingLimits').at(-1)?.input).toEqual(LIMITS_INPUT);

    // Leaving the page stops it.
    actor.send({ type: 'flow.stop', flow: 'gamblingLimits' });
    expect(actor.getSnapshot().context.flows.gamblingLimits).toBeNull();
    expect(limits?.getSnapshot().status).toBe('stopped');

    // Logging out stops it with every other flow: no player data outlives the session.
    actor.send({ type: 'flow.start', flow: 'gamblingLimits', input: LIMITS_INPUT });
    const again = actor.getSnapshot().context.flows.gamblingLimits;
    actor.send({ type: 'session.logout' });
    expect(actor.getSnapshot().context.flows.gamblingLimits).toBeNull();
    expect(again?.getSnapshot().status).toBe('stopped');
    expect(actor.system.get('gamblingLimits')).toBeUndefined();
    actor.stop();
  });

  /** The session with the real login and idle machines, on a simulated clock. */
  function realChildren(clock: SimulatedClock) {
    const fakes = new FakePromises();
    const { machine, world } = setupWith(fakes);
    const actor = createActor(
      machine.provide({
        actors: {
          login: loginMachine.provide({ actors: { authenticate: fakes.actor<AuthenticatedSession, LoginCredentials>() } }),
          idleTimer: idleMachine.provide({ actors: { readClock: fromPromise(() => Promise.resolve(clock.now())) } }),
        },
      }),
      { clock, input: { langMarket: EN_UN } },
    );
    actor.on('session.loggedIn', (emitted) => world.emitted.push(emitted));
    actor.on('session.loggedOut', (emitted) => world.emitted.push(emitted));
    actor.start();
    actor.send({ type: 'session.start' });
    return { actor, fakes, world };
  }

  it('opens the login modal on demand, with a redirect target, and closes it', async () => {
    const { actor, fakes, world } = realChildren(new SimulatedClock());
    fakes.resolve('restoreSession', null);
    await settle();
    actor.send({ type: 'login.open', redirect: '/online-casino/slots' });
    const loginRef = actor.getSnapshot().context.loginRef;
    expect(loginRef?.getSnapshot().context.redirect).toBe('/online-casino/slots');
    // Opening it again keeps the modal the player is typing in.
    actor.send({ type: 'login.open' });
    expect(actor.getSnapshot().context.loginRef).toBe(loginRef);

    actor.send({ type: 'login.close' });
    expect(actor.getSnapshot().context.loginRef).toBeNull();
    expect(loginRef?.getSnapshot().status).toBe('stopped');

    // A login from the modal: the session becomes authorized and the UI is told where to go.
    actor.send({ type: 'login.open', redirect: '/online-casino/slots' });
    const secondRef = actor.getSnapshot().context.loginRef;
    secondRef?.send({ type: 'form.submit', email: 'player@example.com', password: 'Aurora-Player-1' });
    fakes.resolve('authenticate', session);
    await settle();
    expect(isAuthorized(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.idToken).toBe(session.idToken);
    expect(actor.getSnapshot().context.loginRef).toBeNull();
    expect(actor.getSnapshot().children.login).toBeUndefined();
    expect(world.emitted).toEqual([{ type: 'session.loggedIn', redirect: '/online-casino/slots' }]);
    expect(fakes.isPending('loadProfile') && fakes.isPending('loadAccessDetails') && fakes.isPending('loadTransactionSummary')).toBe(true);
    actor.stop();
  });

  it('logs out an idle player: warning, then the sign-out call, then the local logout', async () => {
    const clock = new SimulatedClock();
    const { actor, fakes, world } = realChildren(clock);
    fakes.resolve('restoreSession', session);
    await settle();
    const idle = actor.getSnapshot().children.idleTimer;
    expect(idle).toBeDefined();

    // Activity reaches the idle timer through the session.
    clock.increment(IDLE_CHECK_MS);
    await settle();
    actor.send({ type: 'idle.activity', at: clock.now() });
    const lastActivity = clock.now();
    expect(actor.getSnapshot().children.idleTimer?.getSnapshot().context).toMatchObject({ lastActivityAt: lastActivity });

    while (!actor.getSnapshot().matches({ resolved: 'loggingOut' })) {
      clock.increment(IDLE_CHECK_MS);
      await settle();
    }
    expect(clock.now() - lastActivity).toBeGreaterThanOrEqual(IDLE_LIMIT_MS);
    expect(fakes.isPending('signOut')).toBe(true);
    fakes.reject('signOut', new Error('Network Error'));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(actor.getSnapshot().context.logoutReason).toBe('idle');
    expect(world.actions).toEqual(['clearStoredAuthorization', 'endSupportChat', 'endCrmSession']);
    expect(world.emitted).toEqual([{ type: 'session.loggedOut', reason: 'idle' }]);
    actor.stop();
  });

  it('logs out when the id token expires (exp - iat after it was issued), not before', async () => {
    const clock = new SimulatedClock();
    const { actor, fakes } = realChildren(clock);
    fakes.resolve('restoreSession', session);
    await settle();
    const lifetime = (claims.exp! - claims.iat) * 1000;
    expect(tokenLifetimeMs(claims)).toBe(lifetime);
    // Keep the player active so that only the token can end the session; a reload of the player's
    // data half-way does not restart the token's clock.
    const issued = clock.now();
    while (clock.now() + IDLE_CHECK_MS < issued + lifetime) {
      actor.send({ type: 'idle.activity', at: clock.now() });
      if (clock.now() - issued >= lifetime / 2 && clock.now() - issued < lifetime / 2 + IDLE_CHECK_MS) actor.send({ type: 'profile.reload' });
      clock.increment(IDLE_CHECK_MS);
      await settle();
    }
    clock.increment(issued + lifetime - clock.now() - 1);
    expect(isAuthorized(actor.getSnapshot())).toBe(true);
    clock.increment(1);
    expect(actor.getSnapshot().matches({ resolved: 'loggingOut' })).toBe(true);
    expect(actor.getSnapshot().context.logoutReason).toBe('expired');
    actor.stop();
  });

  it('times the token from its own claims and never arms a timer the browser would fire at once', () => {
    expect(tokenLifetimeMs(null)).toBe(MAX_TIMER_DELAY_MS);
    expect(tokenLifetimeMs({ ...claims, exp: null })).toBe(MAX_TIMER_DELAY_MS);
    expect(tokenLifetimeMs({ ...claims, exp: claims.iat - 10 })).toBe(0);
    expect(tokenLifetimeMs({ ...claims, exp: claims.iat + 365 * 86_400 })).toBe(MAX_TIMER_DELAY_MS);
  });
});
