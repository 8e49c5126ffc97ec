import { sql, type Kysely } from 'kysely';

// The reality check and the breaks (issue 13; product.md §3 "Responsible gambling"; behaviour.md
// §4 "Gambling limits and responsible gambling", §7, §8 "Login", §9).
//
// - `player_activity_settings`: the reality-check interval a player chose (30, 60 or 120 minutes,
//   or null: off). No row means the player never chose: the default of 120 minutes applies (to
//   every player, those already registered too), and the Dutch "a time limit must be set before
//   play" (Wet Koa) is not met yet (server/services/limits.ts hasRequiredActivityLimit).
// - `sessions.activity_timer_started_at`: the timer belongs to the login. Null until the first
//   reset: the timer then counts from the login itself (`created_at`).
// - `players.break_is_cooling`, `break_initiator`: a TIMEOUT that is a cooling-off, and who asked
//   for it (behaviour.md §4 "Session": the login error's isCooling and initiator).
// - `players.status_before_break`: the status a break interrupted (REGISTERED, or an operator's
//   RESTRICTED / PAYOUT / ACCOUNT_UNVERIFIED), restored when the break ends, so that a break can
//   never lift an operator's restriction.
// - `player_breaks`: every time-out, cooling-off and self-exclusion asked for, kept (GLI-19 and the
//   UKGC's LCCP SR 3.5.3 ask for a record of self-exclusions).

const ACTIVITY_INTERVALS = [30, 60, 120];
const BREAK_KINDS = ['TIMEOUT', 'COOLING_OFF', 'SELF_EXCLUSION'];
const PLAYER_STATUSES = ['CLOSED', 'ACCOUNT_UNVERIFIED', 'PRE_REGISTERED', 'REGISTERED', 'BLACKLISTED', 'RESTRICTED', 'PAYOUT', 'TIMEOUT', 'SELF_EXCLUDED'];
const list = (values: readonly (string | number)[]) => sql.join(values.map((value) => sql.lit(value)));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_activity_settings')
    .addColumn('player_id', 'integer', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('interval_minutes', 'integer', (col) => col.check(sql`interval_minutes is null or interval_minutes in (${list(ACTIVITY_INTERVALS)})`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema.alterTable('sessions').addColumn('activity_timer_started_at', 'timestamptz').execute();

  await db.schema
    .alterTable('players')
    .addColumn('break_is_cooling', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('break_initiator', 'text', (col) => col.check(sql`break_initiator is null or length(break_initiator) between 1 and 40`))
    .addColumn('status_before_break', 'text', (col) => col.check(sql`status_before_break is null or status_before_break in (${list(PLAYER_STATUSES)})`))
    .execute();

  await db.schema
    .createTable('player_breaks')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(sql`kind in (${list(BREAK_KINDS)})`))
    .addColumn('initiator', 'text', (col) => col.notNull().check(sql`length(initiator) between 1 and 40`))
    /** What was asked: months (time-out, exclusion) or days (cooling-off). */
    .addColumn('length_months', 'integer')
    .addColumn('length_days', 'integer')
    .addColumn('indefinite', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    /** The end this request asked for (null: indefinite); the player's end is the later of it and a break already running. */
    .addColumn('ends_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('player_breaks_player').on('player_breaks').columns(['player_id', 'requested_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_breaks').execute();
  await db.schema.alterTable('players').dropColumn('status_before_break').dropColumn('break_initiator').dropColumn('break_is_cooling').execute();
  await db.schema.alterTable('sessions').dropColumn('activity_timer_started_at').execute();
  await db.schema.dropTable('player_activity_settings').execute();
}
