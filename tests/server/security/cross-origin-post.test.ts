import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_EMAILS, SEEDED_PASSWORD } from '../../../server/services/seed-players';
import { expectError } from '../helpers/identity';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';

// Issue 9: "A form on a foreign origin can log a visitor in as the attacker (a text/plain POST
// with a foreign Origin gets 200 and a cookie)." Non-GET /api requests must be JSON and, when the
// browser says where they come from, same-origin.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app();
});
afterAll(async () => {
  await platform.close();
});

const SITE = 'http://localhost';
const credentials = JSON.stringify({ email: SEEDED_EMAILS.player, password: SEEDED_PASSWORD });

function login(headers: Record<string, string>, body: string = credentials): Promise<Response> {
  return Promise.resolve(app.request(`${SITE}/api/player/login`, { method: 'POST', body, headers }));
}

describe('login CSRF from a foreign site', () => {
  it('refuses a text/plain POST with a foreign Origin: no 200, no cookie', async () => {
    const response = await login({ 'Content-Type': 'text/plain', Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' });
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    await expectError(response, 403, 'error.request.invalid');
  });

  it('refuses a text/plain POST even without Origin (what a no-cors fetch or a form can send)', async () => {
    const response = await login({ 'Content-Type': 'text/plain;charset=UTF-8' });
    expect(response.headers.get('set-cookie')).toBeNull();
    await expectError(response, 400, 'error.request.invalid');
  });

  it('refuses a form post and a body without a type', async () => {
    const form = await login({ 'Content-Type': 'application/x-www-form-urlencoded' }, `email=${SEEDED_EMAILS.player}&password=${SEEDED_PASSWORD}`);
    await expectError(form, 400, 'error.request.invalid');
    const untyped = await app.request(`${SITE}/api/player/login`, { method: 'POST', body: new Blob([credentials]) });
    expect(untyped.headers.get('set-cookie')).toBeNull();
    await expectError(untyped, 400, 'error.request.invalid');
  });

  it('refuses JSON from a foreign Origin, from Origin null, and a cross-site Sec-Fetch-Site', async () => {
    const foreign: Record<string, string>[] = [
      { Origin: 'https://evil.example' },
      { Origin: 'null' },
      { Origin: 'http://localhost.evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
    ];
    for (const headers of foreign) {
      const response = await login({ 'Content-Type': 'application/json', ...headers });
      expect(response.headers.get('set-cookie'), JSON.stringify(headers)).toBeNull();
      await expectError(response, 403, 'error.request.invalid');
    }
  });

  it('still logs in from the site itself and from clients that send no Origin', async () => {
    const same = await login({ 'Content-Type': 'application/json', Origin: SITE, 'Sec-Fetch-Site': 'same-origin' });
    expect(same.status).toBe(200);
    expect(same.headers.get('set-cookie')).toContain('aurora_session=');
    expect((await login({ 'Content-Type': 'application/json; charset=utf-8' })).status).toBe(200);
  });

  it('lets an origin listed in CORS_ORIGINS call the API', async () => {
    const listed = platform.app({ corsOrigins: ['https://app.example'] });
    const response = await listed.request(`${SITE}/api/player/login`, {
      method: 'POST',
      body: credentials,
      headers: { 'Content-Type': 'application/json', Origin: 'https://app.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(response.status).toBe(200);
  });

  it('keeps the simulated bank page (an HTML form posting to itself) working from its own origin', async () => {
    const response = await app.request(`${SITE}/api/bankid/authorize`, {
      method: 'POST',
      body: 'session=unknown&action=identify&personid=010190-1234',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: SITE, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(response.status).toBe(404); // an unknown session: the bank's own page, not a refusal
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const foreign = await app.request(`${SITE}/api/bankid/authorize`, {
      method: 'POST',
      body: 'session=unknown&action=cancel',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' },
    });
    expect(foreign.status).toBe(403);
  });
});
