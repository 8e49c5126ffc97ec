import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { AccountPage } from '../features/account/AccountPage';
import { SecuritySection } from '../features/security/SecuritySection';
import { SeoHead } from './-components/SeoHead';

// product.md §2 "Account area": /my-account/account, guarded by the my-account layout route.
// Entering starts the session's flows of the tab's sections (phone change, password change,
// marketing preferences, ...), leaving stops them
// (docs/ARCHITECTURE.md "How a route starts a flow").
const ACCOUNT_FLOWS = ['phoneChange', 'passwordChange', 'marketingPreferences', 'accountClosure', 'languageSetting', 'secondFactorSetup', 'addressChange', 'provinceChange'] as const;

export const Route = createFileRoute('/$langmarket/my-account/account')({
  // The flows' machines arrive with the route (their own chunks) before onEnter starts them.
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return Promise.all(ACCOUNT_FLOWS.map((flow) => context.loadFlow(flow)));
  },
  onEnter: ({ context }) => {
    for (const flow of ACCOUNT_FLOWS) context.session.send({ type: 'flow.start', flow });
  },
  onLeave: ({ context }) => {
    for (const flow of ACCOUNT_FLOWS) context.session.send({ type: 'flow.stop', flow });
  },
  component: Account,
});

// The details come from the session's profile (loaded at login, reloaded after a change): the
// `$langmarket` layout has already waited for it to settle, so there is nothing to load here.
function Account() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="myAccount" />
      <AccountPage session={session}>
        <SecuritySection session={session} />
      </AccountPage>
    </>
  );
}
