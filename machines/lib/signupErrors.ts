// What a failed sign-up call means for the flow (behaviour.md §8 "Sign-up and reset", §5 "Sign-up
// errors"). The machine receives errors as `unknown` (an ApiError at run time, plain objects in
// tests) and reads them by shape through flowErrorOf. Every code kept here is translated by the
// screen's one table, src/features/signup/errorMessages.ts; a raw code never reaches the player.
import { ERROR_CODES } from './errorCodes';
import { CODE_ERROR_CODES } from './codeErrors';
import { flowErrorOf, rawCodeOf, statusOf } from './flowErrors';
import { parseLoginErrorCode } from './loginErrors';
import type { SelfExclusionRegister } from './selfExclusionRegisters';
import { CONTACT_FIELDS, DETAILS_FIELDS, type SignupErrorField, type SignupFieldErrors } from './signupForm';

/** The platform's sign-up codes (one list: machines/lib/errorCodes.ts; src/api/player.ts lists their statuses). */
export const SIGNUP_ERROR_CODES = {
  playerAlreadyExists: ERROR_CODES.playerAlreadyExists,
  cpfDuplicate: ERROR_CODES.cpfDuplicate,
  sameCustomerInfo: ERROR_CODES.sameCustomerInfo,
  countryBlocked: ERROR_CODES.countryBlocked,
  captcha: ERROR_CODES.captchaValidation,
  vonage: ERROR_CODES.vonageValidation,
  system: ERROR_CODES.systemError,
  unhandled: ERROR_CODES.signupUnhandled,
  smsCodeInvalid: ERROR_CODES.smsCodeInvalid,
  smsMaxAttempts: ERROR_CODES.smsMaxAttempts,
  registrationTokenInvalid: ERROR_CODES.registrationTokenInvalid,
  /** behaviour.md §8: a verification failure without a code (code entry's). */
  noCode: CODE_ERROR_CODES.noCode,
} as const;

const E = SIGNUP_ERROR_CODES;
const KNOWN = Object.values(SIGNUP_ERROR_CODES);

/** Form-level messages of the sign-up flow (one entry each in the screen's table). */
export type SignupFormError =
  | 'network'
  /** No answer within SIGNUP_REGISTRATION_TIMEOUT_MS (issue 21). */
  | 'timeout'
  | typeof E.unhandled
  | typeof E.sameCustomerInfo
  | typeof E.captcha
  | typeof E.system
  | typeof E.registrationTokenInvalid
  /** Issue 23: a national self-exclusion register lists the person, or could not be asked; the register named. */
  | `register.${'listed' | 'unavailable'}.${SelfExclusionRegister}`
  | 'unknown';

/** What a refused registration does to the flow. */
export type RegistrationFailure =
  | { kind: 'duplicated' }
  | { kind: 'unsupported' }
  | { kind: 'fields'; fieldErrors: SignupFieldErrors }
  | { kind: 'form'; formError: SignupFormError; resetCaptcha: boolean };

/** The platform's field names that are not form fields, mapped onto the field that shows them. */
const SERVER_FIELD_ALIASES: Readonly<Record<string, SignupErrorField>> = {
  mobilePhone: 'phoneBody',
  termsAndConditionsAcceptedVersion: 'termsAndConditions',
  allConditions: 'termsAndConditions',
};
// The fields the form shows an error by: those of its two steps, and the captcha.
const FORM_FIELDS: ReadonlySet<string> = new Set<SignupErrorField>([...DETAILS_FIELDS, ...CONTACT_FIELDS, 'captcha']);

/** The form field a platform field error belongs to, or null for a field the form does not show. */
export function formFieldOf(serverField: string): SignupErrorField | null {
  if (FORM_FIELDS.has(serverField)) return serverField as SignupErrorField;
  return SERVER_FIELD_ALIASES[serverField] ?? null;
}

/** Issue 23: a register's refusal of the sign-up, as the form's message names it; null for any other error. */
function registerRefusalOf(error: unknown): SignupFormError | null {
  const code = rawCodeOf(error) ?? '';
  const { code: key, additionalInfo } = parseLoginErrorCode(code);
  if ((key !== 'registerListed' && key !== 'registerUnavailable') || additionalInfo.register === undefined) return null;
  return `register.${key === 'registerListed' ? 'listed' : 'unavailable'}.${additionalInfo.register}`;
}

/** behaviour.md §8 "Sign-up and reset" and §5, for POST /player/registration (and the terms read before it). */
export function registrationFailure(error: unknown): RegistrationFailure {
  const failure = flowErrorOf(error, KNOWN);
  switch (failure.code) {
    case 'network':
      // behaviour.md §8: no response raises Network Error.
      return { kind: 'form', formError: 'network', resetCaptcha: false };
    case 'validation': {
      const fieldErrors: SignupFieldErrors = {};
      for (const { field, code } of failure.fieldErrors) {
        const target = formFieldOf(field);
        if (target !== null) fieldErrors[target] ??= code;
      }
      // §5: a 400 with no (usable) validation errors is an unhandled sign-up error.
      return Object.keys(fieldErrors).length > 0
        ? { kind: 'fields', fieldErrors }
        : { kind: 'form', formError: E.unhandled, resetCaptcha: false };
    }
    case E.playerAlreadyExists:
      return { kind: 'duplicated' };
    case E.countryBlocked:
      return { kind: 'unsupported' };
    case E.cpfDuplicate:
      return { kind: 'fields', fieldErrors: { cpf: E.cpfDuplicate } };
    case E.vonage:
      // 403 with a phone-invalid code: the number is what the player must change.
      return { kind: 'fields', fieldErrors: { phoneBody: E.vonage } };
    case E.captcha:
      // The token was refused: the player solves the captcha again.
      return { kind: 'form', formError: E.captcha, resetCaptcha: true };
    case E.sameCustomerInfo:
    case E.system:
    case E.unhandled:
      return { kind: 'form', formError: failure.code, resetCaptcha: false };
    default: {
      const refusal = registerRefusalOf(error);
      if (refusal !== null) return { kind: 'form', formError: refusal, resetCaptcha: false };
      const status = statusOf(error);
      if (status === 400) return { kind: 'form', formError: E.unhandled, resetCaptcha: false };
      if (status !== null && status >= 500) return { kind: 'form', formError: E.system, resetCaptcha: false };
      return { kind: 'form', formError: 'unknown', resetCaptcha: false };
    }
  }
}

// The code step's failures are code entry's (machines/codeVerification.machine.ts), read by one function.
export { codeFailure, type CodeFailure } from './codeErrors';
