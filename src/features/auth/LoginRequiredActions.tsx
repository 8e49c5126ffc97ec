import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import type { SessionRef } from './AccountActions';

/**
 * The access-error page's own actions (product.md §2 /401, issue 8): "Log in" opens the session's
 * login dialog with the path the player was sent from (`login.open { redirect }`, so a login leads
 * back there), and "Sign up" for a visitor without an account.
 */
export function LoginRequiredActions({
  session,
  langmarket,
  redirect,
}: {
  session: SessionRef;
  langmarket: string;
  /** The path below the langmarket that sent the player here (the page's `redirect`), if any. */
  redirect: string | undefined;
}) {
  return (
    <>
      <Button aria-haspopup="dialog" onClick={() => session.send({ type: 'login.open', redirect: redirect ?? null })}>
        <Trans id="account.login">Log in</Trans>
      </Button>
      <Link to="/$langmarket/signup" params={{ langmarket }} className={button({ variant: 'secondary' })}>
        <Trans id="account.signup">Sign up</Trans>
      </Link>
    </>
  );
}
