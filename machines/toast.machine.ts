// Toasts (product.md §2 "Whole-app screens": toast container with success, error and warning toasts,
// with timer, swipeable; behaviour.md §8 "General": toast kinds success, error, warning). One actor
// holds every toast; each toast closes itself after its duration unless the player hovers or focuses
// it (paused), and the player can dismiss it (close button, swipe).
import { assertEvent, assign, enqueueActions, setup } from 'xstate';
import { TOAST_DURATION_MS } from './lib/constants';
import type { ToastKind, ToastMessage } from './lib/toasts';

export type { ToastKind } from './lib/toasts';

export interface Toast {
  id: string;
  kind: ToastKind;
  /** What it says, as a key: src/ui/toastMessages.ts translates it (machines have no i18n). */
  message: ToastMessage;
  durationMs: number;
  /** True while hovered or focused: the timer is stopped. */
  paused: boolean;
}

export interface ToastContext {
  toasts: Toast[];
  /** Source of ids for toasts shown without one. */
  nextId: number;
}

export type ToastEvent =
  | { type: 'toast.show'; kind: ToastKind; message: ToastMessage; durationMs?: number; id?: string }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.pause'; id: string }
  | { type: 'toast.resume'; id: string }
  /** Sent by the machine to itself when a toast's timer runs out. */
  | { type: 'toast.expire'; id: string };

export type ToastTag = 'showing';

/** The id of a toast's delayed `toast.expire`, so that pause and dismiss can cancel it. */
export function expiryTimerId(toastId: string): string {
  return `toast.expire:${toastId}`;
}

function findToast(context: ToastContext, id: string): Toast | undefined {
  return context.toasts.find((toast) => toast.id === id);
}

export const toastMachine = setup({
  types: {
    context: {} as ToastContext,
    events: {} as ToastEvent,
    tags: {} as ToastTag,
  },
  actions: {
    // Adds the toast (or replaces the one with the same id, restarting its timer) and starts its timer.
    showToast: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'toast.show');
      const toast: Toast = {
        id: event.id ?? `toast-${context.nextId}`,
        kind: event.kind,
        message: event.message,
        durationMs: event.durationMs ?? TOAST_DURATION_MS,
        paused: false,
      };
      const replaces = findToast(context, toast.id) !== undefined;
      enqueue.cancel(expiryTimerId(toast.id));
      enqueue.assign({
        toasts: replaces
          ? context.toasts.map((existing) => (existing.id === toast.id ? toast : existing))
          : [...context.toasts, toast],
        nextId: event.id === undefined ? context.nextId + 1 : context.nextId,
      });
      enqueue.raise({ type: 'toast.expire', id: toast.id }, { id: expiryTimerId(toast.id), delay: toast.durationMs });
    }),
    removeToast: assign(({ context, event }) => {
      assertEvent(event, ['toast.dismiss', 'toast.expire']);
      return { toasts: context.toasts.filter((toast) => toast.id !== event.id) };
    }),
    cancelExpiry: enqueueActions(({ event, enqueue }) => {
      assertEvent(event, ['toast.dismiss', 'toast.pause']);
      enqueue.cancel(expiryTimerId(event.id));
    }),
    markPaused: assign(({ context, event }) => {
      assertEvent(event, ['toast.pause', 'toast.resume']);
      const paused = event.type === 'toast.pause';
      return { toasts: context.toasts.map((toast) => (toast.id === event.id ? { ...toast, paused } : toast)) };
    }),
    // Resuming restarts the toast's full duration: the player just looked at it.
    restartExpiry: enqueueActions(({ context, event, enqueue }) => {
      assertEvent(event, 'toast.resume');
      const toast = findToast(context, event.id);
      if (!toast) return;
      enqueue.raise({ type: 'toast.expire', id: toast.id }, { id: expiryTimerId(toast.id), delay: toast.durationMs });
    }),
  },
  guards: {
    hasNoToasts: ({ context }) => context.toasts.length === 0,
    isShown: ({ context, event }) => {
      assertEvent(event, 'toast.dismiss');
      return findToast(context, event.id) !== undefined;
    },
    isRunning: ({ context, event }) => {
      assertEvent(event, ['toast.pause', 'toast.expire']);
      return findToast(context, event.id)?.paused === false;
    },
    isPaused: ({ context, event }) => {
      assertEvent(event, 'toast.resume');
      return findToast(context, event.id)?.paused === true;
    },
  },
}).createMachine({
  id: 'toast',
  context: { toasts: [], nextId: 0 } satisfies ToastContext,
  initial: 'empty',
  on: {
    'toast.show': { target: '.showing', actions: 'showToast' },
    'toast.dismiss': { guard: 'isShown', target: '.showing', actions: ['cancelExpiry', 'removeToast'] },
    // A paused toast's timer is cancelled; the guard also drops a late expiry for it.
    'toast.expire': { guard: 'isRunning', target: '.showing', actions: 'removeToast' },
    'toast.pause': { guard: 'isRunning', actions: ['cancelExpiry', 'markPaused'] },
    'toast.resume': { guard: 'isPaused', actions: ['markPaused', 'restartExpiry'] },
  },
  states: {
    empty: {},
    showing: {
      tags: 'showing',
      always: { guard: 'hasNoToasts', target: 'empty' },
    },
  },
});
