import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { appGate } from '../../machines/session.guards';
import { CookieNotice } from '../features/consent/CookieNotice';
import { AccessFailedPage, MaintenancePage, RestrictedPage } from '../features/status/StatusPages';
import { Loader } from '../ui/Loader';
import { Toaster } from '../ui/Toaster';
import type { SessionActor } from './session';
import { useSessionNavigation } from './SessionEvents';

/**
 * What the whole app shows, by the platform's access check (product.md §2 "Route guards"): the
 * loader while it runs; the restricted-country or maintenance page instead of the app; a retry
 * screen when the platform could not be reached; otherwise the routes, the toasts and the cookie
 * notice. It also carries out the session's navigations (after a login, a logout, a flow's end).
 */
export function AppGate({ session, langmarket, children }: { session: SessionActor; langmarket: string; children: ReactNode }) {
  const accessCheck = useSelector(session, (snapshot) => snapshot.context.accessCheckRef);
  const consent = useSelector(session, (snapshot) => snapshot.context.cookieConsentRef);
  const toasts = useSelector(session, (snapshot) => snapshot.context.toastRef);
  const gate = useSelector(accessCheck, (snapshot) => appGate(snapshot.value, snapshot.context));
  useSessionNavigation(session, langmarket);
  switch (gate) {
    case 'loading':
      return <Loader />;
    case 'restricted':
      return <RestrictedPage />;
    case 'maintenance':
      return <MaintenancePage />;
    case 'failed':
      return <AccessFailedPage onRetry={() => accessCheck.send({ type: 'access.retry' })} />;
    case 'allowed':
      return (
        <>
          {children}
          <Toaster toasts={toasts} />
          <CookieNotice consent={consent} langmarket={langmarket} />
        </>
      );
  }
}
