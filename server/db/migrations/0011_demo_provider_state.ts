import { sql, type Kysely } from 'kysely';

// The demo game provider's state (issue 12, "The demo game provider"; server/providers/demo-games/
// state.ts holds the SQL, play.ts the rules). It lived in each process's memory, so two platform
// processes on one PostgreSQL (or one process after a restart) lost or split it: a live bet whose
// process died was never paid, a replayed request was played twice in demo on the other process,
// and alternating processes got round the GG market's 2.5 s between spins. Now every process reads
// and writes the same rows.
//
// - `demo_launches`: one row per launch the provider has served (the launch token's `lid`), with
//   the token's claims (what a sweep needs to settle a bet of a launch whose page is gone), the demo
//   fun money in ledger cents and when the last slot spin started. Rows go some minutes after the
//   launch expired, unless a live bet or a win of theirs still waits; their answers and settled
//   bets go with them (on delete cascade).
// - `demo_answers`: the answer of each round a launch played, by its round reference (an HMAC of
//   the launch, the page's request id and the bets: the same request with other bets is another
//   round), so a replayed request gets the same answer in any process; the newest few per launch.
// - `demo_live_bets`: a launch's bets on a live table round, one submission per launch and round.
//   `placing` while the real-money BET is on its way, `placed` once the wallet took it, `settled`
//   (with the pocket and the return) once the round was paid. A sweep leases the rows it settles
//   (`claimed_until`, taken with FOR UPDATE SKIP LOCKED) so two processes do not both settle one.
// - `demo_pending_wins`: real-money WINs the wallet did not confirm, retried until it does; the
//   transaction id is the key, so a win is queued once.

const LIVE_BET_STATES = ['placing', 'placed', 'settled'];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('demo_launches')
    .addColumn('launch_id', 'text', (col) => col.primaryKey().check(sql`launch_id ~ '^[a-f0-9]{24}$'`))
    .addColumn('claims', 'jsonb', (col) => col.notNull())
    .addColumn('fun_cents', 'bigint', (col) => col.notNull().check(sql`fun_cents >= 0`))
    .addColumn('last_spin_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('demo_launches_expires_at').on('demo_launches').column('expires_at').execute();

  await db.schema
    .createTable('demo_answers')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('launch_id', 'text', (col) => col.notNull().references('demo_launches.launch_id').onDelete('cascade'))
    .addColumn('round_ref', 'text', (col) => col.notNull().check(sql`length(round_ref) between 1 and 100`))
    .addColumn('answer', 'jsonb', (col) => col.notNull())
    .addUniqueConstraint('demo_answers_launch_round', ['launch_id', 'round_ref'])
    .execute();
  await db.schema.createIndex('demo_answers_launch_id').on('demo_answers').columns(['launch_id', 'id']).execute();

  await db.schema
    .createTable('demo_live_bets')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('launch_id', 'text', (col) => col.notNull().references('demo_launches.launch_id').onDelete('cascade'))
    .addColumn('round', 'integer', (col) => col.notNull())
    .addColumn('round_ref', 'text', (col) => col.notNull().check(sql`length(round_ref) between 1 and 100`))
    .addColumn('bets', 'jsonb', (col) => col.notNull())
    .addColumn('total_cents', 'bigint', (col) => col.notNull().check(sql`total_cents > 0`))
    .addColumn('state', 'text', (col) => col.notNull().check(sql`state in (${sql.join(LIVE_BET_STATES.map((state) => sql.lit(state)))})`))
    .addColumn('placed_at', 'timestamptz', (col) => col.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .addColumn('pocket', 'smallint', (col) => col.check(sql`pocket between 0 and 36`))
    .addColumn('win_cents', 'bigint', (col) => col.check(sql`win_cents >= 0`))
    .addColumn('settled_at', 'timestamptz')
    .addUniqueConstraint('demo_live_bets_launch_round', ['launch_id', 'round'])
    // A settled bet says how it went; one that is not has no outcome yet.
    .addCheckConstraint(
      'demo_live_bets_outcome',
      sql`case when state = 'settled' then pocket is not null and win_cents is not null and settled_at is not null else pocket is null and win_cents is null and settled_at is null end`,
    )
    .execute();
  // The sweep's question: which bets still wait for their round's end?
  await db.schema
    .createIndex('demo_live_bets_waiting')
    .on('demo_live_bets')
    .columns(['round', 'id'])
    .where(sql<boolean>`state <> 'settled'`)
    .execute();

  await db.schema
    .createTable('demo_pending_wins')
    .addColumn('transaction_id', 'text', (col) => col.primaryKey())
    .addColumn('launch_id', 'text', (col) => col.notNull().references('demo_launches.launch_id').onDelete('cascade'))
    .addColumn('round_id', 'text', (col) => col.notNull())
    .addColumn('cents', 'bigint', (col) => col.notNull().check(sql`cents > 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('claimed_until', 'timestamptz')
    .execute();
  await db.schema.createIndex('demo_pending_wins_launch_id').on('demo_pending_wins').column('launch_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('demo_pending_wins').execute();
  await db.schema.dropTable('demo_live_bets').execute();
  await db.schema.dropTable('demo_answers').execute();
  await db.schema.dropTable('demo_launches').execute();
}
