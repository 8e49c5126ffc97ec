// The transaction history's fixtures (tests/machines/transactionHistory.machine.test.ts): the pages,
// the pending payouts and the net position the platform answers, and the events its path test tries
// in each state (`eventsFor`). `npm run paths transactionHistory` walks the same events
// (scripts/lib/pathModels.ts).
import type { SnapshotFrom } from 'xstate';
import { NO_HISTORY_FILTER, type HistoryFilter } from '../../../machines/lib/wallet';
import type { transactionHistoryMachine } from '../../../machines/transactionHistory.machine';
import { ApiError } from '../../../src/api/errors';
import type { NetPositionResponse, Transaction } from '../../../src/api/wallet';
import type { PathEvent } from './pathCoverage';

type HistoryPathEvent = PathEvent<typeof transactionHistoryMachine>;
type HistorySnapshot = SnapshotFrom<typeof transactionHistoryMachine>;

/** Transaction n happened n hours before 2026-11-25 12:00 UTC (two or three a day, newest first). */
function transaction(n: number, status: Transaction['status'] = 'SUCCESS'): Transaction {
  return {
    referenceId: `t${String(n).padStart(2, '0')}`,
    amount: '-1.00',
    balanceAfterTransaction: '100.00',
    currency: 'EUR',
    category: 'CASINO',
    status,
    type: 'BET',
    transactionDate: new Date(Date.UTC(2026, 10, 25, 12) - n * 3_600_000 * 10).toISOString(),
    playerId: 1001,
    walletId: 'w-1001',
  };
}
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => transaction(from + i));
export const PAGE_1 = range(1, 10);
const PAGE_2 = range(11, 20);
export const LAST_PAGE = range(21, 24);
const SHORT_PAGE = range(1, 3);
/** The refresh: a new transaction, and the newest one changed. */
export const REFRESHED = [transaction(0), transaction(1, 'REVERTED'), ...range(2, 9)];
export const PAYMENTS: HistoryFilter = { ...NO_HISTORY_FILTER, category: 'PAYMENT', hour: 72 };
export const NET: NetPositionResponse = { from: null, to: null, currency: 'EUR', netPosition: '150.00', winLoss: '-25.00' };
export const PENDING = [transaction(30, 'PENDING')];
const offline = new ApiError('network', 0, 'network.error', 'Network Error');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as HistoryPathEvent;
const failed = (id: string) => ({ type: `xstate.error.actor.${id}`, actorId: id, error: offline }) as HistoryPathEvent;

export function regions(snapshot: HistorySnapshot) {
  return snapshot.value as { history: string; pending: string; netPosition: string; polling: string };
}

/**
 * The events to try: the side regions (pending, net position, polling) are worked before the first
 * page arrives; the history then moves with them loaded and the interval on, and whatever a
 * refresh or a filter started there is answered.
 */
export function eventsFor(snapshot: HistorySnapshot): HistoryPathEvent[] {
  const { context } = snapshot;
  const { history, pending, netPosition, polling } = regions(snapshot);
  const untouched = history === 'loading' && context.list.length === 0 && !context.filterApplied && context.error === null;
  if (untouched) {
    const list: HistoryPathEvent[] = [];
    if (pending === 'loading') list.push(done('loadPendingWithdrawals', PENDING), failed('loadPendingWithdrawals'));
    else list.push({ type: 'pending.refresh' });
    if (netPosition === 'loading') list.push(done('loadNetPosition', NET), failed('loadNetPosition'));
    else list.push({ type: 'netPosition.refresh' });
    list.push(polling === 'on' ? { type: 'polling.stop' } : { type: 'polling.start' });
    if (pending === 'loaded' && netPosition === 'loaded' && polling === 'on') {
      list.push(done('loadTransactions', PAGE_1), done('loadTransactions', SHORT_PAGE), failed('loadTransactions'));
    }
    return list;
  }
  // Answer what a refresh or a filter started elsewhere, then go on.
  if (pending === 'loading') return [done('loadPendingWithdrawals', PENDING)];
  if (netPosition === 'loading') return [done('loadNetPosition', NET)];
  switch (history) {
    case 'loading':
      return [done('loadTransactions', context.filterApplied ? SHORT_PAGE : PAGE_1)];
    case 'loaded': {
      const list: HistoryPathEvent[] = [{ type: 'history.more' }];
      if (context.position === 0 && !context.filterApplied && context.error === null) {
        list.push({ type: 'history.refresh' }, { type: 'history.filter', filter: PAYMENTS }, { type: 'history.clear' });
      }
      return list;
    }
    case 'loadingMore':
      return context.position === 0 ? [done('loadTransactions', PAGE_2), failed('loadTransactions')] : [done('loadTransactions', LAST_PAGE)];
    case 'refreshing':
      return context.list.length === PAGE_1.length ? [done('loadTransactions', REFRESHED), failed('loadTransactions')] : [done('loadTransactions', REFRESHED)];
    case 'failed':
      return [{ type: 'history.retry' }, { type: 'history.refresh' }];
    default:
      return [];
  }
}
