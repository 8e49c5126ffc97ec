import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { WithdrawPage } from '../features/banking/WithdrawPage';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /my-account/banking/withdraw, guarded by the my-account layout route. Entering
// starts the session's withdraw flow (with the player's access, currency and market, which the
// `$langmarket` layout has waited for), leaving stops it (docs/ARCHITECTURE.md).
export const Route = createFileRoute('/$langmarket/my-account/banking/withdraw')({
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('withdraw');
  },
  onEnter: ({ context }) => {
    context.session.send({ type: 'flow.start', flow: 'withdraw' });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'withdraw' });
  },
  component: Withdraw,
});

function Withdraw() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="withdraw" />
      <WithdrawPage session={session} langMarket={langMarket} />
    </>
  );
}
