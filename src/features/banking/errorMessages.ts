import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { DepositAmountProblem, DepositError } from '../../../machines/deposit.machine';
import { FIELD_CODES } from '../../../machines/lib/errorCodes';
import { WITHDRAWAL_CANCELLATIONS_PER_DAY, type OperationUiStatus } from '../../../machines/lib/wallet';
import type { WithdrawAmountProblem, WithdrawError } from '../../../machines/withdraw.machine';
import { commonFieldErrors, commonFlowErrors, fieldFallback } from '../../ui/commonErrors';

// The banking domain's one table of texts for what the platform answers (CONVENTIONS.md "Text"):
// the UI status of every wallet operation result (behaviour.md §4's table, machines/lib/wallet.ts
// OPERATION_UI_STATUS), the server's error codes of the cashier (src/api/wallet.ts, behaviour.md §8
// "Withdrawal and limits"), the amount problems and the field codes of a refused request. A raw
// code or result never reaches the player: an unknown one gets the generic text of its kind.

/** What some statuses say besides their kind, already formatted for the page's locale. */
export interface StatusDetails {
  /** The operation result as the platform sent it (the `error` status says which). */
  result?: string | null;
  /** verify-document: days left to send the documents (product.md §3 daysLeftToVerifyDocuments). */
  daysLeft?: number | null;
  /** self-limit-reached: which limit (product.md §3 isSpendLimit / limitType). */
  limitType?: 'deposit' | 'loss' | null;
  /** withdrawal-limit-reached: the limit (formatted money) and its period. */
  limit?: string | null;
  duration?: 'daily' | 'weekly' | 'monthly' | null;
}

/** behaviour.md §4 `error`: the results the table maps to it, each with its own advice. */
function errorStatusMessage(result: string | null | undefined): MessageDescriptor {
  switch (result) {
    case 'NOT_ENOUGH_FUNDS':
      return msg({ id: 'banking.status.notEnoughFunds', message: 'There is not enough money on your balance for this amount.' });
    case 'EXCEEDS_KYC_LIMIT':
      return msg({
        id: 'banking.status.exceedsKycLimit',
        message: 'This amount is above what you can move before your identity is verified. Choose a smaller amount or verify your identity.',
      });
    default:
      return msg({ id: 'banking.status.error', message: 'We could not complete this request. Please try again later.' });
  }
}

function withdrawalLimitMessage(limit: string, duration: StatusDetails['duration']): MessageDescriptor {
  switch (duration) {
    case 'daily':
      return msg({ id: 'banking.status.withdrawalLimit.daily', message: `You have reached your daily withdrawal limit of ${limit}.` });
    case 'weekly':
      return msg({ id: 'banking.status.withdrawalLimit.weekly', message: `You have reached your weekly withdrawal limit of ${limit}.` });
    case 'monthly':
      return msg({ id: 'banking.status.withdrawalLimit.monthly', message: `You have reached your monthly withdrawal limit of ${limit}.` });
    default:
      return msg({ id: 'banking.status.withdrawalLimit', message: `You have reached your withdrawal limit of ${limit}.` });
  }
}

/**
 * The text of an operation's UI status (behaviour.md §4's table, every row): what the deposit and
 * withdraw screens show instead of the form, or over it.
 */
export function operationStatusMessage(status: OperationUiStatus, details: StatusDetails = {}): MessageDescriptor {
  switch (status) {
    case 'allowed':
      return msg({ id: 'banking.status.allowed', message: 'Your request was accepted.' });
    case 'error':
      return errorStatusMessage(details.result);
    case 'verify-document': {
      const days = details.daysLeft;
      return days === null || days === undefined
        ? msg({ id: 'banking.status.verifyDocument', message: 'Please verify your identity: send us your identity documents.' })
        : msg({
            id: 'banking.status.verifyDocument.days',
            message: plural(days, {
              one: 'Please verify your identity: send us your identity documents within # day.',
              other: 'Please verify your identity: send us your identity documents within # days.',
            }),
          });
    }
    case 'under-review':
      return msg({
        id: 'banking.status.underReview',
        message: 'We are reviewing the documents you sent. We will let you know as soon as they have been checked.',
      });
    case 'required':
      return msg({
        id: 'banking.status.required',
        message: 'We need your identity documents before you can go on. Please send them to verify your account.',
      });
    case 'strict':
      return msg({
        id: 'banking.status.strict',
        message: 'Your account is restricted until your identity documents have been verified. Please send them to us.',
      });
    case 'withdrawal-limit-reached':
      return details.limit === null || details.limit === undefined
        ? msg({ id: 'banking.status.withdrawalLimit.reached', message: 'You have reached your withdrawal limit.' })
        : withdrawalLimitMessage(details.limit, details.duration);
    case 'self-limit-reached':
      return details.limitType === 'loss'
        ? msg({ id: 'banking.status.lossLimit', message: 'You have reached your loss limit.' })
        : msg({ id: 'banking.status.depositLimit', message: 'You have reached your deposit limit.' });
    case 'restricted':
      return msg({
        id: 'banking.status.restricted',
        message: 'This is not available on your account at the moment. Please contact customer support.',
      });
  }
}

