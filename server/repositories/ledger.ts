import { sql, type Insertable, type Kysely, type Selectable } from 'kysely';
import type { Database, LedgerTransactionsTable } from '../db/schema';
import { walletChangedNotice } from './wallet-events';

// The SQL of the double-entry ledger (migrations 0005, 0009): transactions, their entries, and the
// wallet row a posting locks and versions. The rules (balanced entries, no account below zero, one
// posting per key) are server/services/ledger.ts's; the database guards them again.

export type LedgerTransactionRow = Selectable<LedgerTransactionsTable>;

/**
 * Inserts a ledger transaction unless its idempotency key is taken (ON CONFLICT DO NOTHING: a
 * concurrent call with the same key waits for the first to commit, then inserts nothing on
 * PostgreSQL; PGlite runs one transaction at a time anyway). Undefined: the key was taken.
 */
export function insertLedgerTransaction(trx: Kysely<Database>, row: Insertable<LedgerTransactionsTable>): Promise<LedgerTransactionRow | undefined> {
  return trx
    .insertInto('ledger_transactions')
    .values(row)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Inserts a transaction's entries; answers each entry's account and the running total the database wrote (null off a player's account). */
export function insertLedgerEntries(
  trx: Kysely<Database>,
  entries: readonly { transaction_id: number; account: string; amount: string; currency: string }[],
): Promise<{ account: string; balance_after: string | null }[]> {
  return trx
    .insertInto('ledger_entries')
    .values([...entries])
    .returning(['account', sql<string | null>`balance_after::text`.as('balance_after')])
    .execute();
}

/** The ledger transaction posted under a key, or undefined. */
export function findLedgerTransactionRow(db: Kysely<Database>, idempotencyKey: string): Promise<LedgerTransactionRow | undefined> {
  return db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', idempotencyKey).executeTakeFirst();
}

/** The player's wallet row, locked until the transaction ends (SELECT ... FOR UPDATE). */
export function lockWalletRow(trx: Kysely<Database>, playerId: number): Promise<{ id: string; player_id: number; currency: string; version: string } | undefined> {
  return trx
    .selectFrom('wallets')
    .select(['id', 'player_id', 'currency', sql<string>`version::text`.as('version')])
    .where('player_id', '=', playerId)
    .forUpdate()
    .executeTakeFirst();
}

/** Increments the wallet's version and sends the live notice, in one statement (delivered on commit); answers the new version. */
export async function bumpWalletVersion(trx: Kysely<Database>, walletId: string, playerId: number): Promise<number> {
  const bumped = await trx
    .updateTable('wallets')
    .set({ version: sql<string>`version + 1` })
    .where('id', '=', walletId)
    .returning([sql<string>`version::text`.as('version'), walletChangedNotice(playerId).as('notified')])
    .executeTakeFirstOrThrow();
  return Number(bumped.version);
}

/** The sum of an account's entries as numeric text ("0" for none), optionally in one currency. */
export async function accountEntrySum(db: Kysely<Database>, account: string, currency?: string): Promise<string> {
  let query = db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('total'))
    .where('account', '=', account);
  if (currency !== undefined) query = query.where('currency', '=', currency);
  const row = await query.executeTakeFirstOrThrow();
  return row.total;
}
