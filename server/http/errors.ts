import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorBody } from '../../src/api/errors';
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
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Thrown by handlers and middleware; the app's error handler turns it into the JSON answer. */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode;
  readonly code: ErrorCode;

  constructor(status: ContentfulStatusCode, code: ErrorCode, message: string) {
    super(message);
    this.name = 'HttpError';
    this.status = status;
    this.code = code;
  }
}

export function errorResponse(c: Context, status: ContentfulStatusCode, code: ErrorCode, message: string): Response {
  const body: ErrorBody = { code, message };
  return c.json(body, status);
}

export const handleNotFound: NotFoundHandler = (c) =>
  errorResponse(c, 404, ERROR_CODES.notFound, `No resource at ${c.req.method} ${c.req.path}`);

export function createErrorHandler(log: (message: string, error: unknown) => void = logError): ErrorHandler {
  return (error, c) => {
    if (error instanceof HttpError) return errorResponse(c, error.status, error.code, error.message);
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
