import { sql, type Kysely } from 'kysely';

// Issue 9 "Close each hole": the counters of the per-number / per-address code limits and of the
// login throttle (server/services/throttle.ts), and the player's own unlock links
// (server/services/login.ts). One row per counted event; the services count rows of a bucket and
// key within a sliding window, so no counter can be reset by asking differently.

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('throttle_events')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    /** What is counted: `code.destination`, `code.address`, `login.pair`, `login.account`, `login.address`, `login.lock`. */
    .addColumn('bucket', 'text', (col) => col.notNull())
    /** On what: a phone number, an e-mail address, a client address, or `<e-mail> <address>`. */
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('throttle_events_bucket_key_at').on('throttle_events').columns(['bucket', 'key', 'at']).execute();

  // An unlock link e-mailed to the player (POST /api/player/login/unlock_request): the key is
  // stored as a SHA-256 hash only, valid for a short time and once.
  await db.schema
    .createTable('login_unlocks')
    .addColumn('key_hash', 'text', (col) => col.primaryKey())
    .addColumn('player_id', 'integer', (col) => col.notNull().references('players.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('login_unlocks').execute();
  await db.schema.dropTable('throttle_events').execute();
}
