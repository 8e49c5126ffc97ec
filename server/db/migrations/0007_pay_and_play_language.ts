import type { Kysely } from 'kysely';

// Pay and play (issue 8): the language a new player gets is the route's, which the app sends with
// GET /paynplay/authorize; the session keeps it until the code verification creates the player.
// Null for a session opened without one (the country's region language then).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('paynplay_sessions').addColumn('language', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('paynplay_sessions').dropColumn('language').execute();
}
