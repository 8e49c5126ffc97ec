import * as v from 'valibot';
import { DEFAULT_SITE_ID } from '../../machines/lib/constants';
import { ApiError, errorBodySchema, type ErrorBody } from './errors';

// The only module that calls fetch. The base URL is the same origin by default; an operator
// points the app at another platform with API_BASE_URL (the server writes it into the page as
// <meta name="api-base-url">, see server/app.ts).

export const API_PREFIX = '/api';

function baseUrl(): string {
  if (typeof document === 'undefined') return '';
  const meta = document.querySelector<HTMLMetaElement>('meta[name="api-base-url"]');
  return (meta?.content ?? '').replace(/\/$/, '');
}

export function apiUrl(path: string): string {
  return `${baseUrl()}${API_PREFIX}${path}`;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * The call needs the player's id token (behaviour.md §7: "Requests carry an authorization header
   * with the id token"). A 401 or 403 answer to such a call logs the player out (§8 "General").
   */
  auth?: boolean;
  /** Sign-out itself: a refused token is the expected end, not a reason to log out again. */
  ignoreUnauthorized?: boolean;
}

/**
 * The id token lives in memory only (issue 3, OWASP ASVS L2: no token in web storage); the session
 * wiring in src/app/ registers where to read it and what to do when the platform refuses it.
 */
interface AuthBinding {
  token: () => string | null;
  onUnauthorized: (error: ApiError) => void;
}
let auth: AuthBinding = { token: () => null, onUnauthorized: () => undefined };

export function bindAuth(binding: AuthBinding): void {
  auth = binding;
}

/** Calls the platform and parses the answer with `schema`; every failure is an ApiError. */
export async function request<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  options: RequestOptions = {},
): Promise<v.InferOutput<TSchema>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    SiteContext: String(DEFAULT_SITE_ID),
    ...options.headers,
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.auth === true) {
    const token = auth.token();
    if (token !== null) headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? null : JSON.stringify(options.body),
      credentials: 'include',
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') {
      throw new ApiError('aborted', 0, 'aborted', 'Request aborted');
    }
    throw new ApiError('network', 0, 'network.error', 'Network Error');
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const parsed = v.safeParse(errorBodySchema, payload);
    const body: ErrorBody = parsed.success
      ? parsed.output
      : { code: `http.${String(response.status)}`, message: response.statusText };
    const error = new ApiError('http', response.status, body.code, body.message, body.errors ?? [], body.details ?? {});
    // behaviour.md §8 "General": 401 or 403 anywhere (on an authenticated call) logs the user out.
    if (options.auth === true && options.ignoreUnauthorized !== true && (response.status === 401 || response.status === 403)) auth.onUnauthorized(error);
    throw error;
  }
  const parsed = v.safeParse(schema, payload);
  if (!parsed.success) {
    throw new ApiError(
      'invalid-response',
      response.status,
      'invalid.response',
      `Unexpected answer from ${path}: ${v.summarize(parsed.issues)}`,
    );
  }
  return parsed.output;
}
