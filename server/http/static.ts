import { readFile, stat } from 'node:fs/promises';
import { join, resolve, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import { escapeHtml } from '../content/terms';
import { chooseCoding, codingEtag, contentEtag, encodeVariants, ifNoneMatchMatches, sendEncoded, type Coding, type EncodedVariants } from './encoding';
import { ERROR_CODES, errorResponse } from './errors';

// The built app's files (Vite's dist/); a missing one is a 404. Pages are answered before this, by
// server/http/pages.ts, and index.html itself only at /index.html. Issue 10: every text file is sent in the coding the
// request accepts best, from the `.br` / `.gz` beside it (scripts/precompress.mjs writes them at
// build time), and cached by kind:
//   /assets/*   content-hashed names (Vite): a year, immutable, no ETag (never revalidated)
//   other files (favicon, regulator logos, sign-up pictures): a strong ETag from the content and
//               `no-cache`, so a browser revalidates and gets a 304 while the file is unchanged
//   index.html  `no-cache` with an ETag, compressed once per build and kept in memory
//
// Issue 22: @hono/node-server's `serveStatic` sends the file: its type and length, HEAD, a byte
// range (206, or 416 when the file cannot satisfy it), streamed from disk. It reads no If-Range:
// a client resuming a file that has changed under its name would get a part of the new one; only
// the few small unhashed files (favicon, logos, app-boot.js) can change so, and nothing fetches
// them by parts. Kept here, because it cannot do them:
//   - the coding. Its `precompressed` takes the first of br, zstd, gzip that Accept-Encoding names,
//     by exact token, so a q-value hides the coding it follows (`gzip;q=1, br;q=0.2` gets neither)
//     and so does `GZIP`; it sends a `.br` left over from an older build; and it says
//     `Vary: Accept-Encoding` only when it sent a coding, so a cache may keep the plain copy for
//     everyone. So the coding is chosen here (encoding.ts) and serveStatic sends that file.
//   - the ETag and its 304. Not `hono/etag`: it hashes every body it sends (SHA-1 per request,
//     nothing for HEAD, a range would get the hash of its part) and compares once the answer is
//     made (a range the file cannot satisfy would answer 416 where If-None-Match answers 304
//     first). Here the ETag is the content's, once per version of a file and one per coding, and a
//     304 is answered before the file is opened.
//   - the cache policy by kind, and index.html with the API base URL written in (sendEncoded).

export interface StaticAppOptions {
  staticDir: string;
  /** Written into index.html as <meta name="api-base-url"> (read by src/api/client.ts). */
  apiBaseUrl?: string | undefined;
  /** Written into index.html as <meta name="platform-mode"> (src/features/shell/SimulationBanner.tsx shows it). */
  platformMode?: string | undefined;
}

export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Stored, but revalidated before each use (a 304 when the ETag still matches). */
export const REVALIDATE = 'no-cache';
const HTML = 'text/html; charset=utf-8';

/** Where scripts/precompress.mjs puts each coding of a file. */
export const CODING_SUFFIX: Record<Coding, string> = { br: '.br', gzip: '.gz' };

export function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

/** index.html with the API base URL (and the platform mode) written into its head. */
export function injectApiBaseUrl(html: string, apiBaseUrl: string | undefined, platformMode?: string): string {
  const metas = [
    ...(apiBaseUrl ? [`<meta name="api-base-url" content="${escapeHtml(apiBaseUrl)}">`] : []),
    ...(platformMode ? [`<meta name="platform-mode" content="${escapeHtml(platformMode)}">`] : []),
  ];
  if (metas.length === 0) return html;
  const meta = metas.join('\n    ');
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return `${meta}\n${html}`;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

/** What is known of one file of the build, until its mtime or size changes. */
interface FileEntry {
  mtimeMs: number;
  size: number;
  etag: string;
  /** The precompressed siblings at least as new as the file (an older one belongs to another build). */
  codings: Partial<Record<Coding, string>>;
}

/**
 * The file a request path names inside `root`, or null: the same refusals as @hono/node-server's
 * serveStatic (a percent sign left after decoding, `.` or `..` segments, doubled or back slashes),
 * and the resolved path must stay inside the folder. Kept: serveStatic resolves a path only as it
 * sends, and the file must be known before (its codings choose which file it sends).
 */
export function filePathFor(root: string, requestPath: string): string | null {
  if (requestPath.includes('%') || requestPath.includes('\0')) return null;
  if (/(?:^|[/\\])\.{1,2}(?:$|[/\\])|[/\\]{2,}|\\/.test(requestPath)) return null;
  const base = resolve(root);
  const path = resolve(join(base, requestPath));
  return path.startsWith(base + sep) ? path : null;
}

async function statFile(path: string): Promise<{ mtimeMs: number; size: number } | null> {
  try {
    const stats = await stat(path);
    return stats.isFile() ? { mtimeMs: stats.mtimeMs, size: stats.size } : null;
  } catch {
    return null;
  }
}

export function staticApp({ staticDir, apiBaseUrl, platformMode }: StaticAppOptions): MiddlewareHandler {
  const files = new Map<string, FileEntry>();

  /** The entry of a file, read and hashed once per version of it; null when there is no such file. */
  const fileEntry = async (path: string): Promise<FileEntry | null> => {
    const stats = await statFile(path);
    if (!stats) {
      files.delete(path);
      return null;
    }
    const known = files.get(path);
    if (known?.mtimeMs === stats.mtimeMs && known.size === stats.size) return known;
    let bytes: Buffer;
    try {
      bytes = await readFile(path);
    } catch {
      return null;
    }
    const codings: Partial<Record<Coding, string>> = {};
    for (const [coding, suffix] of Object.entries(CODING_SUFFIX) as [Coding, string][]) {
      const sibling = await statFile(path + suffix);
      if (sibling && sibling.mtimeMs >= stats.mtimeMs) codings[coding] = path + suffix;
    }
    const entry: FileEntry = { mtimeMs: stats.mtimeMs, size: stats.size, etag: contentEtag(bytes), codings };
    files.set(path, entry);
    return entry;
  };

  const sendFile = async (c: Parameters<MiddlewareHandler>[0], path: string, entry: FileEntry, immutable: boolean): Promise<Response | null> => {
    const available = (Object.keys(entry.codings) as Coding[]).filter((coding) => entry.codings[coding] !== undefined);
    const coding = chooseCoding(c.req.header('Accept-Encoding'), available);
    const headers: Record<string, string> = { 'Cache-Control': immutable ? IMMUTABLE : REVALIDATE };
    if (available.length > 0) headers.Vary = 'Accept-Encoding';
    // A hashed asset is never revalidated while fresh (a year): its ETag would be bytes for nothing.
    if (!immutable) {
      const etag = codingEtag(entry.etag, coding);
      headers.ETag = etag;
      // Before the file is opened, and before any Range (RFC 9110 §13.2.2: If-None-Match first).
      if (ifNoneMatchMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);
    }
    const response = await serveStatic({ path: coding === null ? path : (entry.codings[coding] ?? path) })(c, () => Promise.resolve());
    // Gone since it was stat'ed (a build in progress): answer as if missing.
    if (!response) {
      files.delete(path);
      return null;
    }
    for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    // The type is the file's, not its coding's (serveStatic names a `.br` application/octet-stream).
    response.headers.set('Content-Type', getMimeType(path) ?? 'application/octet-stream');
    if (coding !== null) response.headers.set('Content-Encoding', coding);
    // The ETag is the validator; a second one (the date) would be bytes on every answer for nothing.
    response.headers.delete('Last-Modified');
    return response;
  };

  // index.html answers every page load: keep it, with the base URL written in and compressed in
  // each coding, until a new build replaces the file (its mtime changes), so a page load costs a
  // stat, not a read, a rewrite and a compression.
  let cached: { mtimeMs: number; variants: EncodedVariants } | null = null;
  const indexVariants = async (): Promise<EncodedVariants> => {
    const path = join(staticDir, 'index.html');
    const { mtimeMs } = await stat(path);
    if (cached?.mtimeMs !== mtimeMs) {
      const html = injectApiBaseUrl(await readFile(path, 'utf8'), apiBaseUrl, platformMode);
      cached = { mtimeMs, variants: encodeVariants(html) };
    }
    return cached.variants;
  };

  const sendIndex = async (c: Context): Promise<Response> => {
    let variants: EncodedVariants;
    try {
      variants = await indexVariants();
    } catch {
      return c.text('The app is not built: run `npm run build` (or `npm start`).', 404);
    }
    return sendEncoded(c, variants, { contentType: HTML, cacheControl: REVALIDATE });
  };

  return async (c, next) => {
    const { method, path } = c.req;
    if ((method !== 'GET' && method !== 'HEAD') || isApiPath(path)) return next();
    if (path === '/' || path === '/index.html') return sendIndex(c);
    const isAsset = path.startsWith('/assets/');
    const file = filePathFor(staticDir, path);
    const entry = file === null ? null : await fileEntry(file);
    if (file !== null && entry !== null) {
      const response = await sendFile(c, file, entry, isAsset);
      if (response) return response;
    }
    // Pages (paths without a file extension) are server/http/pages.ts's, mounted before this: what
    // reaches here asks for a file, and a missing file is a 404, not the app's HTML (a stale page
    // asking for an old build's asset, or a probe).
    return errorResponse(c, 404, ERROR_CODES.notFound, `No file at ${path}`);
  };
}
