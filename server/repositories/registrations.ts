import type { Kysely, Selectable } from 'kysely';
import type { Database, RegistrationsTable } from '../db/schema';

// The SQL of a registration in progress (migration 0004 `registrations`) and the registration's own
// changes to its PRE_REGISTERED player. The rules are server/services/registration.ts.

export type RegistrationRow = Selectable<RegistrationsTable>;

export async function findRegistration(db: Kysely<Database>, playerId: number): Promise<RegistrationRow | undefined> {
  return db.selectFrom('registrations').selectAll().where('player_id', '=', playerId).executeTakeFirst();
}

export async function insertRegistration(
  db: Kysely<Database>,
  row: { playerId: number; tokenHash: string; verification: RegistrationRow['verification']; now: Date },
): Promise<void> {
  await db
    .insertInto('registrations')
    .values({ player_id: row.playerId, token_hash: row.tokenHash, verification: row.verification, created_at: row.now })
    .execute();
}

/** A new secret for a registration still open (a replayed registration); false when it is not open any more. */
export async function replaceRegistrationToken(db: Kysely<Database>, playerId: number, tokenHash: string): Promise<boolean> {
  const changed = await db
    .updateTable('registrations')
    .set({ token_hash: tokenHash })
    .where('player_id', '=', playerId)
    .where('completed_at', 'is', null)
    .executeTakeFirst();
  return changed.numUpdatedRows > 0n;
}

export async function markVerified(db: Kysely<Database>, playerId: number, channel: 'sms' | 'email', now: Date): Promise<void> {
  await db
    .updateTable('registrations')
    .set(channel === 'sms' ? { sms_verified_at: now } : { email_verified_at: now })
    .where('player_id', '=', playerId)
    .execute();
}

/** Forgets an SMS verification while the registration is open; false when it is not open any more. */
export async function resetSmsVerification(db: Kysely<Database>, playerId: number): Promise<boolean> {
  const changed = await db
    .updateTable('registrations')
    .set({ sms_verified_at: null })
    .where('player_id', '=', playerId)
    .where('completed_at', 'is', null)
    .returning('player_id')
    .executeTakeFirst();
  return changed !== undefined;
}

/** A PRE_REGISTERED player's new phone. */
export async function setPendingPlayerPhone(db: Kysely<Database>, playerId: number, phone: { prefix: string; body: string }, now: Date): Promise<void> {
  await db
    .updateTable('players')
    .set({ phone_prefix: phone.prefix, phone_body: phone.body, updated_at: now })
    .where('id', '=', playerId)
    .where('status', '=', 'PRE_REGISTERED')
    .execute();
}

/** Marks the registration complete; false when another call completed it first. */
export async function completeRegistration(db: Kysely<Database>, playerId: number, now: Date): Promise<boolean> {
  const completed = await db
    .updateTable('registrations')
    .set({ completed_at: now })
    .where('player_id', '=', playerId)
    .where('completed_at', 'is', null)
    .returning('player_id')
    .executeTakeFirst();
  return completed !== undefined;
}

/** PRE_REGISTERED → REGISTERED: the registered row, or undefined when the player was not pending. */
export async function registerPendingPlayer(db: Kysely<Database>, playerId: number, now: Date) {
  return db
    .updateTable('players')
    .set({ status: 'REGISTERED', updated_at: now })
    .where('id', '=', playerId)
    .where('status', '=', 'PRE_REGISTERED')
    .returningAll()
    .executeTakeFirst();
}

/** behaviour.md §8 error.same.customer.info.detected: another player with the same name and phone. */
export async function existsSameCustomer(
  db: Kysely<Database>,
  who: { firstName: string; lastName: string; phonePrefix: string; phoneBody: string },
  exceptPlayerId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('players')
    .select('id')
    .where((eb) => eb(eb.fn('lower', [eb.ref('first_name')]), '=', who.firstName.toLowerCase()))
    .where((eb) => eb(eb.fn('lower', [eb.ref('last_name')]), '=', who.lastName.toLowerCase()))
    .where('phone_prefix', '=', who.phonePrefix)
    .where('phone_body', '=', who.phoneBody);
  if (exceptPlayerId !== undefined) query = query.where('id', '!=', exceptPlayerId);
  return (await query.executeTakeFirst()) !== undefined;
}
