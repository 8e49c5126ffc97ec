import type { QueryClient } from '@tanstack/react-query';
import { createActor, fromPromise, type ActorRefFrom, type InspectionEvent, type Observer } from 'xstate';
import { accessCheckMachine, type AccessContextResult } from '../../machines/accessCheck.machine';
import { cookieConsentMachine, type CookieConsentAnswer, type PlatformCookieConsent, type StoredCookieConsent } from '../../machines/cookieConsent.machine';
import { activityTimerMachine } from '../../machines/activityTimer.machine';
import { idleMachine } from '../../machines/idle.machine';
import type { LangMarket } from '../../machines/lib/markets';
import type { AuthenticatedSession } from '../../machines/lib/identity';
import { loginMachine, type LoginCredentials, type SecondFactorAnswer } from '../../machines/login.machine';
import { sessionMachine, type ProfileLoad } from '../../machines/session.machine';
import { authApi, parseIdToken } from '../api/auth';
import { bindAuth } from '../api/client';
import { isApiError } from '../api/errors';
import { platformApi } from '../api/platform';
import { termsVersionsQuery } from '../api/queries';
import { playerApi, type AccessDetails, type TransactionSummary } from '../api/player';
import { responsibleGamblingApi, type ActivitySettings, type ActivitySummary, type MinutesRemaining } from '../api/responsibleGambling';
import { markConsentGiven, readStoredConsent, writeStoredConsent } from './consentStorage';
import { flowLoader, type LoadFlow } from './flows';
import { appWalletMachine } from './wallet';
import { nextTask } from './nextTask';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/** A login's or a refresh's answer as the session keeps it: the token and its claims. */
function authenticated(idToken: string): AuthenticatedSession {
  return { idToken, claims: parseIdToken(idToken) };
}

/**
 * behaviour.md §4 "Session": a reload keeps the player logged in. The platform re-issues the id
 * token from its HttpOnly, SameSite=Strict session cookie; null means there is no session.
 */
