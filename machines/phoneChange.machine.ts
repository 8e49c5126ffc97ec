// Phone change (behaviour.md §4 "Phone change": request sets a loader; success opens the SMS code
// popup with a verification id; error closes it; verification success or close resets the flow.
// §5: a phone change requires an SMS code. §7: /player/phone_number with sms_request and
// sms_verification, body smsVerificationId. product.md §3 "Account details": phone
// (smsVerificationId, phoneBody, phonePrefix)).
//
// Started by the account page. The calls and what follows a change come from src/:
//   phoneChangeMachine.provide({
//     actors: { requestPhoneCode, verifyPhoneCode },
//     actions: { phoneChanged },      // refresh the profile, show a success toast
//   })
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { CODE_ENTRY_TRANSITIONS, type CodeEntryEvent } from './lib/codeEntry';
import { flowErrorOf, type FlowError } from './lib/flowErrors';

/** The server codes the phone change tells apart (src/api/player.ts, behaviour.md §8). */
export const PHONE_CHANGE_ERROR_CODES = ['sms.code.invalid', 'sms.max.attempts.reached', 'error.vonage.validation'] as const;
export type PhoneChangeErrorCode = (typeof PHONE_CHANGE_ERROR_CODES)[number];
export type PhoneChangeError = FlowError<PhoneChangeErrorCode>;

/**
 * Errors on the code that the player can answer inside the popup (type the code again, or retry
 * once the connection is back); every other failure closes it (behaviour.md §4 "Error closes it").
 */
const ANSWERABLE_IN_POPUP: readonly string[] = ['sms.code.invalid', 'network'];

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
  code: string;
  /** Names the SMS code sent to the new number; non-null exactly while the popup is open. */
  smsVerificationId: string | null;
  error: PhoneChangeError | null;
}

export type PhoneChangeEvent =
  | { type: 'phone.submit'; phonePrefix: string; phoneBody: string }
  /** The popup's code, or a new code to the same number (a new verification id). */
  | CodeEntryEvent
  /** The player closes the SMS code popup. */
  | { type: 'popup.close' };

type PhoneChangeActorEvent =
  | DoneActorEvent<PhoneCodeSent, 'requestPhoneCode'>
  | ErrorActorEvent<unknown, 'requestPhoneCode'>
  | DoneActorEvent<PhoneCodeSent, 'resendPhoneCode'>
  | ErrorActorEvent<unknown, 'resendPhoneCode'>
  | DoneActorEvent<unknown, 'verifyPhoneCode'>
  | ErrorActorEvent<unknown, 'verifyPhoneCode'>;

/**
 * form: the phone form takes input; loading: a call runs (the loader); popup: the SMS code popup is
 * open; resent: a new code was just sent.
 */
export type PhoneChangeTag = 'form' | 'loading' | 'popup' | 'resent';

const ERROR_EVENTS = [
  'xstate.error.actor.requestPhoneCode',
  'xstate.error.actor.resendPhoneCode',
  'xstate.error.actor.verifyPhoneCode',
] as const;

const initialContext = {
  phonePrefix: '',
  phoneBody: '',
  code: '',
  smsVerificationId: null,
  error: null,
} satisfies PhoneChangeContext;

/**
 * A failed verify or resend of the code: an error the player can answer stays in the popup; any
 * other closes it, the typed number kept (behaviour.md §4 "Error closes it").
 */
const CODE_CALL_FAILED = [
  { guard: 'isAnswerableInPopup', target: 'editing', actions: 'assignError' },
  { target: '#idle', actions: ['closePopup', 'assignError'] },
] as const;

