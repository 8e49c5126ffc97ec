import { createFileRoute, notFound } from '@tanstack/react-router';
import { useCallback } from 'react';
import { FEATURES } from '../app/features';
import { seoQuery } from '../api/queries';
import { GamePage } from '../features/games/GamePage';
import { lobbyGuard, startGame, stopGame } from './-components/gameRoutes';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /play/{gameSlug}, the slug-based game page, enabled by a flag (src/app/features.ts;
// off: the not-found page). Which lobby the game belongs to comes with its detail; the platform
// refuses a launch the player's access does not allow (409 error.game.access_restricted) and a live
// table in demo (the flow's demoUnavailable, with a login button).
export const Route = createFileRoute('/$langmarket/play/$gameSlug')({
  beforeLoad: async ({ context, params }) => {
    if (!FEATURES.gameSlugRoutes) throw notFound();
    await lobbyGuard(context, params.langmarket, 'casino');
  },
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('gameLaunch');
  },
  onEnter: ({ context, params }) => startGame(context, { lobby: 'casino', provider: null, game: params.gameSlug }),
  onStay: ({ context, params }) => startGame(context, { lobby: 'casino', provider: null, game: params.gameSlug }),
  onLeave: ({ context }) => stopGame(context),
  component: SlugGame,
});

function SlugGame() {
  const context = Route.useRouteContext();
  const { session, langMarket } = context;
  const { gameSlug } = Route.useParams();
  const restart = useCallback(() => startGame(context, { lobby: 'casino', provider: null, game: gameSlug }), [context, gameSlug]);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="game" />
      <GamePage session={session} langMarket={langMarket} lobby="casino" onRestart={restart} />
    </>
  );
}
