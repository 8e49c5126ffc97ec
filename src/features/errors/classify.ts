import { isApiError } from '../../api/errors';

export interface HttpLikeError {
  status: number;
  message: string;
}

/**
 * A loader or HTTP failure (an ApiError, or any error carrying a numeric status, such as a
 * Response) as opposed to a component that crashed while rendering.
 */
export function httpErrorOf(error: unknown): HttpLikeError | null {
  if (isApiError(error)) return { status: error.status, message: error.message };
  if (typeof error === 'object' && error !== null && 'status' in error && typeof error.status === 'number') {
    const message =
      'message' in error && typeof error.message === 'string'
        ? error.message
        : 'statusText' in error && typeof error.statusText === 'string'
          ? error.statusText
          : '';
    return { status: error.status, message };
  }
  return null;
}
