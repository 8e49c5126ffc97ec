import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

// Response headers from the first day (ISSUE "The reference platform"): a Content-Security-Policy
// for the app, no MIME sniffing, a referrer policy, no framing. A handler that needs a stricter
// policy (a CMS document served on its own) sets its own CSP and it is kept. Issue 9 added HSTS,
// a Permissions-Policy, Cross-Origin-Opener-Policy, and `connect-src` without bare ws:/wss:.
//
// Hono's `secureHeaders` writes the headers (issue 22). What it cannot do is kept here: it puts one
// set on every response, while the platform sends the document set only on documents and the short
// set on everything else (issue 12), nothing kind-specific on a 304, and the document set on a
// redirect (issue 20). So `securityHeaders` picks one of the sets below once the answer is known.

type SecureHeadersOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;
type PolicyDirectives = NonNullable<SecureHeadersOptions['contentSecurityPolicy']>;
type PermissionsPolicy = NonNullable<SecureHeadersOptions['permissionsPolicy']>;

/**
 * The app's policy. `connect-src` is the site's own origin ('self' also covers its ws:/wss: in
 * CSP Level 3 browsers), plus the API origin and its socket when the app talks to another
 * platform (API_BASE_URL); never any host. `frame-src` adds the game provider's origin (issue 12:
 * the game frame; server/providers GameProvider.frameSource) to the site's own frames.
 */
function appPolicy(apiBaseUrl?: string, frameSources: readonly string[] = []): PolicyDirectives {
  const connect = ["'self'"];
  if (apiBaseUrl) {
    const api = new URL(apiBaseUrl);
    connect.push(api.origin, `${api.protocol === 'https:' ? 'wss:' : 'ws:'}//${api.host}`);
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: connect,
    ...(frameSources.length > 0 ? { frameSrc: ["'self'", ...frameSources] } : {}),
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
  };
}

/** A policy as its header reads (the way secureHeaders writes it: `directive source ...; ...`). */
function policyText(directives: PolicyDirectives): string {
  return (Object.entries(directives) as [string, string[]][])
    .map(([name, sources]) => [name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), ...sources].join(' '))
    .join('; ');
}

/** The app's policy as its header reads. */
export function contentSecurityPolicy(apiBaseUrl?: string, frameSources: readonly string[] = []): string {
  return policyText(appPolicy(apiBaseUrl, frameSources));
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
const PERMISSIONS: PermissionsPolicy = Object.fromEntries(
  (
    ['accelerometer', 'autoplay', 'camera', 'displayCapture', 'geolocation', 'gyroscope', 'magnetometer', 'microphone', 'midi', 'payment', 'usb', 'browsingTopics'] as const
  ).map((feature) => [feature, []]),
);

/**
 * What a response that is not a document carries (an API answer, a script, a style sheet, an
 * image): no framing, no MIME sniffing, HTTPS only. The rest of the document set (the app's CSP,
 * Permissions-Policy, Cross-Origin-Opener-Policy, the referrer policy) governs documents only:
 * browsers read none of it on a script or an image, and it weighed about 600 bytes on each of the
 * hundred responses a lobby loads (issue 12: a phone's first load of a lobby within 250 KB). A
 * response that can become a document when opened on its own (an SVG) sets its own CSP.
 */
const RESOURCE_POLICY: PolicyDirectives = { defaultSrc: ["'none'"], frameAncestors: ["'none'"] };
export const RESOURCE_CSP = policyText(RESOURCE_POLICY);

const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * Every header secureHeaders knows, off: each set below names the few it sends. Its defaults add
 * Cross-Origin-Resource-Policy (which would stop the game provider's origin loading the site's
 * artwork), Origin-Agent-Cluster and four legacy headers the platform has never sent.
 */
const NONE: SecureHeadersOptions = Object.fromEntries(
  (
    [
      ...['crossOriginEmbedderPolicy', 'crossOriginResourcePolicy', 'crossOriginOpenerPolicy', 'originAgentCluster', 'referrerPolicy', 'strictTransportSecurity'],
      ...['xContentTypeOptions', 'xDnsPrefetchControl', 'xDownloadOptions', 'xFrameOptions', 'xPermittedCrossDomainPolicies', 'xXssProtection'],
    ] as const
  ).map((header) => [header, false]),
);

/** HTML (the app's pages, a CMS document): the whole set. */
const isDocument = (contentType: string | null) => contentType !== null && /^text\/html\b/i.test(contentType);

/** Runs a header-writing middleware (it writes after its `next`) on an answer that is already made. */
const onAnswer =
  (write: MiddlewareHandler) =>
  async (c: Parameters<MiddlewareHandler>[0]): Promise<void> => {
    await write(c, () => Promise.resolve());
  };

export function securityHeaders(options: { apiBaseUrl?: string | undefined; frameSources?: readonly string[] | undefined }): MiddlewareHandler {
  // Every response, 304s included: no framing, no sniffing, HTTPS only.
  const transport = onAnswer(secureHeaders({ ...NONE, xContentTypeOptions: true, xFrameOptions: 'DENY', strictTransportSecurity: STRICT_TRANSPORT_SECURITY }));
  // The kind's own set; a header the handler set itself (a CMS document's or an SVG's CSP) is kept.
  const kindOptions = { ...NONE, overwrite: false } satisfies SecureHeadersOptions;
  const document = onAnswer(
    secureHeaders({
      ...kindOptions,
      contentSecurityPolicy: appPolicy(options.apiBaseUrl, options.frameSources),
      permissionsPolicy: PERMISSIONS,
      // No window another site opens (or that opens it) keeps a handle on the site's (cashier, login).
      crossOriginOpenerPolicy: 'same-origin',
      referrerPolicy: REFERRER_POLICY,
    }),
  );
  const resource = onAnswer(secureHeaders({ ...kindOptions, contentSecurityPolicy: RESOURCE_POLICY }));
  // Style sheets keep the referrer policy too: it applies to the requests they make (their images).
  const stylesheet = onAnswer(secureHeaders({ ...kindOptions, contentSecurityPolicy: RESOURCE_POLICY, referrerPolicy: REFERRER_POLICY }));
  return async (c, next) => {
    await next();
    await transport(c);
    // A 304 updates the stored response's headers: it must not put a resource's policy on a cached
    // page (a 304 has no Content-Type to tell them apart), so it leaves the stored ones as they are.
    if (c.res.status === 304) return;
    // A redirect is a step of a navigation (`GET /` to the default locale, the bank's 303 back to the
    // site): it carries the document set too (issue 20), so no step of a page's way goes without it.
    const contentType = c.res.headers.get('Content-Type');
    if ((c.res.status >= 300 && c.res.status < 400 && c.res.headers.has('Location')) || isDocument(contentType)) await document(c);
    else if (/^text\/css\b/i.test(contentType ?? '')) await stylesheet(c);
    else await resource(c);
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
