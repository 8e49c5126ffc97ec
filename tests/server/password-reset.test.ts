import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../src/api/auth';
import { resetRequestedSchema, resetVerifiedSchema } from '../../src/api/player';
import { RESET_KEY_TTL_MS } from '../../server/routes/password-reset';
import { createPlayerStore } from '../../server/services/players';
import { bearer, expectError, expectFieldErrors, lastCode, postJson, uniqueDetails } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// Password reset (behaviour.md §4 "Password reset", §7, §8): e-mail → SMS code → reset key → new
// password; no account enumeration; single-use codes and keys; every session ends.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date();
const OLD_PASSWORD = 'Old-Password-1';
const NEW_PASSWORD = 'New-Password-2';

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ clock: () => now });
});
afterAll(async () => {
  await platform.close();
});

async function newPlayer(): Promise<{ id: number; email: string; mobilePhone: string }> {
  const { email, phoneBody } = uniqueDetails();
  const player = await createPlayerStore(platform.database.db).create({
    email,
    password: OLD_PASSWORD,
    first_name: 'Reija',
    last_name: 'Reset',
    phone_prefix: '+358',
    phone_body: phoneBody,
    country_code: 'FI',
    language_code: 'fi',
    status: 'REGISTERED',
  });
  return { id: player.id, email, mobilePhone: `+358${phoneBody}` };
}

async function requestReset(email: string): Promise<string> {
  const response = await postJson(app, '/api/player/password_reset', { email });
  expect(response.status).toBe(200);
  return v.parse(resetRequestedSchema, await json(response)).smsResetKeyId;
}

async function verify(smsResetKeyId: string, code: string): Promise<string> {
  const response = await postJson(app, '/api/player/password_reset/sms_verification', { smsResetKeyId, code });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(resetVerifiedSchema, await json(response)).resetKey;
}

async function login(email: string, password: string): Promise<Response> {
  return postJson(app, '/api/player/login', { email, password });
}

