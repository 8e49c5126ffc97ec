import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { PasswordChangeError } from '../../../machines/passwordChange.machine';
import type { PhoneChangeError } from '../../../machines/phoneChange.machine';
import { VALIDATION_CODES } from '../../../machines/lib/signupForm';
import { PASSWORD_RULE_CODES } from '../../api/player';

// The account page's one error table (CONVENTIONS.md "Text"): the phone change and password change
// codes from the platform (behaviour.md §8 "Sign-up and reset"), and the field rules. A raw code
// never reaches the player.

const NETWORK = msg({ id: 'account.error.network', message: 'We could not reach the server. Check your connection and try again.' });
const UNKNOWN = msg({ id: 'account.error.unknown', message: 'Something went wrong. Please try again.' });
const VALIDATION = msg({ id: 'account.error.validation', message: 'Please check the highlighted fields.' });

const PHONE_ERRORS: Readonly<Record<PhoneChangeError['code'], MessageDescriptor>> = {
  'sms.code.invalid': msg({ id: 'account.phone.error.codeInvalid', message: 'That code is not right. Check the text message and try again.' }),
  'sms.max.attempts.reached': msg({
    id: 'account.phone.error.maxAttempts',
    message: 'Too many attempts. Your number was not changed; please wait a while and try again.',
  }),
  'error.vonage.validation': msg({
    id: 'account.phone.error.phoneInvalid',
    message: 'We cannot send a text message to this number. Check the country code and the number.',
  }),
  network: NETWORK,
  validation: VALIDATION,
  unknown: UNKNOWN,
};

const PASSWORD_ERRORS: Readonly<Record<PasswordChangeError['code'], MessageDescriptor>> = {
  'error.old_password.incorrect': msg({ id: 'account.password.error.oldIncorrect', message: 'Your current password is not correct.' }),
  network: NETWORK,
  validation: VALIDATION,
  unknown: UNKNOWN,
};

const PHONE = msg({ id: 'account.field.phone', message: 'Enter the mobile number without the country code, digits only.' });
const PASSWORD_SHORT = msg({ id: 'account.field.passwordShort', message: 'The password is too short.' });
const PASSWORD_LONG = msg({ id: 'account.field.passwordLong', message: 'The password is too long.' });
const PASSWORD_LETTER = msg({ id: 'account.field.passwordLetter', message: 'The password needs at least one letter.' });
const PASSWORD_DIGIT = msg({ id: 'account.field.passwordDigit', message: 'The password needs at least one number.' });

/** Field codes of the app's rules (machines/lib/signupForm.ts) and of the platform's 400 error.validation. */
const FIELD_ERRORS: Readonly<Record<string, MessageDescriptor>> = {
  [VALIDATION_CODES.required]: msg({ id: 'account.field.required', message: 'This field is required.' }),
  [VALIDATION_CODES.phonePrefix]: msg({ id: 'account.field.phonePrefix', message: 'Choose a country code.' }),
  [VALIDATION_CODES.phone]: PHONE,
  'validation.phone': PHONE,
  [VALIDATION_CODES.code]: msg({ id: 'account.field.code', message: 'Enter the 6-digit code from the text message.' }),
  [VALIDATION_CODES.passwordShort]: PASSWORD_SHORT,
  [PASSWORD_RULE_CODES.tooShort]: PASSWORD_SHORT,
  [VALIDATION_CODES.passwordLong]: PASSWORD_LONG,
  [PASSWORD_RULE_CODES.tooLong]: PASSWORD_LONG,
  [VALIDATION_CODES.passwordLetter]: PASSWORD_LETTER,
  [PASSWORD_RULE_CODES.letterRequired]: PASSWORD_LETTER,
  [VALIDATION_CODES.passwordDigit]: PASSWORD_DIGIT,
  [PASSWORD_RULE_CODES.digitRequired]: PASSWORD_DIGIT,
  'validation.password.same': msg({ id: 'account.field.passwordSame', message: 'Choose a password different from your current one.' }),
};

const FIELD_FALLBACK = msg({ id: 'account.field.invalid', message: 'Please check this field.' });

export function phoneErrorMessage(code: PhoneChangeError['code']): MessageDescriptor {
  return PHONE_ERRORS[code];
}

export function passwordErrorMessage(code: PasswordChangeError['code']): MessageDescriptor {
  return PASSWORD_ERRORS[code];
}

/** The message for a field rule (client or platform); an unknown code gets a generic message. */
export function accountFieldMessage(code: string): MessageDescriptor {
  return FIELD_ERRORS[code] ?? FIELD_FALLBACK;
}
