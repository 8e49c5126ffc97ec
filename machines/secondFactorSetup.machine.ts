// The account's second factor, set up from the account page (issue 23 "Beyond the spec: the
// account's own protection"): the player turns on a passkey (WebAuthn) or an authenticator app
// (TOTP: the secret shown as text and as an otpauth link, then a first code confirms it); the first
// factor hands out recovery codes, shown once; turning it off or renewing the codes asks for the
// factor first (a challenge, then a passkey, a code or a recovery code).
//
// src/ provides the calls (src/app/flows/secondFactorSetup.flow.ts, src/api/secondFactor.ts; the
// passkey prompts through @simplewebauthn/browser, loaded when used).
import { assign, fromPromise, setup } from 'xstate';
import { secondFactorErrorOf, isExpiredChallenge, type SecondFactorChallenge, type SecondFactorError } from './lib/secondFactor';

/** What the platform says is on (src/api/secondFactor.ts SecondFactorStatus). */
export interface SecondFactorSetupStatus {
  totp: boolean;
  passkeys: number;
  recoveryCodesLeft: number;
}

/** An answer to a check: a typed code, or the passkey prompt (run by src/). */
export type SetupFactorAnswer = { challengeToken: string; method: 'totp' | 'recovery'; code: string } | { challengeToken: string; method: 'passkey' };

/** What a proven check is for. */
export type SetupIntent = 'disable' | 'renewCodes';

export interface SecondFactorSetupContext {
  status: SecondFactorSetupStatus | null;
  /** The authenticator app's new secret while it waits for its first code. */
  totp: { secret: string; uri: string } | null;
  /** Recovery codes to show once (then forgotten). */
  recoveryCodes: string[] | null;
  challenge: SecondFactorChallenge | null;
  intent: SetupIntent | null;
  /** The code being checked (held only while its call runs). */
  answer: { method: 'totp' | 'recovery'; code: string } | { method: 'passkey' } | null;
  error: SecondFactorError | null;
}

export type SecondFactorSetupEvent =
  | { type: 'setup.passkey' }
  | { type: 'setup.totp' }
  | { type: 'setup.disable' }
  | { type: 'setup.renewCodes' }
  | { type: 'setup.cancel' }
  | { type: 'totp.confirm'; code: string }
  | { type: 'proof.submit'; method: 'totp' | 'recovery'; code: string }
  | { type: 'proof.passkey' }
  | { type: 'codes.done' }
  | { type: 'load.retry' };

/** loading: a call runs; overview: the factors and their buttons; totp: the secret and the code field; codes: recovery codes shown; proving: the check before a change. */
export type SecondFactorSetupTag = 'loading' | 'overview' | 'totp' | 'codes' | 'proving' | 'loadFailed';

