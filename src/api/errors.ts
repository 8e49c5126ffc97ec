// One error family for every call (CONVENTIONS.md "API"): an HTTP answer with a code from the
// spec's catalogue, a network failure, an aborted request, or an answer whose shape did not parse.

export type ApiErrorKind = 'http' | 'network' | 'aborted' | 'invalid-response';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** The server's code from the error catalogue (behaviour.md §8), or a client-side code. */
  readonly code: string;
  /** Field-level validation errors of a 400 answer (sign-up, forms); empty otherwise. */
  readonly fieldErrors: readonly FieldError[];

  constructor(kind: ApiErrorKind, status: number, code: string, message: string, fieldErrors: readonly FieldError[] = []) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
  }
}

/** One invalid field of a request: the form field's name and a code from the catalogue. */
export interface FieldError {
  field: string;
  code: string;
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** The body every 4xx/5xx answer of the platform carries. */
export interface ErrorBody {
  code: string;
  message: string;
  /** Present on a 400 whose input failed validation field by field. */
  errors?: FieldError[];
}
