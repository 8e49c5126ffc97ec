import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { GamblingLimitsError, LimitDraftProblem } from '../../../machines/gamblingLimits.machine';
import { FIELD_CODES } from '../../../machines/lib/errorCodes';
import { LIMIT_ERROR_CODES, type LimitDuration } from '../../../machines/lib/responsibleGambling';
import { commonFlowErrors } from '../../ui/commonErrors';

// The gambling limits' one table of texts for what the platform answers and what the shared rules
// refuse (CONVENTIONS.md "Text"; behaviour.md §5 "Deposit limit server errors: error.deposit.limit.
// interval, .too_low, .too_high and .locked. They are mapped per period to messages: daily too
// high; weekly low and high; monthly low; locked is common."). The same words serve the spend
// (loss) limits, whose faults the platform answers with the same codes. A raw code never reaches
// the player: an unknown one gets the generic text.

/** The money the bound messages name, already formatted in the account currency. */
export interface LimitBounds {
  min: string;
  max: string;
}

/** behaviour.md §5, per period: a shorter period's limit may not exceed a longer one's. */
const PER_PERIOD = {
  /** Daily too high: above the weekly or the monthly limit. */
  dailyTooHigh: msg({ id: 'limits.error.dailyTooHigh', message: 'Your daily limit cannot be higher than your weekly or monthly limit.' }),
  /** Weekly too low: below the daily limit. */
  weeklyTooLow: msg({ id: 'limits.error.weeklyTooLow', message: 'Your weekly limit cannot be lower than your daily limit.' }),
  /** Weekly too high: above the monthly limit. */
  weeklyTooHigh: msg({ id: 'limits.error.weeklyTooHigh', message: 'Your weekly limit cannot be higher than your monthly limit.' }),
  /** Monthly too low: below the daily or the weekly limit. */
  monthlyTooLow: msg({ id: 'limits.error.monthlyTooLow', message: 'Your monthly limit cannot be lower than your daily or weekly limit.' }),
} as const;

/** behaviour.md §5 "locked is common": the market requires the limit, or it may not change now. */
const LOCKED = msg({
  id: 'limits.error.locked',
  message: 'Your market requires this limit, so it cannot be removed or raised right now.',
});

const INVALID_AMOUNT = msg({ id: 'banking.amount.invalid', message: 'Enter an amount, in numbers only.' });

function belowMinimum({ min }: LimitBounds): MessageDescriptor {
  return msg({ id: 'limits.error.belowMinimum', message: `The smallest limit is ${min}.` });
}

function aboveMaximum({ max }: LimitBounds): MessageDescriptor {
  return msg({ id: 'limits.error.aboveMaximum', message: `The largest limit you can set here is ${max}.` });
}

/**
 * Too low or too high for a period. The platform's code is the same for the order of the periods
 * and for its bounds; only the period tells which applies (a daily limit has no shorter period,
 * a monthly one no longer period), which is why behaviour.md §5 maps them per period.
 */
function outOfOrder(problem: 'tooLow' | 'tooHigh', duration: LimitDuration, bounds: LimitBounds): MessageDescriptor {
  if (problem === 'tooHigh') return duration === 'D' ? PER_PERIOD.dailyTooHigh : duration === 'W' ? PER_PERIOD.weeklyTooHigh : aboveMaximum(bounds);
  return duration === 'M' ? PER_PERIOD.monthlyTooLow : duration === 'W' ? PER_PERIOD.weeklyTooLow : belowMinimum(bounds);
}

/** A typed limit the shared rules refuse before anything is sent (machines/gamblingLimits.machine.ts limitDraftProblem). */
export function limitDraftMessage(problem: LimitDraftProblem, duration: LimitDuration, bounds: LimitBounds): MessageDescriptor {
  switch (problem) {
    case 'invalid':
      return INVALID_AMOUNT;
    case 'belowMinimum':
      return belowMinimum(bounds);
    case 'aboveMaximum':
      return aboveMaximum(bounds);
    case 'tooLow':
    case 'tooHigh':
      return outOfOrder(problem, duration, bounds);
  }
}

/** A refused or failed call of a limit (save, delete, cancel), for the limit's period. */
export function limitErrorMessage(error: GamblingLimitsError, duration: LimitDuration, bounds: LimitBounds): MessageDescriptor {
  switch (error.code) {
    case LIMIT_ERROR_CODES.tooLow:
      return outOfOrder('tooLow', duration, bounds);
    case LIMIT_ERROR_CODES.tooHigh:
      return outOfOrder('tooHigh', duration, bounds);
    case LIMIT_ERROR_CODES.locked:
      return LOCKED;
    case LIMIT_ERROR_CODES.interval:
      return msg({ id: 'limits.error.interval', message: 'Choose a daily, weekly or monthly limit.' });
    case 'error.limits.required':
      return msg({ id: 'limits.error.required', message: 'Your market requires this limit before you can deposit or play for real money.' });
    case 'validation':
      return error.fieldErrors.some((field) => field.code === FIELD_CODES.amountTooHigh)
        ? aboveMaximum(bounds)
        : error.fieldErrors.some((field) => field.code === FIELD_CODES.amountTooLow)
          ? belowMinimum(bounds)
          : INVALID_AMOUNT;
    case 'network':
      return commonFlowErrors.network;
    case 'unknown':
      return commonFlowErrors.unknown;
  }
}

/** The limits or the reality-check settings could not be loaded. */
export const LIMITS_LOAD_FAILED = msg({ id: 'limits.load.failed', message: 'We could not load your limits.' });
export const ACTIVITY_LOAD_FAILED = msg({ id: 'limits.activity.load.failed', message: 'We could not load your reality check setting.' });

/** A failed save of the reality-check interval. */
export function activityErrorMessage(error: GamblingLimitsError): MessageDescriptor {
  return error.code === 'network' ? commonFlowErrors.network : commonFlowErrors.unknown;
}
