import { sql, type Kysely } from 'kysely';

// The account's activity log (product.md §3 "Session": "latestActivityLog with a note"; behaviour.md
// §7 /player/latest-activity-log). server/repositories/account-activity.ts holds the SQL,
// server/services/account-activity.ts the rules.
//
// `player_activity`: one row per thing done on the account (a login, a password change, a language
// change), when, and a note (the login's address, the new language). The kinds are written out here:
// a migration that has shipped never changes.

const KINDS = ['LOGIN', 'PASSWORD_CHANGED', 'LANGUAGE_CHANGED'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_activity')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${sql.join(KINDS.map((kind) => sql.lit(kind)))})`))
    .addColumn('note', 'text')
    .execute();
  await db.schema.createIndex('player_activity_player_time').on('player_activity').columns(['player_id', 'at desc', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_activity').execute();
}
