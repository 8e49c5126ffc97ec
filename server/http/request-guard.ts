import type { Context, MiddlewareHandler } from 'hono';
import { ERROR_CODES, HttpError } from './errors';

// The gate every /api request passes before a route sees it (issue 9):
//
// - Cross-site requests that change something are refused. A non-GET request whose browser says
//   where it comes from (`Origin`, `Sec-Fetch-Site`) must come from this origin or one listed in
//   CORS_ORIGINS: a form on a foreign site cannot log a visitor in as the attacker (login CSRF),
//   even though the session cookie is SameSite=Strict. Clients without these headers (curl, the
//   tests, server-to-server) are not browsers acting for a visitor and pass.
// - A non-GET request with a body must say `application/json` (a text/plain or form body is what
//   a cross-site form or `no-cors` fetch can send without a preflight). The one exception is the
//   simulated bank page, an HTML form posting to itself (server/providers/simulated-bankid.ts).
// - Text PostgreSQL cannot store is refused as 400 error.request.invalid before any query: a NUL
//   (22021 "invalid byte sequence") and a lone UTF-16 surrogate (22P05 "untranslatable character")
//   anywhere in the path, the query or the body, in keys as in values.
// - Bodies are bounded (16 KB, like the identity flows' own limit) before they are read.

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface RequestGuardOptions {
  /** Origins allowed to call the API from a browser besides this one (CORS_ORIGINS). */
  corsOrigins?: readonly string[] | undefined;
  /** Path prefixes whose POSTs are HTML forms (the simulated bank page), not JSON. */
  formPaths?: readonly string[] | undefined;
  /** The largest body read; a larger one is 413 error.request.invalid. */
  maxBodyBytes: number;
  /**
   * Paths whose POST is a multipart upload (the player's documents, issue 23): its route streams
   * and bounds the body itself, so it is not read here; it must say multipart/form-data.
   */
  uploadPaths?: readonly string[] | undefined;
}

/** A NUL, or a UTF-16 surrogate without its pair (with the u flag, a pair is one code point and does not match). */
// eslint-disable-next-line no-control-regex -- finding the NUL is the point
const UNSTORABLE = /[\u0000\uD800-\uDFFF]/u;

/** Text PostgreSQL can store: no NUL (22021), no lone surrogate (22P05). */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/** Does a parsed JSON value hold, in any key or string at any depth, text PostgreSQL could not store? */
function hasUnstorableText(root: unknown): boolean {
  // Iterative: a 16 KB body can nest thousands deep.
  const pending: unknown[] = [root];
  while (pending.length > 0) {
    const value = pending.pop();
    if (typeof value === 'string') {
      if (!isStorableText(value)) return true;
    } else if (Array.isArray(value)) {
      pending.push(...(value as unknown[]));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!isStorableText(key)) return true;
        pending.push(item);
      }
    }
  }
  return false;
}

function badText(where: string): HttpError {
  return new HttpError(400, ERROR_CODES.requestInvalid, `The ${where} contains a NUL character or an unpaired surrogate.`);
}

function forbidden(reason: string): HttpError {
  return new HttpError(403, ERROR_CODES.requestInvalid, reason);
}

function mediaType(c: Context): string | undefined {
  return c.req.header('content-type')?.split(';')[0]?.trim().toLowerCase();
}

/** The origin the request was made to, as the browser sees it (behind a TLS proxy: X-Forwarded-Proto). */
function requestOrigin(c: Context): { host: string; protocol: string } {
  const url = new URL(c.req.url);
  const forwarded = c.req.header('x-forwarded-proto')?.split(',')[0]?.trim();
  return { host: url.host, protocol: forwarded ? `${forwarded}:` : url.protocol };
}

function checkOrigin(c: Context, corsOrigins: readonly string[]): void {
  const origin = c.req.header('origin');
  const site = c.req.header('sec-fetch-site')?.trim().toLowerCase();
  const listed = origin !== undefined && corsOrigins.includes(origin);
  if (origin !== undefined && !listed) {
    let parsed: URL | null = null;
    try {
      parsed = origin === 'null' ? null : new URL(origin);
    } catch {
      parsed = null;
    }
    const own = requestOrigin(c);
    // The host decides; the scheme may differ only behind a proxy that terminates TLS.
    if (parsed === null || parsed.host !== own.host) throw forbidden('Requests from another site are not accepted.');
  }
  // Sec-Fetch-Site is set by the browser and cannot be forged by a page: same-origin, or a direct
  // navigation (none); a listed origin may be same-site or cross-site.
  if (site !== undefined && site !== 'same-origin' && site !== 'none' && !listed) {
    throw forbidden('Requests from another site are not accepted.');
  }
}

/** Reads the body (bounded), puts it back for the route, and returns it as text. */
async function bufferBody(c: Context, maxBytes: number): Promise<string> {
  const raw = c.req.raw;
  if (!raw.body) return '';
  const declared = Number(raw.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge(maxBytes);
  const reader = raw.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(maxBytes);
    }
    chunks.push(value);
  }
  const bytes = Buffer.concat(chunks);
  c.req.raw = new Request(raw, { body: bytes });
  return bytes.toString('utf8');
}

function tooLarge(maxBytes: number): HttpError {
  return new HttpError(413, ERROR_CODES.requestInvalid, `The body is larger than ${String(maxBytes)} bytes.`);
}

export function requestGuard({ corsOrigins = [], formPaths = [], maxBodyBytes, uploadPaths = [] }: RequestGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    // The path and query as the routes will read them (decoded).
    let path: string;
    try {
      path = decodeURIComponent(c.req.path);
    } catch {
      throw new HttpError(400, ERROR_CODES.requestInvalid, 'The path is not valid percent-encoding.');
    }
    if (!isStorableText(path)) throw badText('path');
    const query = new URL(c.req.url).searchParams;
    for (const [key, value] of query) if (!isStorableText(key) || !isStorableText(value)) throw badText('query');

    if (SAFE_METHODS.has(c.req.method)) return next();

    checkOrigin(c, corsOrigins);
    const type = mediaType(c);
    if (c.req.method === 'POST' && uploadPaths.includes(c.req.path.replace(/\/$/, ''))) {
      if (type !== 'multipart/form-data') throw new HttpError(400, ERROR_CODES.requestInvalid, 'An upload must be multipart/form-data.');
      return next();
    }
    const isForm = formPaths.some((prefix) => c.req.path.startsWith(prefix));
    const text = await bufferBody(c, maxBodyBytes);
    // A body, or a declared type, must be JSON; a bodyless POST (sign-out, refresh) needs no type.
    if (text.length > 0 || type !== undefined) {
      const accepted = type === 'application/json' || (isForm && type === 'application/x-www-form-urlencoded');
      if (!accepted) throw new HttpError(400, ERROR_CODES.requestInvalid, 'The body must be JSON (Content-Type: application/json).');
    }
    if (text.length > 0) {
      if (type === 'application/x-www-form-urlencoded') {
        for (const [key, value] of new URLSearchParams(text)) if (!isStorableText(key) || !isStorableText(value)) throw badText('body');
      } else {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          parsed = undefined; // not JSON: the route answers with its own code
        }
        if (hasUnstorableText(parsed)) throw badText('body');
      }
    }
    return next();
  };
}
