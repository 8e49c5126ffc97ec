// The platform's codes for the two answers that replace the whole app (product.md §2 "Whole-app
// screens", behaviour.md §4 "Other states" access check). The access-check machine reads them
// from a failed call; src/api/platform.ts re-exports them for the client and the server.

/** 403 from the access context: the visitor's country is restricted. */
export const ACCESS_RESTRICTED_CODE = 'error.access.restricted';
/** 503 from the access context: the platform is in maintenance. */
export const MAINTENANCE_CODE = 'error.maintenance';

/**
 * The `code` of an error that reached a machine as `unknown` (an ApiError, a plain `{ code }` body,
 * or anything else). Returns null when there is no string code to read.
 */
export function errorCodeOf(error: unknown): string | null {
  if (typeof error !== 'object' || error === null || !('code' in error)) return null;
  const { code } = error;
  return typeof code === 'string' ? code : null;
}
