import * as v from 'valibot';
import type { NetPositionResponse, Transaction, netPositionQuerySchema, transactionsQuerySchema } from '../../src/api/wallet';
import { transactionSchema } from '../../src/api/wallet';
import { FIELD_CODES, validationError } from '../http/validation';
import { toCents } from './ledger';
import { findWallet } from '../repositories/wallets';
import { historyPage, netPositionSums, pendingWithdrawalRows, type WalletTransactionRow } from '../repositories/wallet-transactions';
import { settleOverdueDeposits, type CashierDeps } from './cashier';
import { walletNotFound, wireMoney } from './wallet';

// The transaction history (behaviour.md §4 "Transaction history", §7 transactions, pendingWithdrawal
// and net-position-win-loss; product.md §3 "Transactions"; UKGC RTS 1C): pages of 10 at most,
// newest first, filtered by category, status and period (from / to, or the last 24 or 72 hours);
// the pending withdrawals; the net position and win/loss of a period. Before answering, deposits
// whose provider answer is overdue are settled, so the history shows their outcome (GLI-19).

export type TransactionsQuery = v.InferOutput<typeof transactionsQuerySchema>;
export type NetPositionQuery = v.InferOutput<typeof netPositionQuerySchema>;

const HOUR_MS = 3_600_000;

/** A history row as the wire writes it. */
export function transactionOf(row: WalletTransactionRow): Transaction {
  return v.parse(transactionSchema, {
    referenceId: row.reference_id,
    amount: wireMoney(toCents(row.amount), row.currency),
    balanceAfterTransaction: wireMoney(toCents(row.balance_after), row.currency),
    currency: row.currency,
    category: row.category,
    status: row.status,
    type: row.type,
    transactionDate: row.created_at.toISOString(),
    playerId: row.player_id,
    walletId: row.wallet_id,
  });
}

async function requireWallet(deps: Pick<CashierDeps, 'db'>, playerId: number): Promise<{ id: string; currency: string }> {
  const wallet = await findWallet(deps.db, playerId);
  if (!wallet) throw walletNotFound();
  return wallet;
}

/** The instants a period may name: a timestamp PostgreSQL stores (no year 0) that this platform can have written. */
const EARLIEST = Date.UTC(1970, 0, 1);
const LATEST = Date.UTC(9999, 11, 31, 23, 59, 59);

/** An ISO timestamp of the query as a Date; 400 (the field's validation.invalid) outside the years 1970 to 9999. */
function instant(field: 'from' | 'to', text: string): Date {
  const date = new Date(text);
  const time = date.getTime();
  if (Number.isNaN(time) || time < EARLIEST || time > LATEST) throw validationError([{ field, code: FIELD_CODES.invalid }]);
  return date;
}

/** The period of a filter: `hour` (the last 24 or 72 hours) stands instead of from / to. */
export function periodOf(query: { from?: string | undefined; to?: string | undefined; hour?: string | undefined }, now: Date): { from?: Date; to?: Date } {
  if (query.hour !== undefined) return { from: new Date(now.getTime() - Number(query.hour) * HOUR_MS) };
  return {
    ...(query.from === undefined ? {} : { from: instant('from', query.from) }),
    ...(query.to === undefined ? {} : { to: instant('to', query.to) }),
  };
}

/** GET transactions: a page of the player's history, newest first. */
export async function transactionHistory(deps: CashierDeps, playerId: number, query: TransactionsQuery): Promise<{ transactions: Transaction[] }> {
  await requireWallet(deps, playerId);
  await settleOverdueDeposits(deps, playerId);
  const rows = await historyPage(deps.db, playerId, {
    ...periodOf(query, deps.clock()),
    category: query.category,
    status: query.status,
    limit: query.limit,
    position: query.position,
  });
  return { transactions: rows.map(transactionOf) };
}

/** GET pendingWithdrawal: the withdrawals waiting for the payout (cancellable outside GG), newest first. */
export async function pendingWithdrawals(deps: CashierDeps, playerId: number): Promise<{ transactions: Transaction[] }> {
  await requireWallet(deps, playerId);
  return { transactions: (await pendingWithdrawalRows(deps.db, playerId)).map(transactionOf) };
}

/** GET net-position-win-loss: deposits - withdrawals and wins - bets over the period (all time without one). */
export async function netPosition(deps: CashierDeps, playerId: number, query: NetPositionQuery): Promise<NetPositionResponse> {
  const wallet = await requireWallet(deps, playerId);
  await settleOverdueDeposits(deps, playerId);
  const period = periodOf(query, deps.clock());
  const sums = await netPositionSums(deps.db, playerId, period);
  return {
    from: period.from?.toISOString() ?? null,
    to: period.to?.toISOString() ?? null,
    currency: wallet.currency,
    netPosition: wireMoney(toCents(sums.net), wallet.currency),
    winLoss: wireMoney(toCents(sums.winLoss), wallet.currency),
  };
}
