// Code entry, the one sub-flow every flow that needs a one-time code invokes (behaviour.md §4
// "Sign-up" SMS pin states, "Password reset" Verification step, "Phone change" SMS code popup; §5:
// a phone change requires an SMS code; §8: sms.code.invalid, sms.max.attempts.reached).
//
//   start ──(a code already out)──────────────▶ awaitingCode ◀──┐
//     └──▶ sending ──ok──▶ awaitingCode ──code.submit──▶ verifying ──ok──▶ verified (final)
//            │  └─failed─▶ sendFailed ──code.resend──▶ sending  │ wrong code / no network ─┘
//            └─ sms.max.attempts.reached ─▶ blocked (final) ◀────┘ sms.max.attempts.reached
//   code.cancel anywhere but in a call's answer ─▶ cancelled (final)
//
// The parent decides what each end means (its onDone reads the output): sign-up logs in, shows
// the SMS block or goes back to the contact details; password reset asks for the new password;
// phone change saves the number. The parent declares it in its own setup:
//   actors: { codeVerification: codeVerificationMachine }
// and src/app provides the concrete calls once per flow:
//   codeVerification: codeVerificationMachine.provide({ actors: { sendCode, verifyCode } })
// Screens send the code events to the child (`snapshot.children.codeVerification`).
import { assign, fromPromise, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { codeFailure, retryAfterSecondsOf, type CodeFormError } from './lib/codeErrors';
import { isValidCode, VALIDATION_CODES } from './lib/signupForm';

/** Where the code goes. */
export type CodeChannel = 'sms' | 'email';

/** Who or what the code is for, as the parent's platform calls name it. */
export type CodeSubject =
  /** A registration not completed yet (sign-up: the registration's secret). */
  | { kind: 'registration'; playerId: number; token: string }
  /** The account whose password is reset, by its e-mail. */
  | { kind: 'passwordReset'; email: string }
  /** The logged-in player's new number. */
  | { kind: 'phoneChange'; phonePrefix: string; phoneBody: string };

/** What a sent code is known by: the platform's id for it (reset, phone change) and where it went, masked (sign-up). */
export interface CodeSent {
  ticket: string | null;
  sentTo: string | null;
}

/** What a verified code gives: a key some flows need next (password reset's resetKey). */
export interface CodeVerified {
  key: string | null;
}

export interface CodeRequest {
  channel: CodeChannel;
  subject: CodeSubject;
}

export interface CodeCheck extends CodeRequest {
  ticket: string | null;
  /** The code as typed, trimmed. */
  code: string;
}

export interface CodeVerificationInput {
  channel: CodeChannel;
  subject: CodeSubject;
  /** A code that is already out (the parent's own request sent it, or the player comes back to it): no new send. */
  sent?: CodeSent | null;
}

/** behaviour.md §4: SMS pin states uninitialised, send success, send fail, verify success, verify fail. */
export type PinStatus = 'uninitialised' | 'sendSuccess' | 'sendFail' | 'verifySuccess' | 'verifyFail';

/** Why no more codes may be tried (the platform answered sms.max.attempts.reached). */
export type BlockReason = 'wrongCodes' | 'tooManyCodes';

export interface CodeVerificationContext {
  channel: CodeChannel;
  subject: CodeSubject;
  /** The last code that went out; null before the first. */
  sent: CodeSent | null;
  status: PinStatus;
  /** The code as typed. */
  code: string;
  /** Shown by the code input: validation.*, sms.code.invalid, another code by its code, unhandled.error.no.code. */
  codeError: string | null;
  /** Shown for the step: no connection, a failure on the platform's side, an expired registration. */
  formError: CodeFormError | null;
  blockedBy: BlockReason | null;
  /** How long the platform said to wait after blocking, when it said. */
  retryAfterSeconds: number | null;
  key: string | null;
}

export type CodeVerificationEvent =
  | { type: 'code.change'; code: string }
  | { type: 'code.submit' }
  /** A new code to the same place (it replaces the old one). */
  | { type: 'code.resend' }
  /** The player leaves code entry (Back, or closes the popup). */
  | { type: 'code.cancel' };

export type CodeVerificationOutput =
  | { outcome: 'verified'; key: string | null }
  /** retryAfterSeconds: how long the platform said to wait, or null (the screen then says CODE_BLOCK_MINUTES). */
  | { outcome: 'blocked'; reason: BlockReason; retryAfterSeconds: number | null }
  /** `sent`: the code still out, so that coming back resumes it without a new send. */
  | { outcome: 'cancelled'; sent: CodeSent | null };

/**
 * loading: a call runs (sending or verifying says which); form: the code can be typed; resent: a
 * new code replaced the old one; error: no code went out, only a resend helps.
 */
export type CodeVerificationTag = 'loading' | 'sending' | 'verifying' | 'form' | 'resent' | 'error';

const notProvided = (name: string) => () => Promise.reject(new Error(`codeVerificationMachine: provide the ${name} actor`));

export const codeVerificationMachine = setup({
  types: {
    context: {} as CodeVerificationContext,
    events: {} as CodeVerificationEvent,
    input: {} as CodeVerificationInput,
    output: {} as CodeVerificationOutput,
    tags: {} as CodeVerificationTag,
  },
  actors: {
    sendCode: fromPromise<CodeSent, CodeRequest>(notProvided('sendCode')),
    verifyCode: fromPromise<CodeVerified, CodeCheck>(notProvided('verifyCode')),
  },
  actions: {
    assignCode: assign((_, params: { code: string }) => ({ code: params.code, codeError: null })),
    // behaviour.md §4 "send success": the new code is out. What was typed while it was on its way
    // stays (issue 21: a code typed from a fast SMS used to be wiped by the late answer).
    assignSent: assign((_, params: { sent: CodeSent }) => ({
      sent: params.sent,
      status: 'sendSuccess' as const,
      codeError: null,
      formError: null,
    })),
    // A new code replaces the old one: what was typed for the old one goes when the new one is asked for.
    clearCode: assign({ code: '' }),
    assignSendFailure: assign((_, params: { error: unknown }) => ({ status: 'sendFail' as const, ...failureContext(params.error) })),
    assignVerifyFailure: assign((_, params: { error: unknown }) => ({ status: 'verifyFail' as const, ...failureContext(params.error) })),
    assignCodeInvalid: assign(({ context }) => ({
      codeError: context.code.trim() === '' ? VALIDATION_CODES.required : VALIDATION_CODES.code,
    })),
    clearErrors: assign({ codeError: null, formError: null }),
    assignVerified: assign((_, params: { verified: CodeVerified }) => ({
      status: 'verifySuccess' as const,
      key: params.verified.key,
      codeError: null,
      formError: null,
    })),
    assignBlocked: assign((_, params: { reason: BlockReason; error: unknown }) => ({
      blockedBy: params.reason,
      retryAfterSeconds: retryAfterSecondsOf(params.error),
      codeError: null,
      formError: null,
    })),
  },
  guards: {
    alreadySent: ({ context }) => context.sent !== null,
    codeValid: ({ context }) => isValidCode(context.code),
    isMaxAttempts: (_, params: { error: unknown }) => codeFailure(params.error).kind === 'maxAttempts',
  },
}).createMachine({
  id: 'codeVerification',
  description:
    'One-time code entry, invoked by sign-up (per channel, SMS or e-mail), password reset and phone change ' +
    '(behaviour.md §4 pin states uninitialised / sendSuccess / sendFail / verifySuccess / verifyFail; §8 ' +
    '`sms.code.invalid`, `sms.max.attempts.reached`). Input: the `channel`, the `subject` the parent\'s calls ' +
    'name (a registration, an account e-mail, a new phone) and a code already `sent` (then no first send). ' +
    '`sendCode` / `verifyCode` are provided per flow in src/app. A wrong code or no network keeps the typed ' +
    'code with the error; a failed first send waits for `code.resend`. Ends: `verified` (output `{ outcome: ' +
    '\'verified\', key }`), `blocked` (`{ outcome: \'blocked\', reason: \'wrongCodes\' | \'tooManyCodes\' }`), ' +
    '`cancelled` on `code.cancel` (`{ outcome: \'cancelled\', sent }`, so the parent can resume it).',
  context: ({ input }) =>
    ({
      channel: input.channel,
      subject: input.subject,
      sent: input.sent ?? null,
      status: input.sent ? 'sendSuccess' : 'uninitialised',
      code: '',
      codeError: null,
      formError: null,
      blockedBy: null,
      retryAfterSeconds: null,
      key: null,
    }) satisfies CodeVerificationContext,
  initial: 'start',
  // Which end was reached, read from what the context records on the way there.
  output: ({ context }) => outputOf(context),
  states: {
    start: {
      description: 'A code that is already out (sent by the parent, or met again after Back) is typed in; otherwise one is sent.',
      always: [{ guard: 'alreadySent', target: 'awaitingCode' }, { target: 'sending' }],
    },
    sending: {
      description:
        'A code is on its way to the phone or inbox (behaviour.md §4 pin state before sendSuccess / sendFail): the ' +
        'screen shows the loader and waits for `sendCode` to answer; what is typed meanwhile is kept.',
      tags: ['loading', 'sending'],
      on: {
        'code.change': {
          actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) },
          description: 'The code may be typed while the send is answered (the SMS can be faster than the answer); it is kept.',
        },
      },
      invoke: {
        id: 'sendCode',
        src: 'sendCode',
        input: ({ context }) => ({ channel: context.channel, subject: context.subject }),
        onDone: [
          {
            guard: 'alreadySent',
            target: 'awaitingCode.resent',
            actions: { type: 'assignSent', params: ({ event }) => ({ sent: event.output }) },
            description: 'A new code replaced the one sent before; the screen says so.',
          },
          { target: 'awaitingCode', actions: { type: 'assignSent', params: ({ event }) => ({ sent: event.output }) } },
        ],
        onError: [
          {
            guard: { type: 'isMaxAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'blocked',
            actions: { type: 'assignBlocked', params: ({ event }) => ({ reason: 'tooManyCodes' as const, error: event.error }) },
            description: 'sms.max.attempts.reached on a send: too many codes were asked for.',
          },
          {
            guard: 'alreadySent',
            target: 'awaitingCode',
            actions: { type: 'assignSendFailure', params: ({ event }) => ({ error: event.error }) },
            description: 'The resend failed; the code sent before still counts, and a resend can be tried again.',
          },
          {
            target: 'sendFailed',
            actions: { type: 'assignSendFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
    },
    sendFailed: {
      description: 'No code went out (no network, a failure on the platform): nothing to type yet, a resend retries.',
      tags: 'error',
      on: {
        'code.resend': { target: 'sending', actions: 'clearErrors' },
        'code.cancel': { target: 'cancelled' },
      },
    },
    awaitingCode: {
      description: 'The code is typed (code.change) and sent (code.submit); a new one may be asked for.',
      tags: 'form',
      initial: 'typing',
      on: {
        'code.change': { actions: { type: 'assignCode', params: ({ event }) => ({ code: event.code }) } },
        'code.submit': [
          { guard: 'codeValid', target: 'verifying', actions: 'clearErrors' },
          { actions: 'assignCodeInvalid', description: 'Not SIGNUP_CODE_LENGTH digits: said by the field, nothing sent.' },
        ],
        'code.resend': { target: 'sending', actions: ['clearErrors', 'clearCode'] },
        'code.cancel': { target: 'cancelled' },
      },
      states: {
        typing: { description: 'The player types the code that was sent; nothing has been resent in this entry.' },
        resent: {
          description: 'A resend has just replaced the code sent before (tag `resent`): the screen says a new code is out.',
          tags: 'resent',
        },
      },
    },
    verifying: {
      description:
        'The typed code is being checked (`verifyCode`, behaviour.md §4 verifySuccess / verifyFail): the loader ' +
        'shows until the platform accepts it, says it is wrong, or blocks further tries (§8 `sms.max.attempts.reached`).',
      tags: ['loading', 'verifying'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({
          channel: context.channel,
          subject: context.subject,
          ticket: context.sent?.ticket ?? null,
          code: context.code.trim(),
        }),
        onDone: { target: 'verified', actions: { type: 'assignVerified', params: ({ event }) => ({ verified: event.output }) } },
        onError: [
          {
            guard: { type: 'isMaxAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'blocked',
            actions: { type: 'assignBlocked', params: ({ event }) => ({ reason: 'wrongCodes' as const, error: event.error }) },
            description: 'sms.max.attempts.reached on a check: too many wrong codes.',
          },
          {
            target: 'awaitingCode',
            actions: { type: 'assignVerifyFailure', params: ({ event }) => ({ error: event.error }) },
            description: 'A wrong code, or no answer: the code stays as typed, to correct or send again.',
          },
        ],
      },
    },
    verified: { type: 'final', description: 'The platform accepted the code; the output carries the key it gave, if any.' },
    blocked: {
      description: 'behaviour.md §8: no more codes may be tried for a while; the parent shows what that means.',
      type: 'final',
    },
    cancelled: { type: 'final', description: 'The player left code entry; the output names the code still out, to resume it.' },
  },
});

function outputOf(context: CodeVerificationContext): CodeVerificationOutput {
  if (context.status === 'verifySuccess') return { outcome: 'verified', key: context.key };
  if (context.blockedBy !== null) return { outcome: 'blocked', reason: context.blockedBy, retryAfterSeconds: context.retryAfterSeconds };
  return { outcome: 'cancelled', sent: context.sent };
}

/** What a failed call puts in the context: an error by the code input, or one for the step. */
function failureContext(error: unknown): Pick<CodeVerificationContext, 'codeError' | 'formError'> {
  const failure = codeFailure(error);
  if (failure.kind === 'code') return { codeError: failure.codeError, formError: null };
  if (failure.kind === 'form') return { codeError: null, formError: failure.formError };
  return { codeError: null, formError: null };
}

export type CodeVerificationSnapshot = SnapshotFrom<typeof codeVerificationMachine>;
