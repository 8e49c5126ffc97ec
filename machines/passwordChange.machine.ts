// Password change on the account page (behaviour.md §7 "/player/password (change)"; §8 "Sign-up
// and reset": error.old_password.incorrect is shown as a toast; §8 "General": the password action
// stores a backend error). Submit, then success or failure; the form can be sent again after a
// failure.
//
// A child of the session (flow `passwordChange`), started by the account route. Its end is the
// session's to decide: `{ outcome: 'changed' }` → a success toast and a fresh flow (a clean form).
// The refused old password does not end it (the typed values stay); the toast for it goes through
// the named action `announce`, which src/app provides once for every flow (the session's toasts).
import { assign, fromPromise, setup } from 'xstate';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import type { ToastKind, ToastMessage } from './lib/toasts';

/** behaviour.md §8: the code shown as a toast rather than next to the form. */
export const OLD_PASSWORD_INCORRECT = 'error.old_password.incorrect';
export const PASSWORD_CHANGE_ERROR_CODES = [OLD_PASSWORD_INCORRECT] as const;
export type PasswordChangeErrorCode = (typeof PASSWORD_CHANGE_ERROR_CODES)[number];
export type PasswordChangeError = FlowError<PasswordChangeErrorCode>;

export interface PasswordChangeInput {
  oldPassword: string;
  newPassword: string;
}

export interface PasswordChangeContext {
  /** The last backend error (behaviour.md §8 "General"); null after a new submit. */
  error: PasswordChangeError | null;
}

export type PasswordChangeEvent = { type: 'form.submit'; oldPassword: string; newPassword: string };

export interface PasswordChangeOutput {
  outcome: 'changed';
}

/** loading: the call runs; error: a message shows next to the form. */
export type PasswordChangeTag = 'loading' | 'error';

/** The default `announce`: nothing (src/app provides the session's toasts). */
const announceNothing: (args: unknown, params: { kind: ToastKind; message: ToastMessage }) => void = () => undefined;

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent,
    output: {} as PasswordChangeOutput,
    tags: {} as PasswordChangeTag,
  },
  actors: {
    // Supplied by src/ (playerApi.changePassword) and by tests. The passwords travel as the input
    // of the call only; the context never holds them.
    changePassword: fromPromise<unknown, PasswordChangeInput>(() =>
      Promise.reject(new Error('passwordChangeMachine: provide the changePassword actor')),
    ),
  },
  actions: {
    /** A toast that does not end the flow; src/app provides it (the session's toast actor). */
    announce: announceNothing,
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: PasswordChangeError }) => ({ error: params.error })),
  },
  guards: {
    isOldPasswordIncorrect: (_, params: { error: PasswordChangeError }) => params.error.code === OLD_PASSWORD_INCORRECT,
  },
}).createMachine({
  id: 'passwordChange',
  description:
    'behaviour.md §7 `/player/password` and §8: `form.submit` → `submitting` → `succeeded` (provided ' +
    '`passwordChanged`: toast, the form empties) or a failure. `error.old_password.incorrect` goes to ' +
    '`oldPasswordIncorrect` and is shown as a toast (`oldPasswordRefused`); other failures go to `failed` ' +
    '(tag `error`, shown by the form). The passwords travel only as the call\'s input, never in the context. ' +
    'Started by /my-account/account.',
  context: { error: null } satisfies PasswordChangeContext,
  initial: 'idle',
  states: {
    idle: {
      description: 'The form waits for the current and the new password.',
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      description:
        'The old and new passwords are sent (`changePassword`, behaviour.md §7 `/player/password`); they travel only ' +
        'as the call\'s input. The loader shows until the platform accepts or refuses them.',
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => ({ oldPassword: event.oldPassword, newPassword: event.newPassword }),
        onDone: { target: 'changed' },
        onError: [
          {
            description: 'Shown as a toast only (behaviour.md §8); the typed values stay so the player can correct it.',
            guard: {
              type: 'isOldPasswordIncorrect',
              params: ({ event }) => ({ error: flowErrorOf(event.error, PASSWORD_CHANGE_ERROR_CODES) }),
            },
            target: 'oldPasswordIncorrect',
            actions: [
              { type: 'setError', params: ({ event }) => ({ error: flowErrorOf(event.error, PASSWORD_CHANGE_ERROR_CODES) }) },
              { type: 'announce', params: { kind: 'error', message: 'passwordChange.oldPasswordRefused' } },
            ],
          },
          {
            target: 'failed',
            actions: { type: 'setError', params: ({ event }) => ({ error: flowErrorOf(event.error, PASSWORD_CHANGE_ERROR_CODES) }) },
          },
        ],
      },
    },
    oldPasswordIncorrect: {
      description: 'The platform refused the current password; the player may send the form again.',
      on: { 'form.submit': 'submitting' },
    },
    failed: {
      description: 'Any other failure, shown next to the form; the player may send it again.',
      tags: 'error',
      on: { 'form.submit': 'submitting' },
    },
    changed: {
      description: 'The password is changed: the session shows the success toast and starts a fresh flow.',
      type: 'final',
    },
  },
  output: { outcome: 'changed' },
});
