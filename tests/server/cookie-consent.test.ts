import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIE_POLICY_VERSION } from '../../machines/lib/constants';
import { cookieConsentResponseSchema, cookieConsentSavedSchema, type StoredCookieConsentBody } from '../../src/api/cookieConsent';
import { latestActivityResponseSchema } from '../../src/api/account';
import { bearer, expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { logIn, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player's cookie consent on the platform (behaviour.md §7 "/player/cookies/consent: GET and PATCH
// with the version"; product.md §3 "Account details"; src/api/cookieConsent.ts): nothing before the
// first answer, what was saved is read back (in a new session too) with the version and the
// platform's time, a change of an answer is in the latest activity log, a player reads and changes
// only their own, a visitor gets 401, and each refusal (essentials off, another version, a bad body)
// is a 4xx with the catalogue's code and stores nothing.

const PATH = '/api/player/cookies/consent';

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date('2026-07-01T10:00:00Z');

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ clock: () => now });
});
afterAll(async () => {
  await platform.close();
});

function call(token: string | null, method: 'GET' | 'PATCH', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return Promise.resolve(app.request(PATH, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) }));
}

async function read(player: WalletPlayer): Promise<StoredCookieConsentBody | null> {
  const response = await call(player.token, 'GET');
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(cookieConsentResponseSchema, await json(response)).consent;
}

async function save(player: WalletPlayer, body: unknown): Promise<StoredCookieConsentBody> {
  const response = await call(player.token, 'PATCH', body);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(cookieConsentSavedSchema, await json(response)).consent;
}

async function rowsOf(player: WalletPlayer) {
  return platform.database.db.selectFrom('player_cookie_consents').selectAll().where('player_id', '=', player.id).execute();
}

async function latestActivity(player: WalletPlayer) {
  const response = await app.request('/api/player/latest-activity-log', { headers: bearer(player.token) });
  return v.parse(latestActivityResponseSchema, await json(response)).latestActivityLog;
}

const NO_MARKETING = { essentials: true, performanceFunctional: true, marketing: false, version: COOKIE_POLICY_VERSION };
const NOTHING_OPTIONAL = { essentials: true, performanceFunctional: false, marketing: false, version: COOKIE_POLICY_VERSION };

