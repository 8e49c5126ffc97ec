import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { CategoryPage } from '../features/games/CategoryPage';
import { currentChannel, lobbyGuard } from './-components/gameRoutes';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /online-casino/{id}, a casino category's page (its url derived from the category id).
export const Route = createFileRoute('/$langmarket/online-casino/$categoryId')({
  beforeLoad: ({ context, params }) => lobbyGuard(context, params.langmarket, 'casino'),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
  },
  component: CasinoCategory,
});

function CasinoCategory() {
  const { session, langMarket } = Route.useRouteContext();
  const { categoryId } = Route.useParams();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="casino" />
      <CategoryPage key={categoryId} session={session} langMarket={langMarket} lobby="casino" categoryId={categoryId} channel={currentChannel()} />
    </>
  );
}
