import { createFileRoute } from '@tanstack/react-router';
import { RewardsList } from '../features/rewards/RewardsPage';
import { SeoHead } from './-components/SeoHead';

// product.md §2 /my-account/rewards: the offers the player may claim (the ELIGIBLE list), under the
// rewards layout route (its guards and its flow).
export const Route = createFileRoute('/$langmarket/my-account/rewards/')({
  component: RewardOffers,
});

function RewardOffers() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="myAccount" />
      <RewardsList session={session} langMarket={langMarket} list="eligible" />
    </>
  );
}
