import { createFileRoute, Outlet } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { RewardsLayout } from '../features/rewards/RewardsPage';
import { riskGuard } from './-components/accountGuards';

// product.md §2 /my-account/rewards and /my-account/rewards/active (the bonus tabs: rewards,
// active): login required (the my-account layout route: else /401 with the path), and the player
// neither risk-payout flagged nor multibrand-suspended (behaviour.md §6: else the account page).
// Entering either tab starts the session's rewards flow, leaving both stops it; a switch between the
// tabs keeps it (docs/ARCHITECTURE.md "How a route starts a flow").
export const Route = createFileRoute('/$langmarket/my-account/rewards')({
  beforeLoad: ({ context, params }) => riskGuard(context, params.langmarket),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('rewards');
  },
  onEnter: ({ context }) => {
    context.session.send({ type: 'flow.start', flow: 'rewards' });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'rewards' });
  },
  component: Rewards,
});

function Rewards() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <RewardsLayout session={session} langMarket={langMarket}>
      <Outlet />
    </RewardsLayout>
  );
}
