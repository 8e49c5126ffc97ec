import { sql, type Kysely } from 'kysely';

// The bonus engine (issue 24; product.md §3 "Bonuses and rewards"; behaviour.md §4 "Bonuses and
// rewards", §5, §7 "Bonuses"). server/repositories/bonuses.ts holds the SQL, server/services/bonuses.ts
// the rules (machines/lib/bonuses.ts). The lists of the checks are written out here (a migration
// that has shipped never changes).
//
// - `bonus_campaigns`: what the operator offers, with the spec's fields (vertical, status, category,
//   trigger event, sticky or not, betBonusType, wrMultiplier, a fixed amount per currency or a
//   percentage with a maximum per currency, a bonus code, the partner's code, cashback info and its
//   booster games, game limitations, free-spin rounds per game, expiry days, display info per
//   language, the markets it is offered in).
// - `bonus_assignments`: a campaign's bonus given to a player (ACTIVATED, FORFEITED, or COMPLETED when
//   its wagering converted it), with its amount, the wagering it needs and what was wagered, once per
//   credit key (a retried claim or trigger finds it). At most ONE active assignment per player and
//   wallet vertical (the unique partial index): the database refuses a second, whatever code runs.
// - `bonus_queued`: a bonus waiting for its vertical's active one to end (isCredited when it is).
// - `bonus_agreements`: the player's answer to a campaign's terms (the agreement POST).
// - `bonus_activations`: cashback and opt-in switches per player and campaign.
// - `bonus_cashback_runs`: each cashback period settled for a player and campaign (once).
// - `bonus_free_spins`: a free-spin assignment's rounds per game and the rounds played.
// - `bonus_deposit_selections`: the campaign a player chose with a deposit (selectedBonusId).
// - `bonus_player_settings`: an operator's per-player manual-claim permission (behaviour.md §6).

const VERTICALS = ['CASINO', 'FREE_BET', 'LIVE_CASINO', 'SPORTS', 'FREE_SPINS'];
const WALLET_VERTICALS = ['SPORTS', 'CASINO', 'LIVE_CASINO'];
const STATUSES = ['ACTIVE', 'CANCELED', 'COMPLETED', 'DRAFT', 'EXPIRED'];
const CATEGORIES = ['MANUAL', 'TRIGGERED', 'OPT_IN', 'LOYALTY'];
const TRIGGERS = [
  'FIRST_DEPOSIT',
  'SECOND_DEPOSIT',
  'THIRD_DEPOSIT',
  'FOURTH_DEPOSIT',
  'FIFTH_DEPOSIT',
  'NEXT_DEPOSIT',
  'REGISTRATION',
  'CASHBACK_INSTANT',
  'CASHBACK_DAILY',
  'CASHBACK_WEEKLY',
  'CASHBACK_TIMEFRAME',
  'SPECIFIC_DAY',
  'LINKED_CAMPAIGN',
  'CASHBACK_BOOSTER',
  'MANUAL_BONUS_CODE',
  'TOURNAMENT',
];
const BONUS_TYPES = ['STICKY', 'NON_STICKY'];
const ASSIGNMENT_STATES = ['ACTIVATED', 'FORFEITED', 'COMPLETED'];
const END_REASONS = ['FORFEITED', 'EXPIRED', 'CONVERTED', 'WITHDRAWAL'];
const ACTIVATION_KINDS = ['CASHBACK', 'OPT_IN'];

