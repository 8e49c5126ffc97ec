import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { VerificationPage } from '../features/verification/VerificationPage';
import { EddForm } from '../features/edd/EddForm';
import { SeoHead } from './-components/SeoHead';

// product.md §2 "Account area": /my-account/account/verification, the "verification" tab beside
// "account", guarded by the my-account layout route (login required, /401 otherwise). Not nested in
// the account page (`account_`): the tab is a page of its own. The verification flows run while the
// account area is open (the layout route starts them), so the tab only shows them.
export const Route = createFileRoute('/$langmarket/my-account/account_/verification')({
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    // The EDD questionnaire (issue 23) runs while the tab is open; it shows only when asked for.
    return context.loadFlow('edd');
  },
  onEnter: ({ context }) => context.session.send({ type: 'flow.start', flow: 'edd' }),
  onLeave: ({ context }) => context.session.send({ type: 'flow.stop', flow: 'edd' }),
  component: Verification,
});

function Verification() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="myAccount" />
      <VerificationPage session={session} />
      <EddForm session={session} />
    </>
  );
}
