import { createFileRoute } from '@tanstack/react-router';
import { RewardsList } from '../features/rewards/RewardsPage';
import { SeoHead } from './-components/SeoHead';

// product.md §2 /my-account/rewards/active: the player's active bonuses (the ACTIVE list) and the
// queued ones, under the rewards layout route (its guards and its flow).
export const Route = createFileRoute('/$langmarket/my-account/rewards/active')({
  component: ActiveRewards,
});

function ActiveRewards() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="myAccount" />
      <RewardsList session={session} langMarket={langMarket} list="active" />
    </>
  );
}
