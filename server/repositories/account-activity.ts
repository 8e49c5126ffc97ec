import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL over the account's activity log (migration 0022 `player_activity`). The rules are
// server/services/account-activity.ts's.

export interface ActivityRow {
  at: Date;
  kind: string;
  note: string | null;
}

export async function insertActivity(db: Kysely<Database>, activity: { playerId: number; at: Date; kind: string; note: string | null }): Promise<void> {
  await db.insertInto('player_activity').values({ player_id: activity.playerId, at: activity.at, kind: activity.kind, note: activity.note }).execute();
}

/** The player's newest entry (the same instant: the later row), if any. */
export function latestActivityRow(db: Kysely<Database>, playerId: number): Promise<ActivityRow | undefined> {
  return db
    .selectFrom('player_activity')
    .select(['at', 'kind', 'note'])
    .where('player_id', '=', playerId)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}
