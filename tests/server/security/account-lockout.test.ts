import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LOGIN_ACCOUNT_DELAY_AFTER, LOGIN_ADDRESS_DELAY_AFTER } from '../../../server/config';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../../../server/crypto/passwords';
import { createPlayerStore, type Player } from '../../../server/services/players';
import { SEEDED_PASSWORD } from '../../../server/services/seed-players';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { address, from, post, refusal, type AddressedApp } from './helpers';

// Issue 9 "Anyone can lock any account by knowing the e-mail": three wrong passwords from a
// stranger locked the account for everyone, the player included. Now the GLI-19 lock (3 failures
// within 30 minutes) holds for the address that failed; many addresses guessing one account, or one
// address guessing many, meet a doubling delay; each refusal says how many attempts are left and how
// long to wait (issue 8); and the player lifts every lock with the link e-mailed to them.

const LOCK = 'code:error.sign.in.attempt.count.exceeded';
const WRONG = 'code:error.player.not.found';
let platform: TestPlatform;
let now: Date;
const clock = () => now;
let app: ReturnType<TestPlatform['app']>;
let cheapHash: string;
let serial = 0;

beforeAll(async () => {
  platform = await startTestPlatform();
  cheapHash = await hashPassword(SEEDED_PASSWORD, TEST_SCRYPT_PARAMS);
});
beforeEach(async () => {
  now = new Date();
  app = platform.app({ clock });
  await app.request('/api/test/reset', { method: 'POST' });
});
afterAll(async () => {
  await platform.close();
});

