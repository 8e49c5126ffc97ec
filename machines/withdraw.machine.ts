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
// Issue 23, the account's own protection: a withdrawal to a payment method the player has not used
// before, with the second factor on, is answered 428 error.second_factor.required with a challenge
// (machines/lib/secondFactor.ts): requesting → secondFactor (choosing ⇄ verifying) asks for a passkey,
// an authenticator code or a recovery code; a right answer (second_factor/verify) approves the method
// and the same withdrawal is sent again with the same idempotency key (the 428 stored nothing); a
// wrong one says so and keeps the amount; cancel goes back to the form as typed.
//
// After the documents (issue 23, the verification modal): `withdraw.resume` checks the withdrawal
// again with the amount and the method the player had typed (sent by the modal after an upload), and
// `underReview` hears the operator's decision (`watchReview`, src/app: the wallet's
// PLAYER_ATTRIBUTE_CHANGE) and resumes the same way.
//
// Issue 24, the withdrawal-forfeit warning: beside the methods the player's ACTIVE rewards are
// loaded; the form warns that a withdrawal forfeits an active bonus and says how much bonus money
// goes (or, when they could not be read, that it would); a withdrawal never waits for them.
//
// The spec's withdraw actions: "start" is entering the flow (and `withdraw.clear`, which starts the
// request afresh), "status" the check's and the request's UI status, "clear" `withdraw.clear`,
// "cancel (with loading)" `pending.cancel` → `cancelling`, "request success" the `requested` state.
// The idempotency key rule is the deposit's: one per attempt, the same on a retry of the same
// amount and method (`assignIdempotencyKey`, provided by src/app).
import { assign, fromCallback, fromPromise, raise, setup } from 'xstate';
import type { Reward } from '../src/api/bonuses';
import type {
  PaymentMethod,
  Transaction,
  WithdrawalCancellationRequest,
  WithdrawalCheckResponse,
  WithdrawalRequest,
  WithdrawalRequestResponse,
} from '../src/api/wallet';
import { cashierCheckMachine, cashierResultGuards, type CashierCheckOutput } from './cashierCheck.machine';
import { FRESH_FORM, methodsLoaded, type PaymentMethodsLoad } from './cashierForm';
import { ERROR_CODES } from './lib/errorCodes';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import {
  isExpiredChallenge,
  secondFactorChallengeOf,
  secondFactorErrorOf,
  type SecondFactorAnswer,
  type SecondFactorChallenge,
  type SecondFactorError,
} from './lib/secondFactor';
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
  // Issue 23: too many wrong second-factor answers (the login lock, 429 when logged in).
  ERROR_CODES.loginAttemptsExceeded,
] as const;
export type WithdrawError = FlowError<(typeof WITHDRAW_ERROR_CODES)[number]>;

/** Issue 23: the player's answer to the second-factor check (the challenge's token is added when it is sent). */
export type WithdrawFactorAnswer = { method: 'totp' | 'recovery'; code: string } | { method: 'passkey' };

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
  /** Issue 24: the player's active bonuses, which a withdrawal forfeits; null: they could not be read (or not yet). */
  activeBonuses: Reward[] | null;
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
  /** Issue 23: the second-factor check the platform asked for (a withdrawal to a method not used before). */
  challenge: SecondFactorChallenge | null;
  /** The answer being checked (a code is held only while its call runs). */
  factorAnswer: WithdrawFactorAnswer | null;
  /** The factor step's last failure (a wrong code, an expired check, a cancelled passkey prompt). */
  factorError: SecondFactorError | null;
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
  /** Issue 23: checks the request again with the amount and the method kept (after the documents were sent). */
  | { type: 'withdraw.resume' }
  /** Issue 23: the operator decided on the documents under review (src/app: the wallet's PLAYER_ATTRIBUTE_CHANGE). */
  | { type: 'documents.reviewed' }
  /** Issue 23, the factor step: an authenticator or recovery code typed. */
  | { type: 'factor.submit'; method: 'totp' | 'recovery'; code: string }
  /** The factor step: use a passkey (the browser's prompt). */
  | { type: 'factor.passkey' }
  /** The factor step: back to the form, the amount and the method as typed. */
  | { type: 'factor.cancel' }
  | { type: 'amount.change'; value: string }
  | { type: 'method.select'; methodId: string }
  | { type: 'withdraw.submit' }
  | { type: 'pending.refresh' }
  | { type: 'pending.cancel'; referenceId: string };

