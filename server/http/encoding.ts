import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { Context } from 'hono';

// Content coding (issue 10, "Fast and findable on a phone"): which of brotli, gzip or the bytes as
// they are a request accepts (RFC 9110 §12.5.3), strong ETags per coding, and the answer for a
// document held in memory (index.html, the server-rendered pages, the lobbies). Files of the build
// are precompressed by scripts/precompress.mjs and served by server/http/static.ts; API answers are
// compressed on the fly by server/http/compress.ts. All three negotiate here.
//
// Issue 22: what Hono ships does not do this. serveStatic's `precompressed` matches the tokens as
// written (no q-value: `br;q=0` is not `br`, `BR` neither); `hono/utils/accept` (hono/compress's
// reader) reads a void q-value (`br;q=2`, `br;q=`) as 1, where RFC 9110 makes the entry void;
// hono/compress has no brotli; hono/etag hashes each body it sends and weakens the ETag of what it
// compresses, where a document held in memory has one strong ETag per coding, known before any
// body is chosen.

export type Coding = 'br' | 'gzip';

/** The codings the platform sends, best first: on an equal q-value brotli wins (it is smaller). */
export const CODINGS: readonly Coding[] = ['br', 'gzip'];

/** Brotli quality of documents compressed once and kept (index.html): the smallest, like the build's. */
export const BROTLI_QUALITY_CACHED = 11;
/** Brotli quality of answers compressed per request (the API): fast, still smaller than gzip. */
export const BROTLI_QUALITY_ON_THE_FLY = 4;
/** Gzip level of documents compressed once and kept. */
export const GZIP_LEVEL_CACHED = 9;
/** Gzip level of answers compressed per request. */
export const GZIP_LEVEL_ON_THE_FLY = 6;

/** The q-value (0..1) of each coding named in an Accept-Encoding value; `*` included. */
export function parseAcceptEncoding(header: string): Map<string, number> {
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [rawName = '', ...params] = part.split(';');
    let name = rawName.trim().toLowerCase();
    if (name === '') continue;
    if (name === 'x-gzip') name = 'gzip'; // RFC 9110 §8.4.1.3: the same coding
    let q = 1;
    for (const param of params) {
      const [key = '', value = ''] = param.split('=').map((s) => s.trim());
      if (key.toLowerCase() !== 'q') continue;
      // RFC 9110 §12.4.2: 0 to 1 with at most three decimals; anything else makes the entry void.
      q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value) ? Number(value) : Number.NaN;
    }
    if (Number.isNaN(q)) continue;
    // A coding named twice: the higher weight (a client that says both means it accepts it).
    weights.set(name, Math.max(q, weights.get(name) ?? 0));
  }
  return weights;
}

/**
 * The coding to answer with among those `available`, or null for the bytes as they are.
 * No Accept-Encoding header means identity: RFC 9110 allows any coding then, but a client that
 * names none (curl, a probe, an old proxy) is best served what it surely reads. A coding is
 * acceptable when named with q > 0, or not named while `*` has q > 0; the highest q wins, and
 * brotli on a tie. Identity is always sendable (a client that refuses it too gets it anyway,
 * rather than a 406).
 */
