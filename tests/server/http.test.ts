import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from '../../server/http/security';
import { json, startTestPlatform, tempDir, type TestPlatform } from './helpers/platform';

// Response headers from the first day (CSP, nosniff, referrer policy, no framing), API answers
// never cached, and the built app served with a history fallback.

const INDEX_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';

let platform: TestPlatform;
let root: Awaited<ReturnType<typeof tempDir>>;
const dist = { path: '' };

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await tempDir('platform-dist-');
  dist.path = join(root.path, 'dist');
  await mkdir(join(dist.path, 'assets'), { recursive: true });
  // Next to the app folder, not in it: never served.
  await writeFile(join(root.path, 'platform-secret.txt'), 'OUTSIDE-THE-APP-FOLDER');
  await writeFile(join(dist.path, 'index.html'), INDEX_HTML);
  await writeFile(join(dist.path, 'assets', 'index-abc123.js'), 'console.log("app")');
  await writeFile(join(dist.path, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
});
afterAll(async () => {
  await platform.close();
  await root.remove();
});

/** A page gets the app's policy; anything else the resource policy, which allows nothing (tests/server/security/response-headers.test.ts). */
function expectSecurityHeaders(response: Response): void {
  const csp = response.headers.get('content-security-policy') ?? '';
  const page = /^text\/html/.test(response.headers.get('content-type') ?? '');
  const directives = page ? ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "script-src 'self'", "default-src 'self'"] : ["default-src 'none'", "frame-ancestors 'none'"];
  for (const directive of directives) expect(csp).toContain(directive);
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  if (page) expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('x-frame-options')).toBe('DENY');
}

describe('security headers', () => {
  it.each([
    ['an API answer', '/api/content/markets', 200],
    ['an API error', '/api/content/XX/en/footer', 400],
    ['an unknown API path', '/api/nope', 404],
    ['the app page', '/en-UN/terms', 200],
    ['a static asset', '/assets/index-abc123.js', 200],
  ])('are on %s', async (_name, path, status) => {
    const response = await platform.app({ staticDir: dist.path }).request(path);
    expect(response.status).toBe(status);
    expectSecurityHeaders(response);
  });

  it('are on an answer to a malformed header', async () => {
    const response = await platform.app().request('/api/content/markets', { headers: { SiteContext: 'x' } });
    expect(response.status).toBe(400);
    expectSecurityHeaders(response);
  });

  it('allow the API origin in connect-src when the app talks to another platform', () => {
    expect(contentSecurityPolicy('https://platform.example.com/base/')).toContain(
      "connect-src 'self' https://platform.example.com wss://platform.example.com;",
    );
    // Issue 9: no bare ws:/wss: (a socket to any host).
    expect(contentSecurityPolicy()).toContain("connect-src 'self';");
  });
});

describe('caching', () => {
  it('marks API answers, errors included, no-store', async () => {
    const app = platform.app();
    for (const path of ['/api/content/markets', '/api/player/access/context', '/api/content/XX/en/seo', '/api/nope']) {
      expect((await app.request(path)).headers.get('cache-control'), path).toBe('no-store');
    }
  });

  it('caches hashed assets for a year and revalidates the app page', async () => {
    const app = platform.app({ staticDir: dist.path });
    expect((await app.request('/assets/index-abc123.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await app.request('/en-UN')).headers.get('cache-control')).toBe('no-cache');
  });
});

describe('the built app', () => {
  it('answers an app path with index.html, its head written for the page (tests/server/pages.test.ts has the rest)', async () => {
    const response = await platform.app({ staticDir: dist.path }).request('/en-UN/terms');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    // Issue 9: the page carries the platform mode (the simulation banner reads it).
    expect(html).toContain('<meta name="platform-mode" content="simulation">');
    // The app's entry starts after the first paint (public/app-boot.js names it).
    expect(html).toContain('data-entry="/assets/index-abc123.js"');
  });

  it('serves files as they are', async () => {
    const app = platform.app({ staticDir: dist.path });
    const script = await app.request('/assets/index-abc123.js');
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    expect(await script.text()).toBe('console.log("app")');
    expect((await app.request('/favicon.svg')).headers.get('content-type')).toMatch(/^image\/svg\+xml/);
  });

  it('answers 404 for a missing hashed asset rather than the page', async () => {
    const response = await platform.app({ staticDir: dist.path }).request('/assets/index-old999.js');
    expect(response.status).toBe(404);
  });

  it('keeps unknown API paths as JSON 404s', async () => {
    const response = await platform.app({ staticDir: dist.path }).request('/api/unknown/thing');
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ code: 'error.not_found' });
  });

  it('does not serve files outside the app folder', async () => {
    const app = platform.app({ staticDir: dist.path });
    for (const path of ['/../platform-secret.txt', '/assets/..%2f..%2fplatform-secret.txt', '/%2e%2e/platform-secret.txt']) {
      expect(await (await app.request(path)).text(), path).not.toContain('OUTSIDE-THE-APP-FOLDER');
    }
  });

  it('writes API_BASE_URL into the page head for the API client', async () => {
    const app = platform.app({ staticDir: dist.path, apiBaseUrl: 'https://platform.example.com' });
    const html = await (await app.request('/fi-FI')).text();
    expect(html).toContain('<head>\n    <meta name="api-base-url" content="https://platform.example.com">');
    expect((await app.request('/fi-FI')).headers.get('content-security-policy')).toContain('https://platform.example.com');
  });
});