/** Deposits are off for this player (behaviour.md §5: deposit access, payout, multibrand suspension). */
export const DEPOSIT_NOT_ALLOWED = msg({ id: 'banking.deposit.notAllowed', message: 'Deposits are not available on your account.' });
/** No withdrawal access (behaviour.md §4 "Other withdrawal UI states": inactive). */
export const WITHDRAWAL_NOT_ALLOWED = msg({ id: 'banking.withdraw.notAllowed', message: 'Withdrawals are not available on your account.' });
/** behaviour.md §4 "suspended", §6 "Payout is blocked on suspension". */
export const WITHDRAWAL_SUSPENDED = msg({
  id: 'banking.withdraw.suspended',
  message: 'Your account is suspended, so withdrawals are blocked. Please contact customer support.',
});

/** UKGC RTS 14B: in the GG market a requested withdrawal cannot be reversed (also the platform's 403). */
export const WITHDRAWAL_IRREVERSIBLE = msg({
  id: 'banking.withdraw.irreversible',
  message: 'A withdrawal cannot be cancelled once you have requested it.',
});

type CashierErrorCode = DepositError['code'] | WithdrawError['code'];

/** behaviour.md §8 error.withdrawal.cancel.limit_reached: how many cancellations a day allows. */
const cancellations = WITHDRAWAL_CANCELLATIONS_PER_DAY;

const VALIDATION = msg({ id: 'account.error.validation', message: 'Please check the highlighted fields.' });

/** The cashier's server codes (src/api/wallet.ts "Error codes") and the kinds every flow has. */
const CASHIER_ERRORS: Readonly<Record<CashierErrorCode, MessageDescriptor>> = {
  'error.idempotency.conflict': msg({
    id: 'banking.error.idempotencyConflict',
    message: 'This request was already sent with other details. Check the amount and the method, then send it again.',
  }),
  'error.withdrawal.cancel.limit_reached': msg({
    id: 'banking.error.cancelLimitReached',
    message: plural(cancellations, {
      one: 'You can cancel at most # withdrawal in 24 hours. Please try again later.',
      other: 'You can cancel at most # withdrawals in 24 hours. Please try again later.',
    }),
  }),
  'error.withdrawal.cancel.not_allowed': WITHDRAWAL_IRREVERSIBLE,
  // Issue 23: too many wrong second-factor answers before a withdrawal (the login lock, 429).
  'code:error.sign.in.attempt.count.exceeded': msg({
    id: 'banking.error.factorLocked',
    message: 'Too many wrong codes. For your safety, wait a while before you try this withdrawal again.',
  }),
  network: commonFlowErrors.network,
  validation: VALIDATION,
  unknown: commonFlowErrors.unknown,
};

export function cashierErrorMessage(code: CashierErrorCode): MessageDescriptor {
  return CASHIER_ERRORS[code];
}

/** The cashier's bounds and what the player may still move, formatted, for the amount messages. */
export interface AmountBounds {
  min: string;
  max: string;
  /** overLimit: what the self-limit leaves; overBalance: what can be withdrawn now. */
  available?: string | null;
  /** decimals: the currency's minor units (2, or 0 for JPY and CLP); 2 when not given. */
  fractionDigits?: number;
}

/** Why an amount cannot be sent (machines/lib/wallet.ts checkCashierAmount and the flows' own checks). */
export function amountProblemMessage(problem: DepositAmountProblem | WithdrawAmountProblem, bounds: AmountBounds): MessageDescriptor {
  const { min, max } = bounds;
  const available = bounds.available ?? '';
  switch (problem) {
    case 'invalid':
      return msg({ id: 'banking.amount.invalid', message: 'Enter an amount, in numbers only.' });
    case 'decimals':
      // behaviour.md §9: at most two decimals; none in a currency without minor units.
      return bounds.fractionDigits === 0
        ? msg({ id: 'banking.amount.wholeOnly', message: 'Enter a whole amount: this currency has no decimals.' })
        : msg({ id: 'banking.amount.twoDecimals', message: 'Enter at most two decimals, for example 10.55.' });
    case 'tooLow':
      return msg({ id: 'banking.amount.tooLow', message: `The smallest amount is ${min}.` });
    case 'tooHigh':
      return msg({ id: 'banking.amount.tooHigh', message: `The largest amount is ${max}.` });
    case 'overLimit':
      return msg({ id: 'banking.amount.overLimit', message: `Your limit lets you deposit at most ${available} for now.` });
    case 'overBalance':
      return msg({ id: 'banking.amount.overBalance', message: `You can withdraw at most ${available}.` });
  }
}

export const METHOD_MISSING = msg({ id: 'banking.method.missing', message: 'Choose a payment method.' });

/** The field codes of the cashier's 400 error.validation (src/api/wallet.ts), for the amount and the method. */
export function cashierFieldMessage(code: string, bounds: AmountBounds): MessageDescriptor {
  switch (code) {
    case FIELD_CODES.amount:
      return amountProblemMessage('invalid', bounds);
    case FIELD_CODES.amountTooLow:
      return amountProblemMessage('tooLow', bounds);
    case FIELD_CODES.amountTooHigh:
      return amountProblemMessage('tooHigh', bounds);
    case FIELD_CODES.paymentMethod:
      return METHOD_MISSING;
    default:
      return commonFieldErrors[code] ?? fieldFallback;
  }
}
