import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { LOGIN_ERROR_CODES, parseLoginErrorCode } from '../../../machines/lib/loginErrors';
import { ERROR_CODES, FIELD_CODES } from '../../../machines/lib/errorCodes';
import type { AmountError, FirstLimitError, UpdateField } from '../../../machines/lib/payAndPlay';
import type { LimitDuration } from '../../../machines/lib/responsibleGambling';
import { UPDATE_FIELD_LOCKED } from '../../api/payAndPlay';
import { registerListedMessage, registerUnavailableMessage } from '../../ui/selfExclusionRegisterMessages';

// The one table of pay-and-play errors (CONVENTIONS.md "Text": a server code never reaches the
// screen raw). Codes: src/api/payAndPlay.ts (server), machines/lib/payAndPlay.ts and
// machines/lib/errorCodes.ts (the form's rules, the same on both sides).

const FLOW_ERRORS: Readonly<Record<string, MessageDescriptor>> = {
  'error.paynplay.amount.invalid': msg({
    id: 'payAndPlay.error.amountInvalid',
    message: 'This amount cannot be deposited. Please choose another amount.',
  }),
  'error.paynplay.code.invalid': msg({
    id: 'payAndPlay.error.codeInvalid',
    message: 'Your bank identification has expired or was already used. Please identify again.',
  }),
  'error.paynplay.session.invalid': msg({
    id: 'payAndPlay.error.sessionInvalid',
    message: 'Your pay-and-play session has expired. Please start again.',
  }),
  'error.registration.player_already_exists': msg({
    id: 'payAndPlay.error.emailTaken',
    message: 'This e-mail address already belongs to another account. Please use another address.',
  }),
  'error.validation': msg({ id: 'payAndPlay.error.validation', message: 'Please check the details you entered.' }),
  // Issue 21: the first deposit limit of authorize, refused by the platform's rules of the market.
  'error.deposit.limit.too_low': msg({ id: 'payAndPlay.error.limitTooLow', message: 'This deposit limit is too low. Please enter a higher one.' }),
  'error.deposit.limit.too_high': msg({
    id: 'payAndPlay.error.limitTooHigh',
    message: 'This deposit limit is higher than the rules of your country allow. Please enter a lower one.',
  }),
  'error.country.blocked': msg({
    id: 'payAndPlay.error.countryBlocked',
    message: 'Pay and play is not available in your country.',
  }),
  'error.access.restricted': msg({
    id: 'payAndPlay.error.depositRestricted',
    message: 'Deposits are not available on this account. Please contact our support team.',
  }),
  'payAndPlay.identification.cancelled': msg({
    id: 'payAndPlay.error.identificationCancelled',
    message: 'You cancelled the identification at your bank, so no deposit was made.',
  }),
  'payAndPlay.identification.failed': msg({
    id: 'payAndPlay.error.identificationFailed',
    message: 'The identification at your bank did not finish, so no deposit was made.',
  }),
  // Issue 20: the player's limits refused the deposit, at the bank step or at the code check (then
  // the bank's payment is refunded).
  [ERROR_CODES.selfLimitReached]: msg({
    id: 'payAndPlay.error.selfLimitReached',
    message: 'Your gambling limits do not allow this deposit, so it was not made. Any money your bank sent is returned to your bank account.',
  }),
  'network.error': msg({
    id: 'payAndPlay.error.network',
    message: 'We could not reach our server. Please check your connection and try again.',
  }),
};

const UNKNOWN = msg({ id: 'payAndPlay.error.unknown', message: 'Something went wrong on our side. Please try again.' });

/** The base of a behaviour.md §8 "Login" code (`code:error.timeout.in.progress:days:5`), when it is one. */
function loginBaseCode(code: string): string | null {
  const [base = ''] = code.replace(/^code:/, '').split(':');
  return Object.hasOwn(LOGIN_ERROR_CODES, base) ? base : null;
}

/**
 * The code check and the login refuse a player the login would refuse (behaviour.md §8 "Login",
 * src/api/payAndPlay.ts): the same reasons, said for pay and play (no deposit is taken then).
 */
function loginRefusalMessage(code: string): MessageDescriptor {
  const { code: key, additionalInfo } = parseLoginErrorCode(code);
  const days = additionalInfo.days ?? 0;
  switch (key) {
    case 'timeout':
      return msg({
        id: 'payAndPlay.error.timeout',
        message: plural(days, {
          one: 'Your time-out ends in # day. Until then you cannot deposit or play.',
          other: 'Your time-out ends in # days. Until then you cannot deposit or play.',
        }),
      });
    case 'exclusion':
      return msg({
        id: 'payAndPlay.error.exclusion',
        message: plural(days, {
          one: 'Your self-exclusion ends in # day. Until then you cannot deposit or play.',
          other: 'Your self-exclusion ends in # days. Until then you cannot deposit or play.',
        }),
      });
    case 'exclusionIndefinitely':
      return msg({ id: 'payAndPlay.error.exclusionIndefinitely', message: 'You have excluded yourself from playing without an end date.' });
    case 'blacklisted':
      return msg({ id: 'payAndPlay.error.blacklisted', message: 'This account is blocked. Please contact our support team.' });
    case 'closed':
      return msg({ id: 'payAndPlay.error.closed', message: 'This account is closed. Please contact our support team.' });
    case 'maxAttempt':
      return msg({
        id: 'payAndPlay.error.maxAttempt',
        message: 'This account is locked after too many attempts. Please try again later.',
      });
    // Issue 23: a national self-exclusion register refused the person at the bank step.
    case 'registerListed':
      return registerListedMessage(additionalInfo.register);
    case 'registerUnavailable':
      return additionalInfo.register === undefined
        ? msg({
            id: 'selfExclusion.register.unavailable.generic',
            message:
              'We could not check the national self-exclusion register just now, so we cannot let you in yet. Please try again in a few minutes.',
          })
        : registerUnavailableMessage(additionalInfo.register);
    case 'unauthorized':
    case 'network':
      return UNKNOWN;
  }
}


