import { sql, type Kysely } from 'kysely';

// The identity flows of issue 3 (behaviour.md §4 "Sign-up", "Pay and play", "Password reset",
// "Phone change"): one-time codes and the simulated SMS / e-mail outbox, registrations in progress,
// password-reset keys, pay-and-play sessions with the simulated bank identification, and the
// double-entry ledger (ARCHITECTURE.md "The reference platform": balance = sum of entries; every
// transaction's entries sum to zero; an idempotency key per transaction).
//
// Secrets (codes, tokens, keys) are stored as SHA-256 hashes only.

export async function up(db: Kysely<unknown>): Promise<void> {
  // server/services/codes.ts: one row per code "conversation" (purpose + target); a resend
  // reuses the row with a new code, so the send and attempt limits cannot be dodged.
  await db.schema
    .createTable('verification_codes')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('purpose', 'text', (col) =>
      col.notNull().check(sql`purpose in ('registration_sms', 'registration_email', 'reset_sms', 'phone_change')`),
    )
    /** What the limits count on: `player:<id>`, `email:<address>`. */
    .addColumn('target', 'text', (col) => col.notNull())
    .addColumn('player_id', 'integer', (col) => col.references('players.id').onDelete('cascade'))
    /** Where the code goes (a mobile phone or an e-mail address); null when nothing is sent. */
    .addColumn('destination', 'text')
    /** Phone change: the new number, saved when the code is verified. */
    .addColumn('phone_prefix', 'text')
    .addColumn('phone_body', 'text')
    /** sha-256 of the code and the row id. */
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('sends', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('consumed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('verification_codes_purpose_target')
    .on('verification_codes')
    .columns(['purpose', 'target', 'created_at'])
    .execute();

  // The simulated SMS / e-mail provider's outbox (test mode reads the last code from it).
  await db.schema
    .createTable('sent_messages')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('channel', 'text', (col) => col.notNull().check(sql`channel in ('SMS', 'EMAIL')`))
    .addColumn('destination', 'text', (col) => col.notNull())
    .addColumn('body', 'text', (col) => col.notNull())
    .addColumn('code', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('sent_messages_destination').on('sent_messages').columns(['destination', 'id']).execute();

  // A registration between POST /player/registration and its completion (PUT): the secret the
  // verification and completion calls present and which verification was done. (The bonus code and
  // the affiliate parameters are kept on the player row, migration 0003.)
  await db.schema
    .createTable('registrations')
    .addColumn('player_id', 'integer', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (col) => col.notNull())
    .addColumn('verification', 'text', (col) => col.notNull().check(sql`verification in ('SMS', 'EMAIL', 'NONE')`))
    .addColumn('sms_verified_at', 'timestamptz')
    .addColumn('email_verified_at', 'timestamptz')
    .addColumn('completed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('reset_key_hash', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('paynplay_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull().check(sql`amount > 0`))
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('country', 'text', (col) => col.notNull())
    .addColumn('return_url', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    /** Set by the simulated bank page. */
    .addColumn('personid', 'text')
    .addColumn('identified_at', 'timestamptz')
    .addColumn('cancelled_at', 'timestamptz')
    .addColumn('one_time_code_hash', 'text', (col) => col.unique())
    .addColumn('code_expires_at', 'timestamptz')
    .addColumn('code_used_at', 'timestamptz')
    .addColumn('player_id', 'integer', (col) => col.references('players.id').onDelete('cascade'))
    .addColumn('verified_at', 'timestamptz')
    .addColumn('logged_in_at', 'timestamptz')
    .addColumn('refresh_token_hash', 'text')
    .addColumn('access_token_hash', 'text')
    .execute();

  // The ledger. A transaction is one business event (a deposit); its entries move the amount
  // between accounts (`player:<id>:MAIN`, `cashier:clearing`) and sum to zero.
  await db.schema
    .createTable('ledger_transactions')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('idempotency_key', 'text', (col) => col.notNull().unique())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('player_id', 'integer', (col) => col.references('players.id'))
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('reference', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_transactions_player').on('ledger_transactions').columns(['player_id', 'id']).execute();

  await db.schema
    .createTable('ledger_entries')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('transaction_id', 'integer', (col) => col.notNull().references('ledger_transactions.id'))
    .addColumn('account', 'text', (col) => col.notNull())
    .addColumn('amount', sql`numeric(18, 2)`, (col) => col.notNull())
    .addColumn('currency', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('ledger_entries_account').on('ledger_entries').columns(['account', 'currency']).execute();
  await db.schema.createIndex('ledger_entries_transaction').on('ledger_entries').column('transaction_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'ledger_entries',
    'ledger_transactions',
    'paynplay_sessions',
    'password_resets',
    'registrations',
    'sent_messages',
    'verification_codes',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
