import type { MiddlewareHandler } from 'hono';

// Response headers from the first day (ISSUE "The reference platform"): a Content-Security-Policy
// for the app, no MIME sniffing, a referrer policy, no framing. A handler that needs a stricter
// policy (a CMS document served on its own) sets its own CSP and it is kept.

/** The app's policy; `connect-src` also allows the API origin when the app talks to another platform. */
export function contentSecurityPolicy(apiBaseUrl?: string): string {
  const connect = ["'self'", 'ws:', 'wss:'];
  if (apiBaseUrl) connect.push(new URL(apiBaseUrl).origin);
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src ${connect.join(' ')}`,
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
  ].join('; ');
}

/** For untrusted CMS HTML served as a document of its own: no scripts, no plugins, sandboxed. */
export const DOCUMENT_ONLY_CSP =
  "sandbox; default-src 'none'; img-src 'self' data: https:; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";

export function securityHeaders(options: { apiBaseUrl?: string | undefined }): MiddlewareHandler {
  const policy = contentSecurityPolicy(options.apiBaseUrl);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', policy);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    headers.set('X-Frame-Options', 'DENY');
  };
}

/** API answers are per visitor and per moment (maintenance, access): never cached. */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  c.res.headers.set('Cache-Control', 'no-store');
};
