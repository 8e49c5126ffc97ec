// The session as src/app composes it, for the whole-system tests (session.system.test.ts,
// gameLaunch.system.test.ts): the real children, every outside call a fake (FakePromises) and the
// clock simulated, so a journey answers each call when it chooses and moves time itself.
import { assign, createActor, fromCallback, fromPromise, SimulatedClock } from 'xstate';
import type { AnyActorRef } from 'xstate';
import { expect } from 'vitest';
import { accessCheckMachine, type AccessContextResult } from '../../../machines/accessCheck.machine';
import { activityTimerMachine } from '../../../machines/activityTimer.machine';
import { cookieConsentMachine, type StoredCookieConsent } from '../../../machines/cookieConsent.machine';
import { cashierCheckMachine, type OperationAnswer } from '../../../machines/cashierCheck.machine';
import { depositMachine, type PaymentMethodsLoad } from '../../../machines/deposit.machine';
import { gameLaunchMachine, type GameLaunchInput, type LaunchUrlInput } from '../../../machines/gameLaunch.machine';
import { codeVerificationMachine, type CodeCheck, type CodeRequest, type CodeSent, type CodeVerified } from '../../../machines/codeVerification.machine';
import { idleMachine } from '../../../machines/idle.machine';
import type { AuthenticatedSession } from '../../../machines/lib/identity';
import type { LangMarket } from '../../../machines/lib/markets';
import { loginMachine, type LoginCredentials } from '../../../machines/login.machine';
import { passwordChangeMachine, type PasswordChangeInput } from '../../../machines/passwordChange.machine';
import { payAndPlayMachine, type LoginPlayerInput } from '../../../machines/payAndPlay.machine';
import { phoneChangeMachine } from '../../../machines/phoneChange.machine';
import { isAuthorized } from '../../../machines/session.guards';
import { FLOW_NAMES, type FlowLoaded, type FlowLogics, type FlowName } from '../../../machines/flows';
import { sessionMachine, type ProfileLoad, type SessionEmitted } from '../../../machines/session.machine';
import { signupMachine, type RegistrationSecret } from '../../../machines/signup.machine';
import { walletMachine, type WalletConnectionInput, type WalletSocketCommand, type WalletSocketEvent } from '../../../machines/wallet.machine';
import type { GameDetail } from '../../../src/api/games';
import type { AccessDetails, PlayerProfile, TransactionSummary } from '../../../src/api/player';
import type { ActivitySettings, ActivitySummary, MinutesRemaining } from '../../../src/api/responsibleGambling';
import type { DepositRequest, DepositRequestResponse, DepositStatusResponse, WalletResponse } from '../../../src/api/wallet';
import { LOGGED_IN } from './identity';
import { FakePromises, settle } from './pathCoverage';

export const EN_UN: LangMarket = { language: 'en', market: 'UN' };

