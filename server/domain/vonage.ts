import { ERROR_CODES, HttpError } from '../http/errors';

// The simulated phone-number check of the SMS provider (Vonage in the original product;
// behaviour.md §8: error.vonage.validation is a 403 with a phone-invalid code). The real provider
// rejects numbers it cannot deliver to; the simulation rejects a body of zeros only or one that
// starts with 000, so tests and demos can provoke the error on purpose.

export function providerRejectsPhone(phoneBody: string): boolean {
  const digits = phoneBody.replace(/\D/g, '');
  return /^0+$/.test(digits) || digits.startsWith('000');
}

/** Throws 403 error.vonage.validation for a number the provider would not deliver to. */
export function checkPhoneWithProvider(phoneBody: string): void {
  if (providerRejectsPhone(phoneBody)) {
    throw new HttpError(403, ERROR_CODES.vonageValidation, 'The SMS provider cannot deliver to this phone number.');
  }
}
