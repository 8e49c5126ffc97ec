import { createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_PAGE_SIZE, TRANSACTION_POLL_MS } from '../../machines/lib/constants';
import { NO_HISTORY_FILTER } from '../../machines/lib/wallet';
import {
  historyItems,
  historyPolling,
  transactionHistoryMachine,
  type HistoryPageRequest,
  type NetPositionRequest,
} from '../../machines/transactionHistory.machine';
import type { NetPositionResponse, Transaction } from '../../src/api/wallet';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';
import { eventsFor, LAST_PAGE, NET, PAGE_1, PAYMENTS, PENDING, REFRESHED, regions } from './lib/transactionHistory.fixtures';

function setupWith(fakes: FakePromises) {
  const machine = transactionHistoryMachine.provide({
    actors: {
      loadTransactions: fakes.actor<Transaction[], HistoryPageRequest>(),
      loadPendingWithdrawals: fakes.actor<Transaction[]>(),
      loadNetPosition: fakes.actor<NetPositionResponse, NetPositionRequest>(),
    },
  });
  return { machine, world: undefined };
}

const lastInput = (fakes: FakePromises, id: string) => fakes.calls.filter((call) => call.id === id).at(-1)?.input;
const utcDay = (iso: string) => iso.slice(0, 10);

describe('transaction history machine (behaviour.md §4 "Transaction history", §9)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const seen = { more: 0, lastPage: 0, refreshes: 0, polls: 0 };
    const result = await coverPaths({
      setup: setupWith,
      events: eventsFor,
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const { history, pending, netPosition } = regions(snapshot);
        // The list: by referenceId, once each, newest first.
        const ids = context.list.map((item) => item.referenceId);
        expect(new Set(ids).size).toBe(ids.length);
        const dates = context.list.map((item) => Date.parse(item.transactionDate));
        expect(dates).toEqual([...dates].sort((a, b) => b - a));
        expect(context.filterApplied).toBe(JSON.stringify(context.filter) !== JSON.stringify(NO_HISTORY_FILTER));
        expect(historyPolling(snapshot)).toBe(regions(snapshot).polling === 'on');
        // Day groups: firstInGroup where the calendar day changes.
        const items = historyItems(snapshot, utcDay);
        items.forEach((item, i) => expect(item.firstInGroup).toBe(i === 0 || utcDay(items[i - 1]?.transactionDate ?? '') !== utcDay(item.transactionDate)));

        switch (history) {
          case 'loading':
            // Request: the first page with the filter.
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(lastInput(fakes, 'loadTransactions')).toEqual({ filter: context.filter, position: 0, limit: TRANSACTION_PAGE_SIZE });
            expect(context.list).toEqual(event.type === 'history.retry' || event.type === 'history.refresh' ? previous?.context.list : []);
            break;
          case 'loadingMore':
            expect(lastInput(fakes, 'loadTransactions')).toEqual({ filter: context.filter, position: context.position + TRANSACTION_PAGE_SIZE, limit: TRANSACTION_PAGE_SIZE });
            expect(context.hasMore).toBe(true);
            break;
          case 'refreshing':
            expect(lastInput(fakes, 'loadTransactions')).toEqual({ filter: context.filter, position: 0, limit: TRANSACTION_PAGE_SIZE });
            break;
          case 'failed':
            expect(snapshot.hasTag('error')).toBe(true);
            expect(context.error?.code).toBe('network');
            break;
        }
        if (event.type === 'xstate.done.actor.loadTransactions' && previous !== undefined) {
          const page = event.output as Transaction[];
          const before = regions(previous).history;
          // hasMore only when a page has exactly TRANSACTION_PAGE_SIZE items (the first page, or a next one).
          if (before !== 'refreshing') expect(context.hasMore).toBe(page.length === TRANSACTION_PAGE_SIZE);
          if (before === 'loadingMore') {
            expect(context.position).toBe(previous.context.position + TRANSACTION_PAGE_SIZE);
            expect(context.list.length).toBe(previous.context.list.length + page.length);
            seen.more += 1;
            if (page === LAST_PAGE) seen.lastPage += 1;
          }
          if (before === 'refreshing') {
            // Merged by referenceId: the new one on top, the changed one replaced, nothing doubled.
            expect(ids[0]).toBe('t00');
            expect(context.list.find((item) => item.referenceId === 't01')?.status).toBe('REVERTED');
            expect(context.position).toBe(previous.context.position);
            seen.refreshes += 1;
          }
        }
        if (event.type === 'history.more' && previous?.context.hasMore === false) expect(history).toBe('loaded');
        if (event.type === 'xstate.error.actor.loadTransactions' && previous !== undefined && regions(previous).history !== 'loading') {
          // A failed next page or refresh keeps the list.
          expect(context.list).toBe(previous.context.list);
          expect(history).toBe('loaded');
        }
        if (event.type === 'history.filter') {
          // A filter resets the list; the net position follows the period.
          expect(context).toMatchObject({ list: [], position: 0, hasMore: false, filter: PAYMENTS, filterApplied: true });
          expect(netPosition).toBe('loading');
          expect(lastInput(fakes, 'loadNetPosition')).toEqual({ from: null, to: null, hour: 72 });
        }
        if (event.type === 'history.clear') {
          // A reset returns to the initial state.
          expect(context).toMatchObject({ list: [], position: 0, hasMore: false, filter: NO_HISTORY_FILTER, filterApplied: false, error: null });
          expect(lastInput(fakes, 'loadNetPosition')).toEqual({ from: null, to: null, hour: null });
        }
        if (pending === 'loading') expect(fakes.isPending('loadPendingWithdrawals')).toBe(true);
        if (pending === 'loaded' && event.type === 'xstate.done.actor.loadPendingWithdrawals') expect(context.pending).toEqual(PENDING);
        if (netPosition === 'loaded') expect(context.netPosition).toEqual(NET);
        if (netPosition === 'loading') expect(context.netPosition).toBeNull();
        if ((event.type as string) === 'xstate.after.transactionPoll.transactionHistory.polling.on' && previous !== undefined) {
          // The interval refresh: the pending withdrawals and the history again.
          if (regions(previous).pending !== 'loading') expect(pending).toBe('loading');
          if (regions(previous).history === 'loaded') expect(history).toBe('refreshing');
          seen.polls += 1;
        }
      },
    });
    console.info(formatCoverage('transactionHistory', result));
    for (const count of Object.values(seen)) expect(count).toBeGreaterThan(0);
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 120_000);

  it('refreshes every TRANSACTION_POLL_MS while polling is on, and not while it is off', async () => {
    const clock = new SimulatedClock();
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { clock }).start();
    fakes.resolve('loadTransactions', PAGE_1);
    fakes.resolve('loadPendingWithdrawals', PENDING);
    fakes.resolve('loadNetPosition', NET);
    await settle();
    const count = (id: string) => fakes.calls.filter((call) => call.id === id).length;
    clock.increment(TRANSACTION_POLL_MS - 1);
    expect(count('loadTransactions')).toBe(1);
    clock.increment(1);
    expect(count('loadTransactions')).toBe(2);
    expect(count('loadPendingWithdrawals')).toBe(2);
    fakes.resolve('loadTransactions', REFRESHED);
    fakes.resolve('loadPendingWithdrawals', PENDING);
    await settle();
    actor.send({ type: 'polling.stop' });
    clock.increment(10 * TRANSACTION_POLL_MS);
    expect(count('loadTransactions')).toBe(2);
    actor.send({ type: 'polling.start' });
    clock.increment(TRANSACTION_POLL_MS);
    expect(count('loadTransactions')).toBe(3);
    actor.stop();
  });
});
