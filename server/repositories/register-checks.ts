import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, RegisterChecksTable } from '../db/schema';

// The SQL of the self-exclusion registers' answers (migration 0021 `register_checks`, issue 23):
// written once per question, read by the operator (newest first).

export type RegisterCheckRow = Selectable<RegisterChecksTable>;

export async function insertRegisterCheck(db: Kysely<Database>, row: Insertable<RegisterChecksTable>): Promise<void> {
  await db.insertInto('register_checks').values(row).execute();
}

/** The questions about a player, an e-mail or a personal identity code, newest first. */
export async function findRegisterChecks(
  db: Kysely<Database>,
  who: { playerId?: number; email?: string; personid?: string },
  limit = 50,
): Promise<RegisterCheckRow[]> {
  return db
    .selectFrom('register_checks')
    .selectAll()
    .where((eb) =>
      eb.or([
        ...(who.playerId === undefined ? [] : [eb('player_id', '=', who.playerId)]),
        ...(who.email === undefined ? [] : [eb('email', '=', who.email)]),
        ...(who.personid === undefined ? [] : [eb('personid', '=', who.personid)]),
      ]),
    )
    .orderBy('checked_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
