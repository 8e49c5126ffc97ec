// The withdraw flow of the cashier (behaviour.md §4 "Deposit and withdraw flows", §6 "Payout is
// blocked on suspension", §7 "Wallet and banking", §8 error.withdrawal.cancel.limit_reached;
// product.md §3 "Deposit and withdraw flows"; issue 11 "Deposit and withdraw"; UKGC RTS 14B).
//
// A child of the session (flow `withdraw`), started by /my-account/banking/withdraw; the session
// gives it what it knows of the player (machines/lib/wallet.ts CashierPlayer). Two regions:
//
// - request: inactive → (suspended | notAllowed | checking) → the check's result (the cashier check,
//   machines/cashierCheck.machine.ts, behaviour.md §4's table once): allowed → loadingMethods → form → requesting → requested (the platform
//   moves the amount from MAIN to LOCKED; the withdrawal is pending); withdrawal-limit-reached →
//   limitReached (limit, duration, originalLimit); the document results and the rest → their states.
// - pending: the player's pending withdrawals, each cancellable (`pending.cancel`, one at a time,
//   with its loading: cancellingId) except in the markets of WITHDRAWAL_CANCELLATION_BLOCKED_MARKETS
//   (GG: a requested withdrawal cannot be reversed). A cancellation moves the money back and the
//   list is loaded again; error.withdrawal.cancel.limit_reached is shown on the list.
//
// The spec's withdraw actions: "start" is entering the flow (and `withdraw.clear`, which starts the
// request afresh), "status" the check's and the request's UI status, "clear" `withdraw.clear`,
// "cancel (with loading)" `pending.cancel` → `cancelling`, "request success" the `requested` state.
// The idempotency key rule is the deposit's: one per attempt, the same on a retry of the same
// amount and method (`assignIdempotencyKey`, provided by src/app).
import { assign, fromPromise, raise, setup } from 'xstate';
import type {
  PaymentMethod,
  Transaction,
  WithdrawalCancellationRequest,
  WithdrawalCheckResponse,
  WithdrawalRequest,
  WithdrawalRequestResponse,
} from '../src/api/wallet';
import { cashierCheckMachine, cashierResultGuards, type CashierCheckOutput } from './cashierCheck.machine';
import type { PaymentMethodsLoad } from './deposit.machine';
import { ERROR_CODES } from './lib/errorCodes';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import {
  checkTypedAmount,
  formatMoney,
  operationUiStatus,
  parseMoney,
  unsignedAmount,
  withdrawalAccess,
  withdrawalCancellable,
  type TypedAmountProblem,
  type CashierPlayer,
  type OperationUiStatus,
} from './lib/wallet';

export interface WithdrawInput {
  player: CashierPlayer;
}

/** The cancellation's answer (src/api/wallet.ts withdrawalCancellationResponseSchema). */
export interface WithdrawalCancellationResponse {
  result: string;
  balance: string;
}

/** The server codes the flow tells apart (src/api/wallet.ts, behaviour.md §8). */
export const WITHDRAW_ERROR_CODES = [
  ERROR_CODES.idempotencyConflict,
  ERROR_CODES.withdrawalCancelLimitReached,
  ERROR_CODES.withdrawalCancelNotAllowed,
] as const;
export type WithdrawError = FlowError<(typeof WITHDRAW_ERROR_CODES)[number]>;

/** An amount the form refuses: the cashier's limits, or more than can be withdrawn now. */
export type WithdrawAmountProblem = TypedAmountProblem | 'overBalance';

export interface WithdrawContext {
  player: CashierPlayer;
  /** UKGC RTS 14B: false in the GG market (no cancellation is offered). */
  cancelAllowed: boolean;
  /** The UI status of the last operation result (behaviour.md §4's table); null before the check. */
  status: OperationUiStatus | null;
  result: string | null;
  /** WITHDRAWAL_LIMIT_REACHED: the limit, its period and the limit before a pending change. */
  limit: string | null;
  duration: 'daily' | 'weekly' | 'monthly' | null;
  originalLimit: string | null;
  /** What can be withdrawn now (MAIN), as the platform last said. */
  balance: string | null;
  /** The pending withdrawal just requested ("request success"). */
  referenceId: string | null;
  methods: PaymentMethod[];
  recentMethodIds: string[];
  methodId: string | null;
  amountText: string;
  amountProblem: WithdrawAmountProblem | null;
  methodMissing: boolean;
  idempotencyKey: string | null;
  /** The request region's last failed call. */
  error: WithdrawError | null;
  /** The pending withdrawals (product.md §3 "Pending withdrawals: transactions list, loading"). */
  pending: Transaction[];
  /** product.md §3 cancelWithdrawalLoading: the withdrawal being cancelled. */
  cancellingId: string | null;
  /** The last refused cancellation: its UI status (a result) or its error (a failed call). */
  cancelStatus: OperationUiStatus | null;
  cancelError: WithdrawError | null;
}

