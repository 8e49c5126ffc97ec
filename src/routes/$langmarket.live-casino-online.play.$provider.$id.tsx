import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { seoQuery } from '../api/queries';
import { GamePage } from '../features/games/GamePage';
import { gamePageGuard, startGame, stopGame } from './-components/gameRoutes';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /live-casino-online/play/{provider}/{id}, a live table: real money only (a visitor's
// visit goes to the live casino home, behaviour.md §5). Entering starts the session's game launch flow, a
// login restarts it in real money, leaving (or a logout) stops it and closes the game.
export const Route = createFileRoute('/$langmarket/live-casino-online/play/$provider/$id')({
  beforeLoad: ({ context, params }) => gamePageGuard(context, params.langmarket, 'live-casino'),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('gameLaunch');
  },
  onEnter: ({ context, params }) => startGame(context, { lobby: 'live-casino', provider: params.provider, game: params.id }),
  onStay: ({ context, params }) => startGame(context, { lobby: 'live-casino', provider: params.provider, game: params.id }),
  onLeave: ({ context }) => stopGame(context),
  component: LiveCasinoGame,
});

function LiveCasinoGame() {
  const context = Route.useRouteContext();
  const { session, langMarket } = context;
  const params = Route.useParams();
  const restart = useCallback(() => startGame(context, { lobby: 'live-casino', provider: params.provider, game: params.id }), [context, params.provider, params.id]);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="game" />
      <GamePage session={session} langMarket={langMarket} lobby="live-casino" onRestart={restart} />
    </>
  );
}
