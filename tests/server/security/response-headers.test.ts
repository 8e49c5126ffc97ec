import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESOURCE_CSP } from '../../../server/http/security';
import { startTestPlatform, tempDir, type TestPlatform } from '../helpers/platform';

// Issue 9: "No HSTS", "CSP connect-src allows ws:/wss: to any host; no Permissions-Policy or
// Cross-Origin-Opener-Policy". Issue 12: the document-only headers stay on documents; every other
// response carries the short set (no framing, no sniffing, HTTPS only, a CSP that allows nothing).
// Issue 20: a redirect (a step of a navigation) carries the document set.

let platform: TestPlatform;
let root: { path: string; remove: () => Promise<void> };
let dist = '';
beforeAll(async () => {
  platform = await startTestPlatform();
  root = await tempDir('headers-dist-');
  dist = join(root.path, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>');
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
});
afterAll(async () => {
  await platform.close();
  await root.remove();
});

const expectTransportAndFraming = (headers: Headers) => {
  expect(headers.get('strict-transport-security')).toMatch(/^max-age=(\d+); includeSubDomains$/);
  expect(Number(/max-age=(\d+)/.exec(headers.get('strict-transport-security') ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
};

describe('response headers', () => {
  it('are complete on a page', async () => {
    const response = await platform.app({ staticDir: dist }).request('/en-UN');
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const headers = response.headers;
    expectTransportAndFraming(headers);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const permissions = headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(permissions).toContain(feature);
    const connect = /connect-src ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
    expect(connect).toEqual(["'self'"]);
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('are the document set on the redirect of GET / too (issue 20: a navigation step without Permissions-Policy and COOP)', async () => {
    const response = await platform.app({ staticDir: dist }).request('/');
    expect(response.status).toBeGreaterThanOrEqual(300);
    expect(response.status).toBeLessThan(400);
    expect(response.headers.get('location')).toMatch(/^\/en-UN/);
    const headers = response.headers;
    expectTransportAndFraming(headers);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(headers.get('permissions-policy')).toContain('camera=()');
  });

  it.each([
    ['an API answer', '/api/content/markets'],
    ['an API error', '/api/nope'],
    ['a script', '/assets/index-abc123.js'],
  ])('are the short set on %s: nothing may run, frame or sniff it', async (_name, path) => {
    const response = await platform.app({ staticDir: dist }).request(path);
    const headers = response.headers;
    expectTransportAndFraming(headers);
    expect(headers.get('content-security-policy')).toBe(RESOURCE_CSP);
    expect(headers.get('permissions-policy')).toBeNull();
  });

  it('keeps the policy an SVG sets for itself (it is a document when opened on its own)', async () => {
    const response = await platform.app().request('/api/content/artwork/games/cas-00001.svg');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toMatch(/^default-src 'none'.*sandbox/);
    expectTransportAndFraming(response.headers);
  });

  it('connect-src adds only the API_BASE_URL origin and its socket, never a bare scheme', async () => {
    const response = await platform.app({ apiBaseUrl: 'https://platform.example.com/base', staticDir: dist }).request('/en-UN');
    const connect = /connect-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
    expect(connect).toEqual(["'self'", 'https://platform.example.com', 'wss://platform.example.com']);
    for (const source of connect) expect(source).not.toMatch(/^(ws|wss|https?):?$/);
  });
});
