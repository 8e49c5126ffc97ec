import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';

/**
 * The access-error page's own actions (product.md §2 /401, issue 8): "Log in" opens the session's
 * login dialog with the path the player was sent from (`login.open { redirect }`, so a login leads
 * back there), and "Sign up" for a visitor without an account. The route gives `onLogin`; the
 * platform's first paint (src/app/prerender.tsx) renders them before the JavaScript has run.
 */
export function LoginRequiredActions({ langmarket, onLogin }: { langmarket: string; onLogin?: (() => void) | undefined }) {
  return (
    <>
      <Button aria-haspopup="dialog" onClick={onLogin}>
        <Trans id="account.login">Log in</Trans>
      </Button>
      <Link to="/$langmarket/signup" params={{ langmarket }} className={button({ variant: 'secondary' })}>
        <Trans id="account.signup">Sign up</Trans>
      </Link>
    </>
  );
}
