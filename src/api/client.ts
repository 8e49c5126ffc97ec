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

/** Bytes sent of a request's body so far, and its whole size (an upload's progress bar). */
export type UploadProgress = (sentBytes: number, totalBytes: number) => void;

/**
 * Posts a multipart form (a document upload) with XMLHttpRequest, whose upload events tell the
 * bytes sent (fetch has none), and parses the answer with `schema`; every failure is an ApiError,
 * as `request`'s. Always an authenticated call: a 401 or 403 logs the player out.
 */
export function sendForm<TSchema extends v.GenericSchema>(
  path: string,
  schema: TSchema,
  form: FormData,
  options: { onProgress?: UploadProgress | undefined; signal?: AbortSignal | undefined } = {},
): Promise<v.InferOutput<TSchema>> {
  return new Promise((resolve, reject) => {
    const { signal, onProgress } = options;
    if (signal?.aborted === true) {
      reject(new ApiError('aborted', 0, 'aborted', 'Request aborted'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', apiUrl(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('SiteContext', String(DEFAULT_SITE_ID));
    const token = auth.token();
    if (token !== null) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => signal?.removeEventListener('abort', onAbort);
    if (onProgress) xhr.upload.addEventListener('progress', (event) => onProgress(event.loaded, event.lengthComputable ? event.total : event.loaded));
    xhr.addEventListener('abort', () => {
      done();
      reject(new ApiError('aborted', 0, 'aborted', 'Request aborted'));
    });
    xhr.addEventListener('error', () => {
      done();
      reject(new ApiError('network', 0, 'network.error', 'Network Error'));
    });
    xhr.addEventListener('load', () => {
      done();
      let payload: unknown;
      try {
        payload = JSON.parse(xhr.responseText);
      } catch {
        payload = undefined;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        const parsed = v.safeParse(errorBodySchema, payload);
        const body: ErrorBody = parsed.success ? parsed.output : { code: `http.${String(xhr.status)}`, message: xhr.statusText };
        const error = new ApiError('http', xhr.status, body.code, body.message, body.errors ?? [], body.details ?? {});
        if (xhr.status === 401 || xhr.status === 403) auth.onUnauthorized(error);
        reject(error);
        return;
      }
      const parsed = v.safeParse(schema, payload);
      if (!parsed.success) {
        reject(new ApiError('invalid-response', xhr.status, 'invalid.response', `Unexpected answer from ${path}: ${v.summarize(parsed.issues)}`));
        return;
      }
      resolve(parsed.output);
    });
    xhr.send(form);
  });
}

/** GETs a file the player may read (a document of theirs) as a Blob and the name the platform gives it. */
export async function requestFile(path: string, options: { signal?: AbortSignal | undefined } = {}): Promise<{ blob: Blob; fileName: string | null }> {
  const headers: Record<string, string> = { SiteContext: String(DEFAULT_SITE_ID) };
  const token = auth.token();
  if (token !== null) headers.Authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { headers, credentials: 'include', signal: options.signal ?? null });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw new ApiError('aborted', 0, 'aborted', 'Request aborted');
    throw new ApiError('network', 0, 'network.error', 'Network Error');
  }
  if (!response.ok) {
    const parsed = v.safeParse(errorBodySchema, await response.json().catch(() => undefined));
    const body: ErrorBody = parsed.success ? parsed.output : { code: `http.${String(response.status)}`, message: response.statusText };
    const error = new ApiError('http', response.status, body.code, body.message, body.errors ?? [], body.details ?? {});
    if (response.status === 401 || response.status === 403) auth.onUnauthorized(error);
    throw error;
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename\*=UTF-8''([^;]+)/i.exec(disposition)?.[1];
  return { blob: await response.blob(), fileName: name === undefined ? null : decodeURIComponent(name) };
}
