// What a refused code request or code check means for code entry (behaviour.md §8 "Sign-up and
// reset": sms.code.invalid, sms.max.attempts.reached; other SMS verification codes are shown by
// code; a missing code gives unhandled.error.no.code). The machine receives errors as `unknown` (an
// ApiError at run time, plain objects in tests) and reads them by shape through flowErrorOf.
import { ERROR_CODES } from './errorCodes';
import { flowErrorOf, rawCodeOf, statusOf } from './flowErrors';

/** The platform's codes that code entry tells apart (one list: machines/lib/errorCodes.ts). */
export const CODE_ERROR_CODES = {
  invalid: ERROR_CODES.smsCodeInvalid,
  maxAttempts: ERROR_CODES.smsMaxAttempts,
  registrationTokenInvalid: ERROR_CODES.registrationTokenInvalid,
  system: ERROR_CODES.systemError,
  /** behaviour.md §8: a verification failure without a code. */
  noCode: 'unhandled.error.no.code',
} as const;

const C = CODE_ERROR_CODES;
const KNOWN = Object.values(CODE_ERROR_CODES);

/** Messages about the whole step rather than the typed code (each screen's table translates them). */
export type CodeFormError = 'network' | typeof C.system | typeof C.registrationTokenInvalid;

/** What a refused code request or code check does to code entry. */
export type CodeFailure =
  | { kind: 'maxAttempts' }
  /** Shown by the code input (sms.code.invalid, other codes by their code, unhandled.error.no.code). */
  | { kind: 'code'; codeError: string }
  | { kind: 'form'; formError: CodeFormError };

/** behaviour.md §8: sms.code.invalid, sms.max.attempts.reached; other codes shown by code; none → unhandled.error.no.code. */
export function codeFailure(error: unknown): CodeFailure {
  const failure = flowErrorOf(error, KNOWN);
  if (failure.code === 'network') return { kind: 'form', formError: 'network' };
  if (failure.code === C.maxAttempts) return { kind: 'maxAttempts' };
  if (failure.code === C.registrationTokenInvalid) return { kind: 'form', formError: C.registrationTokenInvalid };
  const raw = rawCodeOf(error) ?? '';
  if (failure.code === 'validation') return { kind: 'code', codeError: raw === '' ? C.noCode : raw };
  if ((statusOf(error) ?? 0) >= 500) return { kind: 'form', formError: C.system };
  return { kind: 'code', codeError: raw === '' ? C.noCode : raw };
}

export function isMaxAttempts(error: unknown): boolean {
  return codeFailure(error).kind === 'maxAttempts';
}

/**
 * How long the platform says to wait before codes go out again (the `details.retryAfterSeconds` of
 * a 429 sms.max.attempts.reached), or null when it does not say.
 */
export function retryAfterSecondsOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('details' in error)) return null;
  const { details } = error;
  if (typeof details !== 'object' || details === null || !('retryAfterSeconds' in details)) return null;
  const seconds = details.retryAfterSeconds;
  return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}
