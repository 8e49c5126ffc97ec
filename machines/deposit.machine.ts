// The deposit flow of the cashier (behaviour.md §4 "Deposit and withdraw flows", §5 "Deposits are
// allowed only when ...", §7 "Wallet and banking"; product.md §3 "Deposit and withdraw flows";
// issue 11 "Deposit and withdraw").
//
// A child of the session (flow `deposit`), started by the cashier's routes (/deposit and
// /my-account/banking/deposit) with the path the provider sends the player back to and, on that
// return, the deposit's id; the session adds what it knows of the player (machines/lib/wallet.ts
// CashierPlayer). It goes from inactive to loading to a result:
//
//   inactive ─ not allowed (deposit off, payout restricted, multibrand suspended) ─▶ notAllowed
//      │ ─ back from the provider with a depositId ─▶ settling ⇄ waiting ─▶ succeeded | declined | stillPending
//      ▼
//   checking (the cashier check, machines/cashierCheck.machine.ts: deposit/check with ipAddress and
//   blackbox, behaviour.md §4's table once; each edge out of it is guarded by its result's name):
//      allowed ─▶ loadingMethods ─▶ form (amount, method, [bonus]) ─▶ requesting ─▶ redirecting
//      verify-document ─▶ verifyDocument ─ verification.postpone ─▶ loadingMethods
//      under-review, required, strict, self-limit-reached, restricted, anything else ─▶ a result state
//
// The spec's deposit actions: "start" is entering the flow (and `deposit.clear`, which starts
// afresh), "pre-status" the check's UI status, "status" the request's and the settled deposit's,
// "clear" `deposit.clear`, "limit reached" the `limitReached` state (or, with some of the limit
// left, the form capped at what is left: "self-limit reached or notify"; the notification that
// the player is close to the limit only when the platform says the limit is at its 80 % warning,
// issue 21), "postpone verification" `verification.postpone`.
//
// The idempotency key is made once per attempt (`assignIdempotencyKey`, provided by src/app) and
// sent again when the same amount and method are sent again after a failed request; changing
// either starts a new attempt. The provider's page is the action `redirectToProvider` (src/app:
// the browser leaves). A settled deposit asks the wallet for its balance (`refreshWallet`; the push
// usually comes first). Issue 24 (product.md §3 selectBonus, selectedBonusId): beside the methods the
// player's ELIGIBLE rewards are loaded and those a deposit triggers (first to fifth, next deposit)
// offered; none is chosen until the player chooses one (a regulated operator never pre-selects a
// bonus), the choice goes with deposit/request as selectedBonusId and the platform claims it when
// the deposit settles; the offers failing to load never stop a deposit. Document results are states the
// screen shows; their "Upload documents" opens the verification modal (issue 23), and after an upload
// the modal sends `deposit.resume`: the check again, with the amount and the method the player had
// typed (a player who postponed the verification can open the modal from the form too).
import { assign, fromPromise, setup } from 'xstate';
import type { Reward } from '../src/api/bonuses';
import type { DepositCheckResponse, DepositRequest, DepositRequestResponse, DepositStatusResponse, PaymentMethod } from '../src/api/wallet';
import { cashierCheckMachine, cashierResultGuards, type CashierCheckOutput } from './cashierCheck.machine';
import { FRESH_FORM, methodsLoaded, type PaymentMethodsLoad } from './cashierForm';
import { DEPOSIT_NUMBER_TRIGGERS, type TriggerEvent } from './lib/bonuses';
import { ERROR_CODES } from './lib/errorCodes';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import {
  checkTypedAmount,
  depositAllowed,
  DEPOSIT_STATUS_POLL_MS,
  DEPOSIT_STATUS_POLLS,
  formatMoney,
  operationUiStatus,
  parseMoney,
  type TypedAmountProblem,
  type CashierPlayer,
  type OperationUiStatus,
} from './lib/wallet';

/** What the route gives when it starts the flow. */
export interface DepositRouteInput {
  /** The deposit the provider sent the player back with (the return path's search), else null. */
  depositId: string | null;
  /** Where the provider sends the player back: the cashier's own path (same-site). */
  returnPath: string;
}

/** The flow's input: the route's, with the session's view of the player. */
export interface DepositInput extends DepositRouteInput {
  player: CashierPlayer;
}

