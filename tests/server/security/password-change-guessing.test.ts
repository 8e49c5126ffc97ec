import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { hashPassword, TEST_SCRYPT_PARAMS } from '../../../server/crypto/passwords';
import { createPlayerStore, type Player } from '../../../server/services/players';
import { SEEDED_PASSWORD } from '../../../server/services/seed-players';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { address, from, post, refusal } from './helpers';

// Issue 9 "the old password in password change can be guessed without limit": whoever holds a
// player's session (a borrowed phone, a stolen token) could try old passwords forever and so learn
// the password. The old password is now counted like login attempts: attempts left, then the lock
// as 429 (a 403 would log the player out, behaviour.md §8 "General"), the spec's max-attempts code.

const LOCK = 'code:error.sign.in.attempt.count.exceeded';
let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let cheapHash: string;

beforeAll(async () => {
  platform = await startTestPlatform();
  cheapHash = await hashPassword(SEEDED_PASSWORD, TEST_SCRYPT_PARAMS);
});
beforeEach(() => {
  app = platform.app();
});
afterAll(async () => {
  await platform.close();
});

async function newPlayer(): Promise<Player> {
  const created = await createPlayerStore(platform.database.db).create({
    email: `password-guess-${String(Date.now())}@example.com`,
    country_code: 'FI',
    language_code: 'fi',
    terms_accepted_version: 3,
  });
  return platform.database.db.updateTable('players').set({ password_hash: cheapHash }).where('id', '=', created.id).returningAll().executeTakeFirstOrThrow();
}

describe('password change', () => {
  it('counts wrong old passwords like logins and then refuses even the right one', async () => {
    const player = await newPlayer();
    const holder = from(app, address(7));
    const loggedIn = await post(holder, '/api/player/login', { email: player.email, password: SEEDED_PASSWORD });
    expect(loggedIn.status).toBe(200);
    const { idToken } = (await loggedIn.json()) as { idToken: string };
    const change = (oldPassword: string) => post(holder, '/api/player/password', { oldPassword, newPassword: 'Brand-New-42' }, idToken);

    expect((await refusal(await change('guess-1'), 400, 'error.old_password.incorrect')).details).toEqual({ attemptsLeft: 2 });
    expect((await refusal(await change('guess-2'), 400, 'error.old_password.incorrect')).details).toEqual({ attemptsLeft: 1 });
    expect((await refusal(await change('guess-3'), 429, LOCK)).details).toEqual({ attemptsLeft: 0, retryAfterSeconds: 1800 });
    for (let n = 4; n <= 10; n += 1) await refusal(await change(`guess-${String(n)}`), 429, LOCK);
    await refusal(await change(SEEDED_PASSWORD), 429, LOCK);
    // The session itself goes on (no logout) and the password is unchanged.
    expect((await holder.request('/api/player/profile', { headers: { Authorization: `Bearer ${idToken}` } })).status).toBe(200);
    expect((await post(from(app, address(8)), '/api/player/login', { email: player.email, password: SEEDED_PASSWORD })).status).toBe(200);
  });
});
