// The login modal (behaviour.md §4 "Session": login state "loader on, modal open, then error or
// success"; login retry up to LOGIN_RETRY_ATTEMPTS attempts, LOGIN_RETRY_DELAY_MS apart; §8 "Login":
// the server's codes, and the max-attempts modal). Spawned by the session on `login.open` (any screen
// may open it with a redirect target, product.md §2 "After login ...") and stopped when it closes or
// succeeds. Its output on success is what the session needs: the id token, its claims, the target.
//
// src/ provides the call: loginMachine.provide({ actors: { authenticate } }), where authenticate is
// authApi.login then parseIdToken.
import { assign, fromPromise, setup } from 'xstate';
import { LOGIN_RETRY_ATTEMPTS, LOGIN_RETRY_DELAY_MS } from './lib/constants';
import { isNetworkFailure, loginErrorOf } from './lib/loginErrors';
import type { LoginError } from './lib/loginErrors';
import type { AuthenticatedSession } from './lib/identity';
import { isExpiredChallenge, secondFactorChallengeOf, secondFactorErrorOf, type SecondFactorChallenge, type SecondFactorError } from './lib/secondFactor';

/** Issue 23: an answer to the login's second-factor check (the app runs the passkey prompt itself). */
export type SecondFactorAnswer =
  | { challengeToken: string; method: 'totp' | 'recovery'; code: string }
  | { challengeToken: string; method: 'passkey' };

export interface LoginInput {
  /** Where the player wanted to go (a path below the langmarket); null for "stay here". */
  redirect: string | null;
}

export interface LoginCredentials {
  email: string;
  password: string;
}

export type { AuthenticatedSession } from './lib/identity';

/** The machine's output (its final state `success`). */
export interface LoginOutput extends AuthenticatedSession {
  redirect: string | null;
}

export interface LoginContext {
  /** What the player typed; the e-mail is kept on every error so the form can show it again. */
  email: string;
  /** Held only while the call (and its network retries) runs; forgotten on failure and success. */
  password: string;
  redirect: string | null;
  /** The attempt in progress or last made for this submit, from 1 (network retries count up). */
  attempt: number;
  error: LoginError | null;
  session: AuthenticatedSession | null;
  /** Issue 23: the second-factor check the platform asked for after the right password. */
  challenge: SecondFactorChallenge | null;
  /** The answer being checked (a code is held only while its call runs). */
  answer: { method: 'totp' | 'recovery'; code: string } | { method: 'passkey' } | null;
  factorError: SecondFactorError | null;
  /** The lost-device path: where the e-mailed unlock link leads (the dialog's language and market). */
  unlockLangmarket: string;
}

export type LoginEvent =
  | { type: 'form.submit'; email: string; password: string }
  /** From the max-attempts modal back to the form. */
  | { type: 'login.back' }
  /** Issue 23, the factor step: an authenticator or recovery code typed. */
  | { type: 'factor.submit'; method: 'totp' | 'recovery'; code: string }
  /** The factor step: use a passkey (the browser's prompt). */
  | { type: 'factor.passkey' }
  /** The factor step: the device is lost, e-mail the unlock link (it remembers the browser that opens it). */
  | { type: 'factor.lost'; langmarket: string };

/** form: the form is shown; loading: a call is running; error: a message is shown; maxAttempts: the lock modal. */
export type LoginTag = 'form' | 'loading' | 'error' | 'maxAttempts' | 'secondFactor';

