import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// A session that ends (sign-out, a password reset or change, an account closed, the idle limit met
// on a call) tells every platform process, as server/repositories/wallet-events.ts does for a posting:
// a PostgreSQL NOTIFY on SESSION_ENDED_CHANNEL with the player's id, delivered on commit when sent
// inside a transaction. server/http/wallet-live.ts listens and closes the sockets of that
// player whose session is over (issue 11 "Live balance": logout closes the socket).

export const SESSION_ENDED_CHANNEL = 'session_ended';

/** Tells every platform process that one of `playerId`'s sessions ended. */
export async function notifySessionEnded(db: Kysely<Database>, playerId: number): Promise<void> {
  await sql`select pg_notify(${SESSION_ENDED_CHANNEL}, ${String(playerId)})`.execute(db);
}
