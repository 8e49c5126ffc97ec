import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL on the server-side sessions that a route needs (the session rules are server/platform/sessions.ts).

/** The session was used now (the idle limit counts from here). */
export async function touchSession(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).execute();
}