export type WithdrawEvent =
  /** Starts the request afresh (the check again); the pending list stays. */
  | { type: 'withdraw.clear' }
  | { type: 'amount.change'; value: string }
  | { type: 'method.select'; methodId: string }
  | { type: 'withdraw.submit' }
  | { type: 'pending.refresh' }
  | { type: 'pending.cancel'; referenceId: string };

/**
 * loading: a call of the request runs; form: the withdraw form; result: an outcome instead of the
 * form; documents: a document result; error: a call or the request failed; cancelling: a
 * cancellation runs (its row shows the loader); pendingLoading / pendingFailed: the pending list.
 */
export type WithdrawTag = 'loading' | 'form' | 'result' | 'documents' | 'error' | 'cancelling' | 'pendingLoading' | 'pendingFailed';

function amountCheck(context: Pick<WithdrawContext, 'amountText' | 'player' | 'balance'>) {
  const check = checkTypedAmount(context.amountText, context.player.currency, 'withdrawal');
  if (!check.ok) return check;
  const available = context.balance === null ? null : parseMoney(context.balance, context.player.currency);
  if (available !== null && check.cents > available) return { ok: false as const, problem: 'overBalance' as const };
  return check;
}

function formValid(context: WithdrawContext): boolean {
  return amountCheck(context).ok && context.methods.some((method) => method.id === context.methodId);
}

/**
 * The check's end with withdrawal/check's answer: the check machine carries the answer of the call
 * the flow provides it with (src/app/flows/withdraw.ts: walletApi.withdrawalCheck), typed as that call's.
 */
function withdrawalCheckOf(output: CashierCheckOutput): CashierCheckOutput<WithdrawalCheckResponse> {
  return output as CashierCheckOutput<WithdrawalCheckResponse>;
}

/** The withdrawal being cancelled, as the cancellation call names it. */
function cancellationOf(context: WithdrawContext): WithdrawalCancellationRequest {
  const withdrawal = context.pending.find((item) => item.referenceId === context.cancellingId);
  return { pendingWithdrawalId: context.cancellingId ?? '', amount: unsignedAmount(withdrawal?.amount ?? '0'), cancelByPlayer: true };
}

/** What a fresh request forgets (the pending list and the player stay). */
const FRESH_REQUEST = {
  status: null,
  result: null,
  limit: null,
  duration: null,
  originalLimit: null,
  balance: null,
  referenceId: null,
  methods: [],
  recentMethodIds: [],
  methodId: null,
  amountText: '',
  amountProblem: null,
  methodMissing: false,
  idempotencyKey: null,
  error: null,
} satisfies Partial<WithdrawContext>;

