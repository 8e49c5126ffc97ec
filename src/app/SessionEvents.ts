import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { afterLoginPath } from '../../machines/session.guards';
import type { SessionActor } from './session';

/**
 * Where the session sends the browser (its emitted events, machines/session.machine.ts
 * SessionEmitted): after a login from the modal, after a logout, and where a flow's end leads. The
 * session decides; this only carries it out, because the router lives in React.
 */
export function useSessionNavigation(session: SessionActor, langmarket: string): void {
  const navigate = useNavigate();
  useEffect(() => {
    const subscriptions = [
      session.on('session.loggedIn', ({ redirect }) => {
        void navigate({ href: afterLoginPath(langmarket, redirect) });
      }),
      session.on('session.loggedOut', ({ reason }) => {
        // A closed account (issue 23): the page that says what happens to the balance.
        if (reason === 'closed') void navigate({ to: '/$langmarket/closed-account', params: { langmarket } });
        else void navigate({ to: '/$langmarket', params: { langmarket } });
      }),
      session.on('ui.navigate', ({ href }) => {
        void navigate({ href, replace: true });
      }),
    ];
    return () => {
      for (const subscription of subscriptions) subscription.unsubscribe();
    };
  }, [session, langmarket, navigate]);
}
