import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { ResetError } from '../../../machines/passwordReset.machine';
import { VALIDATION_CODES } from '../../../machines/lib/signupForm';
import { commonFieldErrors, commonFlowErrors, fieldFallback } from '../../ui/commonErrors';

// The password reset's one error table (CONVENTIONS.md "Text"): every code the flow can meet,
// from the platform (behaviour.md §8 "Sign-up and reset") or from the field rules, maps to a
// translated message, on the messages every flow shares (src/ui/commonErrors.ts). A raw code
// never reaches the player.

const FLOW_ERRORS: Readonly<Record<ResetError['code'], MessageDescriptor>> = {
  'sms.code.invalid': commonFlowErrors['sms.code.invalid'],
  'sms.max.attempts.reached': msg({
    id: 'reset.error.maxAttempts',
    message: 'Too many attempts with this code. Ask for a new code, or wait a while and start again.',
  }),
  'error.password.reset': msg({
    id: 'reset.error.passwordReset',
    message: 'We could not reset your password: the reset has expired or was already used. Please start again.',
  }),
  network: commonFlowErrors.network,
  validation: msg({ id: 'reset.error.validation', message: 'Please check the highlighted field.' }),
  unknown: commonFlowErrors.unknown,
};

const EMAIL = msg({ id: 'field.email.invalid', message: 'Enter a valid e-mail address, like name@example.com.' });

/** Field codes of the app's rules (machines/lib/signupForm.ts) and of the platform's 400 error.validation. */
const FIELD_ERRORS: Readonly<Record<string, MessageDescriptor>> = {
  ...commonFieldErrors,
  [VALIDATION_CODES.email]: EMAIL,
  'validation.email': EMAIL,
};

/** The message for a refused call of the reset flow. */
export function resetErrorMessage(code: ResetError['code']): MessageDescriptor {
  return FLOW_ERRORS[code];
}

/** The message for a field rule (client or platform); an unknown code gets a generic message. */
export function resetFieldMessage(code: string): MessageDescriptor {
  return FIELD_ERRORS[code] ?? fieldFallback;
}
