import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AccountClosureError } from '../../../machines/accountClosure.machine';
import type { LanguageSettingError } from '../../../machines/languageSetting.machine';
import type { PasswordChangeError } from '../../../machines/passwordChange.machine';
import type { PhoneChangeError } from '../../../machines/phoneChange.machine';
import { VALIDATION_CODES } from '../../../machines/lib/signupForm';
import { commonFieldErrors, commonFlowErrors, fieldFallback } from '../../ui/commonErrors';

// The account page's one error table (CONVENTIONS.md "Text"): the phone change and password change
// codes from the platform (behaviour.md §8 "Sign-up and reset"), and the field rules, on the
// messages every flow shares (src/ui/commonErrors.ts). A raw code never reaches the player.

const VALIDATION = msg({ id: 'account.error.validation', message: 'Please check the highlighted fields.' });

const PHONE_ERRORS: Readonly<Record<PhoneChangeError['code'], MessageDescriptor>> = {
  'sms.code.invalid': commonFlowErrors['sms.code.invalid'],
  'sms.max.attempts.reached': msg({
    id: 'account.phone.error.maxAttempts',
    message: 'Too many attempts. Your number was not changed; please wait a while and try again.',
  }),
  'error.vonage.validation': msg({
    id: 'account.phone.error.phoneInvalid',
    message: 'We cannot send a text message to this number. Check the country code and the number.',
  }),
  network: commonFlowErrors.network,
  validation: VALIDATION,
  unknown: commonFlowErrors.unknown,
};

const PASSWORD_ERRORS: Readonly<Record<PasswordChangeError['code'], MessageDescriptor>> = {
  'error.old_password.incorrect': msg({ id: 'account.password.error.oldIncorrect', message: 'Your current password is not correct.' }),
  network: commonFlowErrors.network,
  validation: VALIDATION,
  unknown: commonFlowErrors.unknown,
};

const CLOSURE_ERRORS: Readonly<Record<AccountClosureError['code'], MessageDescriptor>> = {
  'error.old_password.incorrect': msg({ id: 'account.closure.error.password', message: 'This password is not correct. Your account is still open.' }),
  'code:error.sign.in.attempt.count.exceeded': msg({
    id: 'account.closure.error.attempts',
    message: 'Too many wrong passwords. Your account is still open; please try again later.',
  }),
  network: commonFlowErrors.network,
  validation: VALIDATION,
  unknown: commonFlowErrors.unknown,
};

const PHONE = msg({ id: 'account.field.phone', message: 'Enter the mobile number without the country code, digits only.' });

/** Field codes of the app's rules (machines/lib/signupForm.ts) and of the platform's 400 error.validation. */
const FIELD_ERRORS: Readonly<Record<string, MessageDescriptor>> = {
  ...commonFieldErrors,
  [VALIDATION_CODES.phonePrefix]: msg({ id: 'phone.prefix.invalid', message: 'Choose a country code.' }),
  [VALIDATION_CODES.phone]: PHONE,
  'validation.phone': PHONE,
  'validation.password.same': msg({ id: 'account.field.passwordSame', message: 'Choose a password different from your current one.' }),
};

export function phoneErrorMessage(code: PhoneChangeError['code']): MessageDescriptor {
  return PHONE_ERRORS[code];
}

export function passwordErrorMessage(code: PasswordChangeError['code']): MessageDescriptor {
  return PASSWORD_ERRORS[code];
}

const LANGUAGE_ERRORS: Readonly<Record<LanguageSettingError['code'], MessageDescriptor>> = {
  network: commonFlowErrors.network,
  validation: msg({ id: 'account.language.error', message: 'This language cannot be chosen here. Please pick another one.' }),
  unknown: commonFlowErrors.unknown,
};

export function languageErrorMessage(code: LanguageSettingError['code']): MessageDescriptor {
  return LANGUAGE_ERRORS[code];
}

export function closureErrorMessage(code: AccountClosureError['code']): MessageDescriptor {
  return CLOSURE_ERRORS[code];
}

/** The message for a field rule (client or platform); an unknown code gets a generic message. */
export function accountFieldMessage(code: string): MessageDescriptor {
  return FIELD_ERRORS[code] ?? fieldFallback;
}
