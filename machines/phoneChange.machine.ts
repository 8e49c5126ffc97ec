// Phone change (behaviour.md §4 "Phone change": request sets a loader; success opens the SMS code
// popup with a verification id; error closes it; verification success or close resets the flow.
// §5: a phone change requires an SMS code. §7: /player/phone_number with sms_request and
// sms_verification, body smsVerificationId. product.md §3 "Account details": phone
// (smsVerificationId, phoneBody, phonePrefix)).
//
// Started by the session on `flow.start` from the account route. The popup's code is entered in the
// invoked code-verification machine (machines/codeVerification.machine.ts). The calls come from
// src/app/flows/phoneChange.ts:
//   phoneChangeMachine.provide({ actors: {
//     requestPhoneCode,    // playerApi.phoneRequest({ phonePrefix, phoneBody }) → { smsVerificationId }
//     codeVerification,    // codeVerificationMachine.provide({ actors: { sendCode: phoneRequest, verifyCode: phoneVerify } })
//   } })
// Its output { outcome: 'changed' } is the session's: it reloads the profile, shows the toast and
// starts a fresh phone change (the form is ready again).
import { assign, fromPromise, setup } from 'xstate';
import { codeVerificationMachine, type CodeVerificationOutput } from './codeVerification.machine';
import { flowErrorOf, type FlowError } from './lib/flowErrors';

/** The server codes the phone change tells apart (src/api/player.ts, behaviour.md §8). */
export const PHONE_CHANGE_ERROR_CODES = ['sms.code.invalid', 'sms.max.attempts.reached', 'error.vonage.validation'] as const;
export type PhoneChangeErrorCode = (typeof PHONE_CHANGE_ERROR_CODES)[number];
export type PhoneChangeError = FlowError<PhoneChangeErrorCode>;

/** The error the form shows when code entry ends blocked (behaviour.md §8). */
const MAX_ATTEMPTS_ERROR: PhoneChangeError = { code: 'sms.max.attempts.reached', fieldErrors: [] };

export interface PhoneCodeSent {
  smsVerificationId: string;
}

export interface PhoneChangeInput {
  phonePrefix: string;
  phoneBody: string;
}

export interface PhoneChangeContext {
  /** The new number as typed; kept on every error, cleared when the flow resets. */
  phonePrefix: string;
  phoneBody: string;
  /** Names the SMS code sent to the new number; non-null exactly while the popup is open. */
  smsVerificationId: string | null;
  error: PhoneChangeError | null;
}

export type PhoneChangeEvent =
  | { type: 'phone.submit'; phonePrefix: string; phoneBody: string }
  /** The player closes the SMS code popup. */
  | { type: 'popup.close' };

export type PhoneChangeOutput = { outcome: 'changed' };

/**
 * form: the phone form takes input; loading: the request runs (the loader); popup: the SMS code
 * popup is open (its code-verification child says what it shows).
 */
export type PhoneChangeTag = 'form' | 'loading' | 'popup';

const initialContext = {
  phonePrefix: '',
  phoneBody: '',
  smsVerificationId: null,
  error: null,
} satisfies PhoneChangeContext;

