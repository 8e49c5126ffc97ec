import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginResponseSchema, parseIdToken } from '../../src/api/auth';
import { captchaSchema } from '../../src/api/captcha';
import { codeSentSchema } from '../../src/api/player';
import { DEFAULT_CAPTCHA_SECRET, readConfig } from '../../server/config';
import { createPlayerStore } from '../../server/services/players';
import { SESSION_COOKIE } from '../../server/services/sessions';
import { VERIFICATION_BY_COUNTRY } from '../../server/domain/verification';
import {
  CAPTCHA,
  bearer,
  expectError,
  expectFieldErrors,
  lastCode,
  postJson,
  postRegistration,
  putJson,
  register,
  registrationBody,
  uniqueDetails,
} from './helpers/identity';
import { json, useTestPlatform } from './helpers/platform';

// Registration (behaviour.md §4 "Sign-up", §5, §7, §8 "Sign-up and reset"; product.md §3
// "Registration"): captcha, validation, the country and duplicate checks, SMS / e-mail / no
// verification by country, completion with the automatic login.

const env = useTestPlatform();

const players = () => createPlayerStore(env.platform.database.db);

async function playerCount(): Promise<number> {
  const row = await env.platform.database.db
    .selectFrom('players')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('captcha', () => {
  it('POST /api/captcha/solve answers the configured token', async () => {
    const response = await env.app.request('/api/captcha/solve', { method: 'POST' });
    expect(response.status).toBe(200);
    expect(v.parse(captchaSchema, await json(response)).token).toBe(DEFAULT_CAPTCHA_SECRET);
    const custom = env.platform.app({ captchaSecret: 'operator-secret' });
    expect(await json(await custom.request('/api/captcha/solve', { method: 'POST' }))).toEqual({ token: 'operator-secret' });
  });

  it('reads CAPTCHA_SECRET from the environment, with a fixed test default', () => {
    expect(readConfig({}).captchaSecret).toBe(DEFAULT_CAPTCHA_SECRET);
    expect(readConfig({ CAPTCHA_SECRET: ' s3cret ' }).captchaSecret).toBe('s3cret');
  });

  it.each([
    ['missing', {}],
    ['empty', { hcaptchaToken: '' }],
    ['wrong', { hcaptchaToken: 'guess' }],
    ['another platform’s', { hcaptchaToken: `${DEFAULT_CAPTCHA_SECRET}x` }],
  ])('refuses a %s token with 403 error.captcha.validation before reading the body', async (_name, headers) => {
    const before = await playerCount();
    await expectError(await postRegistration(env.app, registrationBody(), headers), 403, 'error.captcha.validation');
    await expectError(await postRegistration(env.app, 'not json', headers), 403, 'error.captcha.validation');
    expect(await playerCount()).toBe(before);
  });

  it('checks against the configured secret', async () => {
    const custom = env.platform.app({ captchaSecret: 'operator-secret' });
    await expectError(await postRegistration(custom, registrationBody()), 403, 'error.captcha.validation');
    const ok = await postRegistration(custom, registrationBody(), { hcaptchaToken: 'operator-secret' });
    expect(ok.status).toBe(201);
  });
});

describe('POST /api/player/registration', () => {
  it('creates a PRE_REGISTERED player with the country’s currency and answers 201 { playerId, token, verification }', async () => {
    const { playerId, token, verification, body } = await register(env.app, {
      bonusCode: 'WELCOME100',
      affiliate: { aff_id: 'aff-42', appsflyer_token: 'af-token' },
      marketingOptIn: true,
    });
    expect(verification).toBe('SMS');
    expect(token.length).toBeGreaterThanOrEqual(40);
    const player = await players().findById(playerId);
    expect(player).toMatchObject({
      email: body.email,
      first_name: 'Aino',
      last_name: body.lastName,
      phone_prefix: '+358',
      phone_body: body.phoneBody,
      country_code: 'FI',
      language_code: 'fi',
      currency_code: 'EUR',
      status: 'PRE_REGISTERED',
      terms_accepted_version: body.termsAndConditionsAcceptedVersion,
      marketing_opt_in: true,
      cookie_policy_accepted: true,
      bonus_code: 'WELCOME100',
      affiliate: { aff_id: 'aff-42', appsflyer_token: 'af-token' },
    });
    expect(player?.password_hash).toMatch(/^scrypt\$/);
    // The token is stored hashed only.
    const registration = await env.platform.database.db.selectFrom('registrations').selectAll().where('player_id', '=', playerId).executeTakeFirstOrThrow();
    expect(registration.token_hash).not.toContain(token);
    expect(registration.token_hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('stores caf as fr (behaviour.md §5) and takes the currency from the country', async () => {
    const { playerId } = await register(env.app, { countryCode: 'CA', phonePrefix: '+1', phoneBody: '4165550123', mobilePhone: '+14165550123', languageCode: 'caf' });
    expect(await players().findById(playerId)).toMatchObject({ language_code: 'fr', currency_code: 'CAD', country_code: 'CA' });
  });

  it('stores inen as en', async () => {
    const { playerId, verification } = await register(env.app, { countryCode: 'IN', phonePrefix: '+91', phoneBody: '9876500001', mobilePhone: '+919876500001', languageCode: 'inen' });
    expect(verification).toBe('EMAIL');
    expect(await players().findById(playerId)).toMatchObject({ language_code: 'en', currency_code: 'INR' });
  });

  it('verifies by SMS in most countries, by e-mail in IN and not at all in MT', () => {
    expect(VERIFICATION_BY_COUNTRY).toEqual({ IN: 'EMAIL', MT: 'NONE' });
  });

  it('accepts a phone body typed with spaces and dashes', async () => {
    const body = registrationBody();
    const spaced = `${body.phoneBody.slice(0, 2)} ${body.phoneBody.slice(2, 5)}-${body.phoneBody.slice(5)}`;
    const response = await postRegistration(env.app, { ...body, phoneBody: spaced, mobilePhone: `${body.phonePrefix} ${spaced}` });
    expect(response.status).toBe(201);
    const { playerId } = v.parse(v.object({ playerId: v.number() }), await json(response));
    expect((await players().findById(playerId))?.phone_body).toBe(body.phoneBody);
  });

  describe('field validation: 400 error.validation with field codes', () => {
    it.each([
      ['a malformed e-mail', { email: 'not-an-email' }, { email: 'validation.email' }],
      ['an e-mail with SQL in it', { email: "x'; DROP TABLE players;--@example.com" }, { email: 'validation.email' }],
      ['a short password', { password: 'Ab1' }, { password: 'error.password.too_short' }],
      ['a password without a digit', { password: 'NoDigitsHere' }, { password: 'error.password.digit_required' }],
      ['a password without a letter', { password: '1234567890' }, { password: 'error.password.letter_required' }],
      ['a huge password', { password: `A1${'x'.repeat(200)}` }, { password: 'error.password.too_long' }],
      ['an empty first name', { firstName: '   ' }, { firstName: 'validation.required' }],
      ['a name that is SQL', { lastName: "Robert'); DROP TABLE players;--" }, { lastName: 'validation.name' }],
      ['a name with markup', { firstName: '<script>alert(1)</script>' }, { firstName: 'validation.name' }],
      ['an oversized name', { firstName: 'A'.repeat(5000) }, { firstName: 'validation.too_long' }],
      ['terms not accepted', { termsAndConditions: false }, { termsAndConditions: 'validation.terms' }],
      ['an old terms version', { termsAndConditionsAcceptedVersion: 1 }, { termsAndConditionsAcceptedVersion: 'validation.terms_version' }],
      ['an unknown language', { languageCode: 'xx' }, { languageCode: 'validation.language' }],
      ['a country that is not a code', { countryCode: 'USA' }, { countryCode: 'validation.country' }],
      ['an unknown phone prefix', { phonePrefix: '+999', mobilePhone: '+999401234567' }, { phonePrefix: 'validation.phone' }],
      ['letters in the phone', { phoneBody: '40abc567', mobilePhone: '+35840abc567' }, { phoneBody: 'validation.phone' }],
      ['a mobilePhone that is not prefix + body', { mobilePhone: '+358409999999' }, { mobilePhone: 'validation.phone' }],
      ['a cpf that is not 11 digits', { cpf: '123' }, { cpf: 'validation.cpf' }],
      ['a boolean as a string', { marketingOptIn: 'yes' }, { marketingOptIn: 'validation.invalid' }],
      ['an affiliate id too long', { affiliate: { aff_id: 'a'.repeat(500) } }, { 'affiliate.aff_id': 'validation.too_long' }],
    ])('%s', async (_name, overrides, expected) => {
      const before = await playerCount();
      const fields = await expectFieldErrors(await postRegistration(env.app, { ...registrationBody(), ...overrides }));
      expect(fields).toMatchObject(expected);
      expect(await playerCount()).toBe(before);
    });

    it('lists every missing field as validation.required', async () => {
      const fields = await expectFieldErrors(await postRegistration(env.app, {}));
      for (const field of ['firstName', 'lastName', 'email', 'password', 'mobilePhone', 'phonePrefix', 'phoneBody', 'countryCode', 'termsAndConditions']) {
        expect(fields[field], field).toBe('validation.required');
      }
    });

    it('asks Brazil for a CPF', async () => {
      const fields = await expectFieldErrors(
        await postRegistration(env.app, registrationBody({ countryCode: 'BR', phonePrefix: '+55', phoneBody: '11987650001', mobilePhone: '+5511987650001', languageCode: 'br' })),
      );
      expect(fields).toEqual({ cpf: 'validation.required' });
    });
  });

  describe('a 400 without field errors: error.signup.unhandled', () => {
    it.each([
      ['not JSON', 'this is not json'],
      ['empty', ''],
      ['a JSON array', '[1,2,3]'],
      ['a JSON string', '"hello"'],
      ['null', 'null'],
    ])('%s', async (_name, body) => {
      const answer = await expectError(await postRegistration(env.app, body), 400, 'error.signup.unhandled');
      expect(answer.errors).toBeUndefined();
    });

    it('refuses a body over 16 KiB with 413 before parsing it', async () => {
      await expectError(
        await postRegistration(env.app, { ...registrationBody(), padding: 'x'.repeat(20_000) }),
        413,
        'error.request.invalid',
      );
    });
  });

  it.each(['US', 'SE', 'AU'])('refuses %s with 403 error.country.blocked', async (countryCode) => {
    await expectError(await postRegistration(env.app, registrationBody({ countryCode })), 403, 'error.country.blocked');
  });

  it.each(['000000000', '0001234567', '0000'])('refuses a phone the SMS provider rejects (%s) with 403 error.vonage.validation', async (phoneBody) => {
    await expectError(await postRegistration(env.app, registrationBody({ phoneBody, mobilePhone: `+358${phoneBody}` })), 403, 'error.vonage.validation');
  });

  describe('duplicates: 409', () => {
    it('an e-mail already registered, whatever its case', async () => {
      const { body } = await register(env.app);
      await expectError(await postRegistration(env.app, registrationBody({ email: body.email.toUpperCase() })), 409, 'error.registration.player_already_exists');
      await expectError(await postRegistration(env.app, registrationBody({ email: 'player@example.com' })), 409, 'error.registration.player_already_exists');
    });

    it('the same first and last name with the same phone', async () => {
      const { body } = await register(env.app);
      const again = registrationBody({
        firstName: body.firstName.toUpperCase(),
        lastName: body.lastName.toLowerCase(),
        phoneBody: body.phoneBody,
        mobilePhone: body.mobilePhone,
      });
      await expectError(await postRegistration(env.app, again), 409, 'error.same.customer.info.detected');
    });

    it('a CPF already registered (Brazil), as a field error on cpf', async () => {
      const brazil = { countryCode: 'BR', phonePrefix: '+55', languageCode: 'br' } as const;
      const first = await register(env.app, { ...brazil, phoneBody: '11987650002', mobilePhone: '+5511987650002', cpf: '123.456.789-09' });
      expect(await players().findById(first.playerId)).toMatchObject({ cpf: '12345678909', currency_code: 'BRL' });
      const answer = await expectError(
        await postRegistration(env.app, registrationBody({ ...brazil, phoneBody: '11987650003', mobilePhone: '+5511987650003', cpf: '12345678909' })),
        409,
        'error.cpf.duplicate_found',
      );
      expect(answer.errors).toEqual([{ field: 'cpf', code: 'error.cpf.duplicate_found' }]);
    });

    it('the same registration sent again while it is open is answered again, with a new secret (issue 21: a retry after no answer)', async () => {
      const first = await register(env.app);
      const replay = await postRegistration(env.app, first.body);
      expect(replay.status).toBe(201);
      const answer = (await json(replay)) as { playerId: number; token: string; verification: string };
      expect(answer).toMatchObject({ playerId: first.playerId, verification: 'SMS' });
      expect(answer.token).not.toBe(first.token);
      // The lost answer's secret opens nothing; the new one goes on to verification.
      await expectError(await postJson(env.app, '/api/player/registration/sms_request', { playerId: first.playerId, token: first.token }), 400, 'error.registration.token.invalid');
      expect((await postJson(env.app, '/api/player/registration/sms_request', { playerId: first.playerId, token: answer.token })).status).toBe(200);
      // Another password or other details are a duplicate, not a replay.
      await expectError(await postRegistration(env.app, { ...first.body, password: 'Another-Secret-9' }), 409, 'error.registration.player_already_exists');
      await expectError(await postRegistration(env.app, { ...first.body, firstName: 'Someone' }), 409, 'error.registration.player_already_exists');
    });

    it('a completed registration sent again is a duplicate', async () => {
      const { playerId, token, body } = await register(env.app, { countryCode: 'MT', phonePrefix: '+356', phoneBody: '79000123', mobilePhone: '+35679000123' });
      expect((await putJson(env.app, '/api/player/registration', { playerId, token })).status).toBe(200);
      await expectError(await postRegistration(env.app, body), 409, 'error.registration.player_already_exists');
    });

    it('two registrations with one e-mail at once: one wins', async () => {
      const body = registrationBody();
      const other = registrationBody({ email: body.email });
      const responses = await Promise.all([postRegistration(env.app, body), postRegistration(env.app, other)]);
      expect(responses.map((response) => response.status).sort()).toEqual([201, 409]);
      const loser = responses.find((response) => response.status === 409);
      if (loser) await expectError(loser, 409, 'error.registration.player_already_exists');
    });
  });
});

describe('SMS verification and completion', () => {
  it('sends a code to the phone, verifies it and completes with the automatic login', async () => {
    const { playerId, token, body } = await register(env.app);
    const sent = await postJson(env.app, '/api/player/registration/sms_request', { playerId, token });
    expect(sent.status).toBe(200);
    expect(v.parse(codeSentSchema, await json(sent)).sentTo).toBe(`+358 ${body.phoneBody.slice(0, 2)} *** ${body.phoneBody.slice(-2)}`);
    const code = await lastCode(env.app, body.mobilePhone);

    // Completing before the verification is refused.
    await expectError(await putJson(env.app, '/api/player/registration', { playerId, token }), 400, 'error.registration.verification.required');

    const wrong = code === '000000' ? '111111' : '000000';
    await expectError(await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code: wrong }), 400, 'sms.code.invalid');
    const verified = await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code });
    expect(verified.status).toBe(200);
    expect(await json(verified)).toEqual({ ok: true });
    // A replayed code is invalid.
    await expectError(await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code }), 400, 'sms.code.invalid');

    const completed = await putJson(env.app, '/api/player/registration', { playerId, token });
    expect(completed.status).toBe(200);
    const login = v.parse(loginResponseSchema, await json(completed));
    expect(login.lastAuth).toBeNull();
    const claims = parseIdToken(login.idToken);
    expect(claims).toMatchObject({ playerId, email: body.email, countryCode: 'FI', language: 'fi', loginMethod: 'REGISTRATION' });
    const cookie = completed.headers.get('set-cookie') ?? '';
    expect(cookie).toContain(`${SESSION_COOKIE}=`);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    expect((await players().findById(playerId))?.status).toBe('REGISTERED');

    // The id token works on the player's own calls.
    const profile = await env.app.request('/api/player/profile', { headers: bearer(login.idToken) });
    expect(profile.status).toBe(200);
    // The registration is over: its token opens nothing any more.
    await expectError(await putJson(env.app, '/api/player/registration', { playerId, token }), 400, 'error.registration.token.invalid');
    await expectError(await postJson(env.app, '/api/player/registration/sms_request', { playerId, token }), 400, 'error.registration.token.invalid');

    // And the player logs in with the password they chose.
    const again = await postJson(env.app, '/api/player/login', { email: body.email, password: body.password });
    expect(again.status).toBe(200);
  });

  it('answers 429 sms.max.attempts.reached after 5 wrong codes, and after 3 sends', async () => {
    const { playerId, token, body } = await register(env.app);
    expect((await postJson(env.app, '/api/player/registration/sms_request', { playerId, token })).status).toBe(200);
    const code = await lastCode(env.app, body.mobilePhone);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      await expectError(await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code: wrong }), 400, 'sms.code.invalid');
    }
    await expectError(await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code: wrong }), 429, 'sms.max.attempts.reached');
    await expectError(await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code }), 429, 'sms.max.attempts.reached');
    await expectError(await postJson(env.app, '/api/player/registration/sms_request', { playerId, token }), 429, 'sms.max.attempts.reached');

    const other = await register(env.app);
    for (let send = 1; send <= 3; send += 1) {
      expect((await postJson(env.app, '/api/player/registration/sms_request', { playerId: other.playerId, token: other.token })).status).toBe(200);
    }
    await expectError(await postJson(env.app, '/api/player/registration/sms_request', { playerId: other.playerId, token: other.token }), 429, 'sms.max.attempts.reached');
  });

  it.each([
    ['a wrong token', (ref: { playerId: number; token: string }) => ({ ...ref, token: `${ref.token.slice(0, -2)}xx` })],
    ['another player’s id', (ref: { playerId: number; token: string }) => ({ ...ref, playerId: ref.playerId + 100_000 })],
    ['a token with SQL in it', (ref: { playerId: number; token: string }) => ({ ...ref, token: "' OR '1'='1" })],
  ])('refuses %s with 400 error.registration.token.invalid or error.validation', async (_name, tamper) => {
    const { playerId, token } = await register(env.app);
    const response = await postJson(env.app, '/api/player/registration/sms_request', tamper({ playerId, token }));
    expect(response.status).toBe(400);
    const body = v.parse(v.object({ code: v.string() }), await json(response));
    expect(['error.registration.token.invalid', 'error.validation']).toContain(body.code);
  });

  it.each([
    ['not JSON', 'nope'],
    ['no token', { playerId: 1 }],
    ['a string id', { playerId: '1', token: 'abc' }],
    ['a fractional id', { playerId: 1.5, token: 'abc' }],
    ['a huge id', { playerId: 1e20, token: 'abc' }],
    ['an oversized token', { playerId: 1, token: 'a'.repeat(5000) }],
  ])('answers 400 for %s on every registration sub-call', async (_name, body) => {
    for (const path of ['sms_request', 'email_request', 'sms_verification', 'email_verification', 'phone']) {
      const response = await postJson(env.app, `/api/player/registration/${path}`, body);
      expect(response.status, path).toBe(400);
    }
    const put = await env.app.request('/api/player/registration', { method: 'PUT', body: typeof body === 'string' ? body : JSON.stringify(body) });
    expect(put.status).toBe(400);
  });

  it('refuses an oversized code as a field error', async () => {
    const { playerId, token } = await register(env.app);
    const fields = await expectFieldErrors(await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code: '1'.repeat(100) }));
    expect(fields).toEqual({ code: 'validation.too_long' });
  });
});

