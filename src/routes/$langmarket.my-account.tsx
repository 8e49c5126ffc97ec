import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { authRedirect, waitForResolved } from '../../machines/session.guards';

// product.md §2 "Account area (login required; otherwise redirect to the access-error page /401 with
// the original path passed on)": one guard for every /my-account page (machines/session.guards.ts).
export const Route = createFileRoute('/$langmarket/my-account')({
  beforeLoad: async ({ context, location, params }) => {
    const snapshot = await waitForResolved(context.session);
    const target = authRedirect(location.href, snapshot);
    // An authorized session always has its claims; without them the pages have no player to show.
    if (target !== null || snapshot.context.claims === null) throw redirect({ href: target ?? `/${params.langmarket}/401` });
  },
  component: Outlet,
});
