import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody, ErrorCode, ErrorDetails, FieldError } from '../../src/api/errors';
import { ERROR_CODES } from '../../src/api/errors';
import { redactError, redactText } from './redact';

// Every error the platform answers is JSON `{ code, message }` (src/api/errors.ts ErrorBody).
// Bad input is a 4xx with a code from this table, never a 5xx; only a fault of the platform itself
// answers 500 `error.system.error`, without a stack trace.

// The codes live once in the contract (machines/lib/errorCodes.ts, re-exported by src/api/errors.ts).
export { ERROR_CODES, type DaysErrorCode, type ErrorCode } from '../../src/api/errors';

/** Thrown by handlers and middleware; the app's error handler turns it into the JSON answer. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;
  /** Field-level errors of a 400 error.validation (src/api/errors.ts FieldError). */
  readonly fieldErrors: readonly FieldError[] | undefined;
  /** Facts the player is told besides the code (attempts left, how long to wait). */
  readonly details: ErrorDetails | undefined;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string, fieldErrors?: readonly FieldError[], details?: ErrorDetails) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.details = details;
  }
}

export function errorResponse(
  c: Context,
  status: ContentfulStatusCode,
  code: ErrorCode,
  message: string,
  fieldErrors?: readonly FieldError[],
  details?: ErrorDetails,
): Response {
  const body: ErrorBody = fieldErrors && fieldErrors.length > 0 ? { code, message, errors: [...fieldErrors] } : { code, message };
  if (details) body.details = details;
  // RFC 9110 §10.2.3: a refusal that ends tells when.
  if (details?.retryAfterSeconds !== undefined) c.header('Retry-After', String(details.retryAfterSeconds));
  return c.json(body, status);
}

export const handleNotFound: NotFoundHandler = (c) =>
  errorResponse(c, 404, ERROR_CODES.notFound, `No resource at ${c.req.method} ${c.req.path}`);

export function createErrorHandler(log: (message: string, error: unknown) => void = logError): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error.status, error.code, error.message, error.fieldErrors, error.details);
    // Hono's own request errors (a malformed body, ...) are the client's fault: 4xx with a code.
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, error.status, ERROR_CODES.requestInvalid, error.message || 'Invalid request');
    }
    // Logged without the query's parameters, credentials or personal data (server/http/redact.ts).
    log(`${c.req.method} ${redactText(c.req.path)} failed`, redactError(error));
    return errorResponse(c, 500, ERROR_CODES.systemError, 'Something went wrong on the platform. Please try again.');
  };
}

function logError(message: string, error: unknown): void {
  console.error(message, error);
}
