import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database, PlayerRow, PlayersTable } from '../db/schema';

// The SQL of the players table (migration 0003): server/services/players.ts (the player store:
// hashing, conflicts, login locks) and server/services/account-status.ts (ended breaks) call it.
// Every function takes the Kysely it is given, so it runs inside the caller's transaction.

export function insertPlayer(db: Kysely<Database>, values: Insertable<PlayersTable>): Promise<PlayerRow> {
  return db.insertInto('players').values(values).returningAll().executeTakeFirstOrThrow();
}

export function findPlayerById(db: Kysely<Database>, id: number): Promise<PlayerRow | undefined> {
  return db.selectFrom('players').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The row locked until the transaction ends. */
export function findPlayerByIdForUpdate(db: Kysely<Database>, id: number): Promise<PlayerRow | undefined> {
  return db.selectFrom('players').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** By e-mail as stored in lower case (`normalized`: already trimmed and lower-cased). */
export function findPlayerByNormalizedEmail(db: Kysely<Database>, normalized: string): Promise<PlayerRow | undefined> {
  return db
    .selectFrom('players')
    .selectAll()
    .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), '=', normalized))
    .executeTakeFirst();
}

export function findPlayerByPersonId(db: Kysely<Database>, personid: string): Promise<PlayerRow | undefined> {
  return db.selectFrom('players').selectAll().where('personid', '=', personid).executeTakeFirst();
}

export function findPlayerByCpf(db: Kysely<Database>, cpf: string): Promise<PlayerRow | undefined> {
  return db.selectFrom('players').selectAll().where('cpf', '=', cpf).executeTakeFirst();
}

/** The updated row, or undefined for an unknown id. */
export function updatePlayer(db: Kysely<Database>, id: number, values: Updateable<PlayersTable>): Promise<PlayerRow | undefined> {
  return db.updateTable('players').set(values).where('id', '=', id).returningAll().executeTakeFirst();
}

/** Updates the row only while its status is still `status` (a change made meanwhile wins); the updated row, or undefined. */
export function updatePlayerInStatus(
  db: Kysely<Database>,
  id: number,
  status: PlayerRow['status'],
  values: Updateable<PlayersTable>,
): Promise<PlayerRow | undefined> {
  return db.updateTable('players').set(values).where('id', '=', id).where('status', '=', status).returningAll().executeTakeFirst();
}
