import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { TransactionCategory, TransactionStatus, TransactionType } from '../../machines/lib/wallet';
import type { Database, WalletTransactionsTable } from '../db/schema';

// SQL over the player's transaction history (migration 0008 `wallet_transactions`): rows are
// written by server/services/ledger.ts (recordHistory) in the posting's transaction; only their
// status moves afterwards (the database refuses any other change).

export type WalletTransactionRow = Selectable<WalletTransactionsTable>;

export async function insertWalletTransaction(db: Kysely<Database>, values: Insertable<WalletTransactionsTable>): Promise<WalletTransactionRow> {
  return db.insertInto('wallet_transactions').values(values).returningAll().executeTakeFirstOrThrow();
}

/** The player's row by its reference, locked for a status change when `lock` (inside a transaction). */
export async function findPlayerTransaction(
  db: Kysely<Database>,
  playerId: number,
  referenceId: string,
  options: { lock?: boolean } = {},
): Promise<WalletTransactionRow | undefined> {
  const query = db.selectFrom('wallet_transactions').selectAll().where('player_id', '=', playerId).where('reference_id', '=', referenceId);
  return (options.lock ? query.forUpdate() : query).executeTakeFirst();
}

export async function findTransactionById(db: Kysely<Database>, id: number): Promise<WalletTransactionRow | undefined> {
  return db.selectFrom('wallet_transactions').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A row of this player by a game provider's transaction id and type (a bet to void). */
export async function findExternalTransaction(
  db: Kysely<Database>,
  playerId: number,
  externalId: string,
  type: TransactionType,
): Promise<WalletTransactionRow | undefined> {
  return db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('external_id', '=', externalId)
    .where('type', '=', type)
    .forUpdate()
    .executeTakeFirst();
}

/** Moves a row's status (and, when settled, its MAIN balance after it). */
export async function setTransactionStatus(
  db: Kysely<Database>,
  id: number,
  change: { status: TransactionStatus; balanceAfter?: string | undefined; at: Date },
): Promise<void> {
  await db
    .updateTable('wallet_transactions')
    .set({ status: change.status, updated_at: change.at, ...(change.balanceAfter === undefined ? {} : { balance_after: change.balanceAfter }) })
    .where('id', '=', id)
    .execute();
}

export interface HistoryFilter {
  category?: TransactionCategory | undefined;
  status?: TransactionStatus | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  limit: number;
  position: number;
}

/** A page of the player's history, newest first (ties: the later row first). */
export async function historyPage(db: Kysely<Database>, playerId: number, filter: HistoryFilter): Promise<WalletTransactionRow[]> {
  let query = db.selectFrom('wallet_transactions').selectAll().where('player_id', '=', playerId);
  if (filter.category !== undefined) query = query.where('category', '=', filter.category);
  if (filter.status !== undefined) query = query.where('status', '=', filter.status);
  if (filter.from !== undefined) query = query.where('created_at', '>=', filter.from);
  if (filter.to !== undefined) query = query.where('created_at', '<=', filter.to);
  return query.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(filter.limit).offset(filter.position).execute();
}

/** The player's withdrawals waiting for the payout, newest first. */
export async function pendingWithdrawalRows(db: Kysely<Database>, playerId: number): Promise<WalletTransactionRow[]> {
  return db
    .selectFrom('wallet_transactions')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('type', '=', 'WITHDRAW')
    .where('status', '=', 'PENDING')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Every player's pending withdrawals, oldest first (test mode's payout run). */
export async function allPendingWithdrawals(db: Kysely<Database>, playerId?: number): Promise<WalletTransactionRow[]> {
  let query = db.selectFrom('wallet_transactions').selectAll().where('type', '=', 'WITHDRAW').where('status', '=', 'PENDING');
  if (playerId !== undefined) query = query.where('player_id', '=', playerId);
  return query.orderBy('id').execute();
}

/** How many withdrawals the player cancelled since `since`. */
export async function cancellationsSince(db: Kysely<Database>, playerId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('wallet_transactions')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('player_id', '=', playerId)
    .where('type', '=', 'CANCELED')
    .where('category', '=', 'PAYMENT')
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * UKGC RTS 1C over a period: the sum of paid deposits and of withdrawals not cancelled (signed:
 * negative), and of settled bets and wins (a voided bet is REVERTED and does not count), as numeric text.
 */
export async function netPositionSums(db: Kysely<Database>, playerId: number, period: { from?: Date | undefined; to?: Date | undefined }): Promise<{ net: string; winLoss: string }> {
  let query = db
    .selectFrom('wallet_transactions')
    .select([
      sql<string>`coalesce(sum(amount) filter (where category = 'PAYMENT' and ((type = 'DEPOSIT' and status = 'SUCCESS') or (type = 'WITHDRAW' and status in ('PENDING', 'SUCCESS', 'COMPLETED')))), 0)::text`.as('net'),
      sql<string>`coalesce(sum(amount) filter (where type in ('BET', 'WIN') and status = 'SUCCESS'), 0)::text`.as('winLoss'),
    ])
    .where('player_id', '=', playerId);
  if (period.from !== undefined) query = query.where('created_at', '>=', period.from);
  if (period.to !== undefined) query = query.where('created_at', '<=', period.to);
  return query.executeTakeFirstOrThrow();
}
