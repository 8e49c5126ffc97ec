// Password change on the account page (behaviour.md §7 "/player/password (change)"; §8 "Sign-up
// and reset": error.old_password.incorrect is shown as a toast; §8 "General": the password action
// stores a backend error). Submit, then success or failure; the form can be sent again from either.
//
// Started by the account page; src/ provides the call and the two announcements:
//   passwordChangeMachine.provide({
//     actors: { changePassword },
//     actions: { passwordChanged, oldPasswordRefused },   // success toast; the §8 error toast
//   })
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { flowErrorOf, type FlowError } from './lib/flowErrors';

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
  /** The last backend error (behaviour.md §8 "General"); null after a success or a new submit. */
  error: PasswordChangeError | null;
}

export type PasswordChangeEvent = { type: 'form.submit'; oldPassword: string; newPassword: string };

type PasswordChangeActorEvent =
  | DoneActorEvent<unknown, 'changePassword'>
  | ErrorActorEvent<unknown, 'changePassword'>;

/** loading: the call runs; success: the form is cleared; error: a message shows next to the form. */
export type PasswordChangeTag = 'loading' | 'success' | 'error';

/** The default announcements: nothing (src/ shows the toasts). */
const doNothing: () => void = () => undefined;

export const passwordChangeMachine = setup({
  types: {
    context: {} as PasswordChangeContext,
    events: {} as PasswordChangeEvent | PasswordChangeActorEvent,
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
    // Supplied by src/: a success toast; the screen clears the form.
    passwordChanged: doNothing,
    // Supplied by src/: the error.old_password.incorrect toast (behaviour.md §8).
    oldPasswordRefused: doNothing,
    clearError: assign({ error: null }),
    assignError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.changePassword');
      return { error: flowErrorOf(event.error, PASSWORD_CHANGE_ERROR_CODES) };
    }),
  },
  guards: {
    isOldPasswordIncorrect: ({ event }) => {
      assertEvent(event, 'xstate.error.actor.changePassword');
      return flowErrorOf(event.error, PASSWORD_CHANGE_ERROR_CODES).code === OLD_PASSWORD_INCORRECT;
    },
  },
}).createMachine({
  id: 'passwordChange',
  context: { error: null } satisfies PasswordChangeContext,
  initial: 'idle',
  // From every resting state the player may send the form (again).
  states: {
    idle: {
      on: { 'form.submit': 'submitting' },
    },
    submitting: {
      tags: 'loading',
      entry: 'clearError',
      invoke: {
        id: 'changePassword',
        src: 'changePassword',
        input: ({ event }) => {
          assertEvent(event, 'form.submit');
          return { oldPassword: event.oldPassword, newPassword: event.newPassword };
        },
        onDone: { target: 'succeeded', actions: 'passwordChanged' },
        onError: [
          // Shown as a toast only; the typed values stay so the player can correct the old password.
          { guard: 'isOldPasswordIncorrect', target: 'oldPasswordIncorrect', actions: ['assignError', 'oldPasswordRefused'] },
          { target: 'failed', actions: 'assignError' },
        ],
      },
    },
    succeeded: {
      tags: 'success',
      on: { 'form.submit': 'submitting' },
    },
    oldPasswordIncorrect: {
      on: { 'form.submit': 'submitting' },
    },
    failed: {
      tags: 'error',
      on: { 'form.submit': 'submitting' },
    },
  },
});
