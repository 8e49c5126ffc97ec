import { createFileRoute } from '@tanstack/react-router';
import { seoQuery } from '../api/queries';
import { LobbyPage } from '../features/games/LobbyPage';
import { lobbySearchSchema } from '../features/games/search';
import { currentChannel, lobbyGuard } from './-components/gameRoutes';
import { SeoHead } from './-components/SeoHead';
import * as v from 'valibot';

// product.md §2: /live-casino-online, the live casino lobby (bottom-navigation tabs 0 to 3 as `?tab=`).
export const Route = createFileRoute('/$langmarket/live-casino-online/')({
  validateSearch: (search) => v.parse(lobbySearchSchema, search),
  beforeLoad: ({ context, params }) => lobbyGuard(context, params.langmarket, 'live-casino'),
  loader: async ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    // Imported here, not at the top: the route tree is part of every page's start-up, the games contract is not.
    const { lobbyQuery } = await import('../api/gameQueries');
    void context.queryClient.query(lobbyQuery(context.langMarket, 'live-casino', currentChannel())).catch(() => undefined);
  },
  component: LiveCasinoLobby,
});

function LiveCasinoLobby() {
  const { session, langMarket } = Route.useRouteContext();
  const { tab } = Route.useSearch();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="liveCasino" />
      <LobbyPage session={session} langMarket={langMarket} lobby="live-casino" tab={tab ?? 0} channel={currentChannel()} />
    </>
  );
}
