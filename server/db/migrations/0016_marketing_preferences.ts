import { sql, type Kysely } from 'kysely';

// The players' marketing preferences (product.md §3 "Marketing preferences"; behaviour.md §7
// "/player/marketing_preferences: GET and PATCH"). server/repositories/marketing-preferences.ts holds
// the SQL, server/services/marketing-preferences.ts the rules.
//
// `player_marketing_preferences`: one row per player, communication and channel, whether that
// channel may carry that communication. A player has either no rows (nothing chosen yet: the
// answer is the sign-up's opt-in, machines/lib/marketingPreferences.ts defaultMarketingPreferences)
// or all twenty, written together by a PATCH (the whole set replaces the old one).
// The names are the lists of machines/lib/marketingPreferences.ts, written out here: a migration
// that has shipped never changes, even if the lists do.

const CHANNELS = ['EMAIL', 'SMS', 'MAIL', 'PHONE', 'PUSH_NOTIFICATION'];
const COMMUNICATIONS = ['BONUS_OFFER', 'NEWSLETTER', 'CASINO', 'RESPONSIBLE_GAMING'];
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_marketing_preferences')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('communication', 'text', (col) => col.notNull().check(oneOf('communication', COMMUNICATIONS)))
    .addColumn('channel', 'text', (col) => col.notNull().check(oneOf('channel', CHANNELS)))
    .addColumn('allowed', 'boolean', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('player_marketing_preferences_pkey', ['player_id', 'communication', 'channel'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_marketing_preferences').execute();
}
