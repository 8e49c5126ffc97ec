import { createFileRoute, redirect } from '@tanstack/react-router';
import { authRedirect, waitForResolved } from '../../machines/session.guards';
import { AccountPage } from '../features/account/AccountPage';

// product.md §2 "Account area": /my-account/account needs a logged-in player; anyone else goes to
// the access-error page /401 with the original path passed on (machines/session.guards.ts).
export const Route = createFileRoute('/$langmarket/my-account/account')({
  beforeLoad: async ({ context, location, params }) => {
    const snapshot = await waitForResolved(context.session);
    const target = authRedirect(location.href, snapshot);
    // An authorized session always has its claims; without them the page has no player to show.
    if (target !== null || snapshot.context.claims === null) throw redirect({ href: target ?? `/${params.langmarket}/401` });
  },
  component: Account,
});

// The details come from the session's profile (loaded at login, reloaded after a change): the
// `$langmarket` layout has already waited for it to settle, so there is nothing to load here.
function Account() {
  const { session } = Route.useRouteContext();
  return <AccountPage session={session} />;
}