export const withdrawMachine = setup({
  types: {
    context: {} as WithdrawContext,
    events: {} as WithdrawEvent,
    input: {} as WithdrawInput,
    tags: {} as WithdrawTag,
  },
  actors: {
    // Supplied by src/app/flows/withdraw.ts (walletApi) and by tests.
    /** The operation check (machines/cashierCheck.machine.ts), its `check` withdrawal/check with ipAddress '' and the device blackbox (behaviour.md §7). */
    checkWithdrawal: cashierCheckMachine,
    loadPaymentMethods: fromPromise<PaymentMethodsLoad>(() =>
      Promise.reject(new Error('withdrawMachine: provide the loadPaymentMethods actor')),
    ),
    requestWithdrawal: fromPromise<WithdrawalRequestResponse, WithdrawalRequest>(() =>
      Promise.reject(new Error('withdrawMachine: provide the requestWithdrawal actor')),
    ),
    loadPendingWithdrawals: fromPromise<Transaction[]>(() =>
      Promise.reject(new Error('withdrawMachine: provide the loadPendingWithdrawals actor')),
    ),
    cancelWithdrawal: fromPromise<WithdrawalCancellationResponse, WithdrawalCancellationRequest>(() =>
      Promise.reject(new Error('withdrawMachine: provide the cancelWithdrawal actor')),
    ),
  },
  actions: {
    /** The wallet asks for the balance now (src/app: `wallet.refresh` to the session's wallet). */
    refreshWallet: () => undefined,
    /** A new attempt's idempotency key (src/app: a random key). */
    assignIdempotencyKey: assign({
      idempotencyKey: (): string | null => {
        throw new Error('withdrawMachine: provide the assignIdempotencyKey action');
      },
    }),
    forgetIdempotencyKey: assign({ idempotencyKey: null }),
    startAfresh: assign(FRESH_REQUEST),
    refreshPending: raise({ type: 'pending.refresh' }),
    assignCheck: assign((_, params: { check: CashierCheckOutput<WithdrawalCheckResponse> }) => ({
      status: params.check.result,
      result: params.check.answer.result,
      limit: params.check.answer.limit,
      duration: params.check.answer.duration,
      originalLimit: params.check.answer.originalLimit,
      balance: params.check.answer.balance,
      error: null,
    })),
    assignMethods: assign((_, params: { load: PaymentMethodsLoad }) => {
      const offered = new Set(params.load.methods.map((method) => method.id));
      return {
        methods: params.load.methods,
        recentMethodIds: params.load.recentMethodIds,
        methodId: params.load.recentMethodIds.find((id) => offered.has(id)) ?? null,
        error: null,
      };
    }),
    assignAmount: assign((_, params: { value: string }) => ({ amountText: params.value, amountProblem: null })),
    assignMethod: assign((_, params: { methodId: string }) => ({ methodId: params.methodId, methodMissing: false })),
    assignFormProblems: assign(({ context }) => {
      const check = amountCheck(context);
      return {
        amountProblem: check.ok ? null : check.problem,
        methodMissing: !context.methods.some((method) => method.id === context.methodId),
      };
    }),
    clearFormProblems: assign({ amountProblem: null, methodMissing: false, error: null }),
    assignRequestResult: assign((_, params: { response: WithdrawalRequestResponse }) => ({
      status: operationUiStatus(params.response.result),
      result: params.response.result,
      referenceId: params.response.referenceId,
      balance: params.response.balance,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, WITHDRAW_ERROR_CODES) })),
    assignPending: assign((_, params: { pending: Transaction[] }) => ({ pending: params.pending })),
    assignCancelling: assign((_, params: { referenceId: string }) => ({ cancellingId: params.referenceId, cancelStatus: null, cancelError: null })),
    assignCancelled: assign((_, params: { response: WithdrawalCancellationResponse }) => ({
      cancellingId: null,
      // The money is back on MAIN: what can be withdrawn grows.
      balance: params.response.balance,
    })),
    assignCancelRefused: assign((_, params: { response: WithdrawalCancellationResponse }) => ({
      cancellingId: null,
      cancelStatus: operationUiStatus(params.response.result),
    })),
    assignCancelError: assign((_, params: { error: unknown }) => ({ cancellingId: null, cancelError: flowErrorOf(params.error, WITHDRAW_ERROR_CODES) })),
  },
  guards: {
    /** behaviour.md §4's results by name (machines/cashierCheck.machine.ts), on the check's result or a request's. */
    ...cashierResultGuards,
    isSuspended: ({ context }) => withdrawalAccess(context.player) === 'suspended',
    isWithdrawalAllowed: ({ context }) => withdrawalAccess(context.player) === 'allowed',
    isFormValid: ({ context }) => formValid(context),
    isRetry: ({ context }) => formValid(context) && context.idempotencyKey !== null,
    isIdempotencyConflict: (_, params: { error: unknown }) => flowErrorOf(params.error, WITHDRAW_ERROR_CODES).code === ERROR_CODES.idempotencyConflict,
    /** UKGC RTS 14B: no cancellation in GG; only a withdrawal on the list. */
    mayCancel: ({ context }, params: { referenceId: string }) =>
      context.cancelAllowed && context.pending.some((item) => item.referenceId === params.referenceId),
  },
}).createMachine({
  id: 'withdraw',
  description:
    'The withdrawal (behaviour.md §4, §6): the request (the operation check, machines/cashierCheck.machine.ts, then the form) beside the pending withdrawals, each cancellable outside GG.',
  type: 'parallel',
  context: ({ input }) =>
    ({
      ...FRESH_REQUEST,
      player: input.player,
      cancelAllowed: withdrawalCancellable(input.player.market),
      pending: [],
      cancellingId: null,
      cancelStatus: null,
      cancelError: null,
    }) satisfies WithdrawContext,
  states: {
    request: {
      description: 'The withdrawal request: inactive → loading → a result.',
      initial: 'inactive',
      on: {
        'withdraw.clear': {
          target: '.inactive',
          description: 'Clear: the request starts afresh (the check again); the pending list stays.',
          actions: 'startAfresh',
        },
      },
      states: {
        inactive: {
          description: 'Inactive: the request starts from here (on entering, and after withdraw.clear).',
          always: [
            { guard: 'isSuspended', target: 'suspended' },
            { guard: 'isWithdrawalAllowed', target: 'checking' },
            { target: 'notAllowed' },
          ],
        },
        suspended: {
          description: 'behaviour.md §4, §6: the multibrand account is suspended; payout is blocked.',
          tags: 'result',
        },
        notAllowed: {
          description: 'No withdrawal access (or access unknown): the form is not offered.',
          tags: 'result',
        },
        checking: {
          description: "The operation check (machines/cashierCheck.machine.ts: withdrawal/check with ipAddress and blackbox, behaviour.md §4's table); each edge names its result.",
          tags: 'loading',
          invoke: {
            id: 'checkWithdrawal',
            src: 'checkWithdrawal',
            onDone: [
              {
                guard: { type: 'allowed', params: ({ event }) => ({ status: event.output.result }) },
                target: 'loadingMethods',
                description: 'SUCCESS → allowed: the form.',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
              {
                guard: { type: 'withdrawalLimitReached', params: ({ event }) => ({ status: event.output.result }) },
                target: 'limitReached',
                description: 'WITHDRAWAL_LIMIT_REACHED → withdrawal limit reached (limit, duration, originalLimit).',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
              {
                guard: { type: 'verifyDocument', params: ({ event }) => ({ status: event.output.result }) },
                target: 'verifyDocument',
                description: 'DOCUMENTS_PREFERRED → verify-document.',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
              {
                guard: { type: 'underReview', params: ({ event }) => ({ status: event.output.result }) },
                target: 'underReview',
                description: 'DOCUMENTS_UNDER_REVIEW → under review.',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
              {
                guard: { type: 'documentsRequired', params: ({ event }) => ({ status: event.output.result }) },
                target: 'documentsRequired',
                description: 'DOCUMENTS_REQUIRED → required.',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
              {
                guard: { type: 'documentsStrict', params: ({ event }) => ({ status: event.output.result }) },
                target: 'documentsStrict',
                description: 'DOCUMENTS_REQUIRED_RESTRICTED → strict.',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
              {
                guard: { type: 'restricted', params: ({ event }) => ({ status: event.output.result }) },
                target: 'restricted',
                description: 'RESTRICTED → restricted.',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
              {
                target: 'refused',
                description: 'NOT_ENOUGH_FUNDS, EXCEEDS_KYC_LIMIT, FAILURE, SELF_LIMIT_REACHED, any other (an unknown one too): the status is shown.',
                actions: { type: 'assignCheck', params: ({ event }) => ({ check: withdrawalCheckOf(event.output) }) },
              },
            ],
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        limitReached: { description: 'Withdrawal limit reached: the limit, its period and the limit before a pending change.', tags: 'result' },
        verifyDocument: { description: 'verify-document: documents are asked for (the upload flow comes with KYC).', tags: ['result', 'documents'] },
        underReview: { description: 'under review: the documents sent are being reviewed.', tags: ['result', 'documents'] },
        documentsRequired: { description: 'required: documents must be sent before a withdrawal.', tags: ['result', 'documents'] },
        documentsStrict: { description: 'strict: documents are required and the account is restricted until they are verified.', tags: ['result', 'documents'] },
        restricted: { description: 'restricted: the account may not withdraw.', tags: 'result' },
        refused: { description: 'error (or another status): the result is shown.', tags: ['result', 'error'] },
        failed: { description: 'A call failed (shown by its code); withdraw.clear tries again.', tags: 'error' },
        loadingMethods: {
          description: "The payment methods of the player's market and the recent deposit methods.",
          tags: 'loading',
          invoke: {
            id: 'loadPaymentMethods',
            src: 'loadPaymentMethods',
            onDone: { target: 'form', actions: { type: 'assignMethods', params: ({ event }) => ({ load: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        form: {
          description: 'The amount (CASHIER_LIMITS, at most the balance the check named) and the method.',
          tags: 'form',
          on: {
            'amount.change': {
              description: 'Another amount is another attempt (a new idempotency key).',
              actions: [{ type: 'assignAmount', params: ({ event }) => ({ value: event.value }) }, 'forgetIdempotencyKey'],
            },
            'method.select': {
              description: 'Another method is another attempt (a new idempotency key).',
              actions: [{ type: 'assignMethod', params: ({ event }) => ({ methodId: event.methodId }) }, 'forgetIdempotencyKey'],
            },
            'withdraw.submit': [
              {
                guard: 'isRetry',
                target: 'requesting',
                description: 'The same amount and method again (after a failed request): the same idempotency key.',
                actions: 'clearFormProblems',
              },
              { guard: 'isFormValid', target: 'requesting', description: 'A new attempt: a new idempotency key.', actions: ['clearFormProblems', 'assignIdempotencyKey'] },
              { description: 'The amount or the method is refused: each shows its problem.', actions: 'assignFormProblems' },
            ],
          },
        },
        requesting: {
          description: 'withdrawal/request with the amount, method and idempotency key.',
          tags: 'loading',
          invoke: {
            id: 'requestWithdrawal',
            src: 'requestWithdrawal',
            input: ({ context }) => {
              const check = amountCheck(context);
              return {
                amount: formatMoney(check.ok ? check.cents : 0, context.player.currency),
                methodId: context.methodId ?? '',
                idempotencyKey: context.idempotencyKey ?? '',
              };
            },
            onDone: [
              {
                guard: { type: 'allowed', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'requested',
                description: 'Request success: MAIN → LOCKED, the withdrawal is pending; the list and the balance load again.',
                actions: [
                  { type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) },
                  'forgetIdempotencyKey',
                  'refreshPending',
                  'refreshWallet',
                ],
              },
              {
                guard: { type: 'withdrawalLimitReached', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'limitReached',
                actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
              },
              {
                guard: { type: 'verifyDocument', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'verifyDocument',
                actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
              },
              {
                guard: { type: 'underReview', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'underReview',
                actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
              },
              {
                guard: { type: 'documentsRequired', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'documentsRequired',
                actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
              },
              {
                guard: { type: 'documentsStrict', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'documentsStrict',
                actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
              },
              {
                guard: { type: 'restricted', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'restricted',
                actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
              },
              {
                target: 'refused',
                description: 'NOT_ENOUGH_FUNDS and any other result: nothing was booked; the result is shown.',
                actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
              },
            ],
            onError: [
              {
                guard: { type: 'isIdempotencyConflict', params: ({ event }) => ({ error: event.error }) },
                target: 'form',
                description: 'The key was used with other parameters: the next submit is a new attempt.',
                actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, 'forgetIdempotencyKey'],
              },
              {
                target: 'form',
                description: 'No answer or a refusal: the form stays as typed; sending it again reuses the key.',
                actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
              },
            ],
          },
        },
        requested: {
          description: 'Request success: the withdrawal is pending (referenceId); withdraw.clear starts another.',
          tags: 'result',
        },
      },
    },
    pending: {
      description: 'The pending withdrawals, cancellable one at a time (not in GG).',
      initial: 'loading',
      states: {
        loading: {
          description: 'pendingWithdrawal: the pending withdrawals.',
          tags: 'pendingLoading',
          invoke: {
            id: 'loadPendingWithdrawals',
            src: 'loadPendingWithdrawals',
            onDone: { target: 'loaded', actions: { type: 'assignPending', params: ({ event }) => ({ pending: event.output }) } },
            onError: { target: 'failed' },
          },
        },
        loaded: {
          description: 'The list is shown; each row offers its cancellation (not in GG).',
          on: {
            'pending.refresh': 'loading',
            'pending.cancel': {
              guard: { type: 'mayCancel', params: ({ event }) => ({ referenceId: event.referenceId }) },
              target: 'cancelling',
              description: 'Cancel, with its loading (not offered in GG: UKGC RTS 14B).',
              actions: { type: 'assignCancelling', params: ({ event }) => ({ referenceId: event.referenceId }) },
            },
          },
        },
        cancelling: {
          description: 'withdrawal/cancellation { pendingWithdrawalId, amount, cancelByPlayer: true } for cancellingId.',
          tags: 'cancelling',
          invoke: {
            id: 'cancelWithdrawal',
            src: 'cancelWithdrawal',
            input: ({ context }) => cancellationOf(context),
            onDone: [
              {
                guard: { type: 'allowed', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
                target: 'loading',
                description: 'Cancelled: LOCKED → MAIN; the list and the balance load again.',
                actions: [{ type: 'assignCancelled', params: ({ event }) => ({ response: event.output }) }, 'refreshWallet'],
              },
              {
                target: 'loaded',
                description: 'The platform refused the cancellation: its UI status is shown on the list.',
                actions: { type: 'assignCancelRefused', params: ({ event }) => ({ response: event.output }) },
              },
            ],
            onError: {
              target: 'loaded',
              description: 'behaviour.md §8 error.withdrawal.cancel.limit_reached (or another failure) is shown on the list.',
              actions: { type: 'assignCancelError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        failed: {
          description: 'The list could not be loaded; pending.refresh tries again.',
          tags: 'pendingFailed',
          on: { 'pending.refresh': 'loading' },
        },
      },
    },
  },
});