/** The payment methods of the player's market and the recent deposit methods (newest first). */
export type { PaymentMethodsLoad } from './cashierForm';

/** The server codes the flow tells apart (src/api/wallet.ts). */
export const DEPOSIT_ERROR_CODES = [ERROR_CODES.idempotencyConflict] as const;
export type DepositError = FlowError<(typeof DEPOSIT_ERROR_CODES)[number]>;

/** An amount the form refuses: the cashier's limits, or more than the self-limit has left. */
export type DepositAmountProblem = TypedAmountProblem | 'overLimit';

/**
 * A notice on the form: the player is close to a self-limit (its use has reached the 80 % warning;
 * the amount may not exceed what is left), or the player postponed the preferred document
 * verification.
 */
export type DepositNotification = 'limitNotice' | 'verificationPostponed';

export interface DepositContext {
  player: CashierPlayer;
  returnPath: string;
  /** The deposit at the provider: from the request, or from the route on the way back. */
  depositId: string | null;
  /** The provider's page for the deposit requested. */
  redirectUrl: string | null;
  /** The UI status of the last operation result (behaviour.md §4's table); null before the check. */
  status: OperationUiStatus | null;
  /** The operation result as the platform sent it (a message per result). */
  result: string | null;
  daysLeftToVerifyDocuments: number | null;
  /** SELF_LIMIT_REACHED: what the limit has left; with more than 0 left the form's amount is capped at it. */
  limitLeft: string | null;
  limitType: 'deposit' | 'loss' | null;
  /** product.md §3 isSpendLimit: the limit reached is the loss (spend) limit. */
  isSpendLimit: boolean;
  resetOn: string | null;
  notification: DepositNotification | null;
  /** product.md §3 selectBonus: the form offers a choice of bonuses (there are deposit bonuses to offer). */
  selectBonus: boolean;
  /** product.md §3 selectedBonusId: the campaign the player chose; null: none (the default). */
  selectedBonusId: string | null;
  /** Issue 24: the ELIGIBLE rewards a deposit triggers, offered on the form. */
  bonuses: Reward[];
  methods: PaymentMethod[];
  recentMethodIds: string[];
  methodId: string | null;
  amountText: string;
  amountProblem: DepositAmountProblem | null;
  /** True after a submit without a method. */
  methodMissing: boolean;
  /** The current attempt's key; null until the first submit of an amount and method. */
  idempotencyKey: string | null;
  /** The last failed call (check, methods, request, status). */
  error: DepositError | null;
  /** The settled (or still pending) deposit shown on the way back. */
  deposit: DepositStatusResponse | null;
  /** Status answers still pending in a row. */
  statusPolls: number;
}

export type DepositEvent =
  /** Starts afresh: everything typed and every result forgotten, then the check again. */
  | { type: 'deposit.clear' }
  /** Issue 23: checks again with the amount and the method kept (the verification modal after an upload). */
  | { type: 'deposit.resume' }
  | { type: 'verification.postpone' }
  | { type: 'amount.change'; value: string }
  | { type: 'method.select'; methodId: string }
  | { type: 'bonus.select'; bonusId: string | null }
  | { type: 'deposit.submit' }
  /** Asks the platform again for a deposit still pending (or whose status could not be read). */
  | { type: 'deposit.refresh' };

/**
 * loading: a call runs; form: the cashier (amount, method) is shown; result: an outcome is shown
 * instead of the cashier (product.md §3 hideCashier); documents: a document result; error: a call
 * failed; redirecting: the browser goes to the provider.
 */
export type DepositTag = 'loading' | 'form' | 'result' | 'documents' | 'error' | 'redirecting';

/**
 * The form's amount, checked: the cashier's limits, then what is left of the self-limit (limitLeft
 * is only set by a SELF_LIMIT_REACHED check that leaves the form open, warned or not).
 */
function amountCheck(context: Pick<DepositContext, 'amountText' | 'player' | 'limitLeft'>) {
  const check = checkTypedAmount(context.amountText, context.player.currency, 'deposit');
  if (!check.ok) return check;
  const left = context.limitLeft !== null ? parseMoney(context.limitLeft, context.player.currency) : null;
  if (left !== null && check.cents > left) return { ok: false as const, problem: 'overLimit' as const };
  return check;
}

