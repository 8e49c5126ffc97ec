import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { LangMarket } from '../../../machines/lib/markets';
import type { GameInfoDialogProps } from './GameInfoDialog';
import { useOpenedOnce, type SessionRef, type Viewer } from './lobbyState';
import type { TileGame } from './tiles';

// The game info panel as the lobby and the category page use it: its code (and the dialog
// library's) loads when a player first asks about a game, and the dialog stays mounted from then on
// (closing is the dialog's own, the focus going back to the info button).

const GameInfoDialog = lazy(() => import('./GameInfoDialog').then((module) => ({ default: module.GameInfoDialog })));

export function GameInfo(props: GameInfoDialogProps) {
  const mounted = useOpenedOnce(props.game !== null);
  return <Suspense fallback={null}>{mounted ? <GameInfoDialog {...props} /> : null}</Suspense>;
}

/**
 * A page's info panel: `show` opens it for a game (a tile's info button), `panel` is what the page
 * renders; closing forgets the game, and its log-in button opens the session's login for the game.
 */
export function useGameInfo(
  session: SessionRef,
  { langMarket, viewer, channel }: { langMarket: LangMarket; viewer: Viewer; channel: 'desktop' | 'mobile' },
): { show: (game: TileGame) => void; panel: ReactNode } {
  const [game, setGame] = useState<TileGame | null>(null);
  const panel = (
    <GameInfo
      game={game}
      langMarket={langMarket}
      viewer={viewer}
      channel={channel}
      onClose={() => setGame(null)}
      onLogin={(path) => session.send({ type: 'login.open', redirect: path })}
    />
  );
  return { show: setGame, panel };
}