/** A failed call or identification, by its code; anything unlisted gets the generic message. */
export function flowErrorMessage(code: string): MessageDescriptor {
  if (loginBaseCode(code) !== null) return loginRefusalMessage(code);
  return FLOW_ERRORS[code] ?? UNKNOWN;
}

/** A network failure (or an unknown one) may be retried as it is; a refusal needs a new start or support. */
export function isRetryable(code: string): boolean {
  if (code === 'network.error') return true;
  return loginBaseCode(code) === null && !(code in FLOW_ERRORS);
}

/** The amount field's error; `min` and `max` are the bounds, already formatted in the currency. */
export function amountErrorMessage(error: AmountError, min: string, max: string): MessageDescriptor {
  switch (error) {
    case 'required':
      return msg({ id: 'payAndPlay.amount.error.required', message: 'Choose or enter an amount.' });
    case 'invalid':
      return msg({ id: 'payAndPlay.amount.error.invalid', message: 'Enter the amount in numbers, for example 25 or 25.50.' });
    case 'fractionDigits':
      return msg({ id: 'payAndPlay.amount.error.fractionDigits', message: 'Use at most two decimals.' });
    case 'tooLow':
      return msg({ id: 'payAndPlay.amount.error.tooLow', message: `The smallest deposit is ${min}.` });
    case 'tooHigh':
      return msg({ id: 'payAndPlay.amount.error.tooHigh', message: `The largest deposit is ${max}.` });
    case 'overLimit':
      return msg({ id: 'payAndPlay.amount.error.overLimit', message: 'Your deposit cannot be more than your deposit limit.' });
  }
}

/** The first deposit limit's error (issue 21); `min` and `max` are its bounds, formatted in the currency. */
export function firstLimitErrorMessage(error: FirstLimitError, min: string, max: string): MessageDescriptor {
  switch (error) {
    case 'required':
      return msg({ id: 'payAndPlay.limit.error.required', message: 'Enter your deposit limit.' });
    case 'invalid':
      return msg({ id: 'payAndPlay.limit.error.invalid', message: 'Enter the limit in numbers, for example 500.' });
    case 'fractionDigits':
      return msg({ id: 'payAndPlay.amount.error.fractionDigits', message: 'Use at most two decimals.' });
    case 'tooLow':
      return msg({ id: 'limits.error.belowMinimum', message: `The smallest limit is ${min}.` });
    case 'tooHigh':
      return msg({ id: 'payAndPlay.limit.error.tooHigh', message: `The largest limit allowed here is ${max}.` });
    case 'period':
      return msg({ id: 'payAndPlay.limit.error.period', message: 'Choose the period of your limit.' });
  }
}

/** A deposit limit's name by its period (the limits page's words). */
export function limitPeriodName(duration: LimitDuration): MessageDescriptor {
  switch (duration) {
    case 'D':
      return msg({ id: 'limits.deposit.D', message: 'Daily deposit limit' });
    case 'W':
      return msg({ id: 'limits.deposit.W', message: 'Weekly deposit limit' });
    case 'M':
      return msg({ id: 'limits.deposit.M', message: 'Monthly deposit limit' });
  }
}

/**
 * An update-form field's error: the form's rules and the platform's field codes (machines/lib/
 * errorCodes.ts, the same on both sides) and refusals, else a generic text.
 */
export function updateFieldErrorMessage(field: UpdateField, code: string): MessageDescriptor {
  if (code === 'error.registration.player_already_exists') return FLOW_ERRORS[code] ?? UNKNOWN;
  if (code === 'error.vonage.validation') {
    return msg({ id: 'payAndPlay.update.error.phoneUndeliverable', message: 'We cannot send text messages to this number. Please check it.' });
  }
  if (code === UPDATE_FIELD_LOCKED) {
    return field === 'email'
      ? msg({
          id: 'payAndPlay.update.error.emailLocked',
          message: 'Your account already has an e-mail address. To change it, log in and use your account page.',
        })
      : msg({
          id: 'payAndPlay.update.error.phoneLocked',
          message: 'Your account already has a mobile number. To change it, log in and use your account page.',
        });
  }
  if (code === FIELD_CODES.required) {
    return field === 'email'
      ? msg({ id: 'field.email.required', message: 'Enter your e-mail address.' })
      : msg({ id: 'payAndPlay.update.error.phoneRequired', message: 'Enter your mobile number.' });
  }
  if (field === 'phonePrefix') return msg({ id: 'phone.prefix.invalid', message: 'Choose a country code.' });
  if (field === 'email' && code.startsWith('validation.')) {
    return msg({ id: 'payAndPlay.update.error.emailInvalid', message: 'Enter an e-mail address such as name@example.com.' });
  }
  if (field === 'phoneBody' && code.startsWith('validation.')) {
    return msg({ id: 'payAndPlay.update.error.phoneInvalid', message: 'Enter your mobile number without the country code: 4 to 14 digits.' });
  }
  return msg({ id: 'field.invalid', message: 'Please check this field.' });
}
