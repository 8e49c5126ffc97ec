// Password reset (behaviour.md §4 "Password reset": the steps Email, Verification, Password,
// Complete in order, clamped at both ends, with a visited list; after success the player goes to
// "/" and sees the toast reset.password.success.toast. §7: /player/password_reset with
// sms_verification and new_password, payload fields email, resetKey, smsResetKeyId. §8: the
// errors sms.code.invalid, error.password.reset, sms.max.attempts.reached).
//
// A child of the session (flow `passwordReset`), started by the reset-password route. src/app
// provides the calls (requestReset, verifyResetCode, setNewPassword); the end, `{ outcome: 'reset' }`,
// is the session's to act on (the toast, home).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { CODE_ENTRY_TRANSITIONS, type CodeEntryEvent } from './lib/codeEntry';
import { flowErrorOf, type FlowError } from './lib/flowErrors';

/** behaviour.md §4 and product.md §2: the reset steps, in order. */
export const RESET_STEPS = ['email', 'verification', 'password', 'complete'] as const;
export type ResetStep = (typeof RESET_STEPS)[number];

/** The step `offset` places away from `step`, clamped at both ends of RESET_STEPS. */
export function resetStepAt(step: ResetStep, offset: number): ResetStep {
  const index = Math.min(RESET_STEPS.length - 1, Math.max(0, RESET_STEPS.indexOf(step) + offset));
  return RESET_STEPS[index] ?? step;
}

/** The server codes the reset flow tells apart (behaviour.md §8 "Sign-up and reset"). */
export const RESET_ERROR_CODES = ['sms.code.invalid', 'sms.max.attempts.reached', 'error.password.reset'] as const;
export type ResetErrorCode = (typeof RESET_ERROR_CODES)[number];
export type ResetError = FlowError<ResetErrorCode>;

export interface ResetRequested {
  smsResetKeyId: string;
}
export interface ResetVerified {
  resetKey: string;
}

export interface PasswordResetContext {
  /** What the player typed; kept on every error and when stepping back. */
  email: string;
  code: string;
  /** In memory only, for the length of the flow; cleared when it completes. */
  password: string;
  /** From the reset request: names the SMS code sent to the player's phone. */
  smsResetKeyId: string | null;
  /** From a verified code: allows one new password. */
  resetKey: string | null;
  /** The steps reached so far, in the order first reached (a step indicator reads it). */
  visited: ResetStep[];
  error: ResetError | null;
}

export type PasswordResetEvent =
  | { type: 'email.submit'; email: string }
  /** The Verification step's code, or a new SMS code to the same account (a new smsResetKeyId). */
  | CodeEntryEvent
  | { type: 'password.submit'; password: string }
  /** One step back, clamped at Email; a call in flight is abandoned. */
  | { type: 'step.back' };

type PasswordResetActorEvent =
  | DoneActorEvent<ResetRequested, 'requestReset'>
  | ErrorActorEvent<unknown, 'requestReset'>
  | DoneActorEvent<ResetRequested, 'resendCode'>
  | ErrorActorEvent<unknown, 'resendCode'>
  | DoneActorEvent<ResetVerified, 'verifyResetCode'>
  | ErrorActorEvent<unknown, 'verifyResetCode'>
  | DoneActorEvent<unknown, 'setNewPassword'>
  | ErrorActorEvent<unknown, 'setNewPassword'>;

/**
 * form: a step's fields take input; loading: a call runs; resent: a new code was just sent;
 * blocked: no more codes may be tried.
 */
export type PasswordResetTag = 'form' | 'loading' | 'resent' | 'blocked';

const ERROR_EVENTS = [
  'xstate.error.actor.requestReset',
  'xstate.error.actor.resendCode',
  'xstate.error.actor.verifyResetCode',
  'xstate.error.actor.setNewPassword',
] as const;

/**
 * A failed verify or resend of the code (behaviour.md §8): sms.max.attempts.reached blocks the
 * code; any other error leaves the player at the code with the error shown.
 */
const CODE_CALL_FAILED = [
  { guard: 'isMaxAttempts', target: 'blocked', actions: 'assignError' },
  { target: 'editing', actions: 'assignError' },
] as const;


