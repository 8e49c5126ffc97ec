import { redirect } from '@tanstack/react-router';
import { BREAKPOINTS_PX } from '../../../machines/lib/constants';
import { LOBBY_PATHS, type GameChannel, type LobbyType } from '../../../machines/lib/games';
import { isAuthorized, mayPlayLobby, waitForSettled } from '../../../machines/session.guards';
import type { RouterContext } from '../../app/context';

// What the lobby, category and game routes share (issue 12; product.md §2 "Casino and live casino",
// "Route guards"): the guards and how a game page starts the session's game launch flow.

/**
 * The launch channel (behaviour.md §7 "channel"; the page sizes of §9): mobile below the md
 * breakpoint, desktop from it. Read once per call: a resized window keeps its lobby until the next page.
 */
export function currentChannel(): GameChannel {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'desktop';
  return window.matchMedia(`(min-width: ${String(BREAKPOINTS_PX.md)}px)`).matches ? 'desktop' : 'mobile';
}

/**
 * product.md §2 "Route guards": the lobby's routes redirect to the locale home when the player is
 * risk-payout flagged, multibrand-suspended or lacks the lobby's access (machines/session.guards.ts
 * mayPlayLobby). The guard waits for the session to settle: until then the router's pending view
 * (a loader) shows, the spec's "while access is unknown a loading view shows".
 */
export async function lobbyGuard(context: RouterContext, langmarket: string, lobby: LobbyType): Promise<void> {
  const snapshot = await waitForSettled(context.session);
  if (!mayPlayLobby(snapshot, lobby)) throw redirect({ href: `/${langmarket}`, replace: true });
}

/**
 * The game page guard (product.md §2): the lobby's guard, and live casino games are not playable
 * in demo mode: a visitor's direct visit goes to the live casino home (a click from a lobby opened
 * the login popup instead, GameTile).
 */
export async function gamePageGuard(context: RouterContext, langmarket: string, lobby: LobbyType): Promise<void> {
  await lobbyGuard(context, langmarket, lobby);
  if (lobby === 'live-casino' && !isAuthorized(context.session.getSnapshot())) {
    throw redirect({ href: `/${langmarket}${LOBBY_PATHS['live-casino']}`, replace: true });
  }
}

/** Starts (or restarts: a login turns a demo into real money) the game launch flow for a game page. */
export function startGame(context: RouterContext, route: { lobby: LobbyType; provider: string | null; game: string }): void {
  const visitorCountry = context.session.getSnapshot().context.accessCheckRef.getSnapshot().context.countryCode;
  context.session.send({ type: 'flow.start', flow: 'gameLaunch', input: { ...route, channel: currentChannel(), visitorCountry } });
}

export function stopGame(context: RouterContext): void {
  context.session.send({ type: 'flow.stop', flow: 'gameLaunch' });
}
