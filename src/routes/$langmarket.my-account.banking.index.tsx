import { createFileRoute } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { mayDeposit } from '../../machines/session.guards';
import { seoQuery } from '../api/queries';
import { BalancesOverview } from '../features/banking/BalancesOverview';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /my-account/banking, the "banking" tab: the balances (product.md §3 "Wallet") of
// the session's wallet child, which lives while the player is logged in: nothing to load here.
export const Route = createFileRoute('/$langmarket/my-account/banking/')({
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
  },
  component: BankingOverview,
});

function BankingOverview() {
  const { session, langMarket } = Route.useRouteContext();
  const canDeposit = useSelector(session, mayDeposit);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="banking" />
      <BalancesOverview session={session} langMarket={langMarket} canDeposit={canDeposit} />
    </>
  );
}
