import { type Kysely } from 'kysely';

// The players' login history (product.md §3 "Account details": loginDate, loginIp, loginCountry;
// behaviour.md §7 "Login history: GET"). server/repositories/login-history.ts holds the SQL,
// server/services/login-history.ts the rules.
//
// `player_logins`: one row per login the platform let through (a password login or a pay-and-play
// login), with the address it came from and the visitor's country when the platform knows it
// (a trusted proxy's country header; null otherwise).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_logins')
    .addColumn('id', 'bigserial', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('logged_in_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ip_address', 'text')
    .addColumn('country_code', 'text')
    .addColumn('login_method', 'text', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('player_logins_player_time').on('player_logins').columns(['player_id', 'logged_in_at desc', 'id desc']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_logins').execute();
}
