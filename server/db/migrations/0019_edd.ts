import { sql, type Kysely } from 'kysely';

// The players' EDD questionnaire (product.md §3 "EDD questionnaire", "Documents": type
// EDD_QUESTIONNAIRE; behaviour.md §5 the EDD completeness rule; §7 /player/questionnaire/answer).
// server/repositories/edd.ts holds the SQL, server/services/edd.ts the rules
// (machines/lib/edd.ts).
//
// `player_edd_questionnaires`: one row per player once the operator asks (status `requested`, no
// answers); the player's answer fills the answers and makes it `submitted` (the KYC level
// EDD_UNDER_REVIEW); the operator's acceptance makes it `approved`. The answers are the list ids of
// machines/lib/edd.ts ('' or 0 where not given), checked by the service; the columns' checks hold
// the shape only, so that a change of the lists needs no migration.

const STATUSES = ['requested', 'submitted', 'approved'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('player_edd_questionnaires')
    .addColumn('player_id', 'integer', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${sql.join(STATUSES.map((status) => sql.lit(status)))})`))
    .addColumn('occupation', 'text', (col) => col.notNull().defaultTo('').check(sql`char_length(occupation) <= 40`))
    .addColumn('other_occupation', 'text', (col) => col.notNull().defaultTo('').check(sql`char_length(other_occupation) <= 200`))
    .addColumn('salary_range_id', 'integer', (col) => col.notNull().defaultTo(0).check(sql`salary_range_id >= 0`))
    .addColumn('source_of_funds', 'text', (col) => col.notNull().defaultTo('').check(sql`char_length(source_of_funds) <= 40`))
    .addColumn('other_source_of_funds', 'text', (col) => col.notNull().defaultTo('').check(sql`char_length(other_source_of_funds) <= 200`))
    .addColumn('place_of_birth', 'text', (col) => col.notNull().defaultTo('').check(sql`char_length(place_of_birth) <= 2`))
    .addColumn('nationality', 'text', (col) => col.notNull().defaultTo('').check(sql`char_length(nationality) <= 2`))
    .addColumn('requested_at', 'timestamptz', (col) => col.notNull())
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('player_edd_questionnaires').execute();
}
