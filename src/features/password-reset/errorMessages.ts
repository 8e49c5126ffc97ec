import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ResetError } from '../../../machines/passwordReset.machine';
import { VALIDATION_CODES } from '../../../machines/lib/signupForm';
import { PASSWORD_RULE_CODES } from '../../api/player';

// The password reset's one error table (CONVENTIONS.md "Text"): every code the flow can meet,
// from the platform (behaviour.md §8 "Sign-up and reset") or from the field rules, maps to a
// translated message. A raw code never reaches the player.

const FLOW_ERRORS: Readonly<Record<ResetError['code'], MessageDescriptor>> = {
  'sms.code.invalid': msg({ id: 'reset.error.codeInvalid', message: 'That code is not right. Check the text message and try again.' }),
  'sms.max.attempts.reached': msg({
    id: 'reset.error.maxAttempts',
    message: 'Too many attempts with this code. Ask for a new code, or wait a while and start again.',
  }),
  'error.password.reset': msg({
    id: 'reset.error.passwordReset',
    message: 'We could not reset your password: the reset has expired or was already used. Please start again.',
  }),
  network: msg({ id: 'reset.error.network', message: 'We could not reach the server. Check your connection and try again.' }),
  validation: msg({ id: 'reset.error.validation', message: 'Please check the highlighted field.' }),
  unknown: msg({ id: 'reset.error.unknown', message: 'Something went wrong. Please try again.' }),
};

const EMAIL = msg({ id: 'reset.field.email', message: 'Enter a valid e-mail address, like name@example.com.' });
const PASSWORD_SHORT = msg({ id: 'reset.field.passwordShort', message: 'The password is too short.' });
const PASSWORD_LONG = msg({ id: 'reset.field.passwordLong', message: 'The password is too long.' });
const PASSWORD_LETTER = msg({ id: 'reset.field.passwordLetter', message: 'The password needs at least one letter.' });
const PASSWORD_DIGIT = msg({ id: 'reset.field.passwordDigit', message: 'The password needs at least one number.' });

/** Field codes of the app's rules (machines/lib/signupForm.ts) and of the platform's 400 error.validation. */
const FIELD_ERRORS: Readonly<Record<string, MessageDescriptor>> = {
  [VALIDATION_CODES.required]: msg({ id: 'reset.field.required', message: 'This field is required.' }),
  [VALIDATION_CODES.email]: EMAIL,
  'validation.email': EMAIL,
  [VALIDATION_CODES.code]: msg({ id: 'reset.field.code', message: 'Enter the 6-digit code from the text message.' }),
  [VALIDATION_CODES.passwordShort]: PASSWORD_SHORT,
  [PASSWORD_RULE_CODES.tooShort]: PASSWORD_SHORT,
  [VALIDATION_CODES.passwordLong]: PASSWORD_LONG,
  [PASSWORD_RULE_CODES.tooLong]: PASSWORD_LONG,
  [VALIDATION_CODES.passwordLetter]: PASSWORD_LETTER,
  [PASSWORD_RULE_CODES.letterRequired]: PASSWORD_LETTER,
  [VALIDATION_CODES.passwordDigit]: PASSWORD_DIGIT,
  [PASSWORD_RULE_CODES.digitRequired]: PASSWORD_DIGIT,
};

const FIELD_FALLBACK = msg({ id: 'reset.field.invalid', message: 'Please check this field.' });

/** The message for a refused call of the reset flow. */
export function resetErrorMessage(code: ResetError['code']): MessageDescriptor {
  return FLOW_ERRORS[code];
}

/** The message for a field rule (client or platform); an unknown code gets a generic message. */
export function resetFieldMessage(code: string): MessageDescriptor {
  return FIELD_ERRORS[code] ?? FIELD_FALLBACK;
}
