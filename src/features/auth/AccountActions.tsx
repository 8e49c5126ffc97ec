import { Trans } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { sessionMachine } from '../../../machines/session.machine';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { AccountIcon, LogoutIcon } from '../../ui/icons';
import * as s from './auth.css';

// The dialogs (and Radix Dialog with them) load when first needed, not with every page: the home
// route's JS stays within its budget (npm run size). The login dialog starts loading on hover.
const loadLoginDialog = () => import('./LoginDialog');
const LoginDialog = lazy(() => loadLoginDialog().then((module) => ({ default: module.LoginDialog })));
const IdleWarningDialog = lazy(() => import('./IdleWarningDialog').then((module) => ({ default: module.IdleWarningDialog })));

export type SessionRef = ActorRefFrom<typeof sessionMachine>;

/**
 * Where a login from the header should lead (product.md §2 "After login ..."): the page the player
 * is on, or, on the access-error page /401, the page that sent them there (its `redirect`).
 */
function loginTarget(location: { pathname: string; searchStr: string; search: unknown }): string {
  const [, , ...rest] = location.pathname.split('/');
  const below = `/${rest.join('/')}`;
  const redirect = (location.search as { redirect?: unknown } | null)?.redirect;
  if (below === '/401' && typeof redirect === 'string') return redirect;
  return `${below}${location.searchStr}`;
}

/**
 * The header's account actions (given to the shell's `actions` slot): "Log in" and "Sign up" for a
 * visitor, "My account" and "Log out" for a player. It also hosts the session's dialogs: the login
 * modal (opened by any screen with `login.open`) and the idle warning.
 */
export function AccountActions({ session, langmarket }: { session: SessionRef; langmarket: string }) {
  const location = useLocation();
  const who = useSelector(session, (snapshot) =>
    snapshot.matches({ resolved: 'authorized' }) ? 'player' : snapshot.matches({ resolved: 'anonymous' }) ? 'visitor' : 'unknown',
  );
  const login = useSelector(session, (snapshot) => snapshot.context.loginRef);
  const idle = useSelector(session, (snapshot) => snapshot.children.idleTimer);

  return (
    <>
      {who === 'visitor' ? (
        <VisitorActions
          langmarket={langmarket}
          onLoginIntent={() => void loadLoginDialog()}
          onLogin={() => session.send({ type: 'login.open', redirect: loginTarget(location) })}
        />
      ) : null}
      {who === 'player' ? (
        <div className={s.actions}>
          <Link
            to="/$langmarket/my-account/account"
            params={{ langmarket }}
            className={`${button({ variant: 'secondary', size: 'sm' })} ${s.compactOnPhone}`}
          >
            <AccountIcon className={s.phoneIcon} size={20} />
            <span className={s.labelFromTablet}>
              <Trans id="account.myAccount">My account</Trans>
            </span>
          </Link>
          <Button variant="ghost" size="sm" className={s.compactOnPhone} onClick={() => session.send({ type: 'session.logout' })}>
            <LogoutIcon className={s.phoneIcon} size={20} />
            <span className={s.labelFromTablet}>
              <Trans id="account.logout">Log out</Trans>
            </span>
          </Button>
        </div>
      ) : null}
      <Suspense fallback={null}>
        {login !== null ? <LoginDialog login={login} langmarket={langmarket} onClose={() => session.send({ type: 'login.close' })} /> : null}
        {idle !== undefined ? <IdleWarningDialog idle={idle} onLogout={() => session.send({ type: 'session.logout' })} /> : null}
      </Suspense>
    </>
  );
}

/**
 * "Log in" and "Sign up" for a visitor. The platform's first paint (src/app/prerender.tsx) renders
 * them before the JavaScript has run, without handlers; the app's header gives them.
 */
export function VisitorActions({
  langmarket,
  onLogin,
  onLoginIntent,
}: {
  langmarket: string;
  onLogin?: (() => void) | undefined;
  onLoginIntent?: (() => void) | undefined;
}) {
  return (
    <div className={s.actions}>
      <Button
        variant="secondary"
        size="sm"
        className={s.headerButton}
        aria-haspopup="dialog"
        onPointerEnter={onLoginIntent}
        onFocus={onLoginIntent}
        onClick={onLogin}
      >
        <Trans id="account.login">Log in</Trans>
      </Button>
      <Link to="/$langmarket/signup" params={{ langmarket }} className={`${button({ size: 'sm' })} ${s.headerButton}`}>
        <Trans id="account.signup">Sign up</Trans>
      </Link>
    </div>
  );
}