async function outboxSize(): Promise<number> {
  const row = await platform.database.db.selectFrom('sent_messages').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('the whole reset', () => {
  it('sends an SMS code, trades it for a key, sets the password and ends every session', async () => {
    const player = await newPlayer();
    const session = v.parse(loginResponseSchema, await json(await login(player.email, OLD_PASSWORD)));
    expect((await app.request('/api/player/profile', { headers: bearer(session.idToken) })).status).toBe(200);

    const smsResetKeyId = await requestReset(player.email.toUpperCase());
    const code = await lastCode(app, player.mobilePhone);
    const resetKey = await verify(smsResetKeyId, code);
    // The code is single use.
    await expectError(await postJson(app, '/api/player/password_reset/sms_verification', { smsResetKeyId, code }), 400, 'sms.code.invalid');

    const done = await postJson(app, '/api/player/password_reset/new_password', { resetKey, password: NEW_PASSWORD });
    expect(done.status).toBe(200);
    expect(await json(done)).toEqual({ ok: true });

    // Every session ended: the old id token is refused.
    expect((await app.request('/api/player/profile', { headers: bearer(session.idToken) })).status).toBe(401);
    await expectError(await login(player.email, OLD_PASSWORD), 401, 'code:error.player.not.found');
    expect((await login(player.email, NEW_PASSWORD)).status).toBe(200);

    // The key is single use.
    await expectError(await postJson(app, '/api/player/password_reset/new_password', { resetKey, password: 'Another-Pass-3' }), 400, 'error.password.reset');
  });

  it('keeps the key when the new password is weak (400 error.validation on password)', async () => {
    const player = await newPlayer();
    const resetKey = await verify(await requestReset(player.email), await lastCode(app, player.mobilePhone));
    for (const [password, code] of [
      ['short1', 'error.password.too_short'],
      ['no-digits-here', 'error.password.digit_required'],
      ['123456789', 'error.password.letter_required'],
    ] as const) {
      expect(await expectFieldErrors(await postJson(app, '/api/player/password_reset/new_password', { resetKey, password }))).toEqual({ password: code });
    }
    expect((await postJson(app, '/api/player/password_reset/new_password', { resetKey, password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses an expired key', async () => {
    const player = await newPlayer();
    const resetKey = await verify(await requestReset(player.email), await lastCode(app, player.mobilePhone));
    const start = now;
    now = new Date(start.getTime() + RESET_KEY_TTL_MS + 1);
    try {
      await expectError(await postJson(app, '/api/player/password_reset/new_password', { resetKey, password: NEW_PASSWORD }), 400, 'error.password.reset');
    } finally {
      now = start;
    }
    expect((await login(player.email, OLD_PASSWORD)).status).toBe(200);
  });

  it('lifts the login lock: the player proved who they are', async () => {
    const player = await newPlayer();
    for (let attempt = 0; attempt < 3; attempt += 1) await login(player.email, 'Wrong-Password-9');
    await expectError(await login(player.email, OLD_PASSWORD), 403, 'code:error.sign.in.attempt.count.exceeded');
    const resetKey = await verify(await requestReset(player.email), await lastCode(app, player.mobilePhone));
    expect((await postJson(app, '/api/player/password_reset/new_password', { resetKey, password: NEW_PASSWORD })).status).toBe(200);
    expect((await login(player.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('no account enumeration', () => {
  it('answers an unknown e-mail the same way, sends nothing, and its id never verifies', async () => {
    const before = await outboxSize();
    const smsResetKeyId = await requestReset('nobody.here@example.com');
    expect(smsResetKeyId).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(await outboxSize()).toBe(before);
    for (const code of ['000000', '123456']) {
      await expectError(await postJson(app, '/api/player/password_reset/sms_verification', { smsResetKeyId, code }), 400, 'sms.code.invalid');
    }
  });

  it('limits sends per e-mail address, known or not, the same way', async () => {
    const player = await newPlayer();
    for (const email of [player.email, 'still.nobody@example.com']) {
      const ids = new Set<string>();
      for (let send = 1; send <= 3; send += 1) ids.add(await requestReset(email));
      expect(ids.size).toBe(1);
      await expectError(await postJson(app, '/api/player/password_reset', { email }), 429, 'sms.max.attempts.reached');
    }
  });
});

describe('wrong codes', () => {
  it('answers sms.code.invalid, then 429 sms.max.attempts.reached on the 5th wrong code', async () => {
    const player = await newPlayer();
    const smsResetKeyId = await requestReset(player.email);
    const code = await lastCode(app, player.mobilePhone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expectError(await postJson(app, '/api/player/password_reset/sms_verification', { smsResetKeyId, code: wrong }), 400, 'sms.code.invalid');
    }
    await expectError(await postJson(app, '/api/player/password_reset/sms_verification', { smsResetKeyId, code: wrong }), 429, 'sms.max.attempts.reached');
    await expectError(await postJson(app, '/api/player/password_reset/sms_verification', { smsResetKeyId, code }), 429, 'sms.max.attempts.reached');
  });
});

describe('bad input: 4xx with a code, never 5xx', () => {
  it.each([
    ['/api/player/password_reset', { email: 'not-an-email' }, { email: 'validation.email' }],
    ['/api/player/password_reset', { email: "' OR 1=1 --" }, { email: 'validation.email' }],
    ['/api/player/password_reset', { email: `${'a'.repeat(300)}@example.com` }, { email: 'validation.too_long' }],
    ['/api/player/password_reset', {}, { email: 'validation.required' }],
    ['/api/player/password_reset/sms_verification', { smsResetKeyId: "'; DROP TABLE verification_codes;--", code: '123456' }, { smsResetKeyId: 'validation.invalid' }],
    ['/api/player/password_reset/sms_verification', { smsResetKeyId: 'abc', code: 123456 }, { code: 'validation.invalid' }],
    ['/api/player/password_reset/sms_verification', { smsResetKeyId: 'abc', code: '9'.repeat(50) }, { code: 'validation.too_long' }],
    ['/api/player/password_reset/new_password', { password: NEW_PASSWORD }, { resetKey: 'validation.required' }],
    ['/api/player/password_reset/new_password', { resetKey: 'x'.repeat(500), password: NEW_PASSWORD }, { resetKey: 'validation.too_long' }],
  ])('%s %j', async (path, body, expected) => {
    expect(await expectFieldErrors(await postJson(app, path, body))).toMatchObject(expected);
  });

  it.each(['/api/player/password_reset', '/api/player/password_reset/sms_verification', '/api/player/password_reset/new_password'])(
    '%s refuses a body that is not a JSON object',
    async (path) => {
      for (const body of ['not json', '[]', '42', '']) {
        await expectError(await postJson(app, path, body), 400, 'error.request.invalid');
      }
    },
  );

  it('answers an unknown or SQL-looking reset key with error.password.reset', async () => {
    for (const resetKey of ['unknown-key', "' OR '1'='1"]) {
      await expectError(await postJson(app, '/api/player/password_reset/new_password', { resetKey, password: NEW_PASSWORD }), 400, 'error.password.reset');
    }
  });

  it('answers an unknown reset id with sms.code.invalid', async () => {
    await expectError(await postJson(app, '/api/player/password_reset/sms_verification', { smsResetKeyId: 'unknown', code: '123456' }), 400, 'sms.code.invalid');
  });
});
