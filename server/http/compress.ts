import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { appendVary, BROTLI_QUALITY_ON_THE_FLY, chooseCoding, codingEtag, GZIP_LEVEL_ON_THE_FLY } from './encoding';

// API answers compressed per request (issue 10): brotli at a fast quality or gzip, whichever the
// request accepts (server/http/encoding.ts), for text answers of at least a KiB. Hono's own
// `hono/compress` has no brotli and compresses answers of any size.
//
// Synchronous on purpose: an API answer is a few KB to a few hundred KB, which brotli 4 does in
// well under a millisecond per 10 KB, while zlib's asynchronous calls queue on libuv's thread pool,
// the one password hashing and file reads share (CONTRIBUTING "one bounded queue").

/** Answers smaller than this go as they are: the coding's framing and the CPU are not worth it. */
export const API_COMPRESSION_MIN_BYTES = 1024;

/** Text types worth compressing; never a stream of events (text/event-stream is read as it comes). */
const COMPRESSIBLE_TYPE = /^\s*(?:text\/(?!event-stream)[\w.+-]+|application\/(?:json|javascript|xml|[\w.-]+\+(?:json|xml))|image\/svg\+xml)\s*(?:;|$)/i;

export function isCompressibleType(contentType: string | null): boolean {
  return contentType !== null && COMPRESSIBLE_TYPE.test(contentType);
}

export const compressApi: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  // Nothing to compress: a HEAD, no body by status (101 Switching Protocols, 204, 304), a WebSocket
  // upgrade, an answer already encoded, or one that asks intermediaries to leave it alone.
  if (c.req.method === 'HEAD' || c.req.header('Upgrade')) return;
  if (res.status < 200 || res.status === 204 || res.status === 304 || res.body === null) return;
  if (res.headers.has('Content-Encoding')) return;
  if (!isCompressibleType(res.headers.get('Content-Type'))) return;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(res.headers.get('Cache-Control') ?? '')) return;
  const declared = Number(res.headers.get('Content-Length') ?? Number.NaN);
  if (declared < API_COMPRESSION_MIN_BYTES) return;

  const bytes = new Uint8Array(await res.arrayBuffer());
  const rebuilt = (body: Uint8Array<ArrayBuffer>): Response => new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers });
  if (bytes.byteLength < API_COMPRESSION_MIN_BYTES) {
    c.res = rebuilt(bytes);
    return;
  }
  appendVary(res.headers, 'Accept-Encoding');
  const coding = chooseCoding(c.req.header('Accept-Encoding'));
  const encoded =
    coding === 'br'
      ? brotliCompressSync(bytes, {
          params: {
            [zlib.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY_ON_THE_FLY,
            [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
            [zlib.BROTLI_PARAM_SIZE_HINT]: bytes.byteLength,
          },
        })
      : coding === 'gzip'
        ? gzipSync(bytes, { level: GZIP_LEVEL_ON_THE_FLY })
        : null;
  if (coding === null || encoded === null || encoded.byteLength >= bytes.byteLength) {
    c.res = rebuilt(bytes);
    return;
  }
  const etag = res.headers.get('ETag');
  if (etag) res.headers.set('ETag', codingEtag(etag, coding));
  res.headers.set('Content-Encoding', coding);
  res.headers.set('Content-Length', String(encoded.byteLength));
  c.res = rebuilt(new Uint8Array(encoded));
};