async function restoreSession({ signal }: { signal: AbortSignal }): Promise<AuthenticatedSession | null> {
  try {
    const restored = await authApi.refresh(signal);
    return restored === null ? null : authenticated(restored.idToken);
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

/**
 * The profile, with the market's current terms version for the terms guard. The terms document
 * comes through the query cache, which the accept-terms page and the sign-up read too. A terms
 * document that cannot be loaded leaves the version unknown (the guard then lets the player
 * through) rather than failing the profile.
 */
function profileLoader(queryClient: QueryClient) {
  return async ({ input, signal }: { input: { langMarket: LangMarket }; signal: AbortSignal }): Promise<ProfileLoad> => {
    const [profile, terms] = await Promise.all([
      playerApi.profile(signal),
      queryClient.query(termsVersionsQuery(input.langMarket)).catch(() => null),
    ]);
    return { profile, currentTermsVersion: terms?.current.version ?? null };
  };
}

/**
 * The idle timer's keep-alive (machines/idle.machine.ts): the platform ends a session whose last
 * call is older than IDLE_LIMIT_MS, and an active player may play for a long while without an
 * authenticated call. POST /player/session/refresh marks the cookie's session as seen (the same
 * session as the token's: both come from one login).
 *
 * It also re-issues an id token; the session does not take it. The token it holds is still good
 * (the platform's 12-hour lifetime, server/config.ts ID_TOKEN_LIFETIME_S, and the session's expiry
 * timer was armed from it), and swapping tokens mid-session would re-arm that timer for nothing.
 * Failures are ignored: the next keep-alive follows one interval later if the player is still
 * active, and a session the platform has ended shows on the next authenticated call (401, then
 * logout); a refused refresh alone must not log out a player whose browser keeps no cookie.
 */
function keepSessionAlive(): void {
  void authApi.refresh().catch(() => undefined);
}

/**
 * behaviour.md §4: logout clears the stored authorization entries. This app stores none: the id
 * token lives only in the session's context (cleared by the machine) and the platform's HttpOnly
 * cookie is ended by the sign-out call (OWASP ASVS L2: no token or personal data in web storage;
 * the spec's authorization, first-login and updated-terms storage keys are deliberately not used).
 * Only the cookie-consent entry lives in localStorage, and it is not the player's.
 */
function clearStoredAuthorization(): void {
  // Nothing stored; see above.
}

/**
 * behaviour.md §4: logout ends the support chat. The live-chat support widget (product.md §1, §2)
 * comes with the live-chat and CRM issue (not filed yet); until then there is no chat to end.
 */
function endSupportChat(): void {
  // No support chat yet; see above.
}

/**
 * behaviour.md §4: logout ends the CRM session. The CRM inbox for logged-in players (behaviour.md
 * §7 "Content") comes with the live-chat and CRM issue (not filed yet); until then there is none.
 */
function endCrmSession(): void {
  // No CRM session yet; see above.
}

/**
 * The composition root (ARCHITECTURE.md "The actor system"): the session machine with the real
 * world provided — the platform's auth and player calls, the content service's terms versions, the
 * clock for the idle timer, localStorage for cookie consent. The children's implementations are
 * provided on the child machines, which the session spawns by their names. The flows are handed
 * to the session when their routes load (`flow.loaded`, src/app/flows/index.ts). This is the only place that does it.
 */
export function appSessionMachine(queryClient: QueryClient) {
  return sessionMachine.provide({
    actors: {
      restoreSession: fromPromise<AuthenticatedSession | null>(restoreSession),
      loadProfile: fromPromise<ProfileLoad, { langMarket: LangMarket }>(profileLoader(queryClient)),
      loadAccessDetails: fromPromise<AccessDetails>(({ signal }) => playerApi.accessDetails(signal)),
      loadTransactionSummary: fromPromise<TransactionSummary>(({ signal }) => playerApi.transactionSummary(signal)),
      signOut: fromPromise<unknown>(({ signal }) => authApi.signOut(signal)),
      login: loginMachine.provide({
        actors: {
          authenticate: fromPromise<AuthenticatedSession, LoginCredentials>(async ({ input, signal }) => {
            const { idToken } = await authApi.login(input, signal);
            return authenticated(idToken);
          }),
          // Issue 23: the factor step, its code (and @simplewebauthn/browser) loaded only when a login asks for it.
          verifySecondFactor: fromPromise<AuthenticatedSession, SecondFactorAnswer>(async ({ input, signal }) => {
            const { logInWithFactor } = await import('./secondFactor/ceremonies');
            return authenticated(await logInWithFactor(input, signal));
          }),
          sendUnlockLink: fromPromise<unknown, { email: string; langmarket: string }>(({ input, signal }) => authApi.requestUnlock(input, signal)),
        },
      }),
      // The balance in the header while logged in: the wallet calls and the live connection.
      wallet: appWalletMachine(),
      idleTimer: idleMachine.provide({
        actors: { readClock: fromPromise<number>(() => Promise.resolve(Date.now())) },
        actions: { keepAlive: keepSessionAlive },
      }),
      // The reality check (machines/activityTimer.machine.ts): the platform keeps the timer, the
      // machine asks it every ACTIVITY_TIMER_POLL_MS. A 401 on a poll logs out like any call.
      activityTimer: activityTimerMachine.provide({
        actors: {
          loadTimerSettings: fromPromise<ActivitySettings>(({ signal }) => responsibleGamblingApi.activitySettings(signal)),
          fetchMinutesRemaining: fromPromise<MinutesRemaining>(({ signal }) => responsibleGamblingApi.minutesRemaining(signal)),
          fetchActivitySummary: fromPromise<ActivitySummary>(({ signal }) => responsibleGamblingApi.activitySummary(signal)),
          resetActivityTimer: fromPromise<MinutesRemaining>(({ signal }) => responsibleGamblingApi.resetTimer(signal)),
        },
      }),
      accessCheck: accessCheckMachine.provide({
        actors: {
          fetchAccessContext: fromPromise<AccessContextResult>(({ signal }) => platformApi.accessContext(signal)),
        },
      }),
      cookieConsent: cookieConsentMachine.provide({
        actors: {
          loadConsent: fromPromise<StoredCookieConsent | null>(() =>
            Promise.resolve().then(() => {
              const stored = readStoredConsent();
              // A visitor who answered before the platform painted the notice: tell it now.
              if (stored?.accepted === true) markConsentGiven();
              return stored;
            }),
          ),
          // Issue 23: the player's answer on the platform. The calls load with the first login, in a
          // chunk of their own, so the home page of a visitor does not carry them.
          loadPlatformConsent: fromPromise<PlatformCookieConsent | null>(async ({ signal }) => (await import('../api/cookieConsent')).cookieConsentApi.get(signal)),
          savePlatformConsent: fromPromise<PlatformCookieConsent, CookieConsentAnswer>(async ({ input, signal }) =>
            (await import('../api/cookieConsent')).cookieConsentApi.save(input, signal),
          ),
        },
        actions: {
          persistConsent: (_, params: StoredCookieConsent) => {
            writeStoredConsent(params);
            markConsentGiven();
          },
        },
      }),
    },
    actions: { clearStoredAuthorization, endSupportChat, endCrmSession },
  });
}

/** What counts as the player being there (behaviour.md §4 idle check): pointer, key, scroll. */
const ACTIVITY_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'wheel', 'scroll', 'touchstart'] as const;
/**
 * At most one `idle.activity` a second: the idle timer only needs to know the player was there
 * recently (its checks are IDLE_CHECK_MS apart), not every pointer move.
 */
const ACTIVITY_THROTTLE_MS = 1_000;

/** Sends throttled `idle.activity` events to the session; returns the function that stops it. */
export function watchActivity(session: SessionActor, target: Window = window): () => void {
  let lastSent = Number.NEGATIVE_INFINITY;
  const onActivity = () => {
    const now = Date.now();
    if (now - lastSent < ACTIVITY_THROTTLE_MS) return;
    lastSent = now;
    session.send({ type: 'idle.activity', at: now });
  };
  const options = { capture: true, passive: true } as const;
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, onActivity, options);
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, onActivity, options);
  };
}

