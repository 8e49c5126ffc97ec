import { sql, type Kysely } from 'kysely';

// The game providers' seamless wallet keeps a round's books, knows whose key signed a call and
// which login a game belongs to (issue 20 "Money trust"; the contract is
// server/contract/provider-wallet.ts, the rules server/services/game-wallet.ts).
//
// - `game_provider_keys`: the keys game providers sign their wallet calls with, one provider per
//   key (a call's provider is its key's, never its body's). A provider has at most two keys in
//   force: a rotation adds the new one and the old one stays good until it is retired (by hand or
//   when a later rotation comes), so a provider switches without downtime. The demo provider's
//   generated secret (platform_settings.gameWalletSecret, when one was kept) becomes its first key.
// - `game_sessions`: the game session token a real-money launch hands the provider (stored as its
//   SHA-256), tied to the player's login session: the provider sends it with every balance and bet,
//   and the wallet refuses both once that login has ended (logout, idle, lifetime, a break, closure).
// - `game_rounds`: a round of a provider for one player and game: OPEN from its first bet,
//   SETTLED once it paid a win, ROLLED_BACK when every bet of it was voided. A win or a bet-void
//   must name a round of the same provider and player; a settled round's bets cannot be rolled back;
//   a round's wins are bounded by its stake times the provider's contract multiplier.
//   `wallet_transactions.game_round` names a bet's round (`<provider>:<roundId>`).

const ROUND_STATUSES = ['OPEN', 'SETTLED', 'ROLLED_BACK'];
const list = (values: readonly string[]) => sql.join(values.map((value) => sql.lit(value)));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('game_provider_keys')
    .addColumn('key_id', 'text', (col) => col.primaryKey().check(sql`key_id ~ '^[A-Za-z0-9][A-Za-z0-9._-]{0,79}$'`))
    .addColumn('provider', 'text', (col) => col.notNull().check(sql`provider ~ '^[a-z0-9][a-z0-9-]{0,39}$'`))
    .addColumn('secret', 'text', (col) => col.notNull().check(sql`length(secret) >= 32`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('retired_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('game_provider_keys_provider').on('game_provider_keys').columns(['provider', 'created_at']).execute();
  // The demo provider's generated secret of earlier versions signs on as its first key.
  await sql`
    insert into game_provider_keys (key_id, provider, secret, created_at)
    select 'aurora-demo.1', 'aurora-demo', value #>> '{}', updated_at from platform_settings
    where key = 'gameWalletSecret' and jsonb_typeof(value) = 'string' and length(value #>> '{}') >= 32
  `.execute(db);

  await db.schema
    .createTable('game_sessions')
    .addColumn('token_hash', 'text', (col) => col.primaryKey().check(sql`token_hash ~ '^[a-f0-9]{64}$'`))
    .addColumn('session_id', 'text', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('game_sessions_session').on('game_sessions').column('session_id').execute();

  await db.schema
    .createTable('game_rounds')
    .addColumn('provider', 'text', (col) => col.notNull())
    .addColumn('round_id', 'text', (col) => col.notNull())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('game_id', 'text', (col) => col.notNull())
    .addColumn('vertical', 'text', (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in (${list(ROUND_STATUSES)})`))
    .addColumn('staked', 'numeric(18, 2)', (col) => col.notNull().check(sql`staked >= 0`))
    .addColumn('won', 'numeric(18, 2)', (col) => col.notNull().check(sql`won >= 0`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('game_rounds_pkey', ['provider', 'round_id'])
    .execute();
  await db.schema.createIndex('game_rounds_player').on('game_rounds').columns(['player_id', 'created_at']).execute();
  // A bet's round (`<provider>:<roundId>`), so that a rollback must name the round its bet is in.
  await db.schema.alterTable('wallet_transactions').addColumn('game_round', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('wallet_transactions').dropColumn('game_round').execute();
  await db.schema.dropTable('game_rounds').execute();
  await db.schema.dropTable('game_sessions').execute();
  await db.schema.dropTable('game_provider_keys').execute();
}
