import { createFileRoute, Outlet } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { mayDeposit } from '../../machines/session.guards';
import { BankingLayout } from '../features/banking/BankingLayout';

// product.md §2 "Account area": /my-account/banking with the sub-paths deposit, withdraw and
// transactions, under the tabs banking, transactions, deposit, withdraw. The my-account layout
// route guards them (login required, else /401 with the path); each tab is a route of its own.
export const Route = createFileRoute('/$langmarket/my-account/banking')({
  component: Banking,
});

function Banking() {
  const { session, langMarket } = Route.useRouteContext();
  const canDeposit = useSelector(session, mayDeposit);
  return (
    <BankingLayout langMarket={langMarket} canDeposit={canDeposit}>
      <Outlet />
    </BankingLayout>
  );
}
