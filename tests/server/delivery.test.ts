import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_COMPRESSION_MIN_BYTES, compressApi } from '../../server/http/compress';
import { chooseCoding, encodeVariants, sendEncoded } from '../../server/http/encoding';
import { startTestPlatform, tempDir, type TestPlatform } from './helpers/platform';

// Issue 10, "Fast and findable on a phone": what the platform sends is compressed once at build
// time (scripts/precompress.mjs) or per answer (the API), in the coding the request accepts best,
// and cached by kind (hashed assets a year, other files and the page revalidated by ETag).

// Big and repetitive enough that every coding is smaller than the text.
const SCRIPT = `${'export const greeting = "hello, player";\n'.repeat(80)}console.log(greeting);\n`;
const LOGO = `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40" viewBox="0 0 120 40">${'<rect width="10" height="10"/>'.repeat(30)}</svg>`;
const INDEX_HTML = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title></head><body>${'<p>Aurora Play</p>'.repeat(60)}<script type="module" src="/assets/index-abc123.js"></script></body></html>`;
const PAGE_HTML = INDEX_HTML.replace('<head>', '<head>\n    <meta name="platform-mode" content="simulation">');
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

let platform: TestPlatform;
let root: Awaited<ReturnType<typeof tempDir>>;
let dist = '';
let app: ReturnType<TestPlatform['app']>;

function precompress(dir: string): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync('node', ['scripts/precompress.mjs', dir], { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await tempDir('platform-delivery-');
  dist = join(root.path, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await mkdir(join(dist, 'regulators'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), SCRIPT);
  await writeFile(join(dist, 'regulators', 'mga.svg'), LOGO);
  await writeFile(join(dist, 'humans.txt'), 'ok');
  await writeFile(join(dist, 'assets', 'logo-abc123.png'), PNG);
  const run = precompress(dist);
  expect(run.status, run.stderr).toBe(0);
  app = platform.app({ staticDir: dist });
});
afterAll(async () => {
  await platform.close();
  await root.remove();
});

const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => app.request(path, { method, headers });
const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe('scripts/precompress.mjs (the last step of npm run build)', () => {
  it('writes .br and .gz beside text files, only when smaller, and leaves other files alone', async () => {
    for (const file of ['assets/index-abc123.js', 'regulators/mga.svg', 'index.html']) {
      const original = await readFile(join(dist, file));
      const br = await readFile(join(dist, `${file}.br`));
      const gz = await readFile(join(dist, `${file}.gz`));
      expect(br.length, file).toBeLessThan(original.length);
      expect(brotliDecompressSync(br).equals(original), file).toBe(true);
      expect(gunzipSync(gz).equals(original), file).toBe(true);
    }
    // Two bytes: no coding is smaller. A PNG is not text.
    expect(existsSync(join(dist, 'humans.txt.br'))).toBe(false);
    expect(existsSync(join(dist, 'humans.txt.gz'))).toBe(false);
    expect(existsSync(join(dist, 'assets', 'logo-abc123.png.br'))).toBe(false);
    // Running it again does not compress its own output.
    expect(precompress(dist).status).toBe(0);
    expect(existsSync(join(dist, 'assets', 'index-abc123.js.br.br'))).toBe(false);
  });
});

describe('choosing a coding (RFC 9110 §12.5.3)', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['br, gzip', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br;q=0.0, gzip;q=0.1', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['GZIP, BR', 'br'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['*;q=0', null],
    ['*, br;q=0', 'gzip'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    ['br;q=2, gzip', 'gzip'],
    ['deflate', null],
  ] as const)('Accept-Encoding %j -> %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });

  it('chooses only among the codings that exist', () => {
    expect(chooseCoding('br, gzip', ['gzip'])).toBe('gzip');
    expect(chooseCoding('br', ['gzip'])).toBe(null);
  });
});

describe('build files by Accept-Encoding', () => {
  it.each([
    ['br, gzip', 'br'],
    ['gzip, deflate, br;q=0', 'gzip'],
    ['gzip;q=1, br;q=0.2', 'gzip'],
    ['identity', null],
    [null, null],
  ] as const)('Accept-Encoding %j answers %s, typed as the original, with Vary and its own length', async (accept, coding) => {
    const response = await get('/assets/index-abc123.js', accept === null ? {} : { 'Accept-Encoding': accept });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe(coding);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    const body = await bytesOf(response);
    expect(response.headers.get('content-length')).toBe(String(body.length));
    const decoded = coding === 'br' ? brotliDecompressSync(body) : coding === 'gzip' ? gunzipSync(body) : body;
    expect(decoded.toString('utf8')).toBe(SCRIPT);
    if (coding !== null) expect(body.length).toBeLessThan(Buffer.byteLength(SCRIPT));
  });

  it('answers HEAD with the headers of GET and no body', async () => {
    const head = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(head.headers.get('content-length')).toBe(String((await readFile(join(dist, 'assets', 'index-abc123.js.br'))).length));
    expect(head.headers.get('vary')).toBe('Accept-Encoding');
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });

  it('serves x.js.br itself as a file of its own, not as an encoded script', async () => {
    const response = await get('/assets/index-abc123.js.br', { 'Accept-Encoding': 'br, gzip' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-type')).not.toMatch(/javascript/);
    expect((await bytesOf(response)).equals(await readFile(join(dist, 'assets', 'index-abc123.js.br')))).toBe(true);
  });

  it('sends a file without codings as it is, with no Vary', async () => {
    for (const path of ['/humans.txt', '/assets/logo-abc123.png']) {
      const response = await get(path, { 'Accept-Encoding': 'br, gzip' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-encoding'), path).toBeNull();
      expect(response.headers.get('vary'), path).toBeNull();
    }
  });

  it('ignores a coding older than its file (left over from another build)', async () => {
    const dir = await tempDir('platform-stale-');
    try {
      await mkdir(join(dir.path, 'regulators'), { recursive: true });
      await writeFile(join(dir.path, 'regulators', 'x.svg'), LOGO);
      expect(precompress(dir.path).status).toBe(0);
      const later = new Date(Date.now() + 60_000);
      await utimes(join(dir.path, 'regulators', 'x.svg'), later, later);
      const response = await platform.app({ staticDir: dir.path }).request('/regulators/x.svg', { headers: { 'Accept-Encoding': 'br, gzip' } });
      expect(response.headers.get('content-encoding')).toBeNull();
      expect(await response.text()).toBe(LOGO);
    } finally {
      await dir.remove();
    }
  });
});

describe('cache policy by kind', () => {
  it('caches hashed assets for a year, immutable, without an ETag', async () => {
    const response = await get('/assets/index-abc123.js', { 'Accept-Encoding': 'br' });
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('etag')).toBeNull();
  });

  it('revalidates other files by a strong ETag of their content, 304 while it matches', async () => {
    const first = await get('/regulators/mga.svg', { 'Accept-Encoding': 'br, gzip' });
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^"[^"]+"$/); // strong
    const again = await get('/regulators/mga.svg', { 'Accept-Encoding': 'br, gzip', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect(again.headers.get('vary')).toBe('Accept-Encoding');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    // Weak comparison, and among several tags.
    expect((await get('/regulators/mga.svg', { 'Accept-Encoding': 'br', 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get('/regulators/mga.svg', { 'Accept-Encoding': 'br', 'If-None-Match': '"other"' })).status).toBe(200);
  });

  it('gives each coding its own ETag, so a gzip copy does not validate a brotli one', async () => {
    const br = (await get('/regulators/mga.svg', { 'Accept-Encoding': 'br' })).headers.get('etag') ?? '';
    const gzip = (await get('/regulators/mga.svg', { 'Accept-Encoding': 'gzip' })).headers.get('etag') ?? '';
    const identity = (await get('/regulators/mga.svg')).headers.get('etag') ?? '';
    expect(new Set([br, gzip, identity]).size).toBe(3);
    expect((await get('/regulators/mga.svg', { 'Accept-Encoding': 'br', 'If-None-Match': gzip })).status).toBe(200);
    expect((await get('/regulators/mga.svg', { 'If-None-Match': identity })).status).toBe(304);
  });

  it('changes the ETag when the file changes', async () => {
    const before = (await get('/humans.txt')).headers.get('etag');
    await writeFile(join(dist, 'humans.txt'), 'changed');
    const later = new Date(Date.now() + 5_000);
    await utimes(join(dist, 'humans.txt'), later, later);
    const after = await get('/humans.txt', { 'If-None-Match': before ?? '' });
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before);
    expect(await after.text()).toBe('changed');
  });

  it('sends the page (index.html) compressed, no-cache with an ETag, 304 while it matches', async () => {
    // index.html as a file; the pages are index.html with their head and first paint written in
    // (server/http/pages.ts), compressed once and answered from memory the same way.
    for (const path of ['/index.html', '/en-UN', '/en-UN/terms']) {
      const response = await get(path, { 'Accept-Encoding': 'gzip, deflate, br' });
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-encoding'), path).toBe('br');
      expect(response.headers.get('vary'), path).toBe('Accept-Encoding');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      const body = await bytesOf(response);
      expect(response.headers.get('content-length'), path).toBe(String(body.length));
      const html = brotliDecompressSync(body).toString('utf8');
      if (path === '/index.html') expect(html, path).toBe(PAGE_HTML);
      else expect(html, path).toMatch(/<title data-first-paint>[^<]+<\/title>/);
      const etag = response.headers.get('etag') ?? '';
      expect(etag, path).toMatch(/^"[^"]+"$/);
      const again = await get(path, { 'Accept-Encoding': 'gzip, deflate, br', 'If-None-Match': etag });
      expect(again.status, path).toBe(304);
      expect(again.headers.get('cache-control'), path).toBe('no-cache');
    }
    const gzip = await get('/en-UN', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    const unzipped = gunzipSync(await bytesOf(gzip)).toString('utf8');
    const plain = await get('/en-UN');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(unzipped);
    const head = await get('/en-UN', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.headers.get('content-encoding')).toBe('br');
    expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0);
    expect((await head.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('sendEncoded (documents held in memory)', () => {
  const variants = encodeVariants(PAGE_HTML);
  const docApp = new Hono();
  docApp.get('/doc', (c) => sendEncoded(c, variants, { contentType: 'text/html; charset=utf-8', cacheControl: 'no-cache' }));
  docApp.get('/missing', (c) => sendEncoded(c, variants, { contentType: 'text/html; charset=utf-8', cacheControl: 'no-store', status: 404 }));

  it('keeps only the codings smaller than the document', () => {
    expect(variants.br?.byteLength).toBeLessThan(variants.identity.byteLength);
    expect(encodeVariants('x').br).toBeNull();
    expect(encodeVariants('x').gzip).toBeNull();
  });

  it('answers a 404 in the accepted coding, without an ETag and never as a 304', async () => {
    const response = await docApp.request('/missing', { headers: { 'Accept-Encoding': 'br', 'If-None-Match': '*' } });
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('etag')).toBeNull();
    expect(brotliDecompressSync(await bytesOf(response)).toString('utf8')).toBe(PAGE_HTML);
  });

  it('answers If-None-Match: * with a 304 on a 200', async () => {
    expect((await docApp.request('/doc', { headers: { 'If-None-Match': '*' } })).status).toBe(304);
  });
});

describe('API answers compressed per request', () => {
  it('compresses an answer of 1 KiB or more by Accept-Encoding, with Vary, still no-store', async () => {
    const api = platform.app();
    const plain = await api.request('/api/content/markets');
    const text = await plain.text();
    expect(Buffer.byteLength(text)).toBeGreaterThanOrEqual(API_COMPRESSION_MIN_BYTES);
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toContain('Accept-Encoding');

    const br = await api.request('/api/content/markets', { headers: { 'Accept-Encoding': 'gzip, deflate, br' } });
    expect(br.status).toBe(200);
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('content-type')).toMatch(/^application\/json/);
    expect(br.headers.get('cache-control')).toBe('no-store');
    expect(br.headers.get('vary')).toContain('Accept-Encoding');
    const body = await bytesOf(br);
    expect(br.headers.get('content-length')).toBe(String(body.length));
    expect(body.length).toBeLessThan(Buffer.byteLength(text));
    expect(brotliDecompressSync(body).toString('utf8')).toBe(text);

    const gzip = await api.request('/api/content/markets', { headers: { 'Accept-Encoding': 'gzip, br;q=0' } });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(await bytesOf(gzip)).toString('utf8')).toBe(text);
  });

  it('sends a small answer as it is', async () => {
    const response = await platform.app().request('/api/player/access/context', { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.status).toBe(200);
    expect(Buffer.byteLength(await response.clone().text())).toBeLessThan(API_COMPRESSION_MIN_BYTES);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('never encodes a 204', async () => {
    const response = await platform.app().request('/api/player/session/refresh', { method: 'POST', headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(response.status).toBe(204);
    expect(response.headers.get('content-encoding')).toBeNull();
    expect(response.headers.get('content-length')).toBeNull();
  });

  it('never encodes the answer to HEAD', async () => {
    const response = await platform.app().request('/api/content/markets', { method: 'HEAD', headers: { 'Accept-Encoding': 'br' } });
    expect(response.headers.get('content-encoding')).toBeNull();
  });

  describe('the middleware at the threshold', () => {
    const bare = new Hono();
    bare.use('*', compressApi);
    bare.get('/text/:n', (c) => c.json({ pad: 'x'.repeat(Number(c.req.param('n')) - '{"pad":""}'.length) }));
    bare.get('/encoded', (c) => c.body(new Uint8Array(2048), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }));
    bare.get('/empty', (c) => c.body(null, 204, { 'Content-Type': 'application/json' }));
    bare.get('/events', (c) => c.body('data: x\n\n'.repeat(400), 200, { 'Content-Type': 'text/event-stream' }));
    const encodingOf = async (path: string, headers: Record<string, string> = { 'Accept-Encoding': 'br' }) =>
      (await bare.request(path, { headers })).headers.get('content-encoding');

    it('compresses at API_COMPRESSION_MIN_BYTES and not one byte below', async () => {
      expect(await encodingOf(`/text/${String(API_COMPRESSION_MIN_BYTES - 1)}`)).toBeNull();
      expect(await encodingOf(`/text/${String(API_COMPRESSION_MIN_BYTES)}`)).toBe('br');
      const below = await bare.request(`/text/${String(API_COMPRESSION_MIN_BYTES - 1)}`, { headers: { 'Accept-Encoding': 'br' } });
      expect((await below.text()).length).toBe(API_COMPRESSION_MIN_BYTES - 1);
    });

    it('answers a 204 as it is, even one that names a JSON type', async () => {
      const response = await bare.request('/empty', { headers: { 'Accept-Encoding': 'br' } });
      expect(response.status).toBe(204);
      expect(response.headers.get('content-encoding')).toBeNull();
    });

    it('leaves an answer already encoded, an event stream and a WebSocket upgrade alone', async () => {
      const encoded = await bare.request('/encoded', { headers: { 'Accept-Encoding': 'br' } });
      expect(encoded.headers.get('content-encoding')).toBe('gzip');
      expect((await encoded.arrayBuffer()).byteLength).toBe(2048);
      expect(await encodingOf('/events')).toBeNull();
      expect(await encodingOf('/text/4096', { 'Accept-Encoding': 'br', Upgrade: 'websocket', Connection: 'Upgrade' })).toBeNull();
    });
  });
});
