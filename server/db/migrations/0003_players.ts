import { sql, type Kysely } from 'kysely';

// Players and their server-side sessions (issue 3 "Identity"; product.md §3 "Player profile",
// "Session", "Player account status", "Registration"). A session row is what the HttpOnly cookie
// and the id token's player_access_id point at: logout revokes it, so an old token gets 401.

/** product.md §3 "Player account status". */
const PLAYER_STATUSES = [
  'CLOSED',
  'ACCOUNT_UNVERIFIED',
  'PRE_REGISTERED',
  'REGISTERED',
  'BLACKLISTED',
  'RESTRICTED',
  'PAYOUT',
  'TIMEOUT',
  'SELF_EXCLUDED',
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('players')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    // Null for a pay-and-play player until the update form gives one.
    .addColumn('email', 'text')
    // scrypt (server/crypto/passwords.ts); null for a pay-and-play player, who logs in through the bank.
    .addColumn('password_hash', 'text')
    .addColumn('first_name', 'text')
    .addColumn('last_name', 'text')
    .addColumn('phone_prefix', 'text')
    .addColumn('phone_body', 'text')
    .addColumn('country_code', 'text', (col) => col.notNull())
    .addColumn('language_code', 'text', (col) => col.notNull())
    .addColumn('currency_code', 'text', (col) => col.notNull().defaultTo('EUR'))
    .addColumn('province_code', 'text')
    // The bank identity of a pay-and-play player; one player per identity.
    .addColumn('personid', 'text', (col) => col.unique())
    // Brazil's taxpayer number (behaviour.md §8 error.cpf.duplicate_found).
    .addColumn('cpf', 'text', (col) => col.unique())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('REGISTERED'))
    .addColumn('kyc_status', 'text', (col) => col.notNull().defaultTo('NOT_VERIFIED'))
    .addColumn('terms_accepted_version', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('marketing_opt_in', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('cookie_policy_accepted', 'boolean', (col) => col.notNull().defaultTo(false))
    .addColumn('bonus_code', 'text')
    .addColumn('affiliate', 'jsonb')
    .addColumn('registration_date', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('timeout_until', 'timestamptz')
    .addColumn('exclusion_until', 'timestamptz')
    .addColumn('exclusion_indefinite', 'boolean', (col) => col.notNull().defaultTo(false))
    // True until the player has logged in a second time (product.md §3 "firstLogin").
    .addColumn('first_login', 'boolean', (col) => col.notNull().defaultTo(true))
    .addColumn('last_login_at', 'timestamptz')
    // The account lock (GLI-19 2.5.3): failures counted from the window's first failure.
    .addColumn('failed_login_count', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('failed_login_window_start', 'timestamptz')
    .addColumn('login_locked_until', 'timestamptz')
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('players_status_known', sql`status in (${sql.join(PLAYER_STATUSES.map((status) => sql.lit(status)))})`)
    .execute();

  // E-mail addresses are unique whatever their case (Player@Example.com is player@example.com).
  await db.schema.createIndex('players_email_lower_key').on('players').unique().column(sql`lower(email)`).execute();

  await db.schema
    .createTable('sessions')
    // 32 random bytes, base64url: the id token's player_access_id.
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    // SHA-256 of the HttpOnly cookie's secret: the cookie value is never in the readable token and
    // never stored as is.
    .addColumn('cookie_hash', 'text', (col) => col.notNull().unique())
    .addColumn('login_method', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull())
    .addColumn('revoked_at', 'timestamptz')
    // The player's previous login before this session (the login answer's lastAuth, re-sent on refresh).
    .addColumn('last_auth_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_player_id').on('sessions').column('player_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('players').execute();
}
