// Toasts (product.md §2 "Whole-app screens": toast container with success, error and warning toasts,
// with timer, swipeable; behaviour.md §8 "General": toast kinds success, error, warning). One actor
// holds every toast; each toast closes itself after its duration unless the player hovers or focuses
// it (paused), and the player can dismiss it (close button, swipe).
import { assign, cancel, enqueueActions, setup } from 'xstate';
import { TOAST_DURATION_MS } from './lib/constants';
import type { ToastKind, ToastMessage, ToastValues } from './lib/toasts';

export type { ToastKind } from './lib/toasts';

export interface Toast {
  id: string;
  kind: ToastKind;
  /** What it says, as a key: src/ui/toastMessages.ts translates it (machines have no i18n). */
  message: ToastMessage;
  /** What the text fills in (a date as ISO), when it has blanks. */
  values?: ToastValues;
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
  | { type: 'toast.show'; kind: ToastKind; message: ToastMessage; values?: ToastValues; durationMs?: number; id?: string }
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

/** What `toast.show` carries: the toast to add, its id and length optional. */
type ToastShow = Omit<Extract<ToastEvent, { type: 'toast.show' }>, 'type'>;

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
    showToast: enqueueActions(({ context, enqueue }, params: ToastShow) => {
      const toast: Toast = {
        id: params.id ?? `toast-${context.nextId}`,
        kind: params.kind,
        message: params.message,
        ...(params.values === undefined ? {} : { values: params.values }),
        durationMs: params.durationMs ?? TOAST_DURATION_MS,
        paused: false,
      };
      const replaces = findToast(context, toast.id) !== undefined;
      enqueue.cancel(expiryTimerId(toast.id));
      enqueue.assign({
        toasts: replaces
          ? context.toasts.map((existing) => (existing.id === toast.id ? toast : existing))
          : [...context.toasts, toast],
        nextId: params.id === undefined ? context.nextId + 1 : context.nextId,
      });
      enqueue.raise({ type: 'toast.expire', id: toast.id }, { id: expiryTimerId(toast.id), delay: toast.durationMs });
    }),
    removeToast: assign(({ context }, params: { id: string }) => ({
      toasts: context.toasts.filter((toast) => toast.id !== params.id),
    })),
    cancelExpiry: cancel((_, params: { id: string }) => expiryTimerId(params.id)),
    markPaused: assign(({ context }, params: { id: string; paused: boolean }) => ({
      toasts: context.toasts.map((toast) => (toast.id === params.id ? { ...toast, paused: params.paused } : toast)),
    })),
    // Resuming restarts the toast's full duration: the player just looked at it.
    restartExpiry: enqueueActions(({ context, enqueue }, params: { id: string }) => {
      const toast = findToast(context, params.id);
      if (!toast) return;
      enqueue.raise({ type: 'toast.expire', id: toast.id }, { id: expiryTimerId(toast.id), delay: toast.durationMs });
    }),
  },
  guards: {
    hasNoToasts: ({ context }) => context.toasts.length === 0,
    isShown: ({ context }, params: { id: string }) => findToast(context, params.id) !== undefined,
    isRunning: ({ context }, params: { id: string }) => findToast(context, params.id)?.paused === false,
    isPaused: ({ context }, params: { id: string }) => findToast(context, params.id)?.paused === true,
  },
}).createMachine({
  id: 'toast',
  description:
    'product.md §2 "Whole-app screens": one actor holds every toast (success, error, warning). Each closes ' +
    'itself after its duration (`TOAST_DURATION_MS` unless given) through a delayed `toast.expire` it sends ' +
    'itself; `toast.pause` (hover, focus) cancels that timer and `toast.resume` starts it again; ' +
    '`toast.dismiss` (close button, swipe) removes the toast at once.',
  context: { toasts: [], nextId: 0 } satisfies ToastContext,
  initial: 'empty',
  on: {
    'toast.show': {
      description: 'Adds the toast (a known id replaces that toast and restarts its timer) and starts its timer.',
      target: '.showing',
      actions: {
        type: 'showToast',
        params: ({ event }) => ({ id: event.id, kind: event.kind, message: event.message, values: event.values, durationMs: event.durationMs }),
      },
    },
    'toast.dismiss': {
      description: 'The player closed it (close button, swipe).',
      guard: { type: 'isShown', params: ({ event }) => ({ id: event.id }) },
      target: '.showing',
      actions: [
        { type: 'cancelExpiry', params: ({ event }) => ({ id: event.id }) },
        { type: 'removeToast', params: ({ event }) => ({ id: event.id }) },
      ],
    },
    'toast.expire': {
      description: "Its timer ran out. A paused toast's timer is cancelled; the guard also drops a late expiry for it.",
      guard: { type: 'isRunning', params: ({ event }) => ({ id: event.id }) },
      target: '.showing',
      actions: { type: 'removeToast', params: ({ event }) => ({ id: event.id }) },
    },
    'toast.pause': {
      description: 'Hovered or focused: its timer stops.',
      guard: { type: 'isRunning', params: ({ event }) => ({ id: event.id }) },
      actions: [
        { type: 'cancelExpiry', params: ({ event }) => ({ id: event.id }) },
        { type: 'markPaused', params: ({ event }) => ({ id: event.id, paused: true }) },
      ],
    },
    'toast.resume': {
      description: 'No longer hovered or focused: its full duration starts again.',
      guard: { type: 'isPaused', params: ({ event }) => ({ id: event.id }) },
      actions: [
        { type: 'markPaused', params: ({ event }) => ({ id: event.id, paused: false }) },
        { type: 'restartExpiry', params: ({ event }) => ({ id: event.id }) },
      ],
    },
  },
  states: {
    empty: { description: 'No toast is shown.' },
    showing: {
      description: 'One or more toasts are shown; the last one gone leads back to empty.',
      tags: 'showing',
      always: { guard: 'hasNoToasts', target: 'empty' },
    },
  },
});
