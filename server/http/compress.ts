import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';
import { COMPRESSIBLE_CONTENT_TYPE_REGEX } from 'hono/utils/compress';
import { appendVary, BROTLI_QUALITY_ON_THE_FLY, chooseCoding, codingEtag, GZIP_LEVEL_ON_THE_FLY } from './encoding';

// API answers compressed per request (issue 10): brotli at a fast quality or gzip, whichever the
// request accepts (server/http/encoding.ts), for text answers of at least a KiB.
//
// Issue 22: not `hono/compress`, which cannot do it: it has no brotli (gzip and deflate only, so a
// phone that accepts brotli would get gzip, about a fifth bigger), weighs the threshold only when
// the answer declares its length, reads Accept-Encoding leniently (encoding.ts) and makes a strong
// ETag weak instead of giving each coding its own. It also compresses on a CompressionStream,
// that is on libuv's thread pool, the one password hashing and file reads share (CONTRIBUTING "one
// bounded queue"); here it is synchronous on purpose: an API answer is a few KB to a few hundred
// KB, which brotli 4 does in well under a millisecond per 10 KB. Hono's list of compressible types
// is used as it is (text, JSON, XML, SVG and the like; never a stream of events).

/** Answers smaller than this go as they are: the coding's framing and the CPU are not worth it. */
export const API_COMPRESSION_MIN_BYTES = 1024;

export const compressApi: MiddlewareHandler = async (c, next) => {
  await next();
  const res = c.res;
  // Nothing to compress: a HEAD, no body by status (101 Switching Protocols, 204, 304), a WebSocket
  // upgrade, an answer already encoded, or one that asks intermediaries to leave it alone.
  if (c.req.method === 'HEAD' || c.req.header('Upgrade')) return;
  if (res.status < 200 || res.status === 204 || res.status === 304 || res.body === null) return;
  if (res.headers.has('Content-Encoding')) return;
  if (!COMPRESSIBLE_CONTENT_TYPE_REGEX.test(res.headers.get('Content-Type') ?? '')) return;
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
