import { sql, type Kysely } from 'kysely';

// Issue 23 "Beyond the spec": the answers of the national self-exclusion registers (Spelpaus,
// OASIS, GAMSTOP), kept for the operator. server/repositories/register-checks.ts holds the SQL,
// server/services/self-exclusion-registers.ts the rules.
//
// `register_checks`: one row per question to a register: when, on which occasion (sign-up, pay and
// play's bank identification, login), which register, its answer (listed, not listed, or could not
// be asked: the platform then refused), the register's reference, and who (the player when there
// is one, the e-mail or the bank's personal identity code the question named). Append-only: a
// regulator's audit reads it as it was written. The names are machines/lib/selfExclusionRegisters.ts's,
// written out here: a migration that has shipped never changes, even if the lists do.

const OCCASIONS = ['SIGNUP', 'PAY_AND_PLAY', 'LOGIN'];
const REGISTERS = ['SPELPAUS', 'OASIS', 'GAMSTOP'];
const OUTCOMES = ['LISTED', 'NOT_LISTED', 'UNAVAILABLE'];
const oneOf = (column: string, values: readonly string[]) => sql`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('register_checks')
    .addColumn('id', 'serial', (col) => col.primaryKey())
    .addColumn('checked_at', 'timestamptz', (col) => col.notNull())
    .addColumn('occasion', 'text', (col) => col.notNull().check(oneOf('occasion', OCCASIONS)))
    .addColumn('register', 'text', (col) => col.notNull().check(oneOf('register', REGISTERS)))
    .addColumn('outcome', 'text', (col) => col.notNull().check(oneOf('outcome', OUTCOMES)))
    .addColumn('provider_reference', 'text')
    .addColumn('player_id', 'integer', (col) => col.references('players.id').onDelete('set null'))
    .addColumn('email', 'text')
    .addColumn('personid', 'text')
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addCheckConstraint('register_checks_reference', sql`(outcome = 'UNAVAILABLE') = (provider_reference is null)`)
    .execute();
  await db.schema.createIndex('register_checks_player').on('register_checks').columns(['player_id', 'checked_at']).execute();
  await db.schema.createIndex('register_checks_checked_at').on('register_checks').column('checked_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('register_checks').execute();
}
