import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { formatLangMarket } from '../../machines/lib/markets';
import { authRedirect, isRiskRestricted, waitForResolved } from '../../machines/session.guards';
import { AccountNav } from '../features/account/AccountNav';
import { VerificationHost } from '../features/verification/VerificationModal';

// product.md §2 "Account area (login required; otherwise redirect to the access-error page /401 with
// the original path passed on)": one guard for every /my-account page (machines/session.guards.ts).
export const Route = createFileRoute('/$langmarket/my-account')({
  beforeLoad: async ({ context, location, params }) => {
    const snapshot = await waitForResolved(context.session);
    const target = authRedirect(location.href, snapshot);
    // An authorized session always has its claims; without them the pages have no player to show.
    if (target !== null || snapshot.context.claims === null) throw redirect({ href: target ?? `/${params.langmarket}/401` });
  },
  // Issue 23: the document upload and the verification modal run while the account area is open
  // (the account page, the verification tab, the deposit and the withdrawal open the modal).
  loader: ({ context }) => Promise.all([context.loadFlow('verification'), context.loadFlow('verificationModal')]),
  onEnter: ({ context }) => {
    context.session.send({ type: 'flow.start', flow: 'verification' });
    context.session.send({ type: 'flow.start', flow: 'verificationModal' });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'verification' });
    context.session.send({ type: 'flow.stop', flow: 'verificationModal' });
  },
  component: MyAccount,
});

/** Every account page under the account area's navigation. */
function MyAccount() {
  const { session, langMarket } = Route.useRouteContext();
  const showLimits = useSelector(session, (snapshot) => !isRiskRestricted(snapshot));
  return (
    <>
      <AccountNav langmarket={formatLangMarket(langMarket)} showLimits={showLimits} session={session} />
      <Outlet />
      <VerificationHost session={session} />
    </>
  );
}
