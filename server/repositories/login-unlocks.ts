import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The SQL of the e-mailed unlock links (migration 0005 `login_unlocks`): keys stored as hashes.

export async function insertUnlockKey(
  db: Kysely<Database>,
  row: { keyHash: string; playerId: number; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('login_unlocks')
    .values({ key_hash: row.keyHash, player_id: row.playerId, expires_at: row.expiresAt })
    .execute();
}

/** Takes a key (single use): its player, or null for an unknown, used or expired key. */
export async function findPlayerIdByUnlockKey(db: Kysely<Database>, keyHash: string, now: Date): Promise<number | null> {
  const row = await db
    .updateTable('login_unlocks')
    .set({ used_at: now })
    .where('key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('player_id')
    .executeTakeFirst();
  return row?.player_id ?? null;
}