const oneOf = (column: string, values: readonly string[]) => sql<boolean>`${sql.ref(column)} in (${sql.join(values.map((value) => sql.lit(value)))})`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bonus_campaigns')
    .addColumn('id', 'text', (col) => col.primaryKey().check(sql`id ~ '^[A-Za-z0-9_-]{1,64}$'`))
    .addColumn('vertical', 'text', (col) => col.notNull().check(oneOf('vertical', VERTICALS)))
    .addColumn('status', 'text', (col) => col.notNull().check(oneOf('status', STATUSES)))
    .addColumn('category', 'text', (col) => col.notNull().check(oneOf('category', CATEGORIES)))
    .addColumn('trigger_event', 'text', (col) => col.check(oneOf('trigger_event', TRIGGERS)))
    .addColumn('bonus_type', 'text', (col) => col.notNull().check(oneOf('bonus_type', BONUS_TYPES)))
    .addColumn('bet_bonus_type', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('wr_multiplier', sql`numeric(8, 2)`, (col) => col.notNull().check(sql`wr_multiplier >= 0`))
    // { "EUR": "50.00", ... }: a fixed bonus per currency (null: a percentage bonus, or free spins).
    .addColumn('bonus_amounts', 'jsonb')
    .addColumn('bonus_percentage', sql`numeric(6, 2)`, (col) => col.check(sql`bonus_percentage is null or bonus_percentage > 0`))
    .addColumn('max_bonus_amounts', 'jsonb')
    .addColumn('bonus_code', 'text', (col) => col.unique())
    .addColumn('partner_bonus_code', 'text')
    // { percentage, maxAmounts: { "EUR": "100.00" }, period: INSTANT | DAILY | WEEKLY | TIMEFRAME }
    .addColumn('cashback_info', 'jsonb')
    .addColumn('booster_games', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('booster_multiplier', sql`numeric(6, 2)`)
    .addColumn('game_limitations', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    // [{ gameId, rounds }] for a free-spin campaign (bet_bonus_type -1).
    .addColumn('free_spin_games', 'jsonb')
    .addColumn('expiry_days', 'integer', (col) => col.notNull().check(sql`expiry_days > 0`))
    .addColumn('timeframe_hours', 'integer', (col) => col.check(sql`timeframe_hours is null or timeframe_hours > 0`))
    .addColumn('linked_campaign_id', 'text', (col) => col.references('bonus_campaigns.id'))
    .addColumn('requires_agreement', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('progress_steps', 'integer', (col) => col.notNull().defaultTo(101).check(sql`progress_steps between 2 and 101`))
    // { "en": { title, description, terms, imageUrl }, ... } and the language used when the player's has none.
    .addColumn('display_info', 'jsonb', (col) => col.notNull())
    .addColumn('default_language', 'text', (col) => col.notNull().defaultTo('en'))
    // Market codes the campaign is offered in; [] is every market.
    .addColumn('markets', 'jsonb', (col) => col.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('starts_at', 'timestamptz')
    .addColumn('ends_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('bonus_campaigns_free_spins', sql`(bet_bonus_type = -1) = (free_spin_games is not null)`)
    .execute();

  await db.schema
    .createTable('bonus_assignments')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('bonus_campaigns.id'))
    .addColumn('vertical', 'text', (col) => col.notNull().check(oneOf('vertical', VERTICALS)))
    .addColumn('wallet_vertical', 'text', (col) => col.notNull().check(oneOf('wallet_vertical', WALLET_VERTICALS)))
    .addColumn('state', 'text', (col) => col.notNull().check(oneOf('state', ASSIGNMENT_STATES)))
    .addColumn('end_reason', 'text', (col) => col.check(oneOf('end_reason', END_REASONS)))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('wagering_amount', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`wagering_amount >= 0`))
    .addColumn('wagered', sql`numeric(18, 2)`, (col) => col.notNull().defaultTo(0).check(sql`wagered >= 0`))
    .addColumn('credit_key', 'text', (col) => col.notNull().unique())
    .addColumn('started_at', 'timestamptz', (col) => col.notNull())
    .addColumn('ended_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addCheckConstraint('bonus_assignments_ended', sql`(state = 'ACTIVATED') = (ended_at is null and end_reason is null)`)
    .execute();
  await sql`create unique index bonus_assignments_one_active on bonus_assignments (player_id, wallet_vertical) where state = 'ACTIVATED'`.execute(db);
  await sql`create index bonus_assignments_player on bonus_assignments (player_id, campaign_id)`.execute(db);

  await db.schema
    .createTable('bonus_queued')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('bonus_campaigns.id'))
    .addColumn('wallet_vertical', 'text', (col) => col.notNull().check(oneOf('wallet_vertical', WALLET_VERTICALS)))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('credit_key', 'text', (col) => col.notNull().unique())
    .addColumn('is_credited', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('assignment_id', 'integer', (col) => col.references('bonus_assignments.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('credited_at', 'timestamptz')
    .addCheckConstraint('bonus_queued_credited', sql`is_credited = (assignment_id is not null)`)
    .execute();
  await sql`create index bonus_queued_waiting on bonus_queued (player_id, wallet_vertical, id) where not is_credited`.execute(db);

  await db.schema
    .createTable('bonus_agreements')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('bonus_campaigns.id'))
    .addColumn('agreed', 'boolean', (col) => col.notNull())
    .addColumn('bonus_code', 'text', (col) => col.notNull())
    .addColumn('answered_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('bonus_agreements_pk', ['player_id', 'campaign_id'])
    .execute();

  await db.schema
    .createTable('bonus_activations')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('bonus_campaigns.id'))
    .addColumn('kind', 'text', (col) => col.notNull().check(oneOf('kind', ACTIVATION_KINDS)))
    .addColumn('active', 'boolean', (col) => col.notNull())
    .addColumn('activated_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('bonus_activations_pk', ['player_id', 'campaign_id', 'kind'])
    .execute();

  await db.schema
    .createTable('bonus_cashback_runs')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('bonus_campaigns.id'))
    .addColumn('period_start', 'timestamptz', (col) => col.notNull())
    .addColumn('period_end', 'timestamptz', (col) => col.notNull())
    .addColumn('loss', sql`numeric(18, 2)`, (col) => col.notNull())
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`amount >= 0`))
    .addColumn('settled_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('bonus_cashback_runs_pk', ['player_id', 'campaign_id', 'period_start'])
    .execute();

  await db.schema
    .createTable('bonus_free_spins')
    .addColumn('assignment_id', 'integer', (col) => col.notNull().references('bonus_assignments.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('rounds', 'integer', (col) => col.notNull().check(sql`rounds > 0`))
    .addColumn('rounds_played', 'integer', (col) => col.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('bonus_free_spins_pk', ['assignment_id', 'game_id'])
    .addCheckConstraint('bonus_free_spins_played', sql`rounds_played between 0 and rounds`)
    .execute();

  await db.schema
    .createTable('bonus_deposit_selections')
    .addColumn('deposit_id', 'text', (col) => col.primaryKey().references('cashier_deposits.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('campaign_id', 'text', (col) => col.notNull().references('bonus_campaigns.id'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('bonus_player_settings')
    .addColumn('player_id', 'integer', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('manual_claim_allowed', 'boolean', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'bonus_player_settings',
    'bonus_deposit_selections',
    'bonus_free_spins',
    'bonus_cashback_runs',
    'bonus_activations',
    'bonus_agreements',
    'bonus_queued',
    'bonus_assignments',
    'bonus_campaigns',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
