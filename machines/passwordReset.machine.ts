// Password reset (behaviour.md §4 "Password reset": the steps Email, Verification, Password,
// Complete in order, clamped at both ends, with a visited list; after success the player goes to
// "/" and sees the toast reset.password.success.toast. §7: /player/password_reset with
// sms_verification and new_password, payload fields email, resetKey, smsResetKeyId. §8: the
// errors sms.code.invalid, error.password.reset, sms.max.attempts.reached).
//
// Started by the session on `flow.start` from the reset-password route. The SMS code is entered in
// the invoked code-verification machine (machines/codeVerification.machine.ts). The calls come from
// src/app/flows/passwordReset.ts with provide():
//   passwordResetMachine.provide({ actors: {
//     requestReset,        // playerApi.resetRequest({ email }) → { smsResetKeyId }
//     setNewPassword,      // playerApi.resetPassword({ resetKey, password })
//     codeVerification,    // codeVerificationMachine.provide({ actors: { sendCode: resetRequest, verifyCode: resetVerify → { key: resetKey } } })
//   } })
// Its output { outcome: 'reset' } is the session's to show: the toast and the way home.
import { assign, fromPromise, setup } from 'xstate';
import { codeVerificationMachine, type CodeVerificationOutput } from './codeVerification.machine';
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

/** The error the reset shows when code entry ends blocked (behaviour.md §8). */
const MAX_ATTEMPTS_ERROR: ResetError = { code: 'sms.max.attempts.reached', fieldErrors: [] };

export interface ResetRequested {
  smsResetKeyId: string;
}

