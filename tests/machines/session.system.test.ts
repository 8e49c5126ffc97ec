// The whole actor system (ARCHITECTURE.md "The actor system", issue 8 "Tests"): the session with its
// real children — access check, cookie consent, toasts, login, idle timer and the flows — and only
// their outside calls faked, along the journeys a player makes. Each journey asserts what its end
// promises: who is logged in, which children exist, what the UI was told.
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accessCheckMachine, type AccessContextResult } from '../../machines/accessCheck.machine';
import { cookieConsentMachine, type StoredCookieConsent } from '../../machines/cookieConsent.machine';
import {
  codeVerificationMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeVerified,
} from '../../machines/codeVerification.machine';
import { idleMachine } from '../../machines/idle.machine';
import { IDLE_CHECK_MS } from '../../machines/lib/constants';
import type { AuthenticatedSession } from '../../machines/lib/identity';
import type { LangMarket } from '../../machines/lib/markets';
import { loginMachine, type LoginCredentials } from '../../machines/login.machine';
import { passwordChangeMachine, type PasswordChangeInput } from '../../machines/passwordChange.machine';
import { payAndPlayMachine, type LoginPlayerInput } from '../../machines/payAndPlay.machine';
import { phoneChangeMachine } from '../../machines/phoneChange.machine';
import { isAuthorized } from '../../machines/session.guards';
import { FLOW_NAMES, sessionMachine, type ProfileLoad, type SessionEmitted } from '../../machines/session.machine';
import { signupMachine, type RegistrationSecret } from '../../machines/signup.machine';
import type { AccessDetails, PlayerProfile, TransactionSummary } from '../../src/api/player';
import { LOGGED_IN } from './lib/identity';
import { FakePromises, settle } from './lib/pathCoverage';

const EN_UN: LangMarket = { language: 'en', market: 'UN' };

const profile: PlayerProfile = {
  firstName: 'Aino',
  lastName: 'Virtanen',
  email: 'player@example.com',
  phonePrefix: '+358',
  phoneBody: '401234567',
  countryCode: 'FI',
  currency: 'EUR',
  birthDate: null,
  address: null,
  termsAndConditionsAcceptedVersion: 3,
} as unknown as PlayerProfile;
const access = { payout: true, casino: true, liveCasino: true, sportsbook: true } as unknown as AccessDetails;
const summary: TransactionSummary = { totalDepositsCount: 1 };

/** The session as src/app composes it, with every outside call a fake and the clock simulated. */
function system() {
  const fakes = new FakePromises();
  const clock = new SimulatedClock();
  const emitted: SessionEmitted[] = [];
  const machine = sessionMachine.provide({
    actors: {
      restoreSession: fakes.actor<AuthenticatedSession | null>(),
      loadProfile: fakes.actor<ProfileLoad, { langMarket: LangMarket }>(),
      loadAccessDetails: fakes.actor<AccessDetails>(),
      loadTransactionSummary: fakes.actor<TransactionSummary>(),
      signOut: fakes.actor<unknown>(),
      accessCheck: accessCheckMachine.provide({ actors: { fetchAccessContext: fakes.actor<AccessContextResult>() } }),
      cookieConsent: cookieConsentMachine.provide({ actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() } }),
      login: loginMachine.provide({ actors: { authenticate: fakes.actor<AuthenticatedSession, LoginCredentials>() } }),
      idleTimer: idleMachine.provide({ actors: { readClock: fromPromise(() => Promise.resolve(clock.now())) } }),
      signup: signupMachine.provide({
        actors: {
          solveCaptcha: fakes.actor<string>(),
          fetchTermsVersion: fakes.actor<number>(),
          register: fakes.actor(),
          completeRegistration: fakes.actor<AuthenticatedSession, RegistrationSecret>(),
        },
      }),
      payAndPlay: payAndPlayMachine.provide({
        actors: {
          loadVisitorContext: fakes.actor(),
          verifyCode: fakes.actor(),
          loginPlayer: fakes.actor<AuthenticatedSession, LoginPlayerInput>(),
        },
      }),
      phoneChange: phoneChangeMachine.provide({
        actors: {
          requestPhoneCode: fakes.actor(),
          codeVerification: codeVerificationMachine.provide({
            actors: { sendCode: fakes.actor<CodeSent, CodeRequest>(), verifyCode: fakes.actor<CodeVerified, CodeCheck>() },
          }),
        },
      }),
      passwordChange: passwordChangeMachine.provide({ actors: { changePassword: fakes.actor<unknown, PasswordChangeInput>() } }),
    },
  });
  const session = createActor(machine, { clock, input: { langMarket: EN_UN } });
  for (const type of ['session.loggedIn', 'session.loggedOut', 'ui.navigate'] as const) {
    session.on(type, (event) => emitted.push(event));
  }
  session.start();
  session.send({ type: 'session.start' });
  return { session, fakes, clock, emitted };
}

