import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL on the server-side sessions that a route needs (the session rules are server/platform/sessions.ts).

/** The session was used now (the idle limit counts from here). */
export async function touchSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}

/**
 * The sessions among `sessionIds` that are live at `now` (not revoked, used within the idle limit,
 * younger than `absoluteLifetimeMs`), with their player; reads only (a socket is no activity).
 */
export async function liveSessionPlayers(
  db: Kysely<Database>,
  sessionIds: readonly string[],
  now: Date,
  idleLimitMs: number,
  absoluteLifetimeMs: number,
): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('sessions')
    .select(['id', 'player_id'])
    .where('id', 'in', [...new Set(sessionIds)])
    .where('revoked_at', 'is', null)
    .where('last_seen_at', '>=', new Date(now.getTime() - idleLimitMs))
    .where('created_at', '>=', new Date(now.getTime() - absoluteLifetimeMs))
    .execute();
  return new Map(rows.map((row) => [row.id, row.player_id]));
}
