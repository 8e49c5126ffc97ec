import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

// Issue 9: "No HSTS", "CSP connect-src allows ws:/wss: to any host; no Permissions-Policy or
// Cross-Origin-Opener-Policy".

let platform: TestPlatform;
beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform.close();
});

describe('response headers', () => {
  it.each([
    ['an API answer', '/api/content/markets'],
    ['an API error', '/api/nope'],
  ])('are complete on %s', async (_name, path) => {
    const response = await platform.app().request(path);
    const headers = response.headers;
    expect(headers.get('strict-transport-security')).toMatch(/^max-age=(\d+); includeSubDomains$/);
    expect(Number(/max-age=(\d+)/.exec(headers.get('strict-transport-security') ?? '')?.[1])).toBeGreaterThanOrEqual(31_536_000);
    expect(headers.get('cross-origin-opener-policy')).toBe('same-origin');
    const permissions = headers.get('permissions-policy') ?? '';
    for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()']) expect(permissions).toContain(feature);
    const connect = /connect-src ([^;]*)/.exec(headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
    expect(connect).toEqual(["'self'"]);
  });

  it('connect-src adds only the API_BASE_URL origin and its socket, never a bare scheme', async () => {
    const response = await platform.app({ apiBaseUrl: 'https://platform.example.com/base' }).request('/api/content/markets');
    const connect = /connect-src ([^;]*)/.exec(response.headers.get('content-security-policy') ?? '')?.[1]?.split(' ') ?? [];
    expect(connect).toEqual(["'self'", 'https://platform.example.com', 'wss://platform.example.com']);
    for (const source of connect) expect(source).not.toMatch(/^(ws|wss|https?):?$/);
  });
});
