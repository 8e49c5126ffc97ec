import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGNUP_CODE_LENGTH } from '../../../machines/lib/constants';
import { SIGNUP_ERROR_CODES as E, type SignupFormError } from '../../../machines/lib/signupErrors';
import { VALIDATION_CODES as V } from '../../../machines/lib/signupForm';
import { PASSWORD_RULE_CODES as P } from '../../api/player';
import { registerUnavailableMessage } from '../../ui/selfExclusionRegisterMessages';

// The sign-up's one error table (CONVENTIONS.md "Text"; behaviour.md §8 "Sign-up and reset"):
// the form's own checks (machines/lib/signupForm.ts), the platform's field codes, its sign-up
// codes, and the code step's answers. Every code maps to a translated text; a code the table does
// not know gets the generic text of its kind, never the code itself.

const required = msg({ id: 'field.required', message: 'This field is required.' });
const name = msg({ id: 'signup.error.name', message: 'Use letters only; spaces, hyphens and apostrophes are fine.' });
const email = msg({ id: 'field.email.invalid', message: 'Enter a valid e-mail address, like name@example.com.' });
const passwordShort = msg({ id: 'signup.error.password.short', message: `The password needs at least ${PASSWORD_MIN_LENGTH} characters.` });
const passwordLong = msg({ id: 'signup.error.password.long', message: `The password can have at most ${PASSWORD_MAX_LENGTH} characters.` });
const passwordLetter = msg({ id: 'field.passwordLetter', message: 'The password needs at least one letter.' });
const passwordDigit = msg({ id: 'field.passwordDigit', message: 'The password needs at least one number.' });
const country = msg({ id: 'signup.error.country', message: 'Choose a country from the list.' });
const phone = msg({ id: 'signup.error.phone', message: 'Enter your phone number without the dialing code: 4 to 14 digits.' });
const cpf = msg({ id: 'signup.error.cpf', message: 'Enter a valid CPF: 11 digits.' });
const terms = msg({ id: 'signup.error.terms', message: 'Please accept the terms and conditions to continue.' });
const invalid = msg({ id: 'signup.error.invalid', message: 'This value is not valid. Please check it.' });

/** Messages shown under a field. */
const FIELD_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  // The form's own checks.
  [V.required]: required,
  [V.name]: name,
  [V.email]: email,
  [V.passwordShort]: passwordShort,
  [V.passwordLong]: passwordLong,
  [V.passwordLetter]: passwordLetter,
  [V.passwordDigit]: passwordDigit,
  [V.country]: country,
  [V.phonePrefix]: msg({ id: 'signup.error.phonePrefix', message: 'Choose a dialing code from the list.' }),
  [V.phone]: phone,
  [V.cpf]: cpf,
  [V.terms]: terms,
  [V.cookiePolicy]: msg({ id: 'signup.error.cookiePolicy', message: 'Please accept the cookie policy to continue.' }),
  [V.captcha]: msg({ id: 'signup.error.captcha.required', message: 'Please confirm that you are not a robot.' }),
  // The platform's field codes (400 error.validation, src/api/player.ts).
  'validation.invalid': invalid,
  'validation.too_long': msg({ id: 'signup.error.tooLong', message: 'This is too long.' }),
  'validation.email': email,
  'validation.name': name,
  'validation.phone': phone,
  'validation.country': country,
  'validation.cpf': cpf,
  'validation.terms': terms,
  'validation.terms_version': msg({
    id: 'signup.error.termsVersion',
    message: 'The terms and conditions have just been updated. Please read them and send the form again.',
  }),
  [P.tooShort]: passwordShort,
  [P.tooLong]: passwordLong,
  [P.letterRequired]: passwordLetter,
  [P.digitRequired]: passwordDigit,
  // The platform's sign-up codes that belong to a field (behaviour.md §8).
  [E.cpfDuplicate]: msg({ id: 'signup.error.cpfDuplicate', message: 'This CPF is already registered with us.' }),
  [E.vonage]: msg({
    id: 'signup.error.vonage',
    message: 'We cannot send text messages to this number. Please check it or use another one.',
  }),
};


