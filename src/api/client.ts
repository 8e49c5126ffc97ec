import * as v from 'valibot';
import { DEFAULT_SITE_ID } from '../../machines/lib/constants';
import { ApiError, type ErrorBody } from './errors';

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

const errorBodySchema = v.object({ code: v.string(), message: v.optional(v.string(), '') });

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
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
    throw new ApiError('http', response.status, body.code, body.message);
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