describe('another phone before the completion (behaviour.md §4: the SMS flags reset)', () => {
  const changePhone = (body: unknown) => postJson(env.app, '/api/player/registration/phone', body);
  const smsRequest = (ref: { playerId: number; token: string }) => postJson(env.app, '/api/player/registration/sms_request', ref);
  const newPhone = () => uniqueDetails().phoneBody;

  it('moves the registration to the new phone: the old code stops working, the new number gets its own', async () => {
    const { playerId, token, body } = await register(env.app);
    expect((await smsRequest({ playerId, token })).status).toBe(200);
    const oldCode = await lastCode(env.app, body.mobilePhone);

    const phoneBody = newPhone();
    const changed = await changePhone({ playerId, token, phonePrefix: '+358', phoneBody: `${phoneBody.slice(0, 2)} ${phoneBody.slice(2)}` });
    expect(changed.status).toBe(200);
    expect(await json(changed)).toEqual({ ok: true });
    expect(await players().findById(playerId)).toMatchObject({ phone_prefix: '+358', phone_body: phoneBody, status: 'PRE_REGISTERED' });
    await expectError(await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code: oldCode }), 400, 'sms.code.invalid');

    const sent = await smsRequest({ playerId, token });
    expect(v.parse(codeSentSchema, await json(sent)).sentTo).toBe(`+358 ${phoneBody.slice(0, 2)} *** ${phoneBody.slice(-2)}`);
    const code = await lastCode(env.app, `+358${phoneBody}`);
    expect((await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code })).status).toBe(200);
    const completed = await putJson(env.app, '/api/player/registration', { playerId, token });
    expect(completed.status).toBe(200);
    expect(await players().findById(playerId)).toMatchObject({ phone_body: phoneBody, status: 'REGISTERED' });
    // Completed: the phone of the registration is no longer for changing here.
    await expectError(await changePhone({ playerId, token, phonePrefix: '+358', phoneBody: newPhone() }), 400, 'error.registration.token.invalid');
  });

  it('starts the send and attempt counts afresh, for three phones an hour at most', async () => {
    const { playerId, token } = await register(env.app);
    for (let phone = 1; phone <= 3; phone += 1) {
      for (let send = 1; send <= 3; send += 1) expect((await smsRequest({ playerId, token })).status).toBe(200);
      await expectError(await smsRequest({ playerId, token }), 429, 'sms.max.attempts.reached');
      if (phone < 3) expect((await changePhone({ playerId, token, phonePrefix: '+358', phoneBody: newPhone() })).status).toBe(200);
    }
    const before = await players().findById(playerId);
    await expectError(await changePhone({ playerId, token, phonePrefix: '+358', phoneBody: newPhone() }), 429, 'sms.max.attempts.reached');
    expect((await players().findById(playerId))?.phone_body).toBe(before?.phone_body);
  });

  it('changes nothing for the same phone again (no fresh counts)', async () => {
    const { playerId, token, body } = await register(env.app);
    for (let send = 1; send <= 3; send += 1) expect((await smsRequest({ playerId, token })).status).toBe(200);
    const same = await changePhone({ playerId, token, phonePrefix: body.phonePrefix, phoneBody: body.phoneBody });
    expect(same.status).toBe(200);
    await expectError(await smsRequest({ playerId, token }), 429, 'sms.max.attempts.reached');
  });

  it('asks the new phone to be verified even when the old one was', async () => {
    const { playerId, token, body } = await register(env.app);
    await smsRequest({ playerId, token });
    const code = await lastCode(env.app, body.mobilePhone);
    expect((await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code })).status).toBe(200);
    expect((await changePhone({ playerId, token, phonePrefix: '+358', phoneBody: newPhone() })).status).toBe(200);
    await expectError(await putJson(env.app, '/api/player/registration', { playerId, token }), 400, 'error.registration.verification.required');
  });

  it('refuses a phone the SMS provider rejects with 403 error.vonage.validation, keeping the old one', async () => {
    const { playerId, token, body } = await register(env.app);
    await expectError(await changePhone({ playerId, token, phonePrefix: '+358', phoneBody: '000123456' }), 403, 'error.vonage.validation');
    expect((await players().findById(playerId))?.phone_body).toBe(body.phoneBody);
  });

  it('refuses the name and phone of another player with 409 error.same.customer.info.detected', async () => {
    const first = await register(env.app);
    const { playerId, token } = await register(env.app, { lastName: first.body.lastName });
    await expectError(
      await changePhone({ playerId, token, phonePrefix: first.body.phonePrefix, phoneBody: first.body.phoneBody }),
      409,
      'error.same.customer.info.detected',
    );
  });

  it('refuses a wrong token or another player’s id', async () => {
    const { playerId, token } = await register(env.app);
    const other = await register(env.app);
    await expectError(await changePhone({ playerId, token: `${token.slice(0, -2)}xx`, phonePrefix: '+358', phoneBody: newPhone() }), 400, 'error.registration.token.invalid');
    await expectError(await changePhone({ playerId: other.playerId, token, phonePrefix: '+358', phoneBody: newPhone() }), 400, 'error.registration.token.invalid');
    expect((await players().findById(other.playerId))?.phone_body).toBe(other.body.phoneBody);
  });

  it.each([
    ['an unknown prefix', { phonePrefix: '+999' }, { phonePrefix: 'validation.phone' }],
    ['a prefix without its plus', { phonePrefix: '358' }, { phonePrefix: 'validation.phone' }],
    ['letters in the phone', { phoneBody: '40abc567' }, { phoneBody: 'validation.phone' }],
    ['a phone that is too short', { phoneBody: '123' }, { phoneBody: 'validation.phone' }],
    ['an oversized phone', { phoneBody: '4'.repeat(5000) }, { phoneBody: 'validation.too_long' }],
    ['SQL in the phone', { phoneBody: "40'; DROP TABLE players;--" }, { phoneBody: 'validation.phone' }],
    ['a number as the phone', { phoneBody: 401234567 }, { phoneBody: 'validation.invalid' }],
    ['no phone', { phonePrefix: undefined, phoneBody: undefined }, { phonePrefix: 'validation.required', phoneBody: 'validation.required' }],
  ])('answers 400 error.validation for %s', async (_name, overrides, expected) => {
    const { playerId, token, body } = await register(env.app);
    const fields = await expectFieldErrors(await changePhone({ playerId, token, phonePrefix: '+358', phoneBody: newPhone(), ...overrides }));
    expect(fields).toEqual(expected);
    expect((await players().findById(playerId))?.phone_body).toBe(body.phoneBody);
  });
});

