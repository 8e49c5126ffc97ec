import type { MiddlewareHandler } from 'hono';

// Response headers from the first day (ISSUE "The reference platform"): a Content-Security-Policy
// for the app, no MIME sniffing, a referrer policy, no framing. A handler that needs a stricter
// policy (a CMS document served on its own) sets its own CSP and it is kept. Issue 9 added HSTS,
// a Permissions-Policy, Cross-Origin-Opener-Policy, and `connect-src` without bare ws:/wss:.

/**
 * The app's policy. `connect-src` is the site's own origin ('self' also covers its ws:/wss: in
 * CSP Level 3 browsers), plus the API origin and its socket when the app talks to another
 * platform (API_BASE_URL); never any host. `frame-src` adds the game provider's origin (issue 12:
 * the game frame; server/providers GameProvider.frameSource) to the site's own frames.
 */
export function contentSecurityPolicy(apiBaseUrl?: string, frameSources: readonly string[] = []): string {
  const connect = ["'self'"];
  if (apiBaseUrl) {
    const api = new URL(apiBaseUrl);
    connect.push(api.origin, `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`);
  }
  return [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src ${connect.join(' ')}`,
    ...(frameSources.length > 0 ? [`frame-src 'self' ${frameSources.join(' ')}`] : []),
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

/**
 * HSTS: two years with subdomains (the hstspreload.org minimum is one year; two is its
 * recommendation). Browsers ignore it over plain http, so a local run is unaffected.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=63072000; includeSubDomains';

/** Powerful features the site never uses, off for it and anything it embeds. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'usb=()',
  'browsing-topics=()',
].join(', ');

/**
 * What a response that is not a document carries (an API answer, a script, a style sheet, an
 * image): no framing, no MIME sniffing, HTTPS only. The rest of the document set (the app's CSP,
 * Permissions-Policy, Cross-Origin-Opener-Policy, the referrer policy) governs documents only:
 * browsers read none of it on a script or an image, and it weighed about 600 bytes on each of the
 * hundred responses a lobby loads (issue 12: a phone's first load of a lobby within 250 KB). A
 * response that can become a document when opened on its own (an SVG) sets its own CSP.
 */
export const RESOURCE_CSP = "default-src 'none'; frame-ancestors 'none'";

/** HTML (the app's pages, a CMS document): the whole set. */
const isDocument = (contentType: string | null) => contentType !== null && /^text\/html\b/i.test(contentType);

export function securityHeaders(options: { apiBaseUrl?: string | undefined; frameSources?: readonly string[] | undefined }): MiddlewareHandler {
  const policy = contentSecurityPolicy(options.apiBaseUrl, options.frameSources);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Strict-Transport-Security', STRICT_TRANSPORT_SECURITY);
    // A 304 updates the stored response's headers: it must not put a resource's policy on a cached
    // page (a 304 has no Content-Type to tell them apart), so it leaves the stored ones as they are.
    if (c.res.status === 304) return;
    // A redirect is a step of a navigation (`GET /` to the default locale, the bank's 303 back to the
    // site): it carries the document set too (issue 20), so no step of a page's way goes without it.
    const redirect = c.res.status >= 300 && c.res.status < 400 && headers.has('Location');
    const document = redirect || isDocument(headers.get('Content-Type'));
    // Style sheets keep the referrer policy too: it applies to the requests they make (their images).
    if (document || /^text\/css\b/i.test(headers.get('Content-Type') ?? '')) {
      headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    }
    if (!document) {
      if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', RESOURCE_CSP);
      return;
    }
    if (!headers.has('Content-Security-Policy')) headers.set('Content-Security-Policy', policy);
    headers.set('Permissions-Policy', PERMISSIONS_POLICY);
    // No window another site opens (or that opens it) keeps a handle on the site's (cashier, login).
    headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  };
}

/**
 * API answers are per visitor and per moment (maintenance, access): never cached, unless the route
 * says otherwise itself (the catalog's artwork: public and long-lived; the lobbies: `no-cache`
 * with an ETag, revalidated each time).
 */
export const noStore: MiddlewareHandler = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
