// One rule for every return path the site accepts from outside (a login's redirect, the /401
// page's original path, pay and play's target and the provider's returnUrl), on the client and on
// the server (ARCHITECTURE.md "machines/lib": the same-site return path written once).
//
// A check that looks at the raw text lets `/.//evil.example` out: it starts with one slash, but a
// browser resolves the dot segment and lands on `//evil.example`, another host (issue 9). So the
// path is normalised first, the way a browser will read it, and only then decided on:
//   - decoded (percent-encoding, repeatedly: `%2F%2F`, `%252F`) for the checks, so that an encoded
//     slash, backslash, dot or control character cannot hide;
//   - dot segments (`.`, `..`, also as `%2e`) resolved and repeated slashes collapsed;
//   - refused: no leading `/`, a scheme or host (`https:`, `//host`, also after normalising),
//     a backslash, whitespace or a control character anywhere, a malformed escape, too long.
// The answer is the normalised path (what the caller must use from then on), or null.

/** A return path longer than this is not one of the site's routes. */
export const SAME_SITE_PATH_MAX_LENGTH = 512;

/** How many rounds of percent-decoding the check looks through (`%25252F` is three). */
const DECODE_ROUNDS = 4;

// eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
const FORBIDDEN = /[\\\s\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** Percent-decodes until nothing changes (at most DECODE_ROUNDS); null on a malformed escape. */
function fullyDecoded(text: string): string | null {
  let current = text;
  for (let round = 0; round < DECODE_ROUNDS; round += 1) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  // Still changing after every round: nothing a real link needs.
  return null;
}

const isDot = (segment: string) => segment === '.' || segment.toLowerCase() === '%2e';
const isDotDot = (segment: string) => ['..', '.%2e', '%2e.', '%2e%2e'].includes(segment.toLowerCase());

/**
 * Resolves `.` and `..` segments (RFC 3986 §5.2.4, as a browser does; `..` above the root stays
 * at the root) and keeps empty segments, so that a leading `//` the dots produced is still seen.
 */
function withoutDotSegments(path: string): string {
  const segments = path.split('/').slice(1);
  const out: string[] = [];
  segments.forEach((segment, index) => {
    const last = index === segments.length - 1;
    if (isDot(segment)) {
      if (last) out.push('');
    } else if (isDotDot(segment)) {
      out.pop();
      if (last) out.push('');
    } else {
      out.push(segment);
    }
  });
  return `/${out.join('/')}`;
}

/** `/a//b///c` → `/a/b/c` (the path must not start with `//`: that is a host, refused before). */
const collapseSlashes = (path: string) => path.replace(/\/{2,}/g, '/');

/** Splits `path?query#hash` into the path and the rest (which starts with `?` or `#`, or is empty). */
function splitPath(raw: string): { path: string; rest: string } {
  const end = raw.search(/[?#]/);
  return end === -1 ? { path: raw, rest: '' } : { path: raw.slice(0, end), rest: raw.slice(end) };
}

/**
 * The site's own path that `raw` names, normalised (dot segments resolved, slashes collapsed; the
 * query and hash kept as they are), or null when it is not one: another origin, a scheme, a
 * backslash, whitespace or a control character (also percent-encoded), a malformed escape, or
 * longer than SAME_SITE_PATH_MAX_LENGTH.
 */
export function sameSitePath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > SAME_SITE_PATH_MAX_LENGTH) return null;
  if (FORBIDDEN.test(raw)) return null;
  const decoded = fullyDecoded(raw);
  if (decoded === null || FORBIDDEN.test(decoded)) return null;

  const { path, rest } = splitPath(raw);
  const { path: decodedPath } = splitPath(decoded);
  if (!path.startsWith('/') || !decodedPath.startsWith('/')) return null;
  // After the dots are resolved, a path that starts with two slashes names a host: `/.//evil`,
  // `/a/..//evil`, `/%2F%2Fevil` (decoded), `/%2e%2e//evil`.
  const resolved = withoutDotSegments(path);
  if (resolved.startsWith('//') || withoutDotSegments(decodedPath).startsWith('//')) return null;

  const normalised = `${collapseSlashes(resolved)}${rest}`;
  // Belt and braces: the URL parser must agree that it stays on this origin.
  const base = 'https://same-site.invalid';
  try {
    if (new URL(normalised, base).origin !== base) return null;
  } catch {
    return null;
  }
  return normalised;
}

/** Is `path` (already normalised) `base` itself or below it (`/signup`, `/signup/pnp`, `/signup?x`)? */
export function isPathUnder(path: string, base: string): boolean {
  return path === base || path.startsWith(`${base}/`) || path.startsWith(`${base}?`) || path.startsWith(`${base}#`);
}
