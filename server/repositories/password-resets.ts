import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The SQL of password-reset keys (migration 0004 `password_resets`): stored as SHA-256 hashes.

export async function insertResetKey(db: Kysely<Database>, row: { keyHash: string; playerId: number; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({ reset_key_hash: row.keyHash, player_id: row.playerId, created_at: row.now, expires_at: row.expiresAt })
    .execute();
}

/** Takes a key (single use: the first call wins): its player, or null for an unknown, used or expired key. */
export async function takeResetKey(db: Kysely<Database>, keyHash: string, now: Date): Promise<number | null> {
  const reset = await db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('reset_key_hash', '=', keyHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('player_id')
    .executeTakeFirst();
  return reset?.player_id ?? null;
}

/** Every other open key of the player is spent. */
export async function spendResetKeys(db: Kysely<Database>, playerId: number, now: Date): Promise<void> {
  await db.updateTable('password_resets').set({ used_at: now }).where('player_id', '=', playerId).where('used_at', 'is', null).execute();
}
