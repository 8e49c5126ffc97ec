import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestActivityResponseSchema } from '../../src/api/account';
import { SEEDED_PASSWORD } from '../../server/services/seed-players';
import { bearer, postJson } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { walletPlayer } from './helpers/wallet';

// The account's latest activity with its note (product.md §3 "Session": latestActivityLog with a
// note; behaviour.md §7 /player/latest-activity-log): a login (its address), a password change, a
// language change (the language stored); the newest is answered; a player sees only their own.

const ADDRESS_HEADER = 'x-forwarded-for';
let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date('2026-06-01T08:00:00Z');

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ clock: () => now, throttle: { addressHeader: ADDRESS_HEADER, loginAddressDelayAfter: null } });
});
afterAll(async () => {
  await platform.close();
});

async function latest(token: string) {
  const response = await app.request('/api/player/latest-activity-log', { headers: bearer(token) });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(latestActivityResponseSchema, await json(response)).latestActivityLog;
}

describe('GET /api/player/latest-activity-log', () => {
  it('answers the newest of a login, a password change and a language change, with its note', async () => {
    const player = await walletPlayer(platform, app);
    now = new Date('2026-06-01T09:00:00Z');
    const login = await postJson(app, '/api/player/login', { email: player.email, password: SEEDED_PASSWORD }, { [ADDRESS_HEADER]: '198.51.100.20' });
    const token = v.parse(v.object({ idToken: v.string() }), await json(login)).idToken;
    expect(await latest(token)).toEqual({ activityDate: '2026-06-01T09:00:00.000Z', activity: 'LOGIN', note: '198.51.100.20' });

    now = new Date('2026-06-01T09:05:00Z');
    const changed = await postJson(app, '/api/player/password', { oldPassword: SEEDED_PASSWORD, newPassword: 'Aurora-Changed-2' }, bearer(token));
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(await latest(token)).toEqual({ activityDate: '2026-06-01T09:05:00.000Z', activity: 'PASSWORD_CHANGED', note: null });

    now = new Date('2026-06-01T09:10:00Z');
    const language = await app.request('/api/player/profile', {
      method: 'PATCH',
      headers: { 'Content-Type': 'application/json', ...bearer(token) },
      body: JSON.stringify({ playerId: player.id, languageCode: 'de' }),
    });
    expect(language.status).toBe(200);
    expect(await latest(token)).toEqual({ activityDate: '2026-06-01T09:10:00.000Z', activity: 'LANGUAGE_CHANGED', note: 'de' });
  });

  it("shows a player only their own, and a visitor nothing (401)", async () => {
    const one = await walletPlayer(platform, app);
    const other = await walletPlayer(platform, app);
    await postJson(app, '/api/player/login', { email: other.email, password: SEEDED_PASSWORD }, { [ADDRESS_HEADER]: '198.51.100.99' });
    expect((await latest(one.token))?.note).not.toBe('198.51.100.99');
    expect((await app.request('/api/player/latest-activity-log')).status).toBe(401);
  });
});
