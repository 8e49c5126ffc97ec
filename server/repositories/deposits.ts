import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Read-only SQL over the ledger's deposits (migration 0004 `ledger_transactions`) for the profile and
// the transaction summary. Postings stay server/services/ledger.ts's.

export async function firstDepositDate(db: Kysely<Database>, playerId: number): Promise<string | null> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.min('created_at').as('first'))
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .executeTakeFirst();
  const first = row?.first as Date | string | null | undefined;
  return first ? new Date(first).toISOString() : null;
}

export async function depositCount(db: Kysely<Database>, playerId: number): Promise<number> {
  const row = await db
    .selectFrom('ledger_transactions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('player_id', '=', playerId)
    .where('kind', '=', 'DEPOSIT')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
