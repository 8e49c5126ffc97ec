import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { VALIDATION_CODES } from '../../machines/lib/signupForm';
import { PASSWORD_RULE_CODES } from '../api/player';

// The messages several flows show for the same code (CONVENTIONS.md "Text": codes map to
// translated texts in one table per domain). Each feature's errorMessages.ts builds its table on
// these and adds its own codes, and its own wording where the context changes the advice (what a
// max-attempts error means for a phone change is not what it means for a password reset).
//
// The ids are those the password reset had first, kept so that the existing translations hold.

/** Refused calls: an SMS code the platform does not accept, no connection, anything unforeseen. */
export const commonFlowErrors = {
  'sms.code.invalid': msg({ id: 'reset.error.codeInvalid', message: 'That code is not right. Check the text message and try again.' }),
  network: msg({ id: 'error.network', message: 'We could not reach the server. Check your connection and try again.' }),
  unknown: msg({ id: 'error.unknown', message: 'Something went wrong. Please try again.' }),
} as const satisfies Readonly<Record<string, MessageDescriptor>>;

const PASSWORD_SHORT = msg({ id: 'reset.field.passwordShort', message: 'The password is too short.' });
const PASSWORD_LONG = msg({ id: 'reset.field.passwordLong', message: 'The password is too long.' });
const PASSWORD_LETTER = msg({ id: 'field.passwordLetter', message: 'The password needs at least one letter.' });
const PASSWORD_DIGIT = msg({ id: 'field.passwordDigit', message: 'The password needs at least one number.' });

/**
 * Field codes every form with a code or a new password meets: the app's rules
 * (machines/lib/signupForm.ts) and the platform's 400 error.validation (src/api/player.ts).
 */
export const commonFieldErrors: Readonly<Record<string, MessageDescriptor>> = {
  [VALIDATION_CODES.required]: msg({ id: 'field.required', message: 'This field is required.' }),
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

/** A field code no table knows: never the raw code. */
export const fieldFallback = msg({ id: 'field.invalid', message: 'Please check this field.' });
