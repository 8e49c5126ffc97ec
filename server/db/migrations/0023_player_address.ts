import { sql, type Kysely } from 'kysely';

// The player's postal address (issue 23; product.md §3 "Account details": "address ... province
// forms"; behaviour.md §7 /player/address), and the account's activity log learns the address and
// province changes. server/repositories/address.ts holds the SQL, server/services/address.ts and
// server/services/province.ts the rules (machines/lib/address.ts).
//
// `player_addresses`: at most one row per player, what a regulated operator keeps of the address:
// the street address, the postal code (normalised: upper case, one space) and the city. The country
// is the player's own (players.country_code) and the province stays players.province_code (migration
// 0003), which the id token carries. The lengths are machines/lib/address.ts's, written out here: a
// migration that has shipped never changes, even if the rules do.
//
// `player_activity.kind` (migration 0022) takes two more kinds: ADDRESS_CHANGED and PROVINCE_CHANGED.

const KINDS_BEFORE = ['LOGIN', 'PASSWORD_CHANGED', 'LANGUAGE_CHANGED'];
const KINDS = [...KINDS_BEFORE, 'ADDRESS_CHANGED', 'PROVINCE_CHANGED'];
const kindCheck = (kinds: readonly string[]) => sql<boolean>`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_addresses')
    .addColumn('player_id', 'integer', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('street_address', 'text', (col) => col.notNull().check(sql`char_length(street_address) between 1 and 100`))
    .addColumn('postal_code', 'text', (col) => col.notNull().check(sql`char_length(postal_code) between 1 and 10`))
    .addColumn('city', 'text', (col) => col.notNull().check(sql`char_length(city) between 1 and 60`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.alterTable('player_activity').dropConstraint('player_activity_kind_check').execute();
  await db.schema.alterTable('player_activity').addCheckConstraint('player_activity_kind_check', kindCheck(KINDS)).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.deleteFrom('player_activity' as never).where(sql<boolean>`kind in ('ADDRESS_CHANGED', 'PROVINCE_CHANGED')`).execute();
  await db.schema.alterTable('player_activity').dropConstraint('player_activity_kind_check').execute();
  await db.schema.alterTable('player_activity').addCheckConstraint('player_activity_kind_check', kindCheck(KINDS_BEFORE)).execute();
  await db.schema.dropTable('player_addresses').execute();
}
