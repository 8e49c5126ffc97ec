// The player closes their own account from the account page (issue 23 "Account closure"; product.md
// §2 /closed-account, §3 "Player account status" CLOSED; behaviour.md §8 "Login": a closed account's
// login is refused with code:error.account.closed).
//
// A child of the session (flow `accountClosure`), started by the account route. A confirmation
// dialog opens (`closure.open`), says what happens to the balance (paid out as a pending withdrawal,
// as a self-exclusion does), and asks for the account's password (an account opened with the bank,
// pay and play, has none: the explicit confirmation alone). The platform closes the account and ends
// every session; the flow's end `{ outcome: 'closed', payout }` is the session's to act on: it logs
// the player out and the app shows the closed-account page. A refusal (a wrong password, too many
// attempts, a network failure) keeps the dialog open with the error, for a retry or a cancel.
import { assign, fromPromise, setup } from 'xstate';
import { ERROR_CODES } from './lib/errorCodes';
import { flowErrorOf, type FlowError } from './lib/flowErrors';

/** The platform's refusals the dialog words itself (the rest: network, validation, unknown). */
export const ACCOUNT_CLOSURE_ERROR_CODES = [ERROR_CODES.oldPasswordIncorrect, ERROR_CODES.loginAttemptsExceeded] as const;
export type AccountClosureErrorCode = (typeof ACCOUNT_CLOSURE_ERROR_CODES)[number];
export type AccountClosureError = FlowError<AccountClosureErrorCode>;

/** What the closure sends: the explicit confirmation, and the password when one was typed. */
export interface AccountClosureInput {
  confirm: true;
  password?: string;
}

/** The platform's answer: the balance paid out as a pending withdrawal, or null. */
export interface AccountClosurePayout {
  amount: string;
  currency: string;
  referenceId: string;
}

export interface AccountClosureOutput {
  outcome: 'closed';
  payout: AccountClosurePayout | null;
}

export interface AccountClosureContext {
  /** The last backend error (behaviour.md §8 "General"); null after a new submit or a cancel. */
  error: AccountClosureError | null;
  /** The platform's payout once the account is closed. */
  payout: AccountClosurePayout | null;
}

export type AccountClosureEvent =
  | { type: 'closure.open' }
  | { type: 'closure.cancel' }
  /** The player confirms; `password` is '' when none was typed (an account without one). */
  | { type: 'closure.submit'; password: string };

/** open: the dialog shows; closing: the call runs; failed: its error shows in the dialog. */
export type AccountClosureTag = 'open' | 'closing' | 'failed';

export const accountClosureMachine = setup({
  types: {
    context: {} as AccountClosureContext,
    events: {} as AccountClosureEvent,
    output: {} as AccountClosureOutput,
    tags: {} as AccountClosureTag,
  },
  actors: {
    // Supplied by src/app/flows/accountClosure.flow.ts (accountApi.close) and by tests. The password
    // travels as the call's input only; the context never holds it.
    closeAccount: fromPromise<{ payout: AccountClosurePayout | null }, AccountClosureInput>(() =>
      Promise.reject(new Error('accountClosureMachine: provide the closeAccount actor')),
    ),
  },
  actions: {
    clearError: assign({ error: null }),
    setError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, ACCOUNT_CLOSURE_ERROR_CODES) })),
    assignPayout: assign((_, params: { payout: AccountClosurePayout | null }) => ({ payout: params.payout })),
  },
}).createMachine({
  id: 'accountClosure',
  description:
    'Issue 23 "Account closure": `idle` (the account page\'s Close account button) → `closure.open` → `confirming` (the ' +
    'dialog: what happens to the balance, the password) → `closure.submit` → `closing` (POST /player/account/close) → ' +
    '`closed` (the end: the session logs the player out and the closed-account page shows) or `failed` (the error in the ' +
    'dialog, for a retry). `closure.cancel` closes the dialog from `confirming` and `failed`.',
  context: { error: null, payout: null } satisfies AccountClosureContext,
  initial: 'idle',
  states: {
    idle: {
      description: 'The account page shows the Close account button; the dialog is closed.',
      on: { 'closure.open': { target: 'confirming', description: 'The player asks to close the account: the confirmation dialog opens.' } },
    },
    confirming: {
      description:
        'The confirmation dialog: the account will be closed, the balance paid out as a pending withdrawal, every session ' +
        'ended; the password is asked (none for an account opened with the bank).',
      tags: 'open',
      on: {
        'closure.cancel': { target: 'idle', description: 'The player keeps the account: the dialog closes.' },
        'closure.submit': { target: 'closing', description: 'The player confirms the closure (with the password when the account has one).' },
      },
    },
    closing: {
      description: 'POST /player/account/close runs (`closeAccount`); the dialog waits for the answer.',
      tags: ['open', 'closing'],
      entry: 'clearError',
      invoke: {
        id: 'closeAccount',
        src: 'closeAccount',
        input: ({ event }) => (event.type === 'closure.submit' && event.password !== '' ? { confirm: true as const, password: event.password } : { confirm: true as const }),
        onDone: { target: 'closed', actions: { type: 'assignPayout', params: ({ event }) => ({ payout: event.output.payout }) } },
        onError: { target: 'failed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      description:
        'The platform refused or could not be reached: the error shows in the dialog (a wrong password with the attempts left, ' +
        'too many attempts, a network failure); the player can try again or cancel. Nothing was closed.',
      tags: ['open', 'failed'],
      on: {
        'closure.submit': { target: 'closing', description: 'The player tries again.' },
        'closure.cancel': { target: 'idle', actions: 'clearError', description: 'The player keeps the account: the dialog closes and the error is forgotten.' },
      },
    },
    closed: {
      description: 'The account is closed and every session ended: the flow ends with the payout, for the session to log the player out.',
      type: 'final',
    },
  },
  output: ({ context }) => ({ outcome: 'closed' as const, payout: context.payout }),
});
