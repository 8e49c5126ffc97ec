import type { Insertable, Kysely } from 'kysely';
import type { Database, PlayerBreaksTable } from '../db/schema';

// SQL of the breaks (issue 13; the rules are server/services/breaks.ts): the record of every
// time-out, cooling-off and self-exclusion asked for.

export type NewBreak = Omit<Insertable<PlayerBreaksTable>, 'id'>;

/** Records a break request. */
export async function recordBreak(db: Kysely<Database>, values: NewBreak): Promise<void> {
  await db.insertInto('player_breaks').values(values).execute();
}

/** The player's break requests, oldest first (tests, a back office). */
export async function breaksOf(db: Kysely<Database>, playerId: number) {
  return db.selectFrom('player_breaks').selectAll().where('player_id', '=', playerId).orderBy('requested_at').orderBy('id').execute();
}