export const secondFactorSetupMachine = setup({
  types: {
    context: {} as SecondFactorSetupContext,
    events: {} as SecondFactorSetupEvent,
    tags: {} as SecondFactorSetupTag,
  },
  actors: {
    loadStatus: fromPromise<SecondFactorSetupStatus>(() => Promise.reject(new Error('secondFactorSetupMachine: provide loadStatus'))),
    /** Options, the browser's prompt, the answer: the recovery codes when it is the first factor. */
    registerPasskey: fromPromise<string[] | null>(() => Promise.reject(new Error('secondFactorSetupMachine: provide registerPasskey'))),
    enrolTotp: fromPromise<{ secret: string; uri: string }>(() => Promise.reject(new Error('secondFactorSetupMachine: provide enrolTotp'))),
    confirmTotp: fromPromise<string[] | null, { code: string }>(() => Promise.reject(new Error('secondFactorSetupMachine: provide confirmTotp'))),
    openChallenge: fromPromise<SecondFactorChallenge>(() => Promise.reject(new Error('secondFactorSetupMachine: provide openChallenge'))),
    /** Turns the factor off (null) or renews the recovery codes (the new ones). */
    applyProof: fromPromise<string[] | null, { intent: SetupIntent; answer: SetupFactorAnswer }>(() =>
      Promise.reject(new Error('secondFactorSetupMachine: provide applyProof')),
    ),
  },
  actions: {
    assignStatus: assign((_, params: { status: SecondFactorSetupStatus }) => ({ status: params.status, error: null })),
    assignTotp: assign((_, params: { totp: { secret: string; uri: string } }) => ({ totp: params.totp, error: null })),
    assignCodes: assign((_, params: { codes: string[] | null }) => ({ recoveryCodes: params.codes, totp: null, challenge: null, answer: null, error: null })),
    forgetCodes: assign({ recoveryCodes: null }),
    assignError: assign((_, params: { error: unknown }) => ({ error: secondFactorErrorOf(params.error), answer: null })),
    clearWork: assign({ totp: null, challenge: null, intent: null, answer: null, error: null }),
    assignIntent: assign((_, params: { intent: SetupIntent }) => ({ intent: params.intent, error: null })),
    assignChallenge: assign((_, params: { challenge: SecondFactorChallenge }) => ({ challenge: params.challenge, error: null })),
    assignAnswer: assign((_, params: { answer: NonNullable<SecondFactorSetupContext['answer']> }) => ({ answer: params.answer, error: null })),
  },
  guards: {
    hasCodes: (_, params: { codes: string[] | null }) => params.codes !== null && params.codes.length > 0,
    isOn: ({ context }) => context.status !== null && (context.status.totp || context.status.passkeys > 0),
    totpOff: ({ context }) => context.status?.totp === false,
    isExpired: (_, params: { error: unknown }) => isExpiredChallenge(params.error),
  },
}).createMachine({
  id: 'secondFactorSetup',
  description:
    'The account\'s second factor (issue 23), in the account page\'s Security section: a passkey or an authenticator app turned on ' +
    '(the app\'s secret shown as text, a first code confirms it), recovery codes shown once when the first factor turns on, and ' +
    'the factor asked before it is turned off or the codes renewed. Started by the account route, stopped when it is left.',
  context: {
    status: null,
    totp: null,
    recoveryCodes: null,
    challenge: null,
    intent: null,
    answer: null,
    error: null,
  } satisfies SecondFactorSetupContext,
  initial: 'loading',
  states: {
    loading: {
      description: 'What is on is read from the platform.',
      tags: 'loading',
      invoke: {
        id: 'loadStatus',
        src: 'loadStatus',
        onDone: { target: 'overview', actions: { type: 'assignStatus', params: ({ event }) => ({ status: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      description: 'The status could not be read: a message and a retry.',
      tags: 'loadFailed',
      on: { 'load.retry': 'loading' },
    },
    overview: {
      description: 'The factors that are on, and the buttons: add a passkey, turn the app on (when off), renew the codes and turn off (when on). The last failure shows.',
      tags: 'overview',
      entry: 'clearWork',
      on: {
        'setup.passkey': 'registeringPasskey',
        'setup.totp': { guard: 'totpOff', target: 'enrollingTotp' },
        'setup.disable': { guard: 'isOn', target: 'openingChallenge', actions: { type: 'assignIntent', params: { intent: 'disable' } } },
        'setup.renewCodes': { guard: 'isOn', target: 'openingChallenge', actions: { type: 'assignIntent', params: { intent: 'renewCodes' } } },
      },
    },
    registeringPasskey: {
      description: 'The browser\'s passkey prompt runs and the platform checks the new passkey.',
      tags: 'loading',
      invoke: {
        id: 'registerPasskey',
        src: 'registerPasskey',
        onDone: [
          {
            description: 'The first factor: its recovery codes are shown once.',
            guard: { type: 'hasCodes', params: ({ event }) => ({ codes: event.output }) },
            target: 'showingCodes',
            actions: { type: 'assignCodes', params: ({ event }) => ({ codes: event.output }) },
          },
          { target: 'loading' },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    enrollingTotp: {
      description: 'A new authenticator secret is asked for.',
      tags: 'loading',
      invoke: {
        id: 'enrolTotp',
        src: 'enrolTotp',
        onDone: { target: 'totpPending', actions: { type: 'assignTotp', params: ({ event }) => ({ totp: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    totpPending: {
      description: 'The secret shows as text (and as an otpauth link); the first code from the app confirms it. A wrong code shows its error.',
      tags: 'totp',
      on: {
        'totp.confirm': { target: 'confirmingTotp', actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: { method: 'totp', code: event.code } }) } },
        'setup.cancel': 'loading',
      },
    },
    confirmingTotp: {
      description: 'The first code is checked.',
      tags: ['totp', 'loading'],
      invoke: {
        id: 'confirmTotp',
        src: 'confirmTotp',
        input: ({ context }) => ({ code: context.answer !== null && context.answer.method !== 'passkey' ? context.answer.code : '' }),
        onDone: [
          {
            guard: { type: 'hasCodes', params: ({ event }) => ({ codes: event.output }) },
            target: 'showingCodes',
            actions: { type: 'assignCodes', params: ({ event }) => ({ codes: event.output }) },
          },
          { target: 'loading' },
        ],
        onError: { target: 'totpPending', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    showingCodes: {
      description: 'The recovery codes, shown once: the player keeps them somewhere safe, then goes on.',
      tags: 'codes',
      on: { 'codes.done': { target: 'loading', actions: 'forgetCodes' } },
    },
    openingChallenge: {
      description: 'Before turning off or renewing the codes, the platform opens a check of the factor.',
      tags: 'loading',
      invoke: {
        id: 'openChallenge',
        src: 'openChallenge',
        onDone: { target: 'proving', actions: { type: 'assignChallenge', params: ({ event }) => ({ challenge: event.output }) } },
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    proving: {
      description: 'The check: a passkey, an authenticator code or a recovery code; a wrong one shows its error.',
      tags: 'proving',
      on: {
        'proof.submit': { target: 'applying', actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: { method: event.method, code: event.code } }) } },
        'proof.passkey': { target: 'applying', actions: { type: 'assignAnswer', params: { answer: { method: 'passkey' } } } },
        'setup.cancel': 'loading',
      },
    },
    applying: {
      description: 'The answer is checked and the change made (off, or new recovery codes).',
      tags: ['proving', 'loading'],
      invoke: {
        id: 'applyProof',
        src: 'applyProof',
        input: ({ context }) => {
          const challengeToken = context.challenge?.challengeToken ?? '';
          const answer: SetupFactorAnswer =
            context.answer === null || context.answer.method === 'passkey'
              ? { challengeToken, method: 'passkey' }
              : { challengeToken, method: context.answer.method, code: context.answer.code };
          return { intent: context.intent ?? 'disable', answer };
        },
        onDone: [
          {
            description: 'Renewed: the new codes are shown once.',
            guard: { type: 'hasCodes', params: ({ event }) => ({ codes: event.output }) },
            target: 'showingCodes',
            actions: { type: 'assignCodes', params: ({ event }) => ({ codes: event.output }) },
          },
          { description: 'Turned off: the overview shows it.', target: 'loading' },
        ],
        onError: [
          {
            description: 'The check expired: back to the overview with the message.',
            guard: { type: 'isExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'failed',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'proving', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    failed: {
      description: 'A step failed (the passkey prompt cancelled, the network, an expired check): the message, and back to the overview.',
      tags: 'overview',
      on: { 'setup.cancel': 'loading' },
    },
  },
});
