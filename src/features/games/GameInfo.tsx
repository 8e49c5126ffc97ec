import { lazy, Suspense } from 'react';
import type { GameInfoDialogProps } from './GameInfoDialog';
import { useOpenedOnce } from './lobbyState';

// The game info panel as the lobby and the category page use it: its code (and the dialog
// library's) loads when a player first asks about a game, and the dialog stays mounted from then on
// (closing is the dialog's own, the focus going back to the info button).

const GameInfoDialog = lazy(() => import('./GameInfoDialog').then((module) => ({ default: module.GameInfoDialog })));

export function GameInfo(props: GameInfoDialogProps) {
  const mounted = useOpenedOnce(props.game !== null);
  return <Suspense fallback={null}>{mounted ? <GameInfoDialog {...props} /> : null}</Suspense>;
}
