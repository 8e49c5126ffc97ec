import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import {
  favoriteRequestSchema,
  recentGameRequestSchema,
  recentGamesQuerySchema,
  type FavoritesResponse,
  type RecentGamesResponse,
} from '../../src/api/games';
import { requireAuth, type AuthEnv } from '../http/auth';
import { fieldErrorsOf, flowBodyLimit, parseJsonBody, validationError } from '../http/validation';
import { addFavorite, addRecentGame, favoritesOf, recentGamesOf, removeFavorite, type PlayerGamesDeps } from '../services/player-games';

// The player's favourites and recently played games (issue 12; contract src/api/games.ts;
// behaviour.md §7 "Games": favorites GET, POST and DELETE with gameId and lobbyPageType; recent
// games GET with category and limit (default 30), POST with category and gameId; §9), mounted at
// /api/player. Every route needs the player's id token (requireAuth, as the wallet's routes).
// The rules are server/services/player-games.ts's.

export type { PlayerGamesDeps };

/** Mounted at /api/player: favorites and recent-games. */
export function playerGamesRoutes(deps: PlayerGamesDeps): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const playerOf = (c: Context<AuthEnv>): number => c.get('authSession').playerId;

  routes.get('/favorites', requireAuth, async (c) => c.json<FavoritesResponse>(await favoritesOf(deps, playerOf(c))));

  routes.post('/favorites', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, favoriteRequestSchema);
    return c.json<FavoritesResponse>(await addFavorite(deps, playerOf(c), body));
  });

  routes.delete('/favorites', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, favoriteRequestSchema);
    return c.json<FavoritesResponse>(await removeFavorite(deps, playerOf(c), body));
  });

  routes.get('/recent-games', requireAuth, async (c) => {
    const parsed = v.safeParse(recentGamesQuerySchema, c.req.query(), { abortEarly: false });
    if (!parsed.success) throw validationError(fieldErrorsOf(parsed.issues));
    return c.json<RecentGamesResponse>(await recentGamesOf(deps, playerOf(c), parsed.output));
  });

  routes.post('/recent-games', flowBodyLimit, requireAuth, async (c) => {
    const body = await parseJsonBody(c, recentGameRequestSchema);
    return c.json<RecentGamesResponse>(await addRecentGame(deps, playerOf(c), body));
  });

  return routes;
}