export const passwordResetMachine = setup({
  types: {
    output: {} as { outcome: 'reset' },
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent | PasswordResetActorEvent,
    tags: {} as PasswordResetTag,
  },
  actors: {
    // Supplied by src/ (playerApi.resetRequest, resetVerify, resetPassword) and by tests.
    requestReset: fromPromise<ResetRequested, { email: string }>(() =>
      Promise.reject(new Error('passwordResetMachine: provide the requestReset actor')),
    ),
    verifyResetCode: fromPromise<ResetVerified, { smsResetKeyId: string; code: string }>(() =>
      Promise.reject(new Error('passwordResetMachine: provide the verifyResetCode actor')),
    ),
    setNewPassword: fromPromise<unknown, { resetKey: string; password: string }>(() =>
      Promise.reject(new Error('passwordResetMachine: provide the setNewPassword actor')),
    ),
  },
  actions: {
    // Supplied by src/: go to "/" and show reset.password.success.toast (behaviour.md §4).
    visit: assign(({ context }, step: ResetStep) =>
      context.visited.includes(step) ? {} : { visited: [...context.visited, step] },
    ),
    assignEmail: assign(({ event }) => {
      assertEvent(event, 'email.submit');
      return { email: event.email.trim(), error: null };
    }),
    assignCode: assign(({ event }) => {
      assertEvent(event, 'code.submit');
      return { code: event.code.trim(), error: null };
    }),
    assignPassword: assign(({ event }) => {
      assertEvent(event, 'password.submit');
      return { password: event.password, error: null };
    }),
    // A new request names a new code: the old one and anything verified with it are void.
    assignResetKeyId: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.requestReset', 'xstate.done.actor.resendCode']);
      return { smsResetKeyId: event.output.smsResetKeyId, resetKey: null, code: '', error: null };
    }),
    assignResetKey: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.verifyResetCode');
      return { resetKey: event.output.resetKey, error: null };
    }),
    clearError: assign({ error: null }),
    // Stepping back from Password: the code must be entered again, so the key it gave is dropped.
    dropResetKey: assign({ resetKey: null, code: '', error: null }),
    assignError: assign(({ event }) => {
      assertEvent(event, ERROR_EVENTS);
      return { error: flowErrorOf(event.error, RESET_ERROR_CODES) };
    }),
    // The flow is over: nothing secret stays in memory.
    forgetSecrets: assign({ password: '', code: '', resetKey: null, smsResetKeyId: null, error: null }),
  },
  guards: {
    isMaxAttempts: ({ event }) => {
      assertEvent(event, ERROR_EVENTS);
      return flowErrorOf(event.error, RESET_ERROR_CODES).code === 'sms.max.attempts.reached';
    },
  },
}).createMachine({
  id: 'passwordReset',
  context: {
    email: '',
    code: '',
    password: '',
    smsResetKeyId: null,
    resetKey: null,
    visited: [],
    error: null,
  } satisfies PasswordResetContext,
  initial: 'email',
  states: {
    // Step 1: the account's e-mail; the platform sends an SMS code to the account's phone.
    // No step.back here: clamped at the first step.
    email: {
      id: 'email',
      entry: { type: 'visit', params: 'email' },
      initial: 'editing',
      states: {
        editing: {
          tags: 'form',
          on: { 'email.submit': { target: 'requesting', actions: 'assignEmail' } },
        },
        requesting: {
          tags: 'loading',
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: '#verification', actions: 'assignResetKeyId' },
            onError: { target: 'editing', actions: 'assignError' },
          },
        },
      },
    },
    // Step 2: the SMS code; a verified code gives the resetKey.
    verification: {
      id: 'verification',
      entry: { type: 'visit', params: 'verification' },
      initial: 'editing',
      on: { 'step.back': { target: '#email', actions: 'clearError' } },
      states: {
        editing: {
          tags: 'form',
          on: CODE_ENTRY_TRANSITIONS,
        },
        verifying: {
          tags: 'loading',
          invoke: {
            id: 'verifyResetCode',
            src: 'verifyResetCode',
            input: ({ context }) => ({ smsResetKeyId: context.smsResetKeyId ?? '', code: context.code }),
            onDone: { target: '#password', actions: 'assignResetKey' },
            onError: CODE_CALL_FAILED,
          },
        },
        resending: {
          tags: 'loading',
          invoke: {
            id: 'resendCode',
            src: 'requestReset',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: 'resent', actions: 'assignResetKeyId' },
            onError: CODE_CALL_FAILED,
          },
        },
        // As editing, and the screen says a new code is on its way (machines/lib/codeEntry.ts).
        resent: {
          tags: ['form', 'resent'],
          on: CODE_ENTRY_TRANSITIONS,
        },
        // behaviour.md §8: sms.max.attempts.reached blocks the code; the player may ask for a new
        // one or go back and start again.
        blocked: {
          tags: 'blocked',
          on: { 'code.resend': { target: 'resending', actions: 'clearError' } },
        },
      },
    },
    // Step 3: the new password, sent with the resetKey.
    password: {
      id: 'password',
      entry: { type: 'visit', params: 'password' },
      initial: 'editing',
      on: { 'step.back': { target: '#verification', actions: 'dropResetKey' } },
      states: {
        editing: {
          tags: 'form',
          on: { 'password.submit': { target: 'saving', actions: 'assignPassword' } },
        },
        saving: {
          tags: 'loading',
          invoke: {
            id: 'setNewPassword',
            src: 'setNewPassword',
            input: ({ context }) => ({ resetKey: context.resetKey ?? '', password: context.password }),
            onDone: { target: '#complete' },
            onError: { target: 'editing', actions: 'assignError' },
          },
        },
      },
    },
    // Step 4: done; clamped at the last step (nothing leaves it). The session shows the toast and goes home.
    complete: {
      id: 'complete',
      type: 'final',
      entry: [{ type: 'visit', params: 'complete' }, 'forgetSecrets'],
    },
  },
  output: { outcome: 'reset' },
});
