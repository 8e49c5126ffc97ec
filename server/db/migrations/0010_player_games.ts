import { sql, type Kysely } from 'kysely';

// The player's favourite and recently played games (issue 12; behaviour.md §7 "Games": favorites
// GET, POST and DELETE with gameId and lobbyPageType; recent games GET with category and limit,
// POST with category and gameId; §9 "Recent games default limit: 30").
//
// - `player_favorites`: one row per player, lobby page type and game (the key makes adding twice a
//   no-op); listed newest first.
// - `player_recent_games`: one row per player, category and game; playing a game again replaces its
//   row (a new id, so the newest is first even when two plays share a timestamp), and the service
//   keeps the newest 30 per player and category (server/services/player-games.ts).
// Game ids are the catalog's (server/content/catalog/), which lives in code: no foreign key.

const LOBBY_PAGE_TYPES = ['CASINO', 'LIVE_CASINO'];
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_favorites')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('lobby_page_type', 'text', (col) => col.notNull().check(oneOf('lobby_page_type', LOBBY_PAGE_TYPES)))
    .addColumn('game_id', 'text', (col) => col.notNull().check(sql`length(game_id) between 1 and 200`))
    .addColumn('added_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('player_favorites_player_lobby_game', ['player_id', 'lobby_page_type', 'game_id'])
    .execute();
  await db.schema.createIndex('player_favorites_player_added').on('player_favorites').columns(['player_id', 'added_at desc', 'id desc']).execute();

  await db.schema
    .createTable('player_recent_games')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('category', 'text', (col) => col.notNull().check(oneOf('category', LOBBY_PAGE_TYPES)))
    .addColumn('game_id', 'text', (col) => col.notNull().check(sql`length(game_id) between 1 and 200`))
    .addColumn('played_at', 'timestamptz', (col) => col.notNull())
    .addUniqueConstraint('player_recent_games_player_category_game', ['player_id', 'category', 'game_id'])
    .execute();
  await db.schema
    .createIndex('player_recent_games_player_category_played')
    .on('player_recent_games')
    .columns(['player_id', 'category', 'played_at desc', 'id desc'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_recent_games').execute();
  await db.schema.dropTable('player_favorites').execute();
}
