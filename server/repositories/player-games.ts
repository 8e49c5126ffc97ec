import type { ExpressionBuilder, Kysely } from 'kysely';
import type { LobbyPageType } from '../../machines/lib/games';
import type { Database } from '../db/schema';

// The SQL of the player's games (migration 0010: player_favorites, player_recent_games) and the
// deposit count of the lobby boxes' audiences (behaviour.md §6 "by group (deposit count 0, 1, more
// than 1)"). The rules are server/services/player-games.ts's and server/services/catalog.ts's.

export interface FavoriteRow {
  gameId: string;
  lobbyPageType: string;
  addedAt: Date;
}

export interface RecentGameRow {
  gameId: string;
  category: string;
  playedAt: Date;
}

/** The player's favourites, newest first. */
export async function listFavorites(db: Kysely<Database>, playerId: number): Promise<FavoriteRow[]> {
  return db
    .selectFrom('player_favorites')
    .select(['game_id as gameId', 'lobby_page_type as lobbyPageType', 'added_at as addedAt'])
    .where('player_id', '=', playerId)
    .orderBy('added_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Adds a favourite; one that exists already keeps its row and its time. */
export async function insertFavorite(db: Kysely<Database>, row: { playerId: number; lobbyPageType: LobbyPageType; gameId: string; at: Date }): Promise<void> {
  await db
    .insertInto('player_favorites')
    .values({ player_id: row.playerId, lobby_page_type: row.lobbyPageType, game_id: row.gameId, added_at: row.at })
    .onConflict((conflict) => conflict.columns(['player_id', 'lobby_page_type', 'game_id']).doNothing())
    .execute();
}

/** Removes a favourite, if there is one. */
export async function deleteFavorite(db: Kysely<Database>, row: { playerId: number; lobbyPageType: LobbyPageType; gameId: string }): Promise<void> {
  await db
    .deleteFrom('player_favorites')
    .where('player_id', '=', row.playerId)
    .where('lobby_page_type', '=', row.lobbyPageType)
    .where('game_id', '=', row.gameId)
    .execute();
}

/** The player's recent games of one category (or both), newest first, at most `limit`. */
export async function listRecentGames(db: Kysely<Database>, playerId: number, category: LobbyPageType | undefined, limit: number): Promise<RecentGameRow[]> {
  let query = db
    .selectFrom('player_recent_games')
    .select(['game_id as gameId', 'category', 'played_at as playedAt'])
    .where('player_id', '=', playerId);
  if (category !== undefined) query = query.where('category', '=', category);
  return query.orderBy('played_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** Puts the game first in the player's category (its old row goes), then keeps the newest `keep`. Inside a transaction. */
export async function recordRecentGame(
  trx: Kysely<Database>,
  row: { playerId: number; category: LobbyPageType; gameId: string; at: Date },
  keep: number,
): Promise<void> {
  // The player's list of this category, in each of the three statements.
  const ofList = (eb: ExpressionBuilder<Database, 'player_recent_games'>) => eb.and({ player_id: row.playerId, category: row.category });
  await trx.deleteFrom('player_recent_games').where(ofList).where('game_id', '=', row.gameId).execute();
  await trx.insertInto('player_recent_games').values({ player_id: row.playerId, category: row.category, game_id: row.gameId, played_at: row.at }).execute();
  const kept = trx.selectFrom('player_recent_games').select('id').where(ofList).orderBy('played_at', 'desc').orderBy('id', 'desc').limit(keep);
  await trx.deleteFrom('player_recent_games').where(ofList).where('id', 'not in', kept).execute();
}

/** Locks the player's row, so two recent-game posts of one player run one after the other (the trim stays exact). */
export async function lockPlayer(trx: Kysely<Database>, playerId: number): Promise<void> {
  await trx.selectFrom('players').select('id').where('id', '=', playerId).forUpdate().execute();
}

/** The player's successful cashier deposits (wallet_transactions PAYMENT / DEPOSIT / SUCCESS). */
export async function successfulDepositCount(db: Kysely<Database>, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('wallet_transactions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('player_id', '=', playerId)
    .where('category', '=', 'PAYMENT')
    .where('type', '=', 'DEPOSIT')
    .where('status', '=', 'SUCCESS')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
