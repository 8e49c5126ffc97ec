import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, FieldError } from '../../src/api/errors';
import { UPDATE_FIELD_LOCKED } from '../../src/api/payAndPlay';
import { ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE } from '../../src/api/platform';

// Every error the platform answers is JSON `{ code, message }` (src/api/errors.ts ErrorBody).
// Bad input is a 4xx with a code from this table, never a 5xx; only a fault of the platform itself
// answers 500 `error.system.error`, without a stack trace.

export const ERROR_CODES = {
  notFound: 'error.not_found',
  systemError: 'error.system.error',
  requestInvalid: 'error.request.invalid',
  siteContextInvalid: 'error.site_context.invalid',
  siteUnknown: 'error.site.unknown',
  marketUnknown: 'error.market.unknown',
  languageUnknown: 'error.language.unknown',
  contentNotFound: 'error.content.not_found',
  countryInvalid: 'error.country.invalid',
  maintenance: MAINTENANCE_CODE,
  accessRestricted: ACCESS_RESTRICTED_CODE,
  // Identity flows (src/api/player.ts, src/api/payAndPlay.ts; behaviour.md §8 "Sign-up and reset").
  validation: 'error.validation',
  signupUnhandled: 'error.signup.unhandled',
  captchaValidation: 'error.captcha.validation',
  vonageValidation: 'error.vonage.validation',
  countryBlocked: 'error.country.blocked',
  playerAlreadyExists: 'error.registration.player_already_exists',
  sameCustomerInfo: 'error.same.customer.info.detected',
  cpfDuplicate: 'error.cpf.duplicate_found',
  registrationTokenInvalid: 'error.registration.token.invalid',
  registrationIncomplete: 'error.registration.verification.required',
  smsCodeInvalid: 'sms.code.invalid',
  smsMaxAttempts: 'sms.max.attempts.reached',
  passwordReset: 'error.password.reset',
  payAndPlayAmountInvalid: 'error.paynplay.amount.invalid',
  payAndPlayCodeInvalid: 'error.paynplay.code.invalid',
  payAndPlaySessionInvalid: 'error.paynplay.session.invalid',
  payAndPlayUpdateFieldLocked: UPDATE_FIELD_LOCKED,
  // Login, session and account (server/routes/auth.ts, server/http/auth.ts; behaviour.md §8 "Login").
  tokenInvalid: 'error.token.invalid',
  sessionExpired: 'error.session.expired',
  playerNotFound: 'code:error.player.not.found',
  loginAttemptsExceeded: 'code:error.sign.in.attempt.count.exceeded',
  accountDeactivated: 'code:error.account.deactivated',
  accountClosed: 'code:error.account.closed',
  exclusionIndefinite: 'code:error.exclusion.in.progress.indefinitely',
  oldPasswordIncorrect: 'error.old_password.incorrect',
  termsVersionInvalid: 'error.terms.version.invalid',
} as const;
/** behaviour.md §8 "Login": the codes that carry the days left. */
export type DaysErrorCode = `code:error.timeout.in.progress:days:${number}` | `code:error.exclusion.in.progress:days:${number}`;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES] | DaysErrorCode;

/** Thrown by handlers and middleware; the app's error handler turns it into the JSON answer. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  /** Field-level errors of a 400 error.validation (src/api/errors.ts FieldError). */
  readonly fieldErrors: readonly FieldError[] | undefined;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, fieldErrors?: readonly FieldError[]) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  fieldErrors?: readonly FieldError[],
): Response {
  const body: ErrorBody = fieldErrors && fieldErrors.length > 0 ? { code, message, errors: [...fieldErrors] } : { code, message };
  return c.json(body, status);
}

export const handleNotFound: NotFoundHandler = (c) =>
  errorResponse(c, 404, ERROR_CODES.notFound, `No resource at ${c.req.method} ${c.req.path}`);

export function createErrorHandler(log: (message: string, error: unknown) => void = logError): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error.status, error.code, error.message, error.fieldErrors);
    // Hono's own request errors (a malformed body, ...) are the client's fault: 4xx with a code.
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, error.status, ERROR_CODES.requestInvalid, error.message || 'Invalid request');
    }
    log(`${c.req.method} ${c.req.path} failed`, error);
    return errorResponse(c, 500, ERROR_CODES.systemError, 'Something went wrong on the platform. Please try again.');
  };
}

function logError(message: string, error: unknown): void {
  console.error(message, error);
}
