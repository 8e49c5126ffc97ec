import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { CategoryPage } from '../features/games/CategoryPage';
import { currentChannel, lobbyGuard } from './-components/gameRoutes';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /live-casino-online/{id}, a live casino category's page (its url derived from the category id).
export const Route = createFileRoute('/$langmarket/live-casino-online/$categoryId')({
  beforeLoad: ({ context, params }) => lobbyGuard(context, params.langmarket, 'live-casino'),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
  },
  component: LiveCasinoCategory,
});

function LiveCasinoCategory() {
  const { session, langMarket } = Route.useRouteContext();
  const { categoryId } = Route.useParams();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="liveCasino" />
      <CategoryPage key={categoryId} session={session} langMarket={langMarket} lobby="live-casino" categoryId={categoryId} channel={currentChannel()} />
    </>
  );
}
