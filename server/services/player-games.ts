import type { Kysely } from 'kysely';
import type { FavoriteRequest, FavoritesResponse, RecentGameRequest, RecentGamesResponse } from '../../src/api/games';
import { RECENT_GAMES_LIMIT } from '../../machines/lib/constants';
import { LOBBY_PAGE_TYPE_OF, LOBBY_PAGE_TYPES, type LobbyPageType } from '../../machines/lib/games';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { validationError } from '../http/validation';
import { FIELD_CODES } from '../../src/api/errors';
import {
  deleteFavorite,
  insertFavorite,
  listFavorites,
  listRecentGames,
  lockPlayer,
  recordRecentGame,
  type FavoriteRow,
  type RecentGameRow,
} from '../repositories/player-games';
import { inTransaction } from '../repositories/transaction';
import { findCatalogGame } from './catalog';

// The player's favourite and recently played games (issue 12; behaviour.md §6 "Only logged-in
// players fetch ... my games, recent games"; §7 "Games"; §9 "Recent games default limit: 30").
//
// - A favourite or a recent game names a game of the catalog (by id, or by gameSlug, stored as its
//   id): an unknown game is 404 error.not_found. Its lobby page type (or category) must be the
//   game's lobby's (CASINO for casino games, LIVE_CASINO for live tables): another is 400
//   error.validation on that field, so "my games" never lists a game under the wrong lobby.
// - Adding a favourite twice keeps one (and its first time); removing one that is not there is fine.
// - Playing a game moves it to the front of its category; each category keeps the newest 30.

export interface PlayerGamesDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

const isLobbyPageType = (value: string): value is LobbyPageType => (LOBBY_PAGE_TYPES as readonly string[]).includes(value);

/** The catalog game's id for a posted game, checked against the posted lobby page type. */
function catalogGameId(gameId: string, lobbyPageType: LobbyPageType, field: 'lobbyPageType' | 'category'): string {
  const game = findCatalogGame(gameId);
  if (!game) throw new HttpError(404, ERROR_CODES.notFound, `No game "${gameId}".`);
  if (LOBBY_PAGE_TYPE_OF[game.lobby] !== lobbyPageType) throw validationError([{ field, code: FIELD_CODES.invalid }]);
  return game.id;
}

function favoritesAnswer(rows: readonly FavoriteRow[]): FavoritesResponse {
  return {
    favorites: rows.flatMap((row) => (isLobbyPageType(row.lobbyPageType) ? [{ gameId: row.gameId, lobbyPageType: row.lobbyPageType, addedAt: new Date(row.addedAt).toISOString() }] : [])),
  };
}

function recentAnswer(rows: readonly RecentGameRow[]): RecentGamesResponse {
  return {
    games: rows.flatMap((row) => (isLobbyPageType(row.category) ? [{ gameId: row.gameId, category: row.category, playedAt: new Date(row.playedAt).toISOString() }] : [])),
  };
}

export async function favoritesOf(deps: PlayerGamesDeps, playerId: number): Promise<FavoritesResponse> {
  return favoritesAnswer(await listFavorites(deps.db, playerId));
}

export async function addFavorite(deps: PlayerGamesDeps, playerId: number, input: FavoriteRequest): Promise<FavoritesResponse> {
  const gameId = catalogGameId(input.gameId, input.lobbyPageType, 'lobbyPageType');
  await insertFavorite(deps.db, { playerId, lobbyPageType: input.lobbyPageType, gameId, at: deps.clock() });
  return favoritesOf(deps, playerId);
}

export async function removeFavorite(deps: PlayerGamesDeps, playerId: number, input: FavoriteRequest): Promise<FavoritesResponse> {
  // A game that left the catalog can still be removed: only the known ones are checked.
  const game = findCatalogGame(input.gameId);
  await deleteFavorite(deps.db, { playerId, lobbyPageType: input.lobbyPageType, gameId: game?.id ?? input.gameId });
  return favoritesOf(deps, playerId);
}

export async function recentGamesOf(deps: PlayerGamesDeps, playerId: number, query: { category?: LobbyPageType | undefined; limit: number }): Promise<RecentGamesResponse> {
  return recentAnswer(await listRecentGames(deps.db, playerId, query.category, Math.min(query.limit, RECENT_GAMES_LIMIT)));
}

/** POST /player/recent-games (the game launch posts it): the category's list after the game moved to its front. */
export async function addRecentGame(deps: PlayerGamesDeps, playerId: number, input: RecentGameRequest): Promise<RecentGamesResponse> {
  const gameId = catalogGameId(input.gameId, input.category, 'category');
  await inTransaction(deps.db, async (trx) => {
    await lockPlayer(trx, playerId);
    await recordRecentGame(trx, { playerId, category: input.category, gameId, at: deps.clock() }, RECENT_GAMES_LIMIT);
  });
  return recentGamesOf(deps, playerId, { category: input.category, limit: RECENT_GAMES_LIMIT });
}
