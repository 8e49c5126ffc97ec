import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { seoQuery } from '../api/queries';
import { GamePage } from '../features/games/GamePage';
import { gamePageGuard, startGame, stopGame } from './-components/gameRoutes';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /online-casino/play/{provider}/{id}, a casino game: demo (fun money) for a visitor,
// real money for a player (behaviour.md §5). Entering starts the session's game launch flow, a
// login restarts it in real money, leaving (or a logout) stops it and closes the game.
export const Route = createFileRoute('/$langmarket/online-casino/play/$provider/$id')({
  beforeLoad: ({ context, params }) => gamePageGuard(context, params.langmarket, 'casino'),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('gameLaunch');
  },
  onEnter: ({ context, params }) => startGame(context, { lobby: 'casino', provider: params.provider, game: params.id }),
  onStay: ({ context, params }) => startGame(context, { lobby: 'casino', provider: params.provider, game: params.id }),
  onLeave: ({ context }) => stopGame(context),
  component: CasinoGame,
});

function CasinoGame() {
  const context = Route.useRouteContext();
  const { session, langMarket } = context;
  const params = Route.useParams();
  const restart = useCallback(() => startGame(context, { lobby: 'casino', provider: params.provider, game: params.id }), [context, params.provider, params.id]);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="game" />
      <GamePage session={session} langMarket={langMarket} lobby="casino" onRestart={restart} />
    </>
  );
}