export interface PasswordResetContext {
  /** What the player typed; kept on every error and when stepping back. */
  email: string;
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
  /** After the code was blocked: a new code to the same account (code entry starts again). */
  | { type: 'code.resend' }
  | { type: 'password.submit'; password: string }
  /** One step back, clamped at Email; a call in flight is abandoned. */
  | { type: 'step.back' };

export type PasswordResetOutput = { outcome: 'reset' };

/**
 * form: a step's fields take input; loading: a call of the flow runs; codeEntry: the code step's
 * child runs (its own tags say loading, resent ...); blocked: no more codes may be tried.
 */
export type PasswordResetTag = 'form' | 'loading' | 'codeEntry' | 'blocked';

export const passwordResetMachine = setup({
  types: {
    context: {} as PasswordResetContext,
    events: {} as PasswordResetEvent,
    output: {} as PasswordResetOutput,
    tags: {} as PasswordResetTag,
    children: {} as { codeVerification: 'codeVerification' },
  },
  actors: {
    requestReset: fromPromise<ResetRequested, { email: string }>(() =>
      Promise.reject(new Error('passwordResetMachine: provide the requestReset actor')),
    ),
    setNewPassword: fromPromise<unknown, { resetKey: string; password: string }>(() =>
      Promise.reject(new Error('passwordResetMachine: provide the setNewPassword actor')),
    ),
    codeVerification: codeVerificationMachine,
  },
  actions: {
    visit: assign(({ context }, step: ResetStep) => (context.visited.includes(step) ? {} : { visited: [...context.visited, step] })),
    assignEmail: assign((_, params: { email: string }) => ({ email: params.email.trim(), error: null })),
    assignPassword: assign((_, params: { password: string }) => ({ password: params.password, error: null })),
    // A new request names a new code: anything verified with the old one is void.
    assignResetKeyId: assign((_, params: { requested: ResetRequested }) => ({
      smsResetKeyId: params.requested.smsResetKeyId,
      resetKey: null,
      error: null,
    })),
    assignResetKey: assign((_, params: { output: CodeVerificationOutput }) => ({
      resetKey: params.output.outcome === 'verified' ? params.output.key : null,
      error: null,
    })),
    assignCodeBlocked: assign({ error: MAX_ATTEMPTS_ERROR }),
    // A new code is asked for after the block: code entry sends it (the old id is spent).
    forgetResetKeyId: assign({ smsResetKeyId: null, error: null }),
    clearError: assign({ error: null }),
    // Stepping back from Password: the code must be entered again, so the key it gave is dropped.
    dropResetKey: assign({ resetKey: null, error: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, RESET_ERROR_CODES) })),
    // The flow is over: nothing secret stays in memory.
    forgetSecrets: assign({ password: '', resetKey: null, smsResetKeyId: null, error: null }),
  },
  guards: {
    codeVerified: (_, params: { output: CodeVerificationOutput }) => params.output.outcome === 'verified',
    codeBlocked: (_, params: { output: CodeVerificationOutput }) => params.output.outcome === 'blocked',
  },
}).createMachine({
  id: 'passwordReset',
  description:
    'behaviour.md §4 "Password reset" and product.md §2: the steps Email → Verification → Password → ' +
    'Complete, in order, clamped at both ends (no `step.back` at Email; Complete is final), with the ' +
    '`visited` list a step indicator reads. `requestReset` answers the `smsResetKeyId` of the SMS code; the ' +
    'code is entered in the invoked [code-verification](codeVerification.md) machine (resuming that code; ' +
    'its resends are new requests), whose `verified` output carries the `resetKey`; `setNewPassword` ends it ' +
    '(§7). `sms.max.attempts.reached` (code entry ends `blocked`) → `verification.blocked`, where ' +
    '`code.resend` starts code entry again with a new code. Errors of §8, network and validation are kept in ' +
    '`error` with the typed values. Output `{ outcome: \'reset\' }`: the session shows the toast ' +
    '`reset.password.success.toast` and goes to "/". Started by the session on `flow.start` from ' +
    '/reset-password.',
  context: {
    email: '',
    password: '',
    smsResetKeyId: null,
    resetKey: null,
    visited: [],
    error: null,
  } satisfies PasswordResetContext,
  initial: 'email',
  output: { outcome: 'reset' },
  states: {
    email: {
      id: 'email',
      description: 'Step 1: the account\'s e-mail; the platform sends an SMS code to the account\'s phone. Clamped: no step back.',
      entry: { type: 'visit', params: 'email' },
      initial: 'editing',
      states: {
        editing: {
          description: 'The e-mail form waits for the address (kept as typed, with the last error if a request failed).',
          tags: 'form',
          on: { 'email.submit': { target: 'requesting', actions: { type: 'assignEmail', params: ({ event }) => ({ email: event.email }) } } },
        },
        requesting: {
          description:
            'The reset is asked for (`requestReset`): the loader shows until the platform answers the SMS code\'s ' +
            '`smsResetKeyId`, or an error (behaviour.md §8) sends the player back to the form.',
          tags: 'loading',
          invoke: {
            id: 'requestReset',
            src: 'requestReset',
            input: ({ context }) => ({ email: context.email }),
            onDone: { target: '#verification', actions: { type: 'assignResetKeyId', params: ({ event }) => ({ requested: event.output }) } },
            onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    verification: {
      id: 'verification',
      description: 'Step 2: the SMS code, in the code-verification machine; a verified code gives the resetKey.',
      entry: { type: 'visit', params: 'verification' },
      initial: 'entering',
      on: { 'step.back': { target: '#email', actions: 'clearError' } },
      states: {
        entering: {
          description:
            'The player types the SMS code in the invoked code-verification machine, which resumes the code the ' +
            'request sent; its end decides: verified (to the new password), blocked, or Back (to the e-mail).',
          tags: 'codeEntry',
          invoke: {
            id: 'codeVerification',
            src: 'codeVerification',
            input: ({ context }) => ({
              channel: 'sms' as const,
              subject: { kind: 'passwordReset' as const, email: context.email },
              sent: context.smsResetKeyId === null ? null : { ticket: context.smsResetKeyId, sentTo: null },
            }),
            onDone: [
              {
                guard: { type: 'codeVerified', params: ({ event }) => ({ output: event.output }) },
                target: '#password',
                actions: { type: 'assignResetKey', params: ({ event }) => ({ output: event.output }) },
              },
              {
                guard: { type: 'codeBlocked', params: ({ event }) => ({ output: event.output }) },
                target: 'blocked',
                actions: 'assignCodeBlocked',
              },
              { target: '#email', actions: 'clearError', description: 'Back from code entry: to the e-mail, kept as typed.' },
            ],
          },
        },
        blocked: {
          description: 'behaviour.md §8: sms.max.attempts.reached blocks the code; the player may ask for a new one or go back.',
          tags: 'blocked',
          on: { 'code.resend': { target: 'entering', actions: 'forgetResetKeyId' } },
        },
      },
    },
    password: {
      id: 'password',
      description: 'Step 3: the new password, sent with the resetKey.',
      entry: { type: 'visit', params: 'password' },
      initial: 'editing',
      on: { 'step.back': { target: '#verification', actions: 'dropResetKey', description: 'The code must be entered again.' } },
      states: {
        editing: {
          description: 'The new-password form waits for a password (checked against the shared rules on the screen).',
          tags: 'form',
          on: {
            'password.submit': { target: 'saving', actions: { type: 'assignPassword', params: ({ event }) => ({ password: event.password }) } },
          },
        },
        saving: {
          description:
            'The new password is sent with the resetKey (`setNewPassword`); a refusal (§8) returns to the form with ' +
            'the error, success completes the reset.',
          tags: 'loading',
          invoke: {
            id: 'setNewPassword',
            src: 'setNewPassword',
            input: ({ context }) => ({ resetKey: context.resetKey ?? '', password: context.password }),
            onDone: { target: '#complete' },
            onError: { target: 'editing', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
      },
    },
    complete: {
      id: 'complete',
      description: 'Step 4: done, clamped at the last step. The session shows reset.password.success.toast and goes to "/".',
      type: 'final',
      entry: [{ type: 'visit', params: 'complete' }, 'forgetSecrets'],
    },
  },
});
