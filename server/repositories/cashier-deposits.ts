import type { Insertable, Kysely, Selectable } from 'kysely';
import type { DepositStatus, OperationResult } from '../../machines/lib/wallet';
import type { CashierDepositsTable, Database } from '../db/schema';

// SQL over the cashier's deposits (migration 0008 `cashier_deposits`): from the request to the
// payment provider's answer. The money is posted by server/services/ledger.ts when it is approved.

export type CashierDeposit = Selectable<CashierDepositsTable>;

export async function insertDeposit(db: Kysely<Database>, values: Insertable<CashierDepositsTable>): Promise<CashierDeposit> {
  return db.insertInto('cashier_deposits').values(values).returningAll().executeTakeFirstOrThrow();
}

export async function findDeposit(db: Kysely<Database>, id: string, options: { lock?: boolean } = {}): Promise<CashierDeposit | undefined> {
  const query = db.selectFrom('cashier_deposits').selectAll().where('id', '=', id);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function findPlayerDeposit(db: Kysely<Database>, playerId: number, id: string): Promise<CashierDeposit | undefined> {
  return db.selectFrom('cashier_deposits').selectAll().where('id', '=', id).where('player_id', '=', playerId).executeTakeFirst();
}

export async function setRedirectUrl(db: Kysely<Database>, id: string, redirectUrl: string): Promise<void> {
  await db.updateTable('cashier_deposits').set({ redirect_url: redirectUrl }).where('id', '=', id).where('redirect_url', 'is', null).execute();
}

/** Settles a pending deposit; false when it was not pending any more. */
export async function settleDepositRow(
  db: Kysely<Database>,
  id: string,
  change: { status: Exclude<DepositStatus, 'PENDING'>; result: OperationResult | null; at: Date },
): Promise<boolean> {
  const updated = await db
    .updateTable('cashier_deposits')
    .set({ status: change.status, result: change.result, settled_at: change.at })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .returning('id')
    .executeTakeFirst();
  return updated !== undefined;
}

/** The player's deposits still pending that were requested before `before` (their answer is overdue). */
export async function overdueDepositIds(db: Kysely<Database>, playerId: number, before: Date): Promise<string[]> {
  const rows = await db
    .selectFrom('cashier_deposits')
    .select('id')
    .where('player_id', '=', playerId)
    .where('status', '=', 'PENDING')
    .where('created_at', '<=', before)
    .orderBy('created_at')
    .limit(20)
    .execute();
  return rows.map((row) => row.id);
}

/** The methods of the player's paid deposits, the most recent first, each once. */
export async function recentDepositMethodIds(db: Kysely<Database>, playerId: number, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('cashier_deposits')
    .select(['method_id', (eb) => eb.fn.max('created_at').as('last')])
    .where('player_id', '=', playerId)
    .where('status', '=', 'SUCCESS')
    .groupBy('method_id')
    .orderBy('last', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.method_id);
}
