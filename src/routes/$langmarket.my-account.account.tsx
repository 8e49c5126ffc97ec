import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { AccountPage } from '../features/account/AccountPage';
import { SecuritySection } from '../features/security/SecuritySection';
import { SeoHead } from './-components/SeoHead';

// product.md §2 "Account area": /my-account/account, guarded by the my-account layout route.
// Entering starts the session's phone change, password change and marketing preferences flows,
// leaving stops them
// (docs/ARCHITECTURE.md "How a route starts a flow").
export const Route = createFileRoute('/$langmarket/my-account/account')({
  // The flows' machines arrive with the route (their own chunks) before onEnter starts them.
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return Promise.all([context.loadFlow('phoneChange'), context.loadFlow('passwordChange'), context.loadFlow('marketingPreferences'), context.loadFlow('accountClosure'), context.loadFlow('languageSetting'), context.loadFlow('secondFactorSetup'), context.loadFlow('addressChange'), context.loadFlow('provinceChange')]);
  },
  onEnter: ({ context }) => {
    context.session.send({ type: 'flow.start', flow: 'phoneChange' });
    context.session.send({ type: 'flow.start', flow: 'passwordChange' });
    context.session.send({ type: 'flow.start', flow: 'marketingPreferences' });
    context.session.send({ type: 'flow.start', flow: 'accountClosure' });
    context.session.send({ type: 'flow.start', flow: 'languageSetting' });
    context.session.send({ type: 'flow.start', flow: 'secondFactorSetup' });
    context.session.send({ type: 'flow.start', flow: 'addressChange' });
    context.session.send({ type: 'flow.start', flow: 'provinceChange' });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'phoneChange' });
    context.session.send({ type: 'flow.stop', flow: 'passwordChange' });
    context.session.send({ type: 'flow.stop', flow: 'marketingPreferences' });
    context.session.send({ type: 'flow.stop', flow: 'accountClosure' });
    context.session.send({ type: 'flow.stop', flow: 'languageSetting' });
    context.session.send({ type: 'flow.stop', flow: 'secondFactorSetup' });
    context.session.send({ type: 'flow.stop', flow: 'addressChange' });
    context.session.send({ type: 'flow.stop', flow: 'provinceChange' });
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
