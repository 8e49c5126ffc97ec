import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_HISTORY_LIMIT } from '../../machines/lib/account';
import { loginHistoryResponseSchema, type LoginHistoryEntry } from '../../src/api/account';
import { authorizeResponseSchema, verifyCodeResponseSchema } from '../../src/api/payAndPlay';
import { SEEDED_PASSWORD } from '../../server/services/seed-players';
import { bearer, expectError, postJson } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { walletPlayer } from './helpers/wallet';

// The login history (product.md §3 "Account details": loginDate, loginIp, loginCountry; behaviour.md
// §7 "Login history: GET"): every password and pay-and-play login the platform lets through is
// listed, newest first, with the address and the visitor's country; a refused login is not; a
// player sees only their own; a visitor gets 401.

const ADDRESS_HEADER = 'x-forwarded-for';

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date('2026-03-01T10:00:00Z');

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ clock: () => now, throttle: { addressHeader: ADDRESS_HEADER, loginAddressDelayAfter: null } });
});
afterAll(async () => {
  await platform.close();
});

async function history(token: string | null): Promise<Response> {
  return app.request('/api/player/login_history', { headers: token === null ? {} : bearer(token) });
}

async function logins(token: string): Promise<LoginHistoryEntry[]> {
  const response = await history(token);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(loginHistoryResponseSchema, await json(response)).logins;
}

function passwordLogin(email: string, password: string, address: string, country?: string): Promise<Response> {
  return postJson(app, '/api/player/login', { email, password }, { [ADDRESS_HEADER]: address, ...(country === undefined ? {} : { 'x-test-country': country }) });
}

async function loginToken(response: Response): Promise<string> {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(v.object({ idToken: v.string() }), await json(response)).idToken;
}

describe('GET /api/player/login_history', () => {
  it('lists each password login newest first with its date, address and country', async () => {
    const player = await walletPlayer(platform, app);
    now = new Date('2026-03-02T08:00:00Z');
    await loginToken(await passwordLogin(player.email, SEEDED_PASSWORD, '198.51.100.4', 'SE'));
    now = new Date('2026-03-03T09:30:00Z');
    const token = await loginToken(await passwordLogin(player.email, SEEDED_PASSWORD, '203.0.113.9, 10.0.0.1', 'fi'));
    const listed = await logins(token);
    expect(listed.slice(0, 2)).toEqual([
      { loginDate: '2026-03-03T09:30:00.000Z', loginIp: '203.0.113.9', loginCountry: 'FI' },
      { loginDate: '2026-03-02T08:00:00.000Z', loginIp: '198.51.100.4', loginCountry: 'SE' },
    ]);
    // walletPlayer's own login came first (no address, no country header).
    expect(listed).toHaveLength(3);
    expect(listed[2]).toMatchObject({ loginIp: null, loginCountry: null });
  });

  it('does not list a refused login: a wrong password, a closed account', async () => {
    const player = await walletPlayer(platform, app);
    await expectError(await passwordLogin(player.email, 'not-the-password', '198.51.100.5'), 401, 'code:error.player.not.found');
    expect(await logins(player.token)).toHaveLength(1);
    const closed = await walletPlayer(platform, app);
    await platform.database.db.updateTable('players').set({ status: 'CLOSED' }).where('id', '=', closed.id).execute();
    await expectError(await passwordLogin(closed.email, SEEDED_PASSWORD, '198.51.100.6'), 403, 'code:error.account.closed');
    const rows = await platform.database.db.selectFrom('player_logins').select('ip_address').where('player_id', '=', closed.id).execute();
    expect(rows.map((row) => row.ip_address)).toEqual([null]);
  });

  it(`answers the latest ${String(LOGIN_HISTORY_LIMIT)} only`, async () => {
    const player = await walletPlayer(platform, app);
    let token = player.token;
    for (let index = 0; index < LOGIN_HISTORY_LIMIT + 2; index += 1) {
      now = new Date(Date.UTC(2026, 3, 1, 0, index));
      token = await loginToken(await passwordLogin(player.email, SEEDED_PASSWORD, `192.0.2.${String(index)}`));
    }
    const listed = await logins(token);
    expect(listed).toHaveLength(LOGIN_HISTORY_LIMIT);
    expect(listed[0]?.loginIp).toBe(`192.0.2.${String(LOGIN_HISTORY_LIMIT + 1)}`);
    expect(listed.at(-1)?.loginIp).toBe('192.0.2.2');
  });

  it('records a pay-and-play login with its address', async () => {
    now = new Date('2026-05-01T12:00:00Z');
    const authorize = await app.request(`/api/paynplay/authorize?${new URLSearchParams({ amount: '20', currency: 'EUR', country: 'FI', returnUrl: '/en-FI/signup/callback' }).toString()}`);
    const { sessionId } = v.parse(authorizeResponseSchema, await json(authorize));
    const bank = await app.request('/api/bankid/authorize', {
      method: 'POST',
      body: new URLSearchParams({ session: sessionId, personid: '150585-7781', action: 'identify' }).toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    const code = new URL(bank.headers.get('location') ?? '', 'http://site.invalid').searchParams.get('code') ?? '';
    const verified = await postJson(app, '/api/paynplay/player/code', { oneTimeCode: code, sessionId, ipAddress: '', blackbox: 'bb' });
    const { playerId } = v.parse(verifyCodeResponseSchema, await json(verified));
    await postJson(app, '/api/paynplay/player/update', { playerId, sessionId, email: 'pnp.history@example.com', phonePrefix: '+358', phoneBody: '401112233' });
    now = new Date('2026-05-01T12:01:00Z');
    const login = await postJson(
      app,
      '/api/paynplay/player/login',
      { sessionId, metadata: { blackbox: 'bb', ipAddress: '', country: 'FI' } },
      { [ADDRESS_HEADER]: '198.51.100.77', 'x-test-country': 'FI' },
    );
    const listed = await logins(await loginToken(login));
    expect(listed).toEqual([{ loginDate: '2026-05-01T12:01:00.000Z', loginIp: '198.51.100.77', loginCountry: 'FI' }]);
  });

  it('shows a player their own logins only, and a visitor nothing (401)', async () => {
    const one = await walletPlayer(platform, app);
    const other = await walletPlayer(platform, app);
    await loginToken(await passwordLogin(other.email, SEEDED_PASSWORD, '198.51.100.99'));
    expect((await logins(one.token)).map((login) => login.loginIp)).not.toContain('198.51.100.99');
    expect((await history(null)).status).toBe(401);
  });
});
