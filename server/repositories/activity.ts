import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL of the reality check (issue 13; the rules are server/services/activity.ts): the interval a
// player chose, the timer of a login (sessions.activity_timer_started_at) and the play since it.

/** The interval the player chose (null: off); undefined when they never chose (the default applies). */
export async function chosenInterval(db: Kysely<Database>, playerId: number): Promise<{ intervalMinutes: number | null } | undefined> {
  const row = await db.selectFrom('player_activity_settings').select('interval_minutes').where('player_id', '=', playerId).executeTakeFirst();
  return row === undefined ? undefined : { intervalMinutes: row.interval_minutes };
}

export async function saveInterval(db: Kysely<Database>, playerId: number, intervalMinutes: number | null, now: Date): Promise<void> {
  await db
    .insertInto('player_activity_settings')
    .values({ player_id: playerId, interval_minutes: intervalMinutes, updated_at: now })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ interval_minutes: intervalMinutes, updated_at: now }))
    .execute();
}

/** Back to "never chose" (the seeded players on every start). */
export async function forgetInterval(db: Kysely<Database>, playerId: number): Promise<void> {
  await db.deleteFrom('player_activity_settings').where('player_id', '=', playerId).execute();
}

export interface SessionTimer {
  /** The login. */
  createdAt: Date;
  /** When the timer counts from: its last reset, else the login. */
  timerStartedAt: Date;
}

/** The timer of one of the player's sessions. */
export async function sessionTimer(db: Kysely<Database>, sessionId: string, playerId: number): Promise<SessionTimer | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select(['created_at', 'activity_timer_started_at'])
    .where('id', '=', sessionId)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row === undefined ? undefined : { createdAt: row.created_at, timerStartedAt: row.activity_timer_started_at ?? row.created_at };
}

/** Restarts the timer of one session. */
export async function restartSessionTimer(db: Kysely<Database>, sessionId: string, at: Date): Promise<void> {
  await db.updateTable('sessions').set({ activity_timer_started_at: at }).where('id', '=', sessionId).execute();
}

/** Restarts (or sets to `at`) the timer of every session of the player that has not ended; how many. */
export async function setPlayerSessionTimers(db: Kysely<Database>, playerId: number, at: Date): Promise<number> {
  const rows = await db
    .updateTable('sessions')
    .set({ activity_timer_started_at: at })
    .where('player_id', '=', playerId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .execute();
  return rows.length;
}

/**
 * The player's stakes and wins since `since`, as numeric text (positive): settled bets (a voided
 * bet is REVERTED and its BET_VOID gives the stake back: neither counts) and paid wins.
 */
export async function playSince(db: Kysely<Database>, playerId: number, since: Date): Promise<{ stakes: string; wins: string }> {
  return db
    .selectFrom('wallet_transactions')
    .select([
      sql<string>`coalesce(sum(-amount) filter (where type = 'BET' and status = 'SUCCESS'), 0)::text`.as('stakes'),
      sql<string>`coalesce(sum(amount) filter (where type = 'WIN' and status = 'SUCCESS'), 0)::text`.as('wins'),
    ])
    .where('player_id', '=', playerId)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
}