/**
 * Creates and starts the root session actor from `appSessionMachine`'s logic (made in a start-up
 * task of its own: providing builds each machine anew); `session.start` is sent once, at boot. The API client
 * reads the id token from the session (memory only) and reports a refused authenticated call
 * (401/403, behaviour.md §8 "General") as `session.unauthorized`, which logs the player out.
 * `inspect` is the live inspector's observer (src/app/inspector.ts; development only).
 */
export async function startSession(
  langMarket: LangMarket,
  queryClient: QueryClient,
  logic: ReturnType<typeof appSessionMachine>,
  inspect?: Observer<InspectionEvent>,
): Promise<{ session: SessionActor; loadFlow: LoadFlow }> {
  const session: SessionActor = createActor(logic, { input: { langMarket }, ...(inspect === undefined ? {} : { inspect }) });
  // The flows read the route's market when they need it (the session follows the route).
  const loadFlow = flowLoader(session, { queryClient, langMarket: () => session.getSnapshot().context.langMarket });
  bindAuth({
    token: () => session.getSnapshot().context.idToken,
    onUnauthorized: () => session.send({ type: 'session.unauthorized' }),
  });
  // Issue 22 (Total Blocking Time): starting the session (its initial state and its always-on
  // children) and its first event are each a task of their own; together they were one of 11-18 ms
  // of a phone's main thread. Nothing else holds the session between them.
  await nextTask();
  session.start();
  await nextTask();
  session.send({ type: 'session.start' });
  watchActivity(session);
  return { session, loadFlow };
}
