import type { Kysely, Selectable } from 'kysely';
import type { Database, PayAndPlaySessionsTable } from '../db/schema';

// The SQL of pay-and-play sessions (table `paynplay_sessions`): what GET /paynplay/authorize opens,
// the bank page identifies or cancels, POST /player/code verifies, and /player/login finishes. The
// rules are server/services/pay-and-play.ts.

export type PayAndPlaySession = Selectable<PayAndPlaySessionsTable>;

export async function insertSession(
  db: Kysely<Database>,
  row: {
    id: string;
    amount: string;
    currency: string;
    country: string;
    returnUrl: string;
    language: string | null;
    /** The deposit limit a new player brings (migration 0015), in hundredths; null: none. */
    firstLimit: { duration: string; cents: number } | null;
    now: Date;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('paynplay_sessions')
    .values({
      id: row.id,
      amount: row.amount,
      currency: row.currency,
      country: row.country,
      return_url: row.returnUrl,
      language: row.language,
      limit_duration: row.firstLimit?.duration ?? null,
      limit_cents: row.firstLimit?.cents ?? null,
      created_at: row.now,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** The session by its id while it has not expired (the one query of the read and the locked read). */
function liveSession(db: Kysely<Database>, id: string, now: Date) {
  return db.selectFrom('paynplay_sessions').selectAll().where('id', '=', id).where('expires_at', '>', now);
}

/** The session, if it exists and has not expired. */
export async function findLiveSession(db: Kysely<Database>, id: string, now: Date): Promise<PayAndPlaySession | undefined> {
  return liveSession(db, id, now).executeTakeFirst();
}

/** The live session, locked until the transaction ends (one login per session). */
export async function lockLiveSession(db: Kysely<Database>, id: string, now: Date): Promise<PayAndPlaySession | undefined> {
  return liveSession(db, id, now).forUpdate().executeTakeFirst();
}

/** The bank page's Cancel, while the session is neither identified nor cancelled. */
export async function markCancelled(db: Kysely<Database>, id: string, now: Date): Promise<void> {
  await db
    .updateTable('paynplay_sessions')
    .set({ cancelled_at: now })
    .where('id', '=', id)
    .where('identified_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .execute();
}

/** The bank identified the person and hands back a code (stored hashed); false when another call finished the session first. */
export async function markIdentified(
  db: Kysely<Database>,
  id: string,
  identified: { personid: string; codeHash: string; now: Date; codeExpiresAt: Date },
): Promise<boolean> {
  const row = await db
    .updateTable('paynplay_sessions')
    .set({
      personid: identified.personid,
      identified_at: identified.now,
      one_time_code_hash: identified.codeHash,
      code_expires_at: identified.codeExpiresAt,
    })
    .where('id', '=', id)
    .where('identified_at', 'is', null)
    .where('cancelled_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes the one-time code: only the first call with the right, unexpired, unused code of a session
 * not cancelled gets the session back (two concurrent calls: one wins).
 */
export async function claimCode(db: Kysely<Database>, id: string, codeHash: string, now: Date): Promise<PayAndPlaySession | undefined> {
  return db
    .updateTable('paynplay_sessions')
    .set({ code_used_at: now })
    .where('id', '=', id)
    .where('one_time_code_hash', '=', codeHash)
    .where('code_used_at', 'is', null)
    .where('code_expires_at', '>', now)
    .where('cancelled_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}

export async function markVerified(db: Kysely<Database>, id: string, verified: { playerId: number; now: Date; expiresAt: Date }): Promise<void> {
  await db
    .updateTable('paynplay_sessions')
    .set({ player_id: verified.playerId, verified_at: verified.now, expires_at: verified.expiresAt })
    .where('id', '=', id)
    .execute();
}

/** The session's one login; the tokens are recorded hashed only. */
export async function markLoggedIn(db: Kysely<Database>, id: string, login: { now: Date; refreshTokenHash: string; accessTokenHash: string }): Promise<void> {
  await db
    .updateTable('paynplay_sessions')
    .set({ logged_in_at: login.now, refresh_token_hash: login.refreshTokenHash, access_token_hash: login.accessTokenHash })
    .where('id', '=', id)
    .execute();
}
