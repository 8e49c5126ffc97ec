import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { accessCheckMachine, type AccessContextResult } from '../../machines/accessCheck.machine';
import { cookieConsentMachine, type StoredCookieConsent } from '../../machines/cookieConsent.machine';
import type { LangMarket } from '../../machines/lib/markets';
import { sessionMachine, type SessionClaims } from '../../machines/session.machine';
import { platformApi } from '../api/platform';
import { readStoredConsent, writeStoredConsent } from './consentStorage';

export type SessionActor = ActorRefFrom<typeof sessionMachine>;

/**
 * The session machine with the real world provided (ARCHITECTURE.md "The actor system"): the
 * platform's access check, localStorage for cookie consent, and (until login exists) an
 * anonymous session restore. Children's implementations are provided on the child machines,
 * which the session spawns by their names.
 */
export const appSessionMachine = sessionMachine.provide({
  actors: {
    restoreSession: fromPromise<SessionClaims | null>(() => Promise.resolve(null)),
    accessCheck: accessCheckMachine.provide({
      actors: {
        fetchAccessContext: fromPromise<AccessContextResult>(({ signal }) => platformApi.accessContext(signal)),
      },
    }),
    cookieConsent: cookieConsentMachine.provide({
      actors: {
        loadConsent: fromPromise<StoredCookieConsent | null>(() => Promise.resolve().then(() => readStoredConsent())),
      },
      actions: {
        persistConsent: (_, params: StoredCookieConsent) => writeStoredConsent(params),
      },
    }),
  },
});

/** Creates and starts the root session actor; `session.start` is sent once, at boot. */
export function startSession(langMarket: LangMarket): SessionActor {
  const session = createActor(appSessionMachine, { input: { langMarket } });
  session.start();
  session.send({ type: 'session.start' });
  return session;
}
