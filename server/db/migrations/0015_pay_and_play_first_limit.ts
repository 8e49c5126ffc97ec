import { sql, type Kysely } from 'kysely';

// Pay and play in Sweden and Germany (issue 21): a market that requires a deposit limit before the
// first deposit (Spelinspektionen: any period; GlüStV: monthly, at most 1,000 EUR) gets it with the
// amount at GET /paynplay/authorize. The session keeps it until the code check, which saves it as a
// new player's first deposit limit (server/services/pay-and-play.ts) before the deposit rule runs.
// Both null for a session without one; in hundredths of the currency, as player_limits.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('paynplay_sessions')
    .addColumn('limit_duration', 'text', (col) => col.check(sql`limit_duration in ('D', 'W', 'M')`))
    .execute();
  await db.schema
    .alterTable('paynplay_sessions')
    .addColumn('limit_cents', 'integer', (col) => col.check(sql`limit_cents > 0`))
    .execute();
  await sql`alter table paynplay_sessions add constraint paynplay_sessions_first_limit check ((limit_duration is null) = (limit_cents is null))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table paynplay_sessions drop constraint paynplay_sessions_first_limit`.execute(db);
  await db.schema.alterTable('paynplay_sessions').dropColumn('limit_cents').execute();
  await db.schema.alterTable('paynplay_sessions').dropColumn('limit_duration').execute();
}
