import type { Kysely } from 'kysely';

// The account's own second factor (issue 23 "Beyond the spec: the account's own protection"):
// passkeys (WebAuthn) and a TOTP authenticator app, with single-use recovery codes.
// server/repositories/second-factor.ts holds the SQL, server/services/second-factor.ts the rules.
//
// - `second_factor_totp`: the player's authenticator secret (base32); `confirmed_at` null while
//   enrolling (the first right code confirms it); `last_step` the latest 30-second step a code was
//   accepted for (a code is not taken twice in its window).
// - `second_factor_passkeys`: one row per registered passkey, the credential id and COSE public key
//   as base64url, its signature counter and transports (JSON text).
// - `second_factor_recovery_codes`: SHA-256 of each recovery code; `used_at` once used.
// - `second_factor_challenges`: a pending second-factor check (a login waiting for the factor, a
//   passkey registration, a withdrawal to a new method): the SHA-256 of its token, its purpose, the
//   WebAuthn challenge if one was issued, expiry and use.
// - `second_factor_devices`: browsers remembered after a right second factor (the SHA-256 of the
//   HttpOnly device cookie's value).
// - `second_factor_methods`: payment methods a withdrawal was approved for with the factor.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('second_factor_totp')
    .addColumn('player_id', 'integer', (col) => col.primaryKey().references('players.id').onDelete('cascade'))
    .addColumn('secret', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'timestamptz')
    .addColumn('last_step', 'bigint')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('second_factor_passkeys')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('public_key', 'text', (col) => col.notNull())
    .addColumn('counter', 'bigint', (col) => col.notNull())
    .addColumn('transports', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .addColumn('last_used_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('second_factor_passkeys_player').on('second_factor_passkeys').column('player_id').execute();
  await db.schema
    .createTable('second_factor_recovery_codes')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('code_hash', 'text', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .addPrimaryKeyConstraint('second_factor_recovery_codes_pkey', ['player_id', 'code_hash'])
    .execute();
  await db.schema
    .createTable('second_factor_challenges')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (col) => col.notNull())
    .addColumn('subject', 'text')
    .addColumn('webauthn_challenge', 'text')
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createTable('second_factor_devices')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('second_factor_methods')
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('method_id', 'text', (col) => col.notNull())
    .addColumn('approved_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('second_factor_methods_pkey', ['player_id', 'method_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['second_factor_methods', 'second_factor_devices', 'second_factor_challenges', 'second_factor_recovery_codes', 'second_factor_passkeys', 'second_factor_totp']) {
    await db.schema.dropTable(table).execute();
  }
}
