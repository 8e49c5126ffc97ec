// The transaction history (behaviour.md §4 "Transaction history", §5 "Lists merged by referenceId",
// §9 transaction page size and poll; product.md §3 "Transactions", "History state"; issue 11
// "Transaction history"; UKGC RTS 1C net position).
//
// A child of the session (flow `transactionHistory`), started by /my-account/banking/transactions
// and stopped when the player leaves it or logs out. Four regions side by side:
//
// - history: the first page (request) with the filter; `history.more` (scroll) asks the next page,
//   position + TRANSACTION_PAGE_SIZE, only while hasMore (a page came back with exactly
//   TRANSACTION_PAGE_SIZE items); each page merges into the list by referenceId, newest first
//   (mergeByReferenceId). `history.filter` replaces the filter and resets the list; `history.clear`
//   returns to the initial state (no filter, the first page again).
// - pending: the pending withdrawals ("pending transactions").
// - netPosition: the net position and win/loss of the period shown (net-position-win-loss with the
//   filter's period), asked again whenever the filter changes.
// - polling: while on (the default; `polling.stop` / `polling.start`, e.g. while the tab is hidden)
//   every TRANSACTION_POLL_MS the pending withdrawals and the history's first page are asked again
//   (the interval refresh). Logged in is given: the session stops the flow on logout.
//
// Day groups (firstInGroup) depend on the player's time zone: the screen reads the list through
// `historyItems(snapshot, dayOf)` (withDayGroups) with date-fns' formatting.
import { assign, fromPromise, raise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import type { NetPositionResponse, Transaction } from '../src/api/wallet';
import { TRANSACTION_PAGE_SIZE, TRANSACTION_POLL_MS } from './lib/constants';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import {
  historyFilterApplied,
  mergeByReferenceId,
  NO_HISTORY_FILTER,
  pageHasMore,
  withDayGroups,
  type HistoryFilter,
  type TransactionTimeFrameHours,
} from './lib/wallet';

/** One page of the history: the filter, the page's position and its size. */
export interface HistoryPageRequest {
  filter: HistoryFilter;
  position: number;
  limit: number;
}

/** The period of the net position (src/app turns `hour` into from/to with the clock). */
export interface NetPositionRequest {
  from: string | null;
  to: string | null;
  hour: TransactionTimeFrameHours | null;
}

export type HistoryError = FlowError<never>;

export interface TransactionHistoryContext {
  /** Merged by referenceId, newest first. */
  list: Transaction[];
  filter: HistoryFilter;
  filterApplied: boolean;
  /** The position of the last page asked (0, 10, 20 ...). */
  position: number;
  hasMore: boolean;
  /** The history's last failed call (a failed next page or refresh keeps the list). */
  error: HistoryError | null;
  netPosition: NetPositionResponse | null;
  pending: Transaction[];
}

export type TransactionHistoryEvent =
  | { type: 'history.filter'; filter: HistoryFilter }
  | { type: 'history.more' }
  | { type: 'history.clear' }
  | { type: 'history.retry' }
  /** The interval refresh (or the screen's own): the first page again, merged in. */
  | { type: 'history.refresh' }
  | { type: 'pending.refresh' }
  | { type: 'netPosition.refresh' }
  | { type: 'polling.start' }
  | { type: 'polling.stop' };

/**
 * loading: the first page loads (the list is empty); loadingMore: the next page; error: the first
 * page failed; pendingLoading, netPositionLoading: those parts load; polling: the interval runs.
 */
export type TransactionHistoryTag = 'loading' | 'loadingMore' | 'error' | 'pendingLoading' | 'netPositionLoading' | 'polling';

/** product.md §3 "History state" as it starts, and as a reset leaves it. */
const INITIAL_HISTORY = {
  list: [],
  filter: NO_HISTORY_FILTER,
  filterApplied: false,
  position: 0,
  hasMore: false,
  error: null,
} satisfies Partial<TransactionHistoryContext>;

export const transactionHistoryMachine = setup({
  types: {
    context: {} as TransactionHistoryContext,
    events: {} as TransactionHistoryEvent,
    tags: {} as TransactionHistoryTag,
  },
  actors: {
    // Supplied by src/app/flows/transactionHistory.ts (walletApi) and by tests.
    loadTransactions: fromPromise<Transaction[], HistoryPageRequest>(() =>
      Promise.reject(new Error('transactionHistoryMachine: provide the loadTransactions actor')),
    ),
    loadPendingWithdrawals: fromPromise<Transaction[]>(() =>
      Promise.reject(new Error('transactionHistoryMachine: provide the loadPendingWithdrawals actor')),
    ),
    loadNetPosition: fromPromise<NetPositionResponse, NetPositionRequest>(() =>
      Promise.reject(new Error('transactionHistoryMachine: provide the loadNetPosition actor')),
    ),
  },
  actions: {
    assignFilter: assign((_, params: { filter: HistoryFilter }) => ({
      ...INITIAL_HISTORY,
      filter: params.filter,
      filterApplied: historyFilterApplied(params.filter),
    })),
    resetHistory: assign(INITIAL_HISTORY),
    refreshNetPosition: raise({ type: 'netPosition.refresh' }),
    refreshHistory: raise({ type: 'history.refresh' }),
    refreshPending: raise({ type: 'pending.refresh' }),
    assignFirstPage: assign((_, params: { page: Transaction[] }) => ({
      list: mergeByReferenceId([], params.page),
      position: 0,
      hasMore: pageHasMore(params.page.length, TRANSACTION_PAGE_SIZE),
      error: null,
    })),
    assignNextPage: assign(({ context }, params: { page: Transaction[] }) => ({
      list: mergeByReferenceId(context.list, params.page),
      position: context.position + TRANSACTION_PAGE_SIZE,
      hasMore: pageHasMore(params.page.length, TRANSACTION_PAGE_SIZE),
      error: null,
    })),
    assignRefreshedPage: assign(({ context }, params: { page: Transaction[] }) => ({
      list: mergeByReferenceId(context.list, params.page),
      // Only the first page was loaded: the refreshed one says whether more exist now.
      hasMore: context.position === 0 ? pageHasMore(params.page.length, TRANSACTION_PAGE_SIZE) : context.hasMore,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, []) })),
    assignPending: assign((_, params: { pending: Transaction[] }) => ({ pending: params.pending })),
    assignNetPosition: assign((_, params: { netPosition: NetPositionResponse }) => ({ netPosition: params.netPosition })),
    forgetNetPosition: assign({ netPosition: null }),
  },
  guards: {
    hasMore: ({ context }) => context.hasMore,
  },
  delays: {
    transactionPoll: TRANSACTION_POLL_MS,
  },
}).createMachine({
  id: 'transactionHistory',
  description:
    'behaviour.md §4 "Transaction history", §5, §9; product.md §3 "Transactions", "History state"; UKGC RTS ' +
    '1C. Started by /my-account/banking/transactions. **history**: the first page (`TRANSACTION_PAGE_SIZE`, ' +
    'position 0); `history.more` while hasMore (a page of exactly 10), position + 10; pages merged by ' +
    'referenceId, newest first; `history.filter { filter }` (category, from, to, hour 24/72, status) resets ' +
    'the list; `history.clear` returns to the initial state; `history.refresh` merges the first page again. ' +
    '**pending**: the pending withdrawals. **netPosition**: net position and win/loss of the filter\'s ' +
    'period, asked again when it changes. **polling**: every `TRANSACTION_POLL_MS` while on (`polling.stop` ' +
    '/ `polling.start`) the pending withdrawals and the history refresh. The screen reads ' +
    '`historyItems(snapshot, dayOf)` (firstInGroup per calendar day).',
  type: 'parallel',
  context: { ...INITIAL_HISTORY, netPosition: null, pending: [] } satisfies TransactionHistoryContext,
  states: {
    history: {
      description: 'Request, filter, scroll (more), clear and the interval refresh of the history.',
      initial: 'loading',
      on: {
        'history.filter': {
          target: '.loading',
          description: 'Applying a filter resets the list (behaviour.md §4); the net position follows the period.',
          actions: [{ type: 'assignFilter', params: ({ event }) => ({ filter: event.filter }) }, 'refreshNetPosition'],
        },
        'history.clear': {
          target: '.loading',
          description: 'A reset returns to the initial state: no filter, the first page again.',
          actions: ['resetHistory', 'refreshNetPosition'],
        },
      },
      states: {
        loading: {
          description: 'Request: the first page (position 0) with the filter.',
          tags: 'loading',
          invoke: {
            id: 'loadTransactions',
            src: 'loadTransactions',
            input: ({ context }) => ({ filter: context.filter, position: 0, limit: TRANSACTION_PAGE_SIZE }),
            onDone: { target: 'loaded', actions: { type: 'assignFirstPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loaded: {
          description: 'The list is shown; more pages while hasMore.',
          on: {
            'history.more': {
              guard: 'hasMore',
              target: 'loadingMore',
              description: 'Scroll: hasMore only when the last page had exactly TRANSACTION_PAGE_SIZE items.',
            },
            'history.refresh': 'refreshing',
          },
        },
        loadingMore: {
          description: 'The next page: position + TRANSACTION_PAGE_SIZE.',
          tags: 'loadingMore',
          invoke: {
            id: 'loadTransactions',
            src: 'loadTransactions',
            input: ({ context }) => ({ filter: context.filter, position: context.position + TRANSACTION_PAGE_SIZE, limit: TRANSACTION_PAGE_SIZE }),
            onDone: { target: 'loaded', actions: { type: 'assignNextPage', params: ({ event }) => ({ page: event.output }) } },
            onError: {
              target: 'loaded',
              description: 'The list stays; history.more asks the same page again.',
              actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          description: 'The interval refresh: the first page again, merged in by referenceId (new and changed items).',
          invoke: {
            id: 'loadTransactions',
            src: 'loadTransactions',
            input: ({ context }) => ({ filter: context.filter, position: 0, limit: TRANSACTION_PAGE_SIZE }),
            onDone: { target: 'loaded', actions: { type: 'assignRefreshedPage', params: ({ event }) => ({ page: event.output }) } },
            onError: { target: 'loaded', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'The first page failed; history.retry (or the next refresh) asks again.',
          tags: 'error',
          on: { 'history.retry': 'loading', 'history.refresh': 'loading' },
        },
      },
    },
    pending: {
      description: 'Pending transactions: the pending withdrawals.',
      initial: 'loading',
      states: {
        loading: {
          description: 'pendingWithdrawal: the pending withdrawals.',
          tags: 'pendingLoading',
          invoke: {
            id: 'loadPendingWithdrawals',
            src: 'loadPendingWithdrawals',
            onDone: { target: 'loaded', actions: { type: 'assignPending', params: ({ event }) => ({ pending: event.output }) } },
            onError: 'failed',
          },
        },
        loaded: { description: 'Shown; the interval refresh asks again.', on: { 'pending.refresh': 'loading' } },
        failed: { description: 'Not loaded; the interval refresh asks again.', on: { 'pending.refresh': 'loading' } },
      },
    },
    netPosition: {
      description: 'UKGC RTS 1C: the net position and win/loss of the period shown.',
      initial: 'loading',
      on: {
        'netPosition.refresh': { target: '.loading', actions: 'forgetNetPosition' },
      },
      states: {
        loading: {
          description: "net-position-win-loss for the filter's period (from/to, or the last 24 / 72 hours).",
          tags: 'netPositionLoading',
          invoke: {
            id: 'loadNetPosition',
            src: 'loadNetPosition',
            input: ({ context }) => ({ from: context.filter.from, to: context.filter.to, hour: context.filter.hour }),
            onDone: { target: 'loaded', actions: { type: 'assignNetPosition', params: ({ event }) => ({ netPosition: event.output }) } },
            onError: 'failed',
          },
        },
        loaded: { description: 'The net position and win/loss are shown with their period.' },
        failed: { description: 'Not loaded; a new filter asks again.' },
      },
    },
    polling: {
      description: 'The interval refresh, every TRANSACTION_POLL_MS while on.',
      initial: 'on',
      states: {
        on: {
          description:
            'The screen is open and refreshing: every TRANSACTION_POLL_MS the pending withdrawals and the history\'s ' +
            'first page are asked again (behaviour.md §9), until the screen stops it.',
          tags: 'polling',
          on: { 'polling.stop': 'off' },
          after: {
            transactionPoll: {
              target: 'on',
              reenter: true,
              description: 'Refreshes the pending withdrawals and the history.',
              actions: ['refreshPending', 'refreshHistory'],
            },
          },
        },
        off: { description: 'No interval refresh (the screen turned it off).', on: { 'polling.start': 'on' } },
      },
    },
  },
});

export type TransactionHistorySnapshot = SnapshotFrom<typeof transactionHistoryMachine>;

/** The list with its day groups (firstInGroup), `dayOf` giving a date's calendar day in the player's zone. */
export function historyItems(snapshot: Pick<TransactionHistorySnapshot, 'context'>, dayOf: (isoDate: string) => string) {
  return withDayGroups(snapshot.context.list, dayOf);
}

/** product.md §3 "History state" polling flag. */
export function historyPolling(snapshot: Pick<TransactionHistorySnapshot, 'hasTag'>): boolean {
  return snapshot.hasTag('polling');
}
