import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { AddressChangeError } from '../../../machines/addressChange.machine';
import type { AccountClosureError } from '../../../machines/accountClosure.machine';
import type { LanguageSettingError } from '../../../machines/languageSetting.machine';
import type { PasswordChangeError } from '../../../machines/passwordChange.machine';
import type { PhoneChangeError } from '../../../machines/phoneChange.machine';
import type { ProvinceChangeError } from '../../../machines/provinceChange.machine';
import { FIELD_CODES } from '../../../machines/lib/errorCodes';
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

// The address and the province (issue 23; behaviour.md §8 "General": each action stores a backend
// error): a failed load or save in words, and the address's field rules (machines/lib/address.ts).

const ADDRESS_ERRORS: Readonly<Record<AddressChangeError['code'], MessageDescriptor>> = {
  network: commonFlowErrors.network,
  validation: VALIDATION,
  unknown: msg({ id: 'account.address.error.save', message: 'We could not save your address. What you typed is still here: please try again.' }),
};

const PROVINCE_ERRORS: Readonly<Record<ProvinceChangeError['code'], MessageDescriptor>> = {
  network: commonFlowErrors.network,
  validation: msg({ id: 'account.province.error.invalid', message: 'Choose your province or territory from the list.' }),
  unknown: msg({ id: 'account.province.error.save', message: 'We could not save your province. Your choice is still here: please try again.' }),
};

/** The address fields' codes, from the form's rule and the platform's 400 error.validation alike. */
const ADDRESS_FIELD_ERRORS: Readonly<Record<string, MessageDescriptor>> = {
  ...commonFieldErrors,
  [FIELD_CODES.tooLong]: msg({ id: 'signup.error.tooLong', message: 'This is too long.' }),
  [FIELD_CODES.invalid]: msg({ id: 'account.address.field.invalid', message: 'Use letters, numbers and the usual signs of an address only.' }),
  [FIELD_CODES.postalCode]: msg({ id: 'account.address.field.postalCode', message: 'This is not a postal code of your country. Check it and try again.' }),
};

export function addressErrorMessage(code: AddressChangeError['code']): MessageDescriptor {
  return ADDRESS_ERRORS[code];
}

export function provinceErrorMessage(code: ProvinceChangeError['code']): MessageDescriptor {
  return PROVINCE_ERRORS[code];
}

/** The message for an address field's code; an unknown code gets a generic message. */
export function addressFieldMessage(code: string): MessageDescriptor {
  return ADDRESS_FIELD_ERRORS[code] ?? fieldFallback;
}
