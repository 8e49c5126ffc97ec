import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, VerificationCodesTable, VerificationPurpose } from '../db/schema';

// The SQL of one-time codes (`verification_codes`): server/services/codes.ts holds the rules (how
// many sends and tries, when a code expires, what a conversation is).

export type VerificationCodeRow = Selectable<VerificationCodesTable>;

/** Serialises the code requests of one purpose and target until the transaction ends (PostgreSQL advisory lock). */
export async function lockCodeTarget(trx: Kysely<Database>, purpose: VerificationPurpose, target: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`${purpose}:${target}`}))`.execute(trx);
}

/** The code rows (conversations) of a purpose and target created after `since`. */
function codesSince(trx: Kysely<Database>, purpose: VerificationPurpose, target: string, since: Date) {
  return trx.selectFrom('verification_codes').where('purpose', '=', purpose).where('target', '=', target).where('created_at', '>', since);
}

/** The newest code row of a purpose and target created after `since`, or undefined. */
export function latestCodeSince(trx: Kysely<Database>, purpose: VerificationPurpose, target: string, since: Date): Promise<VerificationCodeRow | undefined> {
  return codesSince(trx, purpose, target, since).selectAll().orderBy('created_at', 'desc').limit(1).executeTakeFirst();
}

/** A resend on an open row: a new code hash, one send more, a new expiry and destination. */
export async function resendCode(
  trx: Kysely<Database>,
  id: string,
  values: { code_hash: string; expires_at: Date; destination: string | null; phone_prefix: string | null; phone_body: string | null },
): Promise<void> {
  await trx
    .updateTable('verification_codes')
    .set((eb) => ({ ...values, sends: eb('sends', '+', 1) }))
    .where('id', '=', id)
    .execute();
}

export async function insertCode(trx: Kysely<Database>, row: Insertable<VerificationCodesTable>): Promise<void> {
  await trx.insertInto('verification_codes').values(row).execute();
}

/** How many code rows (conversations) of a purpose and target were created after `since`. */
export async function countCodesSince(trx: Kysely<Database>, purpose: VerificationPurpose, target: string, since: Date): Promise<number> {
  const { conversations } = await codesSince(trx, purpose, target, since)
    .select((eb) => eb.fn.countAll<string>().as('conversations'))
    .executeTakeFirstOrThrow();
  return Number(conversations);
}

/** Consumes every open code of a purpose and target. */
export async function consumeOpenCodes(trx: Kysely<Database>, purpose: VerificationPurpose, target: string, at: Date): Promise<void> {
  await trx
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('purpose', '=', purpose)
    .where('target', '=', target)
    .where('consumed_at', 'is', null)
    .execute();
}

/** The code row to check, locked until the transaction ends: by its id, or the newest of the target. */
export function findCodeForCheck(
  trx: Kysely<Database>,
  purpose: VerificationPurpose,
  locator: { id: string } | { target: string },
): Promise<VerificationCodeRow | undefined> {
  let query = trx.selectFrom('verification_codes').selectAll().where('purpose', '=', purpose);
  query = 'id' in locator ? query.where('id', '=', locator.id) : query.where('target', '=', locator.target).orderBy('created_at', 'desc').limit(1);
  return query.forUpdate().executeTakeFirst();
}

/** Counts one wrong try; answers the tries counted so far. */
export async function countWrongTry(trx: Kysely<Database>, id: string): Promise<number> {
  const updated = await trx
    .updateTable('verification_codes')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', id)
    .returning('attempts')
    .executeTakeFirstOrThrow();
  return updated.attempts;
}

/** Consumes the code unless it was consumed meanwhile; answers the consumed row, or undefined. */
export function consumeCode(trx: Kysely<Database>, id: string, at: Date): Promise<VerificationCodeRow | undefined> {
  return trx
    .updateTable('verification_codes')
    .set({ consumed_at: at })
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returningAll()
    .executeTakeFirst();
}