export const profile: PlayerProfile = {
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
export const access = { payout: true, casino: true, liveCasino: true, sportsbook: true, deposit: true, withdrawal: true } as unknown as AccessDetails;
export const summary: TransactionSummary = { totalDepositsCount: 1 };

/** The session's own actors, as `provide` takes them. */
type SessionImplementations = NonNullable<Parameters<typeof sessionMachine.provide>[0]['actors']>;
/**
 * What a test may add to (or put in place of) the session's actors and flows, e.g. a flow the base
 * leaves out. The flows (named in the registry, machines/flows.ts) are handed to the session the
 * way the app does it, with `flow.loaded`; the rest are provided.
 */
export type SessionActors = SessionImplementations & Partial<FlowLogics>;

const isFlowName = (name: string): name is FlowName => (FLOW_NAMES as string[]).includes(name);

/** Splits a test's actors into the session's own (provided) and the flows (handed over with `flow.loaded`). */
function splitFlows(actors: SessionActors): { implementations: SessionImplementations; flows: FlowLoaded[] } {
  const implementations: Record<string, unknown> = {};
  const flows: FlowLoaded[] = [];
  for (const [name, logic] of Object.entries(actors)) {
    if (isFlowName(name)) flows.push({ flow: name, logic } as FlowLoaded);
    else implementations[name] = logic;
  }
  return { implementations, flows };
}

/**
 * The session as src/app composes it, with every outside call a fake and the clock simulated.
 * `extra` provides more actors (made with the same fakes), for the flows a test adds.
 */
export function sessionSystem(extra: (fakes: FakePromises) => SessionActors = () => ({})) {
  const fakes = new FakePromises();
  const clock = new SimulatedClock();
  const emitted: SessionEmitted[] = [];
  /** The live connections opened (a fake socket each): the token, what was sent, whether it is closed. */
  const sockets: { token: string; pings: number; closed: boolean; push: (event: WalletSocketEvent) => void }[] = [];
  const redirects: string[] = [];
  const actors: SessionActors = {
    restoreSession: fakes.actor<AuthenticatedSession | null>(),
    loadProfile: fakes.actor<ProfileLoad, { langMarket: LangMarket }>(),
    loadAccessDetails: fakes.actor<AccessDetails>(),
    loadTransactionSummary: fakes.actor<TransactionSummary>(),
    signOut: fakes.actor<unknown>(),
    accessCheck: accessCheckMachine.provide({ actors: { fetchAccessContext: fakes.actor<AccessContextResult>() } }),
    cookieConsent: cookieConsentMachine.provide({ actors: { loadConsent: fakes.actor<StoredCookieConsent | null>() } }),
    login: loginMachine.provide({ actors: { authenticate: fakes.actor<AuthenticatedSession, LoginCredentials>() } }),
    idleTimer: idleMachine.provide({ actors: { readClock: fromPromise(() => Promise.resolve(clock.now())) } }),
    // The reality check's calls wait for a journey that answers them (responsibleGambling.system.test.ts).
    activityTimer: activityTimerMachine.provide({
      actors: {
        loadTimerSettings: fakes.actor<ActivitySettings>(),
        fetchMinutesRemaining: fakes.actor<MinutesRemaining>(),
        fetchActivitySummary: fakes.actor<ActivitySummary>(),
        resetActivityTimer: fakes.actor<MinutesRemaining>(),
      },
    }),
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
    wallet: walletMachine.provide({
      actors: {
        fetchWallet: fakes.actor<WalletResponse>(),
        fetchSocketToken: fakes.actor<{ token: string }>(),
        liveConnection: fromCallback<WalletSocketCommand, WalletConnectionInput>(({ input, sendBack, receive }) => {
          const socket = { token: input.token, pings: 0, closed: false, push: sendBack };
          sockets.push(socket);
          receive(() => {
            socket.pings += 1;
          });
          return () => {
            socket.closed = true;
          };
        }),
      },
    }),
    deposit: depositMachine.provide({
      actors: {
        // The real cashier check (machines/cashierCheck.machine.ts), deposit/check faked: its call is `check`.
        checkDeposit: cashierCheckMachine.provide({ actors: { check: fakes.actor<OperationAnswer>() } }),
        loadPaymentMethods: fakes.actor<PaymentMethodsLoad>(),
        requestDeposit: fakes.actor<DepositRequestResponse, DepositRequest>(),
        depositStatus: fakes.actor<DepositStatusResponse, { depositId: string }>(),
      },
      actions: {
        redirectToProvider: (_, { url }) => redirects.push(url),
        assignIdempotencyKey: assign({ idempotencyKey: () => 'idem-key-1' }),
        // As src/app/flows/cashier.ts does: the session's wallet asks for the balance.
        refreshWallet: ({ self }) => (self.system.get('wallet') as AnyActorRef | undefined)?.send({ type: 'wallet.refresh' }),
      },
    }),
    ...extra(fakes),
  };
  const { implementations, flows } = splitFlows(actors);
  const machine = sessionMachine.provide({ actors: implementations });
  const session = createActor(machine, { clock, input: { langMarket: EN_UN } });
  for (const type of ['session.loggedIn', 'session.loggedOut', 'ui.navigate'] as const) {
    session.on(type, (event) => emitted.push(event));
  }
  session.start();
  // As src/app/flows/index.ts does once a flow's route has loaded it.
  for (const loaded of flows) session.send({ type: 'flow.loaded', ...loaded });
  session.send({ type: 'session.start' });
  return { session, fakes, clock, emitted, sockets, redirects };
}

export type SessionSystem = ReturnType<typeof sessionSystem>;

/** The flows running now, by name (a done flow whose route is still open counts). */
export function runningFlows({ session }: SessionSystem): string[] {
  return FLOW_NAMES.filter((name) => session.getSnapshot().context.flows[name] !== null);
}

/** Every child of the session, by id. */
export function childIds({ session }: SessionSystem): string[] {
  return Object.keys(session.getSnapshot().children).sort();
}

/** No session to restore: the visitor is anonymous. */
export async function anonymous(run: SessionSystem) {
  run.fakes.resolve('restoreSession', null);
  await settle();
  expect(run.session.getSnapshot().value).toEqual({ resolved: 'anonymous' });
}

/** The authorised player's profile, access details and transaction summary arrive. */
export async function loadPlayer(run: SessionSystem) {
  run.fakes.resolve('loadProfile', { profile, currentTermsVersion: 3 } satisfies ProfileLoad);
  run.fakes.resolve('loadAccessDetails', access);
  run.fakes.resolve('loadTransactionSummary', summary);
  await settle();
}

/** The children a session always has; a logout must leave nothing else running. */
export const ALWAYS = ['accessCheck', 'cookieConsent', 'toast'];

/** The real game launch machine with its four platform calls faked (for `sessionSystem`'s extra actors). */
export function gameLaunchActors(fakes: FakePromises): SessionActors {
  return {
    gameLaunch: gameLaunchMachine.provide({
      actors: {
        loadGameDetail: fakes.actor<GameDetail | null, GameLaunchInput>(),
        fetchGrant: fakes.actor<string, LaunchUrlInput>(),
        resolveLaunchUrl: fakes.actor<string, LaunchUrlInput>(),
        recordRecentGame: fakes.actor<unknown, LaunchUrlInput>(),
      },
    }),
  };
}

/** The access check lets the visitor in from `countryCode`. */
export async function accessAllowed(run: SessionSystem, countryCode: string) {
  run.fakes.resolve('fetchAccessContext', { countryCode, maintenance: false });
  await settle();
}

/** The visitor is let in from `countryCode`; the platform's cookie restores the player; their data arrives. */
export async function loggedIn(run: SessionSystem, countryCode: string) {
  await accessAllowed(run, countryCode);
  run.fakes.resolve('restoreSession', LOGGED_IN);
  await settle();
  await loadPlayer(run);
  expect(isAuthorized(run.session.getSnapshot())).toBe(true);
}