export const phoneChangeMachine = setup({
  types: {
    output: {} as { outcome: 'changed' },
    context: {} as PhoneChangeContext,
    events: {} as PhoneChangeEvent | PhoneChangeActorEvent,
    tags: {} as PhoneChangeTag,
  },
  actors: {
    // Supplied by src/ (playerApi.phoneRequest, phoneVerify) and by tests.
    requestPhoneCode: fromPromise<PhoneCodeSent, PhoneChangeInput>(() =>
      Promise.reject(new Error('phoneChangeMachine: provide the requestPhoneCode actor')),
    ),
    verifyPhoneCode: fromPromise<unknown, { smsVerificationId: string; code: string }>(() =>
      Promise.reject(new Error('phoneChangeMachine: provide the verifyPhoneCode actor')),
    ),
  },
  actions: {
    assignPhone: assign(({ event }) => {
      assertEvent(event, 'phone.submit');
      return { phonePrefix: event.phonePrefix.trim(), phoneBody: event.phoneBody.trim(), error: null };
    }),
    assignCode: assign(({ event }) => {
      assertEvent(event, 'code.submit');
      return { code: event.code.trim(), error: null };
    }),
    // Opens the popup (or renews its code): the verification id names the code just sent.
    assignVerificationId: assign(({ event }) => {
      assertEvent(event, ['xstate.done.actor.requestPhoneCode', 'xstate.done.actor.resendPhoneCode']);
      return { smsVerificationId: event.output.smsVerificationId, code: '', error: null };
    }),
    clearError: assign({ error: null }),
    assignError: assign(({ event }) => {
      assertEvent(event, ERROR_EVENTS);
      return { error: flowErrorOf(event.error, PHONE_CHANGE_ERROR_CODES) };
    }),
    // "Error closes it": the popup's verification id and code go, the typed number stays.
    closePopup: assign({ smsVerificationId: null, code: '' }),
    // "Verification success or close resets the flow".
    resetFlow: assign(() => ({ ...initialContext })),
  },
  guards: {
    isAnswerableInPopup: ({ event }) => {
      assertEvent(event, ERROR_EVENTS);
      return ANSWERABLE_IN_POPUP.includes(flowErrorOf(event.error, PHONE_CHANGE_ERROR_CODES).code);
    },
  },
}).createMachine({
  id: 'phoneChange',
  context: { ...initialContext },
  initial: 'idle',
  states: {
    idle: {
      id: 'idle',
      tags: 'form',
      on: { 'phone.submit': { target: 'requesting', actions: 'assignPhone' } },
    },
    // behaviour.md §4: request sets a loader.
    requesting: {
      tags: ['form', 'loading'],
      invoke: {
        id: 'requestPhoneCode',
        src: 'requestPhoneCode',
        input: ({ context }) => ({ phonePrefix: context.phonePrefix, phoneBody: context.phoneBody }),
        onDone: { target: 'codePopup', actions: 'assignVerificationId' },
        onError: { target: 'idle', actions: ['closePopup', 'assignError'] },
      },
    },
    // The SMS code popup, open with the verification id.
    codePopup: {
      tags: 'popup',
      initial: 'editing',
      on: { 'popup.close': { target: 'idle', actions: 'resetFlow' } },
      states: {
        editing: {
          on: CODE_ENTRY_TRANSITIONS,
        },
        verifying: {
          tags: 'loading',
          invoke: {
            id: 'verifyPhoneCode',
            src: 'verifyPhoneCode',
            input: ({ context }) => ({ smsVerificationId: context.smsVerificationId ?? '', code: context.code }),
            onDone: { target: '#changed' },
            onError: CODE_CALL_FAILED,
          },
        },
        resending: {
          tags: 'loading',
          invoke: {
            id: 'resendPhoneCode',
            src: 'requestPhoneCode',
            input: ({ context }) => ({ phonePrefix: context.phonePrefix, phoneBody: context.phoneBody }),
            onDone: { target: 'resent', actions: 'assignVerificationId' },
            onError: CODE_CALL_FAILED,
          },
        },
        // As editing, and the popup says a new code is on its way (a resend may keep the id).
        resent: {
          tags: 'resent',
          on: CODE_ENTRY_TRANSITIONS,
        },
      },
    },
    // The number is the player's: the session reloads the profile, says so and starts a fresh flow.
    changed: {
      id: 'changed',
      type: 'final',
      entry: 'resetFlow',
    },
  },
  output: { outcome: 'changed' },
});
