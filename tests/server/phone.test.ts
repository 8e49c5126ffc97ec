import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginResponseSchema } from '../../src/api/auth';
import { phoneCodeSentSchema, playerProfileSchema } from '../../src/api/player';
import { createPlayerStore } from '../../server/services/players';
import { bearer, expectError, expectFieldErrors, lastCode, postJson, uniqueDetails } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// Phone change (behaviour.md §4 "Phone change", §5 "A phone change requires an SMS code", §7):
// a logged-in player asks for a code to the NEW number and saves it with the code.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
const PASSWORD = 'Phone-Change-1';

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app();
});
afterAll(async () => {
  await platform.close();
});

/** A new player, logged in: their id and the Authorization header. */
async function loggedIn(): Promise<{ id: number; auth: Record<string, string> }> {
  const { email, phoneBody } = uniqueDetails();
  const player = await createPlayerStore(platform.database.db).create({
    email,
    password: PASSWORD,
    phone_prefix: '+358',
    phone_body: phoneBody,
    country_code: 'FI',
    language_code: 'fi',
    status: 'REGISTERED',
  });
  const response = await postJson(app, '/api/player/login', { email, password: PASSWORD });
  expect(response.status).toBe(200);
  return { id: player.id, auth: bearer(v.parse(loginResponseSchema, await json(response)).idToken) };
}

let numberSequence = 0;
function newNumber(): { phonePrefix: string; phoneBody: string; mobilePhone: string } {
  numberSequence += 1;
  const phoneBody = `44${String(1_000_000 + numberSequence)}`;
  return { phonePrefix: '+358', phoneBody, mobilePhone: `+358${phoneBody}` };
}

async function requestChange(auth: Record<string, string>, number: { phonePrefix: string; phoneBody: string }): Promise<string> {
  const response = await postJson(app, '/api/player/phone_number/sms_request', { phonePrefix: number.phonePrefix, phoneBody: number.phoneBody }, auth);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(phoneCodeSentSchema, await json(response)).smsVerificationId;
}

describe('phone change', () => {
  it('sends the code to the new number and saves the number with it', async () => {
    const { auth } = await loggedIn();
    const number = newNumber();
    const smsVerificationId = await requestChange(auth, number);
    const code = await lastCode(app, number.mobilePhone);
    const verified = await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId, code }, auth);
    expect(verified.status).toBe(200);
    expect(await json(verified)).toEqual({ ok: true });
    const profile = v.parse(playerProfileSchema, await json(await app.request('/api/player/profile', { headers: auth })));
    expect(profile).toMatchObject({ phonePrefix: '+358', phoneBody: number.phoneBody });
    // Single use.
    await expectError(await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId, code }, auth), 400, 'sms.code.invalid');
  });

  it('saves the number last asked for when the player changes their mind', async () => {
    const { auth } = await loggedIn();
    const first = newNumber();
    const second = newNumber();
    const id = await requestChange(auth, first);
    expect(await requestChange(auth, second)).toBe(id);
    const code = await lastCode(app, second.mobilePhone);
    expect((await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId: id, code }, auth)).status).toBe(200);
    const profile = v.parse(playerProfileSchema, await json(await app.request('/api/player/profile', { headers: auth })));
    expect(profile.phoneBody).toBe(second.phoneBody);
  });

  it('refuses another player’s verification id as an invalid code', async () => {
    const owner = await loggedIn();
    const intruder = await loggedIn();
    const number = newNumber();
    const smsVerificationId = await requestChange(owner.auth, number);
    const code = await lastCode(app, number.mobilePhone);
    await expectError(await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId, code }, intruder.auth), 400, 'sms.code.invalid');
    expect((await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId, code }, owner.auth)).status).toBe(200);
  });

  it('answers sms.code.invalid for a wrong code and 429 on the 5th', async () => {
    const { auth } = await loggedIn();
    const number = newNumber();
    const smsVerificationId = await requestChange(auth, number);
    const code = await lastCode(app, number.mobilePhone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expectError(await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId, code: wrong }, auth), 400, 'sms.code.invalid');
    }
    await expectError(await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId, code: wrong }, auth), 429, 'sms.max.attempts.reached');
  });

  it('sends at most 3 codes per player', async () => {
    const { auth } = await loggedIn();
    for (let send = 1; send <= 3; send += 1) await requestChange(auth, newNumber());
    await expectError(await postJson(app, '/api/player/phone_number/sms_request', newNumber(), auth), 429, 'sms.max.attempts.reached');
  });

  it('refuses a number the SMS provider rejects with 403 error.vonage.validation', async () => {
    const { auth } = await loggedIn();
    for (const phoneBody of ['0000000', '000123456']) {
      await expectError(await postJson(app, '/api/player/phone_number/sms_request', { phonePrefix: '+358', phoneBody }, auth), 403, 'error.vonage.validation');
    }
  });
});

describe('authentication', () => {
  it('needs a bearer id token', async () => {
    await expectError(await postJson(app, '/api/player/phone_number/sms_request', newNumber()), 401, 'error.token.invalid');
    await expectError(await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId: 'x', code: '123456' }), 401, 'error.token.invalid');
    await expectError(
      await postJson(app, '/api/player/phone_number/sms_request', newNumber(), { Authorization: 'Bearer not.a.token' }),
      401,
      'error.token.invalid',
    );
  });
});

describe('bad input: 4xx with a code, never 5xx', () => {
  it.each([
    ['/api/player/phone_number/sms_request', { phonePrefix: '+999', phoneBody: '401234567' }, { phonePrefix: 'validation.phone' }],
    ['/api/player/phone_number/sms_request', { phonePrefix: '+358', phoneBody: "40'; DROP TABLE players;--" }, { phoneBody: 'validation.phone' }],
    ['/api/player/phone_number/sms_request', { phonePrefix: '+358', phoneBody: '4'.repeat(100) }, { phoneBody: 'validation.too_long' }],
    ['/api/player/phone_number/sms_request', {}, { phonePrefix: 'validation.required', phoneBody: 'validation.required' }],
    ['/api/player/phone_number/sms_verification', { smsVerificationId: '<script>', code: '123456' }, { smsVerificationId: 'validation.invalid' }],
    ['/api/player/phone_number/sms_verification', { smsVerificationId: 'abc' }, { code: 'validation.required' }],
  ])('%s %j', async (path, body, expected) => {
    const { auth } = await loggedIn();
    expect(await expectFieldErrors(await postJson(app, path, body, auth))).toEqual(expected);
  });

  it('refuses a body that is not a JSON object', async () => {
    const { auth } = await loggedIn();
    for (const path of ['/api/player/phone_number/sms_request', '/api/player/phone_number/sms_verification']) {
      for (const body of ['nope', '[]', '']) await expectError(await postJson(app, path, body, auth), 400, 'error.request.invalid');
    }
  });

  it('answers an unknown verification id with sms.code.invalid', async () => {
    const { auth } = await loggedIn();
    await expectError(await postJson(app, '/api/player/phone_number/sms_verification', { smsVerificationId: 'unknown', code: '123456' }, auth), 400, 'sms.code.invalid');
  });
});