describe('e-mail verification (IN)', () => {
  it('sends the code by e-mail and completes after it', async () => {
    const { playerId, token, verification, body } = await register(env.app, {
      countryCode: 'IN',
      phonePrefix: '+91',
      phoneBody: '9876500002',
      mobilePhone: '+919876500002',
      languageCode: 'inen',
    });
    expect(verification).toBe('EMAIL');
    const sent = await postJson(env.app, '/api/player/registration/email_request', { playerId, token });
    expect(v.parse(codeSentSchema, await json(sent)).sentTo).toBe(`${body.email.charAt(0)}***@example.com`);
    const code = await lastCode(env.app, body.email);
    await expectError(await putJson(env.app, '/api/player/registration', { playerId, token }), 400, 'error.registration.verification.required');
    // An SMS code does not stand in for the e-mail one.
    expect((await postJson(env.app, '/api/player/registration/sms_request', { playerId, token })).status).toBe(200);
    const smsCode = await lastCode(env.app, body.mobilePhone);
    expect((await postJson(env.app, '/api/player/registration/sms_verification', { playerId, token, code: smsCode })).status).toBe(200);
    await expectError(await putJson(env.app, '/api/player/registration', { playerId, token }), 400, 'error.registration.verification.required');

    expect((await postJson(env.app, '/api/player/registration/email_verification', { playerId, token, code })).status).toBe(200);
    const completed = await putJson(env.app, '/api/player/registration', { playerId, token });
    expect(completed.status).toBe(200);
    expect(parseIdToken(v.parse(loginResponseSchema, await json(completed)).idToken).playerId).toBe(playerId);
  });
});

