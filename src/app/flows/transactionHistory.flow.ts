import { fromPromise } from 'xstate';
import { DAY_MS } from '../../../machines/lib/constants';
import {
  transactionHistoryMachine,
  type HistoryPageRequest,
  type NetPositionRequest,
} from '../../../machines/transactionHistory.machine';
import { walletApi, type NetPositionResponse, type Transaction, type TransactionsQuery } from '../../api/wallet';
import type { ProvideFlow } from './index';

/** The history's filter and page as the transactions call's query (null parts are left out). */
export function transactionsQuery({ filter, position, limit }: HistoryPageRequest): TransactionsQuery {
  return {
    limit: String(limit),
    position: String(position),
    ...(filter.category === null ? {} : { category: filter.category }),
    ...(filter.status === null ? {} : { status: filter.status }),
    ...(filter.hour === null ? {} : { hour: String(filter.hour) as '24' | '72' }),
    ...(filter.hour !== null || filter.from === null ? {} : { from: filter.from }),
    ...(filter.hour !== null || filter.to === null ? {} : { to: filter.to }),
  };
}

/**
 * The net position's period (UKGC RTS 1C): the filter's from/to, or for a time frame the last 24
 * or 72 hours up to now (the net-position call takes from/to only).
 */
export function netPositionPeriod(request: NetPositionRequest, now: number = Date.now()): { from?: string; to?: string } {
  if (request.hour !== null) {
    return { from: new Date(now - (request.hour * DAY_MS) / 24).toISOString(), to: new Date(now).toISOString() };
  }
  return { ...(request.from === null ? {} : { from: request.from }), ...(request.to === null ? {} : { to: request.to }) };
}

/** The transaction history with the platform's calls (behaviour.md §7 transactions, pendingWithdrawal, net-position-win-loss). */
export function transactionHistoryFlow() {
  return transactionHistoryMachine.provide({
    actors: {
      loadTransactions: fromPromise<Transaction[], HistoryPageRequest>(async ({ input, signal }) =>
        (await walletApi.transactions(transactionsQuery(input), signal)).transactions,
      ),
      loadPendingWithdrawals: fromPromise<Transaction[]>(async ({ signal }) => (await walletApi.pendingWithdrawals(signal)).transactions),
      loadNetPosition: fromPromise<NetPositionResponse, NetPositionRequest>(({ input, signal }) =>
        walletApi.netPosition(netPositionPeriod(input), signal),
      ),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'transactionHistory'> = () => transactionHistoryFlow();