/** The checked amount as the wire's decimal ("12.50"). */
function requestAmount(context: DepositContext): string {
  const check = amountCheck(context);
  return formatMoney(check.ok ? check.cents : 0, context.player.currency);
}

/** The triggers a deposit fires (machines/lib/bonuses.ts: first to fifth, next deposit). */
const DEPOSIT_TRIGGERS: ReadonlySet<TriggerEvent> = new Set([...Object.values(DEPOSIT_NUMBER_TRIGGERS), 'NEXT_DEPOSIT']);

/** Issue 24: the rewards the deposit form offers: ELIGIBLE offers a deposit triggers, tournament and other triggers left out. */
export function depositBonusesOf(rewards: readonly Reward[]): Reward[] {
  return rewards.filter((reward) => reward.triggerEvent !== null && DEPOSIT_TRIGGERS.has(reward.triggerEvent) && reward.campaignStatus === 'ACTIVE');
}

/** SELF_LIMIT_REACHED with more than 0 of the limit left: the form stays, its amount capped at what is left. */
function limitCapOf(context: Pick<DepositContext, 'player'>, check: CashierCheckOutput<DepositCheckResponse>): boolean {
  const { limitLeft } = check.answer;
  return check.result === 'self-limit-reached' && limitLeft !== null && (parseMoney(limitLeft, context.player.currency) ?? 0) > 0;
}

/**
 * The check's end with deposit/check's answer: the check machine carries the answer of the call
 * the flow provides it with (src/app/flows/deposit.ts: walletApi.depositCheck), typed as that call's.
 */
function depositCheckOf(output: CashierCheckOutput): CashierCheckOutput<DepositCheckResponse> {
  return output as CashierCheckOutput<DepositCheckResponse>;
}

function formValid(context: DepositContext): boolean {
  return amountCheck(context).ok && context.methods.some((method) => method.id === context.methodId);
}

/** Everything a fresh start forgets (the player, the return path and the key rule stay). */
const FRESH = {
  depositId: null,
  redirectUrl: null,
  status: null,
  result: null,
  daysLeftToVerifyDocuments: null,
  limitLeft: null,
  limitType: null,
  isSpendLimit: false,
  resetOn: null,
  notification: null,
  selectBonus: false,
  selectedBonusId: null,
  bonuses: [],
  ...FRESH_FORM,
  deposit: null,
  statusPolls: 0,
} satisfies Omit<DepositContext, 'player' | 'returnPath'>;