export const loginMachine = setup({
  types: {
    context: {} as LoginContext,
    events: {} as LoginEvent,
    input: {} as LoginInput,
    output: {} as LoginOutput,
    tags: {} as LoginTag,
  },
  actors: {
    // Supplied by src/ (authApi.login, then parseIdToken) and by tests.
    authenticate: fromPromise<AuthenticatedSession, LoginCredentials>(() =>
      Promise.reject(new Error('loginMachine: provide the authenticate actor')),
    ),
    // Issue 23, supplied by src/: secondFactorApi.login (after the passkey prompt for a passkey), then parseIdToken.
    verifySecondFactor: fromPromise<AuthenticatedSession, SecondFactorAnswer>(() =>
      Promise.reject(new Error('loginMachine: provide the verifySecondFactor actor')),
    ),
    // Issue 23's lost-device path: authApi.requestUnlock (the lock dialog's e-mailed link).
    sendUnlockLink: fromPromise<unknown, { email: string; langmarket: string }>(() =>
      Promise.reject(new Error('loginMachine: provide the sendUnlockLink actor')),
    ),
  },
  actions: {
    assignCredentials: assign((_, params: LoginCredentials) => ({
      email: params.email.trim(),
      password: params.password,
      attempt: 1,
      error: null,
    })),
    countRetry: assign(({ context }) => ({ attempt: context.attempt + 1 })),
    assignError: assign((_, params: { error: unknown }) => ({ error: loginErrorOf(params.error), password: '' })),
    assignSession: assign((_, params: { session: AuthenticatedSession }) => ({ session: params.session, password: '', error: null })),
    clearError: assign({ error: null }),
    assignChallenge: assign((_, params: { error: unknown }) => ({ challenge: secondFactorChallengeOf(params.error), factorError: null, password: '' })),
    assignAnswer: assign((_, params: { answer: NonNullable<LoginContext['answer']> }) => ({ answer: params.answer, factorError: null })),
    assignFactorError: assign((_, params: { error: unknown }) => ({ factorError: secondFactorErrorOf(params.error), answer: null })),
    clearChallenge: assign({ challenge: null, answer: null, factorError: null }),
    assignUnlockLangmarket: assign((_, params: { langmarket: string }) => ({ unlockLangmarket: params.langmarket, factorError: null })),
  },
  guards: {
    // behaviour.md §9: retry on a network failure only, never on a refused password.
    canRetry: ({ context }, params: { error: unknown }) => isNetworkFailure(params.error) && context.attempt < LOGIN_RETRY_ATTEMPTS,
    isMaxAttempts: (_, params: { error: unknown }) => loginErrorOf(params.error).code === 'maxAttempt',
    needsSecondFactor: (_, params: { error: unknown }) => secondFactorChallengeOf(params.error) !== null,
    isExpiredChallenge: (_, params: { error: unknown }) => isExpiredChallenge(params.error),
  },
  delays: {
    loginRetry: LOGIN_RETRY_DELAY_MS,
  },
}).createMachine({
  id: 'login',
  description:
    'The login modal (behaviour.md §4 "Session": loader on, modal open, then error or success; §8 "Login"). ' +
    'Spawned by the session on `login.open { redirect? }`, stopped on `login.close` or success. ' +
    '`form.submit` calls `authenticate` (authApi.login, then parseIdToken); a network failure is retried up ' +
    'to `LOGIN_RETRY_ATTEMPTS` attempts `LOGIN_RETRY_DELAY_MS` apart (§9), never a refused password. Server ' +
    'codes become `{ code, additionalInfo: { days, ... } }` through `machines/lib/loginErrors.ts` (anything ' +
    'unknown: unauthorized); `code:error.sign.in.attempt.count.exceeded` leads to the max-attempts modal. ' +
    'Output on success: `{ idToken, claims, redirect }`.',
  context: ({ input }) =>
    ({
      email: '',
      password: '',
      redirect: input.redirect,
      attempt: 0,
      error: null,
      session: null,
      challenge: null,
      answer: null,
      factorError: null,
      unlockLangmarket: '',
    }) satisfies LoginContext,
  initial: 'editing',
  states: {
    editing: {
      description: 'The login form waits for an e-mail and a password.',
      tags: 'form',
      on: {
        'form.submit': {
          target: 'submitting',
          actions: { type: 'assignCredentials', params: ({ event }) => ({ email: event.email, password: event.password }) },
        },
      },
    },
    submitting: {
      description: 'The login call runs (attempt `context.attempt` of this submit).',
      tags: ['form', 'loading'],
      invoke: {
        id: 'authenticate',
        src: 'authenticate',
        input: ({ context }) => ({ email: context.email, password: context.password }),
        onDone: { target: 'success', actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) } },
        onError: [
          {
            description: 'Issue 23: the password is right, the second factor is on and this browser is not remembered (428 error.second_factor.required).',
            guard: { type: 'needsSecondFactor', params: ({ event }) => ({ error: event.error }) },
            target: 'secondFactor',
            actions: { type: 'assignChallenge', params: ({ event }) => ({ error: event.error }) },
          },
          {
            description: 'behaviour.md §9: a network failure is retried, up to LOGIN_RETRY_ATTEMPTS; a refused password never.',
            guard: { type: 'canRetry', params: ({ event }) => ({ error: event.error }) },
            target: 'retrying',
          },
          {
            description: 'The account is locked (error.sign.in.attempt.count.exceeded).',
            guard: { type: 'isMaxAttempts', params: ({ event }) => ({ error: event.error }) },
            target: 'maxAttempts',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    retrying: {
      description: 'The platform could not be reached: the same credentials again after LOGIN_RETRY_DELAY_MS.',
      tags: ['form', 'loading'],
      after: { loginRetry: { target: 'submitting', actions: 'countRetry' } },
    },
    failed: {
      description: 'The platform refused the login (or retries ran out): the error shows, the e-mail stays, the form can be sent again.',
      tags: ['form', 'error'],
      on: {
        'form.submit': {
          target: 'submitting',
          actions: { type: 'assignCredentials', params: ({ event }) => ({ email: event.email, password: event.password }) },
        },
      },
    },
    maxAttempts: {
      description: 'The account is locked (code:error.sign.in.attempt.count.exceeded): the max-attempts modal.',
      tags: ['maxAttempts', 'error'],
      on: { 'login.back': { target: 'editing', actions: ['clearError', 'clearChallenge'] } },
    },
    secondFactor: {
      description:
        'Issue 23: the factor step. No session yet: the platform gave a short-lived challenge; the player answers with a passkey, ' +
        'an authenticator code or a recovery code, or has lost the device and asks for the e-mailed unlock link.',
      tags: 'secondFactor',
      initial: 'choosing',
      states: {
        choosing: {
          description: 'The factor step waits: a passkey button (when one is registered), the code field, "lost your device?", and the last error if any.',
          on: {
            'factor.submit': {
              target: 'verifying',
              actions: { type: 'assignAnswer', params: ({ event }) => ({ answer: { method: event.method, code: event.code } }) },
            },
            'factor.passkey': { target: 'verifying', actions: { type: 'assignAnswer', params: { answer: { method: 'passkey' } } } },
            'factor.lost': { target: 'sendingUnlock', actions: { type: 'assignUnlockLangmarket', params: ({ event }) => ({ langmarket: event.langmarket }) } },
            'login.back': { description: 'Back to the password form (the check is dropped).', target: '#login.editing', actions: 'clearChallenge' },
          },
        },
        verifying: {
          description: 'The answer is checked (for a passkey, the browser prompt runs first).',
          tags: 'loading',
          invoke: {
            id: 'verifySecondFactor',
            src: 'verifySecondFactor',
            input: ({ context }) => {
              const challengeToken = context.challenge?.challengeToken ?? '';
              return context.answer === null || context.answer.method === 'passkey'
                ? { challengeToken, method: 'passkey' as const }
                : { challengeToken, method: context.answer.method, code: context.answer.code };
            },
            onDone: { target: '#login.success', actions: { type: 'assignSession', params: ({ event }) => ({ session: event.output }) } },
            onError: [
              {
                description: 'Too many wrong answers: the login lock, as for passwords (its dialog has the unlock link).',
                guard: { type: 'isMaxAttempts', params: ({ event }) => ({ error: event.error }) },
                target: '#login.maxAttempts',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
              {
                description: 'The check expired or was used: the player logs in again.',
                guard: { type: 'isExpiredChallenge', params: ({ event }) => ({ error: event.error }) },
                target: 'expired',
                actions: { type: 'assignFactorError', params: ({ event }) => ({ error: event.error }) },
              },
              { target: 'choosing', actions: { type: 'assignFactorError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        expired: {
          description: 'The check expired (5 minutes) or was used: a message and the way back to the password form.',
          on: { 'login.back': { target: '#login.editing', actions: 'clearChallenge' } },
        },
        sendingUnlock: {
          description: 'Lost device: the unlock link is e-mailed (the lock dialog\'s link; the browser that opens it is remembered).',
          tags: 'loading',
          invoke: {
            id: 'sendUnlockLink',
            src: 'sendUnlockLink',
            input: ({ context }) => ({ email: context.email, langmarket: context.unlockLangmarket }),
            onDone: { target: 'unlockSent' },
            onError: { target: 'choosing', actions: { type: 'assignFactorError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        unlockSent: {
          description: 'The unlock link is on its way: open it on this device to log in without the factor.',
          on: { 'login.back': { target: '#login.editing', actions: 'clearChallenge' } },
        },
      },
    },
    success: { description: 'Logged in: the output gives the session the token, its claims and the redirect.', type: 'final' },
  },
  output: ({ context }) => {
    if (context.session === null) throw new Error('loginMachine: success without a session');
    return { ...context.session, redirect: context.redirect };
  },
});
