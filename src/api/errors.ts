import * as v from 'valibot';
import { LIMIT_DURATIONS, type LimitDuration } from '../../machines/lib/responsibleGambling';

// The contract's codes (issue 9 "One contract"): one list, machines/lib/errorCodes.ts.
export { ERROR_CODES, FIELD_CODES, PASSWORD_RULE_CODES, type DaysErrorCode, type ErrorCode } from '../../machines/lib/errorCodes';

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
  /** What the answer told besides its code (attempts left, how long to wait); empty otherwise. */
  readonly details: ErrorDetails;

  constructor(
    kind: ApiErrorKind,
    status: number,
    code: string,
    message: string,
    fieldErrors: readonly FieldError[] = [],
    details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
    this.fieldErrors = fieldErrors;
    this.details = details;
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
  /** Present when the refusal has facts to tell: a wrong password's attempts left, a lock's length. */
  details?: ErrorDetails;
}

/**
 * Facts of a refusal besides its catalogue code (issue 8: the lock message says for how long, and
 * the login warns before the last attempt): the code stays the spec's, these travel next to it.
 */
export interface ErrorDetails {
  /** Wrong passwords left from this address before the account locks for it. */
  attemptsLeft?: number;
  /** Seconds until the lock, delay or limit ends (also the Retry-After header). */
  retryAfterSeconds?: number;
  /** The limit period a deposit or spend limit code is about (behaviour.md §5: messages per period). */
  duration?: LimitDuration;
  /** error.limits.required: the limits the market requires first ('deposit:M', 'deposit:any', 'activity'). */
  required?: string[];
  /** SELF_LIMIT_REACHED (issue 20): what the limit has left (null: the market's required limit is not set). */
  limitLeft?: string | null;
  /** SELF_LIMIT_REACHED: a deposit limit or a spend ('loss') limit (product.md §3 limitType). */
  limitType?: 'deposit' | 'loss';
  /** SELF_LIMIT_REACHED: when the limit's period ends (null: the market's required limit is not set). */
  resetOn?: string | null;
  /** error.second_factor.required (issue 23): the short-lived token of the second-factor check. */
  challengeToken?: string;
  /** error.second_factor.required: the factors the player can answer with (passkey, totp, recovery). */
  methods?: string[];
}

/** A whole number of at least 0 the platform tells (attempts, seconds); anything else is dropped. */
const countSchema = v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)));

/** How the app reads an error answer (src/api/client.ts); the platform writes ErrorBody. */
export const errorBodySchema = v.object({
  code: v.string(),
  message: v.optional(v.string(), ''),
  errors: v.optional(v.array(v.object({ field: v.string(), code: v.string() }))),
  details: v.optional(
    v.fallback(
      v.object({
        attemptsLeft: countSchema,
        retryAfterSeconds: countSchema,
        duration: v.optional(v.picklist(LIMIT_DURATIONS)),
        required: v.optional(v.array(v.string())),
        limitLeft: v.optional(v.nullable(v.string())),
        limitType: v.optional(v.picklist(['deposit', 'loss'])),
        resetOn: v.optional(v.nullable(v.string())),
        challengeToken: v.optional(v.pipe(v.string(), v.maxLength(128))),
        methods: v.optional(v.array(v.picklist(['passkey', 'totp', 'recovery']))),
      }),
      {},
    ),
  ),
});