export function chooseCoding(acceptEncoding: string | undefined | null, available: readonly Coding[] = CODINGS): Coding | null {
  if (acceptEncoding === undefined || acceptEncoding === null) return null;
  const weights = parseAcceptEncoding(acceptEncoding);
  let best: Coding | null = null;
  let bestQ = 0;
  for (const coding of CODINGS) {
    if (!available.includes(coding)) continue;
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds a field name to Vary unless it is there already (CORS adds `Origin`, for one). */
export function appendVary(headers: Headers, field: string): void {
  const current = headers.get('Vary');
  if (!current) {
    headers.set('Vary', field);
    return;
  }
  const fields = current.split(',').map((f) => f.trim().toLowerCase());
  if (fields.includes('*') || fields.includes(field.toLowerCase())) return;
  headers.set('Vary', `${current}, ${field}`);
}

/** A strong ETag from the content: 128 bits of its SHA-256, base64url (computed once per version, never per request). */
export function contentEtag(bytes: Uint8Array): string {
  return `"${createHash('sha256').update(bytes).digest('base64url').slice(0, 22)}"`;
}

/**
 * The ETag of one coding of a representation. A strong validator must differ between codings
 * (the bytes differ; RFC 9110 §8.8.3), so the compressed ones carry a suffix.
 */
export function codingEtag(etag: string, coding: Coding | null): string {
  if (coding === null) return etag;
  const weak = etag.startsWith('W/');
  const opaque = weak ? etag.slice(2) : etag;
  const inner = opaque.startsWith('"') && opaque.endsWith('"') && opaque.length >= 2 ? opaque.slice(1, -1) : opaque;
  return `${weak ? 'W/' : ''}"${inner}-${coding}"`;
}

/** If-None-Match against the ETag about to be sent, by weak comparison (RFC 9110 §13.1.2). */
export function ifNoneMatchMatches(header: string | undefined | null, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const opaque = (tag: string) => (tag.startsWith('W/') ? tag.slice(2) : tag);
  const wanted = opaque(etag);
  return header.split(',').some((tag) => opaque(tag.trim()) === wanted);
}

/** Bytes in an ArrayBuffer of their own (what a Response body takes). */
export type Bytes = Uint8Array<ArrayBuffer>;

/** A document in every coding the platform sends; a coding that would not be smaller is null. */
export interface EncodedVariants {
  identity: Bytes;
  br: Bytes | null;
  gzip: Bytes | null;
  /** Strong ETag of the identity bytes (contentEtag); each coding's is derived with codingEtag. */
  etag: string;
}

/**
 * Compresses a document once, at the smallest size (brotli 11, gzip 9): for a caller that keeps
 * the result and answers many requests from it. Tens of milliseconds for a page of 100 KB, so
 * never per request.
 */
export function encodeVariants(content: Uint8Array | string): EncodedVariants {
  // Copied once into buffers of their own: a Buffer may be a view on Node's shared pool.
  const identity: Bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content);
  const br = brotliCompressSync(identity, {
    params: {
      [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_CACHED,
      [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
      [zlib.BROTLI_PARAM_SIZE_HINT]: identity.byteLength,
    },
  });
  const gzip = gzipSync(identity, { level: GZIP_LEVEL_CACHED });
  return {
    identity,
    br: br.byteLength < identity.byteLength ? new Uint8Array(br) : null,
    gzip: gzip.byteLength < identity.byteLength ? new Uint8Array(gzip) : null,
    etag: contentEtag(identity),
  };
}

export interface SendEncodedOptions {
  /** Content-Type of the document itself, e.g. `text/html; charset=utf-8`. */
  contentType: string;
  cacheControl: string;
  /** Strong ETag of the identity bytes; `variants.etag` when absent. Sent (and 304 answered) on 200 only. */
  etag?: string | undefined;
  /** 200 (the default) or an error status such as 404; only a 200 may become a 304. */
  status?: 200 | 404 | 410 | 500 | 503 | undefined;
}

/** The codings a client could be sent of these variants. */
function availableCodings(variants: Pick<EncodedVariants, 'br' | 'gzip'>): Coding[] {
  return CODINGS.filter((coding) => variants[coding] !== null);
}

/**
 * Answers a document held in memory: the coding the request accepts best, its Content-Encoding,
 * Content-Length and ETag, `Vary: Accept-Encoding` whenever another coding exists, and 304 when
 * If-None-Match names the ETag of the coding chosen. HEAD gets the headers without the body.
 * (A function, not hono/etag: a route calls it with the ETag known, and a 304 is answered before
 * any body is chosen; a 404 keeps no ETag.)
 */
export function sendEncoded(c: Context, variants: EncodedVariants, options: SendEncodedOptions): Response {
  const status = options.status ?? 200;
  const available = availableCodings(variants);
  const coding = chooseCoding(c.req.header('Accept-Encoding'), available);
  const headers = new Headers();
  if (available.length > 0) headers.set('Vary', 'Accept-Encoding');
  headers.set('Cache-Control', options.cacheControl);
  if (status === 200) {
    const etag = codingEtag(options.etag ?? variants.etag, coding);
    headers.set('ETag', etag);
    if (ifNoneMatchMatches(c.req.header('If-None-Match'), etag)) return c.body(null, 304, Object.fromEntries(headers));
  }
  const body = coding === null ? variants.identity : (variants[coding] ?? variants.identity);
  headers.set('Content-Type', options.contentType);
  if (coding !== null) headers.set('Content-Encoding', coding);
  headers.set('Content-Length', String(body.byteLength));
  if (c.req.method === 'HEAD') return c.body(null, status, Object.fromEntries(headers));
  return c.body(body, status, Object.fromEntries(headers));
}