async function newPlayer(): Promise<Player> {
  serial += 1;
  const created = await createPlayerStore(platform.database.db).create({
    email: `lockout-${String(serial)}-${String(Date.now())}@example.com`,
    country_code: 'FI',
    language_code: 'fi',
    terms_accepted_version: 3,
  });
  return platform.database.db.updateTable('players').set({ password_hash: cheapHash }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
}

const login = (client: AddressedApp, email: string, password: string) => post(client, '/api/player/login', { email, password });

describe('the GLI-19 lock holds for the address that failed, not for the player', () => {
  it('a stranger who knows the e-mail locks only themselves out', async () => {
    const player = await newPlayer();
    const stranger = from(app, address(1));
    expect((await refusal(await login(stranger, player.email ?? '', 'guess-1'), 401, WRONG)).details).toEqual({ attemptsLeft: 2 });
    expect((await refusal(await login(stranger, player.email ?? '', 'guess-2'), 401, WRONG)).details).toEqual({ attemptsLeft: 1 });
    const locked = await login(stranger, player.email ?? '', 'guess-3');
    expect((await refusal(locked, 403, LOCK)).details).toEqual({ attemptsLeft: 0, retryAfterSeconds: 30 * 60 });
    expect(locked.headers.get('Retry-After')).toBe('1800');
    // Even the right password is refused from there while the lock lasts (GLI-19 2.5.3).
    await refusal(await login(stranger, player.email ?? '', SEEDED_PASSWORD), 403, LOCK);

    // The player, from their own address, logs in.
    expect((await login(from(app, address(2)), player.email ?? '', SEEDED_PASSWORD)).status).toBe(200);
  });

  it('an unknown e-mail answers the same, attempt for attempt', async () => {
    const stranger = from(app, address(3));
    const unknown = `nobody-${String(Date.now())}@example.com`;
    expect((await refusal(await login(stranger, unknown, 'guess-1'), 401, WRONG)).details).toEqual({ attemptsLeft: 2 });
    expect((await refusal(await login(stranger, unknown, 'guess-2'), 401, WRONG)).details).toEqual({ attemptsLeft: 1 });
    expect((await refusal(await login(stranger, unknown, 'guess-3'), 403, LOCK)).details).toEqual({ attemptsLeft: 0, retryAfterSeconds: 1800 });
  });
});

describe('a doubling delay for many addresses on one account, and one address on many accounts', () => {
  it(`after ${String(LOGIN_ACCOUNT_DELAY_AFTER)} failures from different addresses, every try waits 1 s, then 2 s, ...`, async () => {
    const player = await newPlayer();
    for (let n = 0; n < LOGIN_ACCOUNT_DELAY_AFTER; n += 1) {
      await refusal(await login(from(app, address(10 + n)), player.email ?? '', `guess-${String(n)}`), 401, WRONG);
    }
    const next = from(app, address(40));
    expect((await refusal(await login(next, player.email ?? '', 'guess-x'), 403, LOCK)).details).toEqual({ attemptsLeft: 0, retryAfterSeconds: 1 });
    now = new Date(now.getTime() + 1_000);
    await refusal(await login(next, player.email ?? '', 'guess-y'), 401, WRONG);
    expect((await refusal(await login(next, player.email ?? '', SEEDED_PASSWORD), 403, LOCK)).details?.retryAfterSeconds).toBe(2);
    now = new Date(now.getTime() + 2_000);
    expect((await login(next, player.email ?? '', SEEDED_PASSWORD)).status).toBe(200);
  });

  it(`after ${String(LOGIN_ADDRESS_DELAY_AFTER)} failures on any e-mails, one address waits before its next try`, async () => {
    const stuffer = from(app, address(41));
    for (let n = 0; n < LOGIN_ADDRESS_DELAY_AFTER; n += 1) {
      await refusal(await login(stuffer, `stuffed-${String(n)}-${String(Date.now())}@example.com`, 'leaked-1'), 401, WRONG);
    }
    const player = await newPlayer();
    const refused = await refusal(await login(stuffer, player.email ?? '', SEEDED_PASSWORD), 403, LOCK);
    expect(refused.details?.retryAfterSeconds).toBe(1);
    // Another address is not slowed down.
    expect((await login(from(app, address(42)), player.email ?? '', SEEDED_PASSWORD)).status).toBe(200);
  });
});

describe('the player unlocks their account with the link e-mailed to them', () => {
  async function unlockKeyFor(email: string): Promise<string> {
    const response = await app.request(`/api/test/codes/last?to=${encodeURIComponent(email)}`);
    expect(response.status).toBe(200);
    return ((await response.json()) as { code: string }).code;
  }

  it('lifts the delay a crowd of addresses put on the account, once', async () => {
    const player = await newPlayer();
    const email = player.email ?? '';
    for (let n = 0; n < LOGIN_ACCOUNT_DELAY_AFTER + 1; n += 1) await login(from(app, address(60 + n)), email, 'guess');
    const own = from(app, address(90));
    await refusal(await login(own, email, SEEDED_PASSWORD), 403, LOCK);

    expect((await post(own, '/api/player/login/unlock_request', { email, langmarket: 'fi-FI' })).status).toBe(200);
    const key = await unlockKeyFor(email);
    const sent = await platform.database.db.selectFrom('sent_messages').select('body').where('destination', '=', email).orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(sent.body).toContain(`/fi-FI/unlock?key=${key}`);

    expect((await post(own, '/api/player/login/unlock', { key })).status).toBe(200);
    expect((await login(own, email, SEEDED_PASSWORD)).status).toBe(200);
    // A link works once.
    await refusal(await post(own, '/api/player/login/unlock', { key }), 400, 'error.unlock.invalid');
  });

  it('answers an unknown e-mail the same, and sends nothing', async () => {
    const unknown = `nobody-${String(Date.now())}@example.com`;
    const answer = await post(from(app, address(91)), '/api/player/login/unlock_request', { email: unknown, langmarket: 'en-UN' });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ ok: true });
    expect((await app.request(`/api/test/codes/last?to=${encodeURIComponent(unknown)}`)).status).toBe(404);
  });

  it('refuses a key it never gave', async () => {
    await refusal(await post(from(app, address(92)), '/api/player/login/unlock', { key: 'x'.repeat(43) }), 400, 'error.unlock.invalid');
  });
});