/** Messages shown above the form's buttons (role=alert). */
const FORM_MESSAGES: Readonly<Record<SignupFormError, MessageDescriptor>> = {
  // behaviour.md §8: no response raises Network Error.
  network: msg({ id: 'signup.error.network', message: 'Network Error: we could not reach the server. Check your connection and try again.' }),
  // Issue 21: no answer within SIGNUP_REGISTRATION_TIMEOUT_MS; the details stay as typed.
  timeout: msg({
    id: 'signup.error.timeout',
    message: 'Creating your account is taking too long. Your details are kept: please try again.',
  }),
  [E.unhandled]: msg({ id: 'signup.error.unhandled', message: 'We could not create your account. Please check your details and try again.' }),
  [E.sameCustomerInfo]: msg({
    id: 'signup.error.sameCustomer',
    message: 'It looks like you already have an account with us. Please log in, or contact customer support.',
  }),
  [E.captcha]: msg({ id: 'signup.error.captcha', message: 'The robot check did not go through. Please tick “I am not a robot” again.' }),
  [E.system]: msg({ id: 'signup.error.system', message: 'Something went wrong on our side. Please try again in a moment.' }),
  [E.registrationTokenInvalid]: msg({
    id: 'signup.error.registrationExpired',
    message: 'This registration can no longer be completed. Please start again.',
  }),
  // Issue 23: the register named, with how to leave it (the same texts as the login's).
  'register.listed.SPELPAUS': msg({
    id: 'selfExclusion.register.listed.spelpaus',
    message:
      'You are registered in Spelpaus, the Swedish self-exclusion register, so you cannot play with us. Your exclusion lasts at least the period you chose; once it has passed, you can end it at spelpaus.se.',
  }),
  'register.listed.OASIS': msg({
    id: 'selfExclusion.register.listed.oasis',
    message:
      'You are registered in OASIS, the German gambling exclusion register, so you cannot play with us. An exclusion lasts at least 3 months; after that, you can have it lifted by a written request to us or to the Regierungspräsidium Darmstadt, which runs OASIS.',
  }),
  'register.listed.GAMSTOP': msg({
    id: 'selfExclusion.register.listed.gamstop',
    message:
      'You are registered with GAMSTOP, the UK self-exclusion scheme, so you cannot play with us. Your exclusion lasts the period you chose (6 months, 1 year or 5 years); once it has ended, ask GAMSTOP at gamstop.co.uk to remove you.',
  }),
  'register.unavailable.SPELPAUS': registerUnavailableMessage('SPELPAUS'),
  'register.unavailable.OASIS': registerUnavailableMessage('OASIS'),
  'register.unavailable.GAMSTOP': registerUnavailableMessage('GAMSTOP'),
  unknown: msg({ id: 'error.unknown', message: 'Something went wrong. Please try again.' }),
};

/** Messages shown by the verification code input. */
const CODE_MESSAGES: Readonly<Record<string, MessageDescriptor>> = {
  [V.required]: required,
  [V.code]: msg({ id: 'signup.error.code.format', message: `Enter the ${SIGNUP_CODE_LENGTH}-digit code.` }),
  [E.smsCodeInvalid]: msg({
    id: 'signup.error.code.invalid',
    message: 'This code is not right. Check it and try again, or ask for a new code.',
  }),
  [E.noCode]: msg({ id: 'signup.error.code.unhandled', message: 'The code could not be checked. Please try again.' }),
};

export function fieldErrorMessage(i18n: I18n, code: string): string {
  return i18n._(FIELD_MESSAGES[code] ?? invalid);
}

export function formErrorMessage(i18n: I18n, code: SignupFormError): string {
  return i18n._(FORM_MESSAGES[code]);
}

export function codeErrorMessage(i18n: I18n, code: string): string {
  return i18n._(CODE_MESSAGES[code] ?? CODE_MESSAGES[E.noCode] ?? invalid);
}
