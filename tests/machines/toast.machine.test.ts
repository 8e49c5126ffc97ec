import { createActor, SimulatedClock } from 'xstate';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { TOAST_DURATION_MS } from '../../machines/lib/constants';
import { toastMachine } from '../../machines/toast.machine';
import { coverPaths, formatCoverage } from './lib/pathCoverage';

type ToastEvent = EventFromLogic<typeof toastMachine>;
type ToastSnapshot = SnapshotFrom<typeof toastMachine>;

/**
 * The events the world can send in a state. The graph has no clock, so `toast.expire` (which the
 * machine schedules for itself) is offered only when exactly one toast's timer runs: then moving the
 * simulated clock by that toast's duration (the driver below) expires that toast and nothing else,
 * which is what the graph predicts. The number of toasts is bounded so the graph is finite.
 */
function eventsIn({ context }: ToastSnapshot): ToastEvent[] {
  // A default-length success toast first, then an error toast with its own length.
  const shows: ToastEvent[] = [
    ...(context.nextId === 0 ? [{ type: 'toast.show', kind: 'success', message: 'passwordChange.done' } as const] : []),
    ...(context.nextId === 1
      ? [{ type: 'toast.show', kind: 'error', message: 'passwordChange.oldPasswordRefused', durationMs: 10_000 } as const]
      : []),
  ];
  // A caller-chosen id: showing it again replaces the toast and restarts its timer.
  const named: ToastEvent = { type: 'toast.show', id: 'connection', kind: 'warning', message: 'session.idleLoggedOut' };
  const running = context.toasts.filter((toast) => !toast.paused);
  const perToast = context.toasts.flatMap((toast): ToastEvent[] => [
    { type: 'toast.dismiss', id: toast.id },
    { type: 'toast.pause', id: toast.id },
    { type: 'toast.resume', id: toast.id },
    ...(running.length === 1 && running[0]?.id === toast.id ? [{ type: 'toast.expire' as const, id: toast.id }] : []),
  ]);
  return [...shows, named, ...perToast];
}

describe('toast machine (product.md §2 toast container: success, error, warning, with timer)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: () => ({ machine: toastMachine, world: undefined }),
      events: eventsIn,
      drivers: {
        // The timer, not the test, removes the toast: move the clock by the toast's duration.
        'toast.expire': (event, { actor, clock }) => {
          if (event.type !== 'toast.expire') return;
          const toast = actor.getSnapshot().context.toasts.find((candidate) => candidate.id === event.id);
          if (!toast) throw new Error(`no toast ${event.id} to expire`);
          clock.increment(toast.durationMs);
        },
      },
      check: (snapshot, { event, previous }) => {
        const { toasts } = snapshot.context;
        expect(snapshot.hasTag('showing')).toBe(toasts.length > 0);
        expect(snapshot.value).toBe(toasts.length > 0 ? 'showing' : 'empty');
        expect(new Set(toasts.map((toast) => toast.id)).size).toBe(toasts.length);
        const before = previous?.context;
        switch (event.type) {
          case 'toast.show': {
            const id = event.id ?? `toast-${String(before?.nextId)}`;
            expect(toasts.find((toast) => toast.id === id)).toEqual({
              id,
              kind: event.kind,
              message: event.message,
              durationMs: event.durationMs ?? TOAST_DURATION_MS,
              paused: false,
            });
            break;
          }
          case 'toast.dismiss':
          case 'toast.expire':
            expect(toasts.some((toast) => toast.id === event.id)).toBe(false);
            // Only that toast goes: the others (paused ones included) stay.
            expect(toasts).toEqual(before?.toasts.filter((toast) => toast.id !== event.id));
            break;
          case 'toast.pause':
            expect(toasts.find((toast) => toast.id === event.id)?.paused).toBe(true);
            break;
          case 'toast.resume':
            expect(toasts.find((toast) => toast.id === event.id)?.paused).toBe(false);
            break;
        }
      },
    });
    console.info(formatCoverage('toast', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('removes a toast when its time is up, not before', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, { clock }).start();
    actor.send({ type: 'toast.show', kind: 'success', message: 'phoneChange.done' });
    clock.increment(TOAST_DURATION_MS - 1);
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.message)).toEqual(['phoneChange.done']);
    clock.increment(1);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    expect(actor.getSnapshot().value).toBe('empty');
    actor.stop();
  });

  it('keeps a hovered (paused) toast however long it waits', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, { clock }).start();
    actor.send({ type: 'toast.show', id: 'kept', kind: 'warning', message: 'session.idleLoggedOut', durationMs: 5_000 });
    actor.send({ type: 'toast.show', id: 'gone', kind: 'success', message: 'phoneChange.done', durationMs: 5_000 });
    clock.increment(4_000);
    actor.send({ type: 'toast.pause', id: 'kept' });
    clock.increment(60_000);
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.id)).toEqual(['kept']);
    actor.stop();
  });

  it('gives a resumed toast its full time again: the timer stopped on hover does not fire later', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, { clock }).start();
    actor.send({ type: 'toast.show', id: 'kept', kind: 'warning', message: 'session.idleLoggedOut', durationMs: 5_000 });
    clock.increment(4_000);
    actor.send({ type: 'toast.pause', id: 'kept' });
    clock.increment(500);
    actor.send({ type: 'toast.resume', id: 'kept' });
    // The first deadline (5 000) passes: the toast stays.
    clock.increment(4_999);
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.id)).toEqual(['kept']);
    // 5 000 after the resume it goes.
    clock.increment(1);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    actor.stop();
  });

  it('a dismissed toast does not come back, and its old timer does not remove a new toast with the same id', () => {
    const clock = new SimulatedClock();
    const actor = createActor(toastMachine, { clock }).start();
    actor.send({ type: 'toast.show', id: 'offline', kind: 'error', message: 'passwordChange.done', durationMs: 5_000 });
    clock.increment(3_000);
    actor.send({ type: 'toast.dismiss', id: 'offline' });
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    actor.send({ type: 'toast.show', id: 'offline', kind: 'error', message: 'phoneChange.done', durationMs: 5_000 });
    clock.increment(2_000);
    expect(actor.getSnapshot().context.toasts.map((toast) => toast.message)).toEqual(['phoneChange.done']);
    clock.increment(3_000);
    expect(actor.getSnapshot().context.toasts).toEqual([]);
    actor.stop();
  });
});
