import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionRow, SessionsTable } from '../db/schema';
import { notifySessionEnded } from './session-events';

// The SQL of the server-side sessions (the session rules are server/services/sessions.ts).

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

/** A session by the hash of its cookie (revoked or not). */
export function findSessionByCookieHash(db: Kysely<Database>, cookieHash: string): Promise<SessionRow | undefined> {
  return db.selectFrom('sessions').selectAll().where('cookie_hash', '=', cookieHash).executeTakeFirst();
}

/** What the bearer check needs of a player's session, or undefined. */
export function findPlayerSession(
  db: Kysely<Database>,
  sessionId: string,
  playerId: number,
): Promise<Pick<SessionRow, 'revoked_at' | 'last_seen_at' | 'created_at'> | undefined> {
  return db
    .selectFrom('sessions')
    .select(['revoked_at', 'last_seen_at', 'created_at'])
    .where('id', '=', sessionId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
}

/** The activity, never backwards: last_seen_at moves to `now` only when it is older. */
export async function touchSessionForward(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', sessionId).where('last_seen_at', '<', now).execute();
}

/** The player's last login before this one (null: never logged in). */
export async function lastLoginOf(db: Kysely<Database>, playerId: number): Promise<Date | null> {
  const row = await db.selectFrom('players').select('last_login_at').where('id', '=', playerId).executeTakeFirst();
  return row?.last_login_at ?? null;
}

export function insertSession(db: Kysely<Database>, row: Insertable<SessionsTable>): Promise<Pick<SessionRow, 'id' | 'login_method'>> {
  return db.insertInto('sessions').values(row).returning(['id', 'login_method']).executeTakeFirstOrThrow();
}

/** Records a login on the player: its time, and whether it is their first session. */
export async function recordLogin(db: Kysely<Database>, playerId: number, now: Date, firstLogin: boolean): Promise<void> {
  await db.updateTable('players').set({ last_login_at: now, first_login: firstLogin }).where('id', '=', playerId).execute();
}

/** Revokes a session unless it already was; the wallet's live sockets of its player hear of it (any process). */
export async function revokeSessionRow(db: Kysely<Database>, sessionId: string, now: Date): Promise<void> {
  const ended = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .returning('player_id')
    .executeTakeFirst();
  if (ended) await notifySessionEnded(db, ended.player_id);
}

/** Revokes a player's live sessions (all, or all but `except`); their live sockets hear of it. */
export async function revokePlayerSessionRows(db: Kysely<Database>, playerId: number, now: Date, except?: string): Promise<void> {
  let query = db.updateTable('sessions').set({ revoked_at: now }).where('player_id', '=', playerId).where('revoked_at', 'is', null);
  if (except !== undefined) query = query.where('id', '!=', except);
  const ended = await query.returning('id').execute();
  if (ended.length > 0) await notifySessionEnded(db, playerId);
}