export const depositMachine = setup({
  types: {
    context: {} as DepositContext,
    events: {} as DepositEvent,
    input: {} as DepositInput,
    tags: {} as DepositTag,
  },
  actors: {
    // Supplied by src/app/flows/deposit.ts (walletApi) and by tests.
    /** The operation check (machines/cashierCheck.machine.ts), its `check` deposit/check with ipAddress '' and the device blackbox. */
    checkDeposit: cashierCheckMachine,
    loadPaymentMethods: fromPromise<PaymentMethodsLoad>(() =>
      Promise.reject(new Error('depositMachine: provide the loadPaymentMethods actor')),
    ),
    requestDeposit: fromPromise<DepositRequestResponse, DepositRequest>(() =>
      Promise.reject(new Error('depositMachine: provide the requestDeposit actor')),
    ),
    depositStatus: fromPromise<DepositStatusResponse, { depositId: string }>(() =>
      Promise.reject(new Error('depositMachine: provide the depositStatus actor')),
    ),
    /** Issue 24: the player's ELIGIBLE rewards (bonusesApi.rewards); the machine keeps those a deposit triggers. */
    loadDepositBonuses: fromPromise<Reward[]>(() => Promise.reject(new Error('depositMachine: provide the loadDepositBonuses actor'))),
  },
  actions: {
    /** The browser goes to the provider's page (src/app provides the navigation). */
    redirectToProvider: (_, params: { url: string }) => {
      throw new Error(`depositMachine: provide the redirectToProvider action (to ${params.url})`);
    },
    /** The wallet asks for the balance now (src/app: `wallet.refresh` to the session's wallet). */
    refreshWallet: () => undefined,
    /** A new attempt's idempotency key (src/app: a random key); never kept across attempts. */
    assignIdempotencyKey: assign({
      idempotencyKey: (): string | null => {
        throw new Error('depositMachine: provide the assignIdempotencyKey action');
      },
    }),
    forgetIdempotencyKey: assign({ idempotencyKey: null }),
    startAfresh: assign(FRESH),
    /** Issue 23: afresh, but the amount and the method the player typed stay (the resume after the documents). */
    resumeAfresh: assign(({ context }) => ({ ...FRESH, amountText: context.amountText, methodId: context.methodId, selectedBonusId: context.selectedBonusId })),
    assignCheck: assign((_, params: { check: CashierCheckOutput<DepositCheckResponse> }) => ({
      status: params.check.result,
      result: params.check.answer.result,
      daysLeftToVerifyDocuments: params.check.answer.daysLeftToVerifyDocuments,
      limitLeft: params.check.answer.limitLeft,
      limitType: params.check.answer.limitType,
      isSpendLimit: params.check.answer.limitType === 'loss',
      resetOn: params.check.answer.resetOn,
      error: null,
    })),
    assignNotification: assign((_, params: { notification: DepositNotification }) => ({ notification: params.notification })),
    assignMethods: assign(({ context }, params: { load: PaymentMethodsLoad }) => methodsLoaded(context.methodId, params.load)),
    assignAmount: assign((_, params: { value: string }) => ({ amountText: params.value, amountProblem: null })),
    assignMethod: assign((_, params: { methodId: string }) => ({ methodId: params.methodId, methodMissing: false })),
    assignBonus: assign((_, params: { bonusId: string | null }) => ({ selectedBonusId: params.bonusId })),
    /** The offers; a choice kept by a resume stays only while it is still offered. */
    assignBonuses: assign(({ context }, params: { rewards: Reward[] }) => {
      const bonuses = depositBonusesOf(params.rewards);
      return {
        bonuses,
        selectBonus: bonuses.length > 0,
        selectedBonusId: bonuses.some((bonus) => bonus.campaignId === context.selectedBonusId) ? context.selectedBonusId : null,
      };
    }),
    dropBonuses: assign({ bonuses: [], selectBonus: false, selectedBonusId: null }),
    assignFormProblems: assign(({ context }) => {
      const check = amountCheck(context);
      return {
        amountProblem: check.ok ? null : check.problem,
        methodMissing: !context.methods.some((method) => method.id === context.methodId),
      };
    }),
    clearFormProblems: assign({ amountProblem: null, methodMissing: false, error: null }),
    assignRequestResult: assign((_, params: { response: DepositRequestResponse }) => ({
      status: operationUiStatus(params.response.result),
      result: params.response.result,
      depositId: params.response.depositId,
      redirectUrl: params.response.redirectUrl,
      error: null,
    })),
    assignError: assign((_, params: { error: unknown }) => ({ error: flowErrorOf(params.error, DEPOSIT_ERROR_CODES) })),
    assignDeposit: assign((_, params: { deposit: DepositStatusResponse }) => ({
      deposit: params.deposit,
      result: params.deposit.result,
      status: params.deposit.status === 'SUCCESS' ? ('allowed' as const) : params.deposit.status === 'PENDING' ? null : operationUiStatus(params.deposit.result ?? 'FAILURE'),
      error: null,
    })),
    countStatusPoll: assign({ statusPolls: ({ context }) => context.statusPolls + 1 }),
    resetStatusPolls: assign({ statusPolls: 0, error: null }),
  },
  guards: {
    /** behaviour.md §4's results by name (machines/cashierCheck.machine.ts), on the check's result or a request's. */
    ...cashierResultGuards,
    isReturning: ({ context }) => context.depositId !== null,
    isDepositAllowed: ({ context }) => depositAllowed(context.player),
    /** SELF_LIMIT_REACHED with some of the limit left: "notify" (the form stays, capped). */
    isLimitCap: ({ context }, params: { check: CashierCheckOutput<DepositCheckResponse> }) => limitCapOf(context, params.check),
    /** A cap whose limit has reached its 80 % warning (issue 21): the form also says the player is close to it. */
    isLimitNotice: ({ context }, params: { check: CashierCheckOutput<DepositCheckResponse> }) =>
      limitCapOf(context, params.check) && params.check.answer.limitWarning,
    isRedirect: (_, params: { response: DepositRequestResponse }) =>
      operationUiStatus(params.response.result) === 'allowed' && params.response.redirectUrl !== null && params.response.depositId !== null,
    isFormValid: ({ context }) => formValid(context),
    isRetry: ({ context }) => formValid(context) && context.idempotencyKey !== null,
    /** None, or one of the bonuses offered. */
    isOfferedBonus: ({ context }, params: { bonusId: string | null }) => params.bonusId === null || context.bonuses.some((bonus) => bonus.campaignId === params.bonusId),
    isIdempotencyConflict: (_, params: { error: unknown }) => flowErrorOf(params.error, DEPOSIT_ERROR_CODES).code === ERROR_CODES.idempotencyConflict,
    isPaid: (_, params: { deposit: DepositStatusResponse }) => params.deposit.status === 'SUCCESS',
    isStillPending: (_, params: { deposit: DepositStatusResponse }) => params.deposit.status === 'PENDING',
    /** Pending, and fewer than DEPOSIT_STATUS_POLLS answers so far said so. */
    mayPollAgain: ({ context }, params: { deposit: DepositStatusResponse }) =>
      params.deposit.status === 'PENDING' && context.statusPolls + 1 < DEPOSIT_STATUS_POLLS,
  },
  delays: {
    depositStatusPoll: DEPOSIT_STATUS_POLL_MS,
  },
}).createMachine({
  id: 'deposit',
  description:
    "The deposit (behaviour.md §4, §5): the operation check (machines/cashierCheck.machine.ts), the cashier, the provider's page, and on the way back the deposit's outcome.",
  context: ({ input }) =>
    ({
      ...FRESH,
      player: input.player,
      returnPath: input.returnPath,
      depositId: input.depositId,
    }) satisfies DepositContext,
  initial: 'inactive',
  on: {
    'deposit.clear': {
      target: '.inactive',
      description: 'Clear: everything typed and every result is forgotten, and the flow starts again.',
      actions: 'startAfresh',
    },
    'deposit.resume': {
      target: '.inactive',
      description: 'Issue 23, resume (the verification modal after an upload): the check again, and the cashier with the amount and the method as typed.',
      actions: 'resumeAfresh',
    },
  },
  states: {
    inactive: {
      description: 'Inactive: the flow starts from here (on entering, and after deposit.clear).',
      always: [
        { guard: 'isReturning', target: 'settling', description: 'Back from the provider: the deposit is settled first (GLI-19: the outcome is shown after an interruption).' },
        { guard: 'isDepositAllowed', target: 'checking' },
        {
          target: 'notAllowed',
          description: 'behaviour.md §5: deposit off, payout restricted or the multibrand account suspended (or access unknown).',
        },
      ],
    },
    notAllowed: {
      description: "Deposits are not allowed for this player (context.player says which rule); the cashier is hidden.",
      tags: 'result',
    },
    checking: {
      description: "Pre-status: the operation check (machines/cashierCheck.machine.ts: deposit/check with ipAddress and blackbox, behaviour.md §4's table); each edge names its result.",
      tags: 'loading',
      invoke: {
        id: 'checkDeposit',
        src: 'checkDeposit',
        onDone: [
          {
            guard: { type: 'allowed', params: ({ event }) => ({ status: event.output.result }) },
            target: 'loadingMethods',
            description: 'SUCCESS → allowed: the cashier.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            guard: { type: 'verifyDocument', params: ({ event }) => ({ status: event.output.result }) },
            target: 'verifyDocument',
            description: 'DOCUMENTS_PREFERRED → verify-document (loyal): verification is asked for and may be postponed.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            guard: { type: 'underReview', params: ({ event }) => ({ status: event.output.result }) },
            target: 'underReview',
            description: 'DOCUMENTS_UNDER_REVIEW → under review.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            guard: { type: 'documentsRequired', params: ({ event }) => ({ status: event.output.result }) },
            target: 'documentsRequired',
            description: 'DOCUMENTS_REQUIRED → required.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            guard: { type: 'documentsStrict', params: ({ event }) => ({ status: event.output.result }) },
            target: 'documentsStrict',
            description: 'DOCUMENTS_REQUIRED_RESTRICTED → strict.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            guard: { type: 'isLimitNotice', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
            target: 'loadingMethods',
            description:
              'SELF_LIMIT_REACHED with some of the limit left, at its 80 % warning → notify: the cashier, the amount at most what is left, and the notice that the limit is close.',
            actions: [
              { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
              { type: 'assignNotification', params: { notification: 'limitNotice' } },
            ],
          },
          {
            guard: { type: 'isLimitCap', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
            target: 'loadingMethods',
            description: 'SELF_LIMIT_REACHED with some of the limit left, below its warning (issue 21): the cashier, the amount at most what is left, no notice.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            guard: { type: 'selfLimitReached', params: ({ event }) => ({ status: event.output.result }) },
            target: 'limitReached',
            description: 'SELF_LIMIT_REACHED → self-limit reached (limit reached).',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            guard: { type: 'restricted', params: ({ event }) => ({ status: event.output.result }) },
            target: 'restricted',
            description: 'RESTRICTED → restricted.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
          {
            target: 'refused',
            description: 'NOT_ENOUGH_FUNDS, EXCEEDS_KYC_LIMIT, FAILURE, any other result (an unknown one too) → error; WITHDRAWAL_LIMIT_REACHED keeps its status.',
            actions: { type: 'assignCheck', params: ({ event }) => ({ check: depositCheckOf(event.output) }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verifyDocument: {
      description: 'verify-document (loyal): documents are preferred; the player may verify now (the upload flow) or postpone.',
      tags: ['result', 'documents'],
      on: {
        'verification.postpone': {
          target: 'loadingMethods',
          description: 'Postpone verification: the cashier, with a notice.',
          actions: { type: 'assignNotification', params: { notification: 'verificationPostponed' } },
        },
      },
    },
    underReview: { description: 'under review: the documents sent are being reviewed.', tags: ['result', 'documents'] },
    documentsRequired: { description: 'required: documents must be sent before a deposit.', tags: ['result', 'documents'] },
    documentsStrict: { description: 'strict: documents are required and the account is restricted until they are verified.', tags: ['result', 'documents'] },
    limitReached: {
      description: 'Limit reached: the deposit or loss limit (isSpendLimit) is used up until resetOn.',
      tags: 'result',
    },
    restricted: { description: 'restricted: the account may not deposit.', tags: 'result' },
    refused: { description: 'error (or another status the deposit does not expect): the result is shown.', tags: ['result', 'error'] },
    failed: { description: 'A call failed (shown by its code); deposit.clear tries again.', tags: 'error' },
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
      description: "Issue 24: the player's ELIGIBLE rewards; those a deposit triggers (first to fifth, next deposit) are offered on the form.",
      tags: 'loading',
      invoke: {
        id: 'loadDepositBonuses',
        src: 'loadDepositBonuses',
        onDone: { target: 'form', actions: { type: 'assignBonuses', params: ({ event }) => ({ rewards: event.output }) } },
        onError: { target: 'form', description: 'The offers could not be read: the cashier without them (a deposit never waits for a bonus).', actions: 'dropBonuses' },
      },
    },
    form: {
      description: 'The cashier: amount (presets or typed, CASHIER_LIMITS of the currency), payment method (recent first), and the deposit bonuses offered (none chosen by default).',
      tags: 'form',
      on: {
        'amount.change': {
          description: 'Another amount is another attempt: a new idempotency key at the next submit.',
          actions: [{ type: 'assignAmount', params: ({ event }) => ({ value: event.value }) }, 'forgetIdempotencyKey'],
        },
        'method.select': {
          description: 'Another method is another attempt: a new idempotency key at the next submit.',
          actions: [{ type: 'assignMethod', params: ({ event }) => ({ methodId: event.methodId }) }, 'forgetIdempotencyKey'],
        },
        'bonus.select': {
          guard: { type: 'isOfferedBonus', params: ({ event }) => ({ bonusId: event.bonusId }) },
          description: 'A bonus offered, or none: it goes with the request; another choice is another attempt (a new idempotency key).',
          actions: [{ type: 'assignBonus', params: ({ event }) => ({ bonusId: event.bonusId }) }, 'forgetIdempotencyKey'],
        },
        'deposit.submit': [
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
      description: 'deposit/request with the amount, method, idempotency key and return path.',
      tags: 'loading',
      invoke: {
        id: 'requestDeposit',
        src: 'requestDeposit',
        input: ({ context }) => ({
          amount: requestAmount(context),
          methodId: context.methodId ?? '',
          idempotencyKey: context.idempotencyKey ?? '',
          returnPath: context.returnPath,
          ...(context.selectedBonusId === null ? {} : { selectedBonusId: context.selectedBonusId }),
        }),
        onDone: [
          {
            guard: { type: 'isRedirect', params: ({ event }) => ({ response: event.output }) },
            target: 'redirecting',
            actions: { type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) },
          },
          {
            guard: { type: 'verifyDocument', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'verifyDocument',
            actions: [{ type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) }, 'forgetIdempotencyKey'],
          },
          {
            guard: { type: 'underReview', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'underReview',
            actions: { type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) },
          },
          {
            guard: { type: 'documentsRequired', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'documentsRequired',
            actions: { type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) },
          },
          {
            guard: { type: 'documentsStrict', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'documentsStrict',
            actions: { type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) },
          },
          {
            guard: { type: 'selfLimitReached', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'limitReached',
            actions: { type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) },
          },
          {
            guard: { type: 'restricted', params: ({ event }) => ({ status: operationUiStatus(event.output.result) }) },
            target: 'restricted',
            actions: { type: 'assignRequestResult', params: ({ event }) => ({ response: event.output }) },
          },
          {
            target: 'refused',
            description: 'Any other result (or a SUCCESS without a provider page): nothing was started; the result is shown.',
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
    redirecting: {
      description: "The browser goes to the provider's page; it comes back to the return path with the deposit's id.",
      tags: ['loading', 'redirecting'],
      entry: { type: 'redirectToProvider', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
    },
    settling: {
      description: "Status: the deposit's state at the provider, as the platform knows it.",
      tags: 'loading',
      invoke: {
        id: 'depositStatus',
        src: 'depositStatus',
        input: ({ context }) => ({ depositId: context.depositId ?? '' }),
        onDone: [
          {
            guard: { type: 'isPaid', params: ({ event }) => ({ deposit: event.output }) },
            target: 'succeeded',
            actions: { type: 'assignDeposit', params: ({ event }) => ({ deposit: event.output }) },
          },
          {
            guard: { type: 'mayPollAgain', params: ({ event }) => ({ deposit: event.output }) },
            target: 'waiting',
            actions: { type: 'assignDeposit', params: ({ event }) => ({ deposit: event.output }) },
          },
          {
            guard: { type: 'isStillPending', params: ({ event }) => ({ deposit: event.output }) },
            target: 'stillPending',
            description: 'Still pending after DEPOSIT_STATUS_POLLS answers: shown as pending.',
            actions: { type: 'assignDeposit', params: ({ event }) => ({ deposit: event.output }) },
          },
          {
            target: 'declined',
            description: 'FAILED (declined, timed out) or CANCELLED: nothing was paid.',
            actions: { type: 'assignDeposit', params: ({ event }) => ({ deposit: event.output }) },
          },
        ],
        onError: { target: 'statusUnknown', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    waiting: {
      description: 'Still pending at the provider: asked again after DEPOSIT_STATUS_POLL_MS, at most DEPOSIT_STATUS_POLLS times.',
      tags: 'loading',
      after: { depositStatusPoll: { target: 'settling', actions: 'countStatusPoll' } },
    },
    stillPending: {
      description: 'Still pending after every poll: shown as pending; deposit.refresh asks again.',
      tags: 'result',
      on: { 'deposit.refresh': { target: 'settling', actions: 'resetStatusPolls' } },
    },
    statusUnknown: {
      description: "The deposit's status could not be read; deposit.refresh asks again.",
      tags: 'error',
      on: { 'deposit.refresh': { target: 'settling', actions: 'resetStatusPolls' } },
    },
    succeeded: {
      description: 'Paid: the amount is on the balance (the wallet is asked, the push usually came first).',
      tags: 'result',
      entry: 'refreshWallet',
    },
    declined: {
      description: 'Declined or timed out at the provider: the message is shown, nothing changed.',
      tags: ['result', 'error'],
    },
  },
});
