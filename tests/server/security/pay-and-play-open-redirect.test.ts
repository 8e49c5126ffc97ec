import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeResponseSchema } from '../../../src/api/payAndPlay';
import { expectFieldErrors } from '../helpers/identity';
import { json, startTestPlatform, type TestPlatform } from '../helpers/platform';

// issue 9 "High": pay and play's returnUrl was an open redirect. `/.//evil.example` passed the
// same-site check (one leading slash, and `new URL` keeps the origin), was stored as it was, and
// the simulated bank's 303 sent the browser to `//evil.example?code=…`: another host, with the
// one-time code that logs in as the identified player. The return path is now normalised before
// it is decided on (machines/lib/sameSitePath.ts, the contract's returnUrlSchema), must be the
// app's callback page, and is checked again where the code leaves.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
const SITE = 'https://site.invalid';

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app();
});
afterAll(async () => {
  await platform.close();
});

const authorizeUrl = (returnUrl: string) =>
  `/api/paynplay/authorize?${new URLSearchParams({ amount: '50', currency: 'EUR', country: 'FI', language: 'fi', returnUrl }).toString()}`;

/** The bank page's answer to "Identify and pay" (or "Cancel"): where it sends the browser. */
async function bankRedirect(sessionId: string, action: 'identify' | 'cancel'): Promise<string> {
  const body = new URLSearchParams({ session: sessionId, personid: '120390-9876', action }).toString();
  const response = await app.request('/api/bankid/authorize', {
    method: 'POST',
    body,
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  expect(response.status).toBe(303);
  return response.headers.get('location') ?? '';
}

/** Where a browser on the site goes with this Location header. */
const landing = (location: string) => new URL(location, SITE);

const ATTACKS = [
  '/.//evil.example',
  '/.//evil.example/en-FI/signup/callback',
  '/././/evil.example',
  '/x/..//evil.example',
  '/x/../..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/%2F%2Fevil.example',
  '/%252F%252Fevil.example',
  '/.%2F/evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '/%5Cevil.example',
  '/%5C%5Cevil.example',
  '/\t/evil.example',
  '/%09/evil.example',
  '/%0A/evil.example',
  '/%00/evil.example',
  'https://evil.example/en-FI/signup/callback',
  'javascript:alert(1)',
  ' //evil.example',
  '/%E0%A4%A',
  // Same site, but not the callback page: the code goes to the callback page only.
  '/en-FI/online-casino',
  '/en-FI/signup/pnp',
];

describe('pay and play: the return URL cannot take the one-time code off the site', () => {
  it.each(ATTACKS)('GET /paynplay/authorize refuses returnUrl %j with 400 validation.return_url', async (returnUrl) => {
    expect(await expectFieldErrors(await app.request(authorizeUrl(returnUrl)))).toEqual({ returnUrl: 'validation.return_url' });
  });

  it('stores the normalised callback path and the bank sends the code there only', async () => {
    const response = await app.request(authorizeUrl('/en-FI/signup/./callback?target=%2Fonline-casino'));
    expect(response.status).toBe(200);
    const { sessionId } = v.parse(authorizeResponseSchema, await json(response));
    const row = await platform.database.db.selectFrom('paynplay_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.return_url).toBe('/en-FI/signup/callback?target=%2Fonline-casino');
    const location = landing(await bankRedirect(sessionId, 'identify'));
    expect(location.origin).toBe(SITE);
    expect(location.pathname).toBe('/en-FI/signup/callback');
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  it('even a stored return path that escaped the check cannot send the code off the site', async () => {
    // A row from before the fix (the old check let this one in).
    const now = new Date();
    for (const [id, returnUrl] of [
      ['legacy-open-redirect-1', '/.//evil.example'],
      ['legacy-open-redirect-2', '//evil.example/cb'],
    ] as const) {
      await platform.database.db
        .insertInto('paynplay_sessions')
        .values({ id, amount: '50', currency: 'EUR', country: 'FI', return_url: returnUrl, created_at: now, expires_at: new Date(now.getTime() + 60_000) })
        .execute();
      for (const action of ['identify', 'cancel'] as const) {
        if (action === 'cancel') {
          await platform.database.db.updateTable('paynplay_sessions').set({ identified_at: null, cancelled_at: null }).where('id', '=', id).execute();
        }
        const location = await bankRedirect(id, action);
        expect(location.startsWith('//')).toBe(false);
        expect(landing(location).origin).toBe(SITE);
      }
    }
  });
});