export const phoneChangeMachine = setup({
  types: {
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent,
    output: {} as PhoneChangeOutput,
    tags: {} as PhoneChangeTag,
    children: {} as { codeVerification: 'codeVerification' },
  },
  actors: {
    requestPhoneCode: fromPromise<PhoneCodeSent, PhoneChangeInput>(() =>
      Promise.reject(new Error('phoneChangeMachine: provide the requestPhoneCode actor')),
    ),
    codeVerification: codeVerificationMachine,
  },
  actions: {
    assignPhone: assign((_, params: PhoneChangeInput) => ({
      phonePrefix: params.phonePrefix.trim(),
      phoneBody: params.phoneBody.trim(),
      error: null,
    })),
    // Opens the popup: the verification id names the code just sent.
    assignVerificationId: assign((_, params: { sent: PhoneCodeSent }) => ({ smsVerificationId: params.sent.smsVerificationId, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, PHONE_CHANGE_ERROR_CODES) })),
    assignCodeBlocked: assign({ error: MAX_ATTEMPTS_ERROR }),
    // "Error closes it": the popup's verification id goes, the typed number stays.
    closePopup: assign({ smsVerificationId: null }),
    // "Verification success or close resets the flow".
    resetFlow: assign(() => ({ ...initialContext })),
  },
  guards: {
    codeVerified: (_, params: { output: CodeVerificationOutput }) => params.output.outcome === 'verified',
    codeBlocked: (_, params: { output: CodeVerificationOutput }) => params.output.outcome === 'blocked',
  },
}).createMachine({
  id: 'phoneChange',
  description:
    'behaviour.md §4 "Phone change" and §5 (a phone change requires an SMS code): `phone.submit` → ' +
    '`requesting` (the loader) → success opens the SMS code popup (`codePopup`, tag `popup`) with the ' +
    '`smsVerificationId`; a request error closes it and keeps the error. In the popup the code is entered in ' +
    'the invoked [code-verification](codeVerification.md) machine (a wrong code or a lost connection stays ' +
    'answerable there); `sms.max.attempts.reached` closes the popup with that error. A verified code ends ' +
    'the flow with `{ outcome: \'changed\' }` (the session reloads the profile, shows the toast and starts a ' +
    'fresh phone change); `popup.close` resets the flow. Started by the session on `flow.start` from ' +
    '/my-account/account.',
  context: { ...initialContext },
  initial: 'idle',
  output: { outcome: 'changed' },
  states: {
    idle: {
      id: 'idle',
      description: 'The new number\'s form.',
      tags: 'form',
      on: { 'phone.submit': { target: 'requesting', actions: { type: 'assignPhone', params: ({ event }) => event } } },
    },
    requesting: {
      description: 'behaviour.md §4: request sets a loader.',
      tags: ['form', 'loading'],
      invoke: {
        id: 'requestPhoneCode',
        src: 'requestPhoneCode',
        input: ({ context }) => ({ phonePrefix: context.phonePrefix, phoneBody: context.phoneBody }),
        onDone: {
          target: 'codePopup',
          actions: { type: 'assignVerificationId', params: ({ event }) => ({ sent: event.output }) },
          description: 'Success opens the SMS code popup with the verification id.',
        },
        onError: {
          target: 'idle',
          actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          description: 'Error closes it: the form shows why, the typed number kept.',
        },
      },
    },
    codePopup: {
      description: 'The SMS code popup: code entry for the verification id (a resend renews it inside).',
      tags: 'popup',
      on: { 'popup.close': { target: 'idle', actions: 'resetFlow', description: 'Close resets the flow.' } },
      invoke: {
        id: 'codeVerification',
        src: 'codeVerification',
        input: ({ context }) => ({
          channel: 'sms' as const,
          subject: { kind: 'phoneChange' as const, phonePrefix: context.phonePrefix, phoneBody: context.phoneBody },
          sent: { ticket: context.smsVerificationId, sentTo: null },
        }),
        onDone: [
          {
            guard: { type: 'codeVerified', params: ({ event }) => ({ output: event.output }) },
            target: 'changed',
            actions: 'resetFlow',
            description: 'Verification success resets the flow: the number is the player\'s now.',
          },
          {
            guard: { type: 'codeBlocked', params: ({ event }) => ({ output: event.output }) },
            target: 'idle',
            actions: ['closePopup', 'assignCodeBlocked'],
            description: 'sms.max.attempts.reached closes the popup; the form says so, the typed number kept.',
          },
          { target: 'idle', actions: 'resetFlow', description: 'Code entry was left: as closing the popup.' },
        ],
      },
    },
    changed: {
      description: 'Done: the session reloads the profile, shows the toast and starts a fresh phone change.',
      type: 'final',
    },
  },
});
