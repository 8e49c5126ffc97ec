import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { TransactionsPage } from '../features/banking/TransactionsPage';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /my-account/banking/transactions, guarded by the my-account layout route.
// Entering starts the session's transaction history flow, leaving stops it (and its polling).
export const Route = createFileRoute('/$langmarket/my-account/banking/transactions')({
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('transactionHistory');
  },
  onEnter: ({ context }) => {
    context.session.send({ type: 'flow.start', flow: 'transactionHistory' });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'transactionHistory' });
  },
  component: Transactions,
});

function Transactions() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="transactions" />
      <TransactionsPage session={session} langMarket={langMarket} />
    </>
  );
}