/**
 * loading: a call of the request runs; form: the withdraw form; result: an outcome instead of the
 * form; documents: a document result; error: a call or the request failed; cancelling: a
 * cancellation runs (its row shows the loader); pendingLoading / pendingFailed: the pending list;
 * secondFactor: the factor step (issue 23).
 */
export type WithdrawTag = 'loading' | 'form' | 'result' | 'documents' | 'error' | 'cancelling' | 'pendingLoading' | 'pendingFailed' | 'secondFactor';

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
  activeBonuses: null,
  ...FRESH_FORM,
  challenge: null,
  factorAnswer: null,
  factorError: null,
} satisfies Partial<WithdrawContext>;

/** The answer as second_factor/verify takes it: with the check's token. */
function factorAnswerOf(context: WithdrawContext): SecondFactorAnswer {
  const challengeToken = context.challenge?.challengeToken ?? '';
  const answer = context.factorAnswer;
  return answer === null || answer.method === 'passkey' ? { challengeToken, method: 'passkey' } : { challengeToken, method: answer.method, code: answer.code };
}

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
    /** Issue 24: the player's ACTIVE rewards (bonusesApi.rewards). */
    loadActiveBonuses: fromPromise<Reward[]>(() => Promise.reject(new Error('withdrawMachine: provide the loadActiveBonuses actor'))),
    loadPendingWithdrawals: fromPromise<Transaction[]>(() =>
      Promise.reject(new Error('withdrawMachine: provide the loadPendingWithdrawals actor')),
    ),
    cancelWithdrawal: fromPromise<WithdrawalCancellationResponse, WithdrawalCancellationRequest>(() =>
      Promise.reject(new Error('withdrawMachine: provide the cancelWithdrawal actor')),
    ),
    /** Issue 23: second_factor/verify with the answer (for a passkey, the browser's prompt first); a right one approves the method. */
    verifySecondFactor: fromPromise<unknown, SecondFactorAnswer>(() => Promise.reject(new Error('withdrawMachine: provide the verifySecondFactor actor'))),
    /** Issue 23: while the documents are under review, sends back `documents.reviewed` when the operator decides (src/app: the wallet's attribute changes). */
    watchReview: fromCallback<WithdrawEvent>(() => {
      throw new Error('withdrawMachine: provide the watchReview actor');
    }),
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
    /** Issue 23: afresh, but the amount and the method the player typed stay (the resume after the documents). */
    resumeRequest: assign(({ context }) => ({ ...FRESH_REQUEST, amountText: context.amountText, methodId: context.methodId })),
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
    assignMethods: assign(({ context }, params: { load: PaymentMethodsLoad }) => methodsLoaded(context.methodId, params.load)),
    assignActiveBonuses: assign((_, params: { rewards: Reward[] }) => ({ activeBonuses: params.rewards.filter((reward) => reward.state === 'ACTIVATED') })),
    assignAmount: assign((_, params: { value: string }) => ({ amountText: params.value, amountProblem: null })),
    assignMethod: assign((_, params: { methodId: string }) => ({ methodId: params.methodId, methodMissing: false })),
    assignFormProblems: assign(({ context }) => {
      const check = amountCheck(context);
      return {
        amountProblem: check.ok ? null : check.problem,
        methodMissing: !context.methods.some((method) => method.id === context.methodId),
      };
    }),
    clearFormProblems: assign({ amountProblem: null, methodMissing: false, error: null, factorError: null }),
    assignChallenge: assign((_, params: { error: unknown }) => ({ challenge: secondFactorChallengeOf(params.error), factorAnswer: null, factorError: null, error: null })),
    assignFactorAnswer: assign((_, params: { answer: WithdrawFactorAnswer }) => ({ factorAnswer: params.answer, factorError: null })),
    assignFactorError: assign((_, params: { error: unknown }) => ({ factorError: secondFactorErrorOf(params.error), factorAnswer: null })),
    dropChallenge: assign({ challenge: null, factorAnswer: null, factorError: null }),
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
    /** Issue 23: 428 error.second_factor.required with a challenge. */
    needsSecondFactor: (_, params: { error: unknown }) => secondFactorChallengeOf(params.error) !== null,
    isExpiredChallenge: (_, params: { error: unknown }) => isExpiredChallenge(params.error),
    /** Too many wrong answers: the login lock (429 error.sign.in.attempt.count.exceeded). */
    isFactorLocked: (_, params: { error: unknown }) => flowErrorOf(params.error, WITHDRAW_ERROR_CODES).code === ERROR_CODES.loginAttemptsExceeded,
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
        'withdraw.resume': {
          target: '.inactive',
          description:
            'Issue 23, resume (the verification modal after an upload): the check again, and the form with the amount and the method as typed.',
          actions: 'resumeRequest',
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
        underReview: {
          description: "under review: the documents sent are being reviewed; the operator's decision (watchReview) resumes the withdrawal.",
          tags: ['result', 'documents'],
          invoke: { id: 'watchReview', src: 'watchReview' },
          on: {
            'documents.reviewed': {
              target: 'inactive',
              description: 'Issue 23: the operator decided (a pushed attribute change): the check again, the amount and the method as typed.',
              actions: 'resumeRequest',
            },
          },
        },
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
            onDone: { target: 'loadingBonuses', actions: { type: 'assignMethods', params: ({ event }) => ({ load: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        loadingBonuses: {
          description: "Issue 24: the player's ACTIVE rewards, for the warning that a withdrawal forfeits them.",
          tags: 'loading',
          invoke: {
            id: 'loadActiveBonuses',
            src: 'loadActiveBonuses',
            onDone: { target: 'form', actions: { type: 'assignActiveBonuses', params: ({ event }) => ({ rewards: event.output }) } },
            onError: { target: 'form', description: 'They could not be read: the form warns that a withdrawal would forfeit an active bonus (a withdrawal never waits for them).' },
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
                guard: { type: 'needsSecondFactor', params: ({ event }) => ({ error: event.error }) },
                target: 'secondFactor',
                description:
                  'Issue 23: a method not used before and the second factor on (428 error.second_factor.required): the factor step; nothing was booked, the key stays.',
                actions: { type: 'assignChallenge', params: ({ event }) => ({ error: event.error }) },
              },
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
        secondFactor: {
          description:
            'Issue 23: the factor step. The platform gave a short-lived check for the new method; the player answers with a passkey, ' +
            'an authenticator code or a recovery code, or goes back to the form. The amount, the method and the key stay.',
          tags: 'secondFactor',
          initial: 'choosing',
          states: {
            choosing: {
              description: 'The factor step waits: a passkey button (when one is registered), the code field, Cancel, and the last error if any.',
              on: {
                'factor.submit': {
                  target: 'verifying',
                  actions: { type: 'assignFactorAnswer', params: ({ event }) => ({ answer: { method: event.method, code: event.code } }) },
                },
                'factor.passkey': { target: 'verifying', actions: { type: 'assignFactorAnswer', params: { answer: { method: 'passkey' } } } },
                'factor.cancel': {
                  target: '#withdraw.request.form',
                  description: 'Cancel: back to the form with the amount and the method as typed (the check is dropped).',
                  actions: 'dropChallenge',
                },
              },
            },
            verifying: {
              description: 'second_factor/verify checks the answer (for a passkey, the browser prompt runs first); a right one approves the method.',
              tags: 'loading',
              invoke: {
                id: 'verifySecondFactor',
                src: 'verifySecondFactor',
                input: ({ context }) => factorAnswerOf(context),
                onDone: {
                  target: '#withdraw.request.requesting',
                  description: 'The method is approved: the same withdrawal is sent again, with the same idempotency key.',
                  actions: 'dropChallenge',
                },
                onError: [
                  {
                    guard: { type: 'isExpiredChallenge', params: ({ event }) => ({ error: event.error }) },
                    target: '#withdraw.request.form',
                    description: 'The check expired (5 minutes) or was used: back to the form, which says so; sending it again asks for a new check.',
                    actions: ['dropChallenge', { type: 'assignFactorError', params: ({ event }) => ({ error: event.error }) }],
                  },
                  {
                    guard: { type: 'isFactorLocked', params: ({ event }) => ({ error: event.error }) },
                    target: '#withdraw.request.form',
                    description: 'Too many wrong answers: the login lock; the form says to wait, the amount stays.',
                    actions: ['dropChallenge', { type: 'assignError', params: ({ event }) => ({ error: event.error }) }],
                  },
                  {
                    target: 'choosing',
                    description: 'A wrong or used code, a cancelled passkey prompt, no answer: the step says why; the amount stays.',
                    actions: { type: 'assignFactorError', params: ({ event }) => ({ error: event.error }) },
                  },
                ],
              },
            },
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
