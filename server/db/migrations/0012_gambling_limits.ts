import { sql, type Kysely } from 'kysely';

// The players' deposit and spend (loss) limits (issue 13; product.md §3 "Responsible gambling":
// per period D, W, M a value, startedAt, updatedAt, a pending value and its date; behaviour.md §7
// /player/deposit-limits and /player/spend-limits). server/repositories/limits.ts holds the SQL,
// server/services/limits.ts the rules.
//
// `player_limits`: one row per player, kind and period, made when the player first sets that limit
// and kept afterwards (a removed limit keeps its row with no value).
// - `value_cents`: the limit in force, in hundredths of the account currency (the ledger's scale,
//   machines/lib/wallet.ts parseMoney; a currency without minor units still counts in hundredths);
//   null: none. At most LIMIT_MAX_AMOUNT (10,000,000 units = 10^9 hundredths), so an integer holds it.
// - `started_at`: when the limit was set while none was in force; its periods follow one another
//   from then (machines/lib/responsibleGambling.ts limitWindow). Null exactly when there is no value.
// - `pending_value_cents` / `pending_delete` / `pending_date`: an increase or a removal waiting for
//   its cooling-off (UKGC RTS 12, AGCO, GLI-19; PP 72 h and the period's end). The first reader after
//   `pending_date` applies it in its transaction (the change's `updated_at` is its date, so every
//   reader writes the same row).

const KINDS = ['deposit', 'spend'];
const DURATIONS = ['D', 'W', 'M'];
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_limits')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('kind', 'text', (col) => col.notNull().check(oneOf('kind', KINDS)))
    .addColumn('duration', 'text', (col) => col.notNull().check(oneOf('duration', DURATIONS)))
    .addColumn('value_cents', 'integer', (col) => col.check(sql`value_cents > 0`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz')
    .addColumn('pending_value_cents', 'integer', (col) => col.check(sql`pending_value_cents > 0`))
    .addColumn('pending_delete', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('pending_date', 'timestamptz')
    .addPrimaryKeyConstraint('player_limits_pkey', ['player_id', 'kind', 'duration'])
    // A period runs only while a limit is in force.
    .addCheckConstraint('player_limits_started', sql`(value_cents is null) = (started_at is null)`)
    // A pending change is an increase or a removal, never both, of a limit in force, and has its date.
    .addCheckConstraint(
      'player_limits_pending',
      sql`not (pending_delete and pending_value_cents is not null)
        and (pending_date is null) = (pending_value_cents is null and not pending_delete)
        and (pending_date is null or value_cents is not null)`,
    )
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_limits').execute();
}
