import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { authRedirect, waitForResolved } from '../../machines/session.guards';
import { AccountPage } from '../features/account/AccountPage';
import { profileQuery } from '../features/account/queries';

// product.md §2 "Account area": /my-account/account needs a logged-in player; anyone else goes to
// the access-error page /401 with the original path passed on (machines/session.guards.ts).
export const Route = createFileRoute('/$langmarket/my-account/account')({
  beforeLoad: async ({ context, location, params }) => {
    const snapshot = await waitForResolved(context.session);
    const target = authRedirect(location.href, snapshot);
    const { claims } = snapshot.context;
    // An authorized session always has its claims; without them the page has no player to show.
    if (target !== null || claims === null) throw redirect({ href: target ?? `/${params.langmarket}/401` });
    return { playerId: claims.playerId };
  },
  loader: async ({ context }) => {
    // The page shows its forms even when the details cannot be loaded (it says so).
    await context.queryClient.query(profileQuery(context.playerId)).catch(() => undefined);
  },
  component: Account,
});

function Account() {
  const { playerId, session } = Route.useRouteContext();
  const toasts = useSelector(session, (snapshot) => snapshot.context.toastRef);
  return <AccountPage playerId={playerId} toasts={toasts} />;
}
