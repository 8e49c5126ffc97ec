// How a failed platform call reaches a flow machine (behaviour.md §8): the server's code when the
// flow knows it, a network failure, a validation failure with its field errors, or "unknown". The
// machine receives the error as `unknown` (an ApiError from src/api at run time, a plain object in
// tests), so this reads it by shape; machines import nothing from src/ at run time.

/** One invalid field of a 400 `error.validation` answer (src/api/errors.ts FieldError). */
export interface FlowFieldError {
  field: string;
  code: string;
}

/** The platform's code for a request whose fields failed validation (src/api/player.ts). */
export const VALIDATION_ERROR_CODE = 'error.validation';

export type FlowErrorCode<TKnown extends string> = TKnown | 'network' | 'validation' | 'unknown';

export interface FlowError<TKnown extends string> {
  code: FlowErrorCode<TKnown>;
  /** Filled for `validation`; empty otherwise. */
  fieldErrors: readonly FlowFieldError[];
}

function fieldErrorsOf(error: object): FlowFieldError[] {
  if (!('fieldErrors' in error) || !Array.isArray(error.fieldErrors)) return [];
  return (error.fieldErrors as unknown[]).filter(
    (item): item is FlowFieldError =>
      typeof item === 'object' &&
      item !== null &&
      typeof (item as { field?: unknown }).field === 'string' &&
      typeof (item as { code?: unknown }).code === 'string',
  );
}

/**
 * Classifies a failure: `network` when no answer arrived (ApiError kind "network"), `validation`
 * for a 400 error.validation (or any answer with field errors), one of `known` when the server's
 * code is one the flow handles, else `unknown` (the screen shows a generic message, never the code).
 */
export function flowErrorOf<const TKnown extends string>(error: unknown, known: readonly TKnown[]): FlowError<TKnown> {
  if (typeof error !== 'object' || error === null) return { code: 'unknown', fieldErrors: [] };
  if ('kind' in error && error.kind === 'network') return { code: 'network', fieldErrors: [] };
  const fieldErrors = fieldErrorsOf(error);
  const code = 'code' in error && typeof error.code === 'string' ? error.code : null;
  if (code === VALIDATION_ERROR_CODE || fieldErrors.length > 0) return { code: 'validation', fieldErrors };
  const match = known.find((candidate) => candidate === code);
  return { code: match ?? 'unknown', fieldErrors: [] };
}

/** The server's code of a failure as it came (null without one), for a flow that shows codes it does not list. */
export function rawCodeOf(error: unknown): string | null {
  return typeof error === 'object' && error !== null && 'code' in error && typeof error.code === 'string' ? error.code : null;
}

/** The HTTP status of a failure's answer (ApiError status), or null when there was none. */
export function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('status' in error)) return null;
  return typeof error.status === 'number' ? error.status : null;
}
