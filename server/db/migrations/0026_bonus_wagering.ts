import { sql, type Kysely } from 'kysely';

// The money of bets with bonuses (issue 24; server/services/bonus-wagering.ts holds the rules,
// server/repositories/bonus-wagering.ts the SQL). Beside the bonus engine's tables (migration 0025):
//
// - `game_rounds.bonus_staked`: the part of the round's stake (bets not rolled back) that was drawn
//   from the player's BONUS account; a win of the round goes to the bonus in the same proportion.
//   `game_rounds.bonus_assignment_id`: the assignment whose bonus money the round staked.
// - `bonus_bet_parts`: one row per bet placed while the player had an active bonus in the bet's
//   wallet vertical: its bonus part and what it added to the assignment's wagering, so that a
//   rollback returns each part to where it came from and takes its wagering back.
// - `bonus_free_spin_rounds`: each free-spin round played (a zero-stake round of a free-spin
//   assignment), once per provider and round, with what it won into the BONUS account.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('game_rounds')
    .addColumn('bonus_staked', sql`numeric(18, 2)`, (col) => col.notNull().defaultTo(0).check(sql`bonus_staked >= 0`))
    .execute();
  await db.schema
    .alterTable('game_rounds')
    .addColumn('bonus_assignment_id', 'integer', (col) => col.references('bonus_assignments.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('bonus_bet_parts')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('transaction_id', 'text', (col) => col.notNull())
    .addColumn('round_id', 'text', (col) => col.notNull())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('assignment_id', 'integer', (col) => col.notNull().references('bonus_assignments.id').onDelete('cascade'))
    .addColumn('bonus', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`bonus >= 0`))
    .addColumn('wagered', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`wagered >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('bonus_bet_parts_pkey', ['provider', 'transaction_id'])
    .execute();

  await db.schema
    .createTable('bonus_free_spin_rounds')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('round_id', 'text', (col) => col.notNull())
    .addColumn('assignment_id', 'integer', (col) => col.notNull().references('bonus_assignments.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('won', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`won >= 0`))
    .addColumn('played_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('bonus_free_spin_rounds_pkey', ['provider', 'round_id'])
    .execute();
  await db.schema.createIndex('bonus_free_spin_rounds_assignment').on('bonus_free_spin_rounds').columns(['assignment_id', 'game_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('bonus_free_spin_rounds').execute();
  await db.schema.dropTable('bonus_bet_parts').execute();
  await db.schema.alterTable('game_rounds').dropColumn('bonus_assignment_id').execute();
  await db.schema.alterTable('game_rounds').dropColumn('bonus_staked').execute();
}