type System = ReturnType<typeof system>;

/** The flows running now, by name (a done flow whose route is still open counts). */
function runningFlows({ session }: System): string[] {
  const names: string[] = [...FLOW_NAMES];
  return names.filter((name) => session.getSnapshot().context.flows[name as (typeof FLOW_NAMES)[number]] !== null);
}

/** Every child of the session, by id, and the system ids registered. */
function childIds({ session }: System): string[] {
  return Object.keys(session.getSnapshot().children).sort();
}

async function anonymous(run: System) {
  run.fakes.resolve('restoreSession', null);
  await settle();
  expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
}

async function loadPlayer(run: System) {
  run.fakes.resolve('loadProfile', { profile, currentTermsVersion: 3 } satisfies ProfileLoad);
  run.fakes.resolve('loadAccessDetails', access);
  run.fakes.resolve('loadTransactionSummary', summary);
  await settle();
}

describe('the whole actor system along the journeys a player makes', () => {
  it('anonymous → login → idle logout: the login modal ends in the session, the idle timer logs out and a toast says why', async () => {
    const run = system();
    await anonymous(run);
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'toast']);

    run.session.send({ type: 'login.open', redirect: '/online-casino' });
    const login = run.session.getSnapshot().context.loginRef;
    expect(run.session.system.get('toast')).toBe(run.session.getSnapshot().context.toastRef);
    login?.send({ type: 'form.submit', email: 'player@example.com', password: 'Aurora-Player-1' });
    run.fakes.resolve('authenticate', LOGGED_IN);
    await settle();
    expect(isAuthorized(run.session.getSnapshot())).toBe(true);
    expect(run.session.getSnapshot().context.loginRef).toBeNull();
    expect(run.emitted).toEqual([{ type: 'session.loggedIn', redirect: '/online-casino' }]);
    expect(childIds(run)).toContain('idleTimer');
    await loadPlayer(run);

    while (!run.session.getSnapshot().matches({ resolved: 'loggingOut' })) {
      run.clock.increment(IDLE_CHECK_MS);
      await settle();
    }
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    const end = run.session.getSnapshot();
    expect(end.value).toEqual({ resolved: 'anonymous' });
    expect(end.context.claims).toBeNull();
    expect(end.context.idToken).toBeNull();
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'toast']);
    expect(end.context.toastRef.getSnapshot().context.toasts.map((toast) => toast.message)).toEqual(['session.idleLoggedOut']);
    expect(run.emitted.at(-1)).toEqual({ type: 'session.loggedOut', reason: 'idle' });
  });

  it('anonymous → sign-up → authorised: the sign-up flow is the session child "signup", and its automatic login authorises the player', async () => {
    const run = system();
    await anonymous(run);
    run.session.send({
      type: 'flow.start',
      flow: 'signup',
      input: {
        languageCode: 'en',
        values: {
          firstName: 'Aino',
          lastName: 'Virtanen',
          email: 'aino@example.com',
          password: 'Aurora-Player-1',
          countryCode: 'MT',
          phonePrefix: '+356',
          phoneBody: '21234567',
          cpf: '',
          termsAndConditions: true,
          cookiePolicyAccepted: true,
          marketingOptIn: false,
        },
      },
    });
    const signup = run.session.getSnapshot().context.flows.signup;
    expect(signup).not.toBeNull();
    expect(run.session.system.get('signup')).toBe(signup);
    expect(childIds(run)).toContain('signup');

    // Malta needs no code: Details → ContactInfo → register → the automatic login.
    signup?.send({ type: 'step.next' });
    signup?.send({ type: 'captcha.solve' });
    run.fakes.resolve('solveCaptcha', 'captcha-token');
    await settle();
    signup?.send({ type: 'step.next' });
    run.fakes.resolve('fetchTermsVersion', 3);
    await settle();
    run.fakes.resolve('register', { playerId: 42, token: 'registration-secret', verification: 'NONE' });
    await settle();
    run.fakes.resolve('completeRegistration', LOGGED_IN);
    await settle();

    const end = run.session.getSnapshot();
    expect(isAuthorized(end)).toBe(true);
    expect(end.context.claims).toEqual(LOGGED_IN.claims);
    // The Complete step stays on screen: the done flow's ref stays until its route stops it.
    expect(signup?.getSnapshot().status).toBe('done');
    expect(end.context.flows.signup).toBe(signup);
    run.session.send({ type: 'flow.stop', flow: 'signup' });
    expect(runningFlows(run)).toEqual([]);
  });

  it('pay-and-play → authorised: the bank identity of a known player logs in and the UI is sent to the saved target', async () => {
    const run = system();
    await anonymous(run);
    run.session.send({
      type: 'flow.start',
      flow: 'payAndPlay',
      input: { langmarket: 'fi-FI', target: '/online-casino', callback: { code: 'one-time', sessionId: 'pnp-1', error: null } },
    });
    expect(run.session.system.get('payAndPlay')).toBe(run.session.getSnapshot().context.flows.payAndPlay);
    run.fakes.resolve('loadVisitorContext', { country: 'FI', ipAddress: '', blackbox: 'fp1:test' });
    await settle();
    run.fakes.resolve('verifyCode', { email: 'player@example.com', mobilePhone: '+358401234567', playerId: 1001 });
    await settle();
    run.fakes.resolve('loginPlayer', LOGGED_IN);
    await settle();

    expect(isAuthorized(run.session.getSnapshot())).toBe(true);
    expect(run.session.getSnapshot().context.claims).toEqual(LOGGED_IN.claims);
    expect(run.emitted.at(-1)).toEqual({ type: 'ui.navigate', href: '/fi-FI/online-casino' });
  });

  it('authorised → a 401 → anonymous, with every running flow stopped and its systemId free again', async () => {
    const run = system();
    run.fakes.resolve('restoreSession', LOGGED_IN);
    await settle();
    await loadPlayer(run);
    run.session.send({ type: 'flow.start', flow: 'phoneChange' });
    run.session.send({ type: 'flow.start', flow: 'passwordChange' });
    const phone = run.session.getSnapshot().context.flows.phoneChange;
    const password = run.session.getSnapshot().context.flows.passwordChange;
    expect(runningFlows(run)).toEqual(['phoneChange', 'passwordChange']);
    // A phone change in progress: the code was requested.
    phone?.send({ type: 'phone.submit', phonePrefix: '+358', phoneBody: '501234567' });

    run.session.send({ type: 'session.unauthorized' });
    expect(runningFlows(run)).toEqual([]);
    expect(phone?.getSnapshot().status).toBe('stopped');
    expect(password?.getSnapshot().status).toBe('stopped');
    expect(run.session.system.get('phoneChange')).toBeUndefined();
    expect(run.session.system.get('passwordChange')).toBeUndefined();
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(run.session.getSnapshot().context.logoutReason).toBe('unauthorized');
    expect(childIds(run)).toEqual(['accessCheck', 'cookieConsent', 'toast']);
  });

  it('logout while a flow runs: the flow stops with the session; a phone change that ended first reloads the profile and restarts', async () => {
    const run = system();
    run.fakes.resolve('restoreSession', LOGGED_IN);
    await settle();
    await loadPlayer(run);
    run.session.send({ type: 'flow.start', flow: 'phoneChange' });
    const first = run.session.getSnapshot().context.flows.phoneChange;
    first?.send({ type: 'phone.submit', phonePrefix: '+358', phoneBody: '501234567' });
    run.fakes.resolve('requestPhoneCode', { smsVerificationId: 'sv-1' });
    await settle();
    // The popup's code entry is the flow's own child, the one code-verification machine.
    const codeEntry = first?.getSnapshot().children.codeVerification;
    codeEntry?.send({ type: 'code.change', code: '123456' });
    codeEntry?.send({ type: 'code.submit' });
    run.fakes.resolve('verifyCode', { key: null } satisfies CodeVerified);
    await settle();

    // The session's transition: the profile loads again, a toast says so, a fresh flow is ready.
    const afterChange = run.session.getSnapshot();
    expect(afterChange.matches({ resolved: { authorized: { profile: 'loading' } } })).toBe(true);
    expect(afterChange.context.toastRef.getSnapshot().context.toasts.map((toast) => toast.message)).toEqual(['phoneChange.done']);
    const second = afterChange.context.flows.phoneChange;
    expect(second).not.toBeNull();
    expect(second).not.toBe(first);
    expect(run.session.system.get('phoneChange')).toBe(second);
    await loadPlayer(run);

    // The player logs out while the new flow waits for a code.
    second?.send({ type: 'phone.submit', phonePrefix: '+358', phoneBody: '509999999' });
    run.session.send({ type: 'session.logout' });
    expect(second?.getSnapshot().status).toBe('stopped');
    expect(runningFlows(run)).toEqual([]);
    run.fakes.resolve('signOut', { ok: true });
    await settle();
    expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
    expect(run.emitted.at(-1)).toEqual({ type: 'session.loggedOut', reason: 'player' });
    // A visitor cannot start an account flow.
    run.session.send({ type: 'flow.start', flow: 'phoneChange' });
    expect(runningFlows(run)).toEqual([]);
  });
});