describe('cookie consent (behaviour.md §7 /player/cookies/consent)', () => {
  it('holds nothing before the first answer; reads back what was saved, with the version and the time, in a new session too', async () => {
    const player = await walletPlayer(platform, app);
    expect(await read(player)).toBeNull();
    now = new Date('2026-07-01T10:05:00Z');
    const saved = await save(player, NO_MARKETING);
    expect(saved).toEqual({ essentials: true, performanceFunctional: true, marketing: false, version: COOKIE_POLICY_VERSION, answeredAt: '2026-07-01T10:05:00.000Z' });
    expect(await read(player)).toEqual(saved);
    const again = { ...player, token: await logIn(app, player.email) };
    expect(await read(again)).toEqual(saved);
    // The same answer twice: one row, the newer time.
    now = new Date('2026-07-01T10:06:00Z');
    expect((await save(player, NO_MARKETING)).answeredAt).toBe('2026-07-01T10:06:00.000Z');
    expect(await rowsOf(player)).toHaveLength(1);
  });

  it('records a change of an answer in the latest activity log, not the first answer nor the same answer again', async () => {
    now = new Date('2026-07-01T11:00:00Z');
    const player = await walletPlayer(platform, app);
    await save(player, NO_MARKETING);
    expect((await latestActivity(player))?.activity).not.toBe('COOKIE_CONSENT_CHANGED');
    now = new Date('2026-07-01T11:01:00Z');
    await save(player, NO_MARKETING);
    expect((await latestActivity(player))?.activity).not.toBe('COOKIE_CONSENT_CHANGED');
    now = new Date('2026-07-01T11:02:00Z');
    await save(player, NOTHING_OPTIONAL);
    expect(await latestActivity(player)).toEqual({ activityDate: '2026-07-01T11:02:00.000Z', activity: 'COOKIE_CONSENT_CHANGED', note: null });
  });

  it('a player reads and changes only their own answer', async () => {
    const alice = await walletPlayer(platform, app);
    const bob = await walletPlayer(platform, app);
    await save(alice, NOTHING_OPTIONAL);
    expect(await read(bob)).toBeNull();
    // A body that names another player is refused (no such field), and changes nothing.
    await expectFieldErrors(await call(bob.token, 'PATCH', { ...NO_MARKETING, playerId: alice.id }));
    expect(await read(bob)).toBeNull();
    expect((await read(alice))?.performanceFunctional).toBe(false);
  });

  it('answers 401 to a visitor and to a bad token, reading and writing nothing', async () => {
    const player = await walletPlayer(platform, app);
    const saved = await save(player, NO_MARKETING);
    for (const token of [null, 'not-a-token']) {
      expect((await call(token, 'GET')).status).toBe(401);
      const patch = await call(token, 'PATCH', NOTHING_OPTIONAL);
      expect(patch.status).toBe(401);
      expect(v.is(v.object({ code: v.string() }), await json(patch))).toBe(true);
    }
    expect(await read(player)).toEqual(saved);
  });

  it('refuses essentials off, another version and a bad body with a 4xx catalogue code, storing nothing', async () => {
    const player = await walletPlayer(platform, app);
    const fresh = await walletPlayer(platform, app);
    const saved = await save(player, NO_MARKETING);
    const activityBefore = await latestActivity(player);
    // A version other than the policy in force is refused as such (behaviour.md §7 "with the version").
    const cases: [string, unknown, Record<string, string> | string][] = [
      ['not JSON', '{"essentials":', 'error.request.invalid'],
      ['an array', [NO_MARKETING], 'error.request.invalid'],
      ['essentials refused', { ...NOTHING_OPTIONAL, essentials: false }, { essentials: 'validation.invalid' }],
      ['no essentials', { performanceFunctional: true, marketing: true, version: COOKIE_POLICY_VERSION }, { essentials: 'validation.required' }],
      ['no version', { essentials: true, performanceFunctional: true, marketing: true }, { version: 'validation.required' }],
      ['a version not a number', { ...NOTHING_OPTIONAL, version: '1' }, { version: 'validation.invalid' }],
      ['a fractional version', { ...NOTHING_OPTIONAL, version: 1.5 }, { version: 'validation.invalid' }],
      ['a choice not a boolean', { ...NOTHING_OPTIONAL, marketing: 'no' }, { marketing: 'validation.invalid' }],
      ['an unknown category', { ...NOTHING_OPTIONAL, analytics: false }, { analytics: 'validation.invalid' }],
      ['version 0', { ...NOTHING_OPTIONAL, version: 0 }, { version: 'validation.invalid' }],
      ['a newer version', { ...NOTHING_OPTIONAL, version: COOKIE_POLICY_VERSION + 1 }, 'error.cookie_consent.version.invalid'],
    ];
    for (const [name, body, expected] of cases) {
      for (const who of [player, fresh]) {
        const response = await call(who.token, 'PATCH', body);
        if (typeof expected === 'string') {
          await expectError(response, 400, expected);
        } else {
          expect({ name, errors: await expectFieldErrors(response) }).toMatchObject({ name, errors: expected });
        }
      }
    }
    // Too large: 413 with the catalogue code before it is read.
    await expectError(await call(player.token, 'PATCH', { ...NOTHING_OPTIONAL, padding: 'x'.repeat(20_000) }), 413, 'error.request.invalid');
    // Nothing stored: the answer, its row and the activity log are as they were; the fresh player still has none.
    expect(await read(player)).toEqual(saved);
    expect(await rowsOf(player)).toHaveLength(1);
    expect(await latestActivity(player)).toEqual(activityBefore);
    expect(await read(fresh)).toBeNull();
    expect(await rowsOf(fresh)).toHaveLength(0);
  });
});
