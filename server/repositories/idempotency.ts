import type { Kysely } from 'kysely';
import type { Database, JsonValue } from '../db/schema';

// SQL over `idempotency_records` (migration 0008): the stored answer of an idempotent call.

export interface IdempotencyRecord {
  fingerprint: string;
  response: JsonValue;
}

export async function findIdempotencyRecord(db: Kysely<Database>, scope: string, key: string): Promise<IdempotencyRecord | undefined> {
  return db.selectFrom('idempotency_records').select(['fingerprint', 'response']).where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
}

/**
 * Stores the answer; false when the key was taken by a call that committed first (ON CONFLICT DO
 * NOTHING waits for it on PostgreSQL, so the caller can read it back).
 */
export async function insertIdempotencyRecord(
  db: Kysely<Database>,
  record: { scope: string; key: string; playerId: number | null; fingerprint: string; response: JsonValue; at: Date },
): Promise<boolean> {
  const inserted = await db
    .insertInto('idempotency_records')
    .values({
      scope: record.scope,
      key: record.key,
      player_id: record.playerId,
      fingerprint: record.fingerprint,
      response: JSON.stringify(record.response),
      created_at: record.at,
    })
    .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}