describe('no verification (MT)', () => {
  it('completes at once with the automatic login', async () => {
    const { playerId, token, verification } = await register(env.app, { countryCode: 'MT', phonePrefix: '+356', phoneBody: '79000001', mobilePhone: '+35679000001', languageCode: 'en' });
    expect(verification).toBe('NONE');
    const completed = await putJson(env.app, '/api/player/registration', { playerId, token });
    expect(completed.status).toBe(200);
    expect(completed.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
    expect((await players().findById(playerId))?.status).toBe('REGISTERED');
  });

  it('completes once under two concurrent calls', async () => {
    const { playerId, token } = await register(env.app, { countryCode: 'MT', phonePrefix: '+356', phoneBody: '79000002', mobilePhone: '+35679000002', languageCode: 'en' });
    const results = await Promise.all([putJson(env.app, '/api/player/registration', { playerId, token }), putJson(env.app, '/api/player/registration', { playerId, token })]);
    expect(results.map((response) => response.status).sort()).toEqual([200, 400]);
  });
});

describe('the players table is intact after all the bad input', () => {
  it('still answers and still has the seeded players', async () => {
    expect(await players().findByEmail('player@example.com')).toBeDefined();
    expect(CAPTCHA.hcaptchaToken).toBe(DEFAULT_CAPTCHA_SECRET);
  });
});
