import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { loginHistoryResponseSchema } from '../../src/api/account';
import { loginResponseSchema } from '../../src/api/auth';
import { challengeSchema, recoveryCodesSchema, secondFactorStatusSchema, totpEnrolmentSchema } from '../../src/api/secondFactor';
import { SEEDED_PASSWORD } from '../../server/services/seed-players';
import { json, useTestPlatform } from './helpers/platform';
import { credit, newKey, playerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The account's second factor (issue 23; src/api/secondFactor.ts, server/services/second-factor.ts):
// an authenticator app (a wrong, a right and a reused code), recovery codes (each once), passkeys
// with a software authenticator (registration and login), the factor asked at login from a new
// browser and not from a remembered one, the lost-device path (the unlock link remembers the
// browser), a withdrawal to a new payment method, and bad input answered with catalogue codes.

const ORIGIN = 'http://localhost';
const BASE = '/api/player/second_factor';

const env = useTestPlatform();

function post(path: string, body: unknown, options: { token?: string; cookie?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Origin: ORIGIN };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.cookie) headers.Cookie = options.cookie;
  return Promise.resolve(env.app.request(path, { method: 'POST', headers, body: JSON.stringify(body) }));
}

async function ok<T>(response: Response, schema: v.GenericSchema<unknown, T>): Promise<T> {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(schema, await json(response));
}

async function errorOf(response: Response): Promise<{ status: number; code: string; details: Record<string, unknown> }> {
  const body = (await json(response)) as { code: string; details?: Record<string, unknown> };
  return { status: response.status, code: body.code, details: body.details ?? {} };
}

function deviceCookieOf(response: Response): string | undefined {
  const header = response.headers.get('set-cookie') ?? '';
  const match = /aurora_device=([^;]+)/.exec(header);
  return match ? `aurora_device=${match[1] ?? ''}` : undefined;
}

const login = (email: string, cookie?: string) => post('/api/player/login', { email, password: SEEDED_PASSWORD }, cookie ? { cookie } : {});

function codeAt(secret: string, at: number): string {
  return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** Turns the authenticator app on: the secret and the recovery codes shown once. */
async function withTotp(player: WalletPlayer): Promise<{ secret: string; recoveryCodes: string[] }> {
  const { secret, uri } = await ok(await post(`${BASE}/totp/enrol`, {}, { token: player.token }), totpEnrolmentSchema);
  expect(uri).toContain(`secret=${secret}`);
  expect(uri).toContain('issuer=Aurora%20Play');
  // The code of the step before: inside the ±1 window, and leaves the current step free for the login.
  const { recoveryCodes } = await ok(await post(`${BASE}/totp/confirm`, { code: codeAt(secret, Date.now() - 30_000) }, { token: player.token }), recoveryCodesSchema);
  expect(recoveryCodes).toHaveLength(10);
  return { secret, recoveryCodes: recoveryCodes ?? [] };
}

/** A login that is asked for the factor: its challenge. */
async function challengedLogin(email: string, cookie?: string): Promise<{ challengeToken: string; methods: string[] }> {
  const response = await login(email, cookie);
  const error = await errorOf(response);
  expect(error.status).toBe(428);
  expect(error.code).toBe('error.second_factor.required');
  expect(response.headers.get('set-cookie') ?? '').not.toContain('aurora_session');
  return v.parse(challengeSchema, error.details);
}

describe('the authenticator app (TOTP)', () => {
  it('is off until a right first code; a wrong first code turns nothing on', async () => {
    const player = await walletPlayer(env.platform, env.app);
    expect(await ok(await Promise.resolve(env.app.request(BASE, { headers: { Authorization: `Bearer ${player.token}` } })), secondFactorStatusSchema)).toEqual({
      totp: false,
      passkeys: 0,
      recoveryCodesLeft: 0,
    });
    const { secret } = await ok(await post(`${BASE}/totp/enrol`, {}, { token: player.token }), totpEnrolmentSchema);
    const wrong = String((Number(codeAt(secret, Date.now())) + 500_000) % 1_000_000).padStart(6, '0');
    expect(await errorOf(await post(`${BASE}/totp/confirm`, { code: wrong }, { token: player.token }))).toMatchObject({ status: 400, code: 'error.second_factor.invalid' });
    expect((await login(player.email)).status).toBe(200);
  });

  it('asks a new browser for the factor: a wrong code is refused, a right one logs in, the same code again is refused', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const { secret } = await withTotp(player);
    const { challengeToken, methods } = await challengedLogin(player.email);
    expect(methods).toEqual(['totp', 'recovery']);
    const right = codeAt(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'totp', code: wrong }));
    expect(refused).toMatchObject({ status: 400, code: 'error.second_factor.invalid' });
    expect(refused.details.attemptsLeft).toBeTypeOf('number');
    const accepted = await post(`${BASE}/login`, { challengeToken, method: 'totp', code: right });
    await ok(accepted, loginResponseSchema);
    expect(accepted.headers.get('set-cookie')).toContain('aurora_session');
    expect(deviceCookieOf(accepted)).toBeDefined();
    // The token is used; a new login's challenge does not take the same code within its window.
    expect(await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'totp', code: right }))).toMatchObject({ code: 'error.second_factor.challenge_invalid' });
    const again = await challengedLogin(player.email);
    expect(await errorOf(await post(`${BASE}/login`, { challengeToken: again.challengeToken, method: 'totp', code: right }))).toMatchObject({
      status: 400,
      code: 'error.second_factor.invalid',
    });
  });

  it('lists a login in the login history only once its factor let it through', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const { secret } = await withTotp(player);
    const history = async (): Promise<unknown[]> =>
      (await ok(await Promise.resolve(env.app.request('/api/player/login_history', { headers: { Authorization: `Bearer ${player.token}` } })), loginHistoryResponseSchema)).logins;
    const before = (await history()).length;
    const { challengeToken } = await challengedLogin(player.email);
    expect(await history()).toHaveLength(before);
    await ok(await post(`${BASE}/login`, { challengeToken, method: 'totp', code: codeAt(secret, Date.now()) }), loginResponseSchema);
    expect(await history()).toHaveLength(before + 1);
  });

  it('does not ask a remembered browser, asks another one', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const { secret } = await withTotp(player);
    const { challengeToken } = await challengedLogin(player.email);
    const accepted = await post(`${BASE}/login`, { challengeToken, method: 'totp', code: codeAt(secret, Date.now()) });
    await ok(accepted, loginResponseSchema);
    const cookie = deviceCookieOf(accepted);
    expect((await login(player.email, cookie)).status).toBe(200);
    await challengedLogin(player.email);
    await challengedLogin(player.email, 'aurora_device=not-a-known-device');
    // Another player's remembered browser is not this player's.
    const other = await walletPlayer(env.platform, env.app);
    await withTotp(other);
    await challengedLogin(other.email, cookie);
  });

  it('locks after too many wrong answers, like wrong passwords', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const { secret } = await withTotp(player);
    const { challengeToken } = await challengedLogin(player.email);
    const right = codeAt(secret, Date.now());
    const wrong = right === '000000' ? '111111' : '000000';
    let last = await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'totp', code: wrong }));
    for (let i = 0; i < 10 && last.code !== 'code:error.sign.in.attempt.count.exceeded'; i += 1) {
      last = await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'totp', code: wrong }));
    }
    expect(last).toMatchObject({ status: 403, code: 'code:error.sign.in.attempt.count.exceeded' });
    // Locked: even the right code waits.
    expect((await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'totp', code: right }))).code).toBe('code:error.sign.in.attempt.count.exceeded');
  });
});

describe('recovery codes', () => {
  it('each logs in once, in any case and with or without its dash', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const { recoveryCodes } = await withTotp(player);
    const [first = '', second = ''] = recoveryCodes;
    expect(first).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const one = await challengedLogin(player.email);
    await ok(await post(`${BASE}/login`, { challengeToken: one.challengeToken, method: 'recovery', code: first.toUpperCase() }), loginResponseSchema);
    const two = await challengedLogin(player.email);
    expect(await errorOf(await post(`${BASE}/login`, { challengeToken: two.challengeToken, method: 'recovery', code: first }))).toMatchObject({
      code: 'error.second_factor.invalid',
    });
    await ok(await post(`${BASE}/login`, { challengeToken: two.challengeToken, method: 'recovery', code: second.replace('-', '') }), loginResponseSchema);
    const status = await ok(await Promise.resolve(env.app.request(BASE, { headers: { Authorization: `Bearer ${player.token}` } })), secondFactorStatusSchema);
    expect(status.recoveryCodesLeft).toBe(8);
  });

  it('are renewed and the factor turned off only with the factor', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const { recoveryCodes } = await withTotp(player);
    const manage = await ok(await post(`${BASE}/challenge`, {}, { token: player.token }), challengeSchema);
    const renewed = await ok(await post(`${BASE}/recovery_codes`, { challengeToken: manage.challengeToken, method: 'recovery', code: recoveryCodes[0] }, { token: player.token }), recoveryCodesSchema);
    expect(renewed.recoveryCodes).toHaveLength(10);
    const off = await ok(await post(`${BASE}/challenge`, {}, { token: player.token }), challengeSchema);
    // The old codes went with the renewal.
    expect(await errorOf(await post(`${BASE}/disable`, { challengeToken: off.challengeToken, method: 'recovery', code: recoveryCodes[1] }, { token: player.token }))).toMatchObject({
      code: 'error.second_factor.invalid',
    });
    await ok(await post(`${BASE}/disable`, { challengeToken: off.challengeToken, method: 'recovery', code: renewed.recoveryCodes?.[0] }, { token: player.token }), v.object({ ok: v.literal(true) }));
    expect((await login(player.email)).status).toBe(200);
  });
});

// ------------------------------------------------------------------ a software authenticator

type CborValue = number | string | Uint8Array | Map<number | string, CborValue> | Record<string, never>;

function cborHead(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 0xff]);
  throw new Error('too long for this test encoder');
}

function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? cborHead(0, value) : cborHead(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([cborHead(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([cborHead(2, value.length), value]);
  const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
  return Buffer.concat([cborHead(5, entries.length), ...entries.flatMap(([key, item]) => [cbor(key), cbor(item)])]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url');

class SoftwareAuthenticator {
  readonly credentialId = randomBytes(32);
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  private counter = 0;

  constructor() {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = pair.privateKey;
    this.publicKey = pair.publicKey;
  }

  private authData(rpId: string, flags: number, attested?: Buffer): Buffer {
    this.counter += 1;
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  register(options: { challenge: string; rp?: { id?: string } | undefined }, origin: string) {
    const jwk = this.publicKey.export({ format: 'jwk' });
    const coseKey = new Map<number, CborValue>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, cbor(coseKey)]);
    const authData = this.authData(options.rp?.id ?? '', 0x45, attested);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin, crossOrigin: false }));
    const attestationObject = cbor(new Map<string, CborValue>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      type: 'public-key',
    };
  }

  authenticate(options: { challenge: string; rpId?: string }, origin: string) {
    const authData = this.authData(options.rpId ?? '', 0x05);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin, crossOrigin: false }));
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: b64url(this.credentialId),
      rawId: b64url(this.credentialId),
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature) },
      clientExtensionResults: {},
      type: 'public-key',
    };
  }
}

const optionsSchema = v.object({ options: v.looseObject({ challenge: v.string(), rp: v.optional(v.object({ id: v.optional(v.string()) })), rpId: v.optional(v.string()) }) });

describe('passkeys (WebAuthn, a software authenticator)', () => {
  it('registers a passkey for the site the browser is on, then logs in with it', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const authenticator = new SoftwareAuthenticator();
    const { options } = await ok(await post(`${BASE}/passkey/options`, {}, { token: player.token }), optionsSchema);
    expect(options.rp?.id).toBe('localhost');
    const registered = await ok(await post(`${BASE}/passkey/register`, { response: authenticator.register(options, ORIGIN) }, { token: player.token }), recoveryCodesSchema);
    expect(registered.recoveryCodes).toHaveLength(10);

    const { challengeToken, methods } = await challengedLogin(player.email);
    expect(methods).toEqual(['passkey', 'recovery']);
    const request = await ok(await post(`${BASE}/challenge/passkey`, { challengeToken }), optionsSchema);
    expect(request.options.rpId).toBe('localhost');
    // An answer signed for another origin is refused.
    const phished = await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'passkey', response: authenticator.authenticate(request.options, 'https://evil.example') }));
    expect(phished.code).toBe('error.second_factor.invalid');
    await ok(await post(`${BASE}/login`, { challengeToken, method: 'passkey', response: authenticator.authenticate(request.options, ORIGIN) }), loginResponseSchema);
  });

  it('refuses a registration answer to another challenge, and another authenticator at login', async () => {
    const player = await walletPlayer(env.platform, env.app);
    const authenticator = new SoftwareAuthenticator();
    await ok(await post(`${BASE}/passkey/options`, {}, { token: player.token }), optionsSchema);
    const forged = authenticator.register({ challenge: b64url(randomBytes(32)), rp: { id: 'localhost' } }, ORIGIN);
    expect(await errorOf(await post(`${BASE}/passkey/register`, { response: forged }, { token: player.token }))).toMatchObject({ status: 400, code: 'error.second_factor.invalid' });
    const { options } = await ok(await post(`${BASE}/passkey/options`, {}, { token: player.token }), optionsSchema);
    await ok(await post(`${BASE}/passkey/register`, { response: authenticator.register(options, ORIGIN) }, { token: player.token }), recoveryCodesSchema);
    const { challengeToken } = await challengedLogin(player.email);
    const request = await ok(await post(`${BASE}/challenge/passkey`, { challengeToken }), optionsSchema);
    const stranger = new SoftwareAuthenticator();
    expect((await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'passkey', response: stranger.authenticate(request.options, ORIGIN) }))).code).toBe(
      'error.second_factor.invalid',
    );
  });
});

describe('the lost-device path and withdrawals', () => {
  it('remembers the browser that opens the e-mailed unlock link', async () => {
    const player = await walletPlayer(env.platform, env.app);
    await withTotp(player);
    await challengedLogin(player.email);
    expect((await post('/api/player/login/unlock_request', { email: player.email, langmarket: 'fi-FI' })).status).toBe(200);
    const message = await env.platform.database.db
      .selectFrom('sent_messages')
      .select('code')
      .where('destination', '=', player.email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const unlocked = await post('/api/player/login/unlock', { key: message.code });
    expect(unlocked.status).toBe(200);
    expect((await login(player.email, deviceCookieOf(unlocked))).status).toBe(200);
  });

  it('asks for the factor before a withdrawal to a method not used before, then lets it through', async () => {
    const player = await walletPlayer(env.platform, env.app);
    await credit(env.app, player.id, '200.00');
    const { secret } = await withTotp(player);
    const body = { amount: '30', methodId: 'visa', idempotencyKey: newKey('wd') };
    const asked = await errorOf(await playerCall(env.app, player.token, '/withdrawal/request', body));
    expect(asked).toMatchObject({ status: 428, code: 'error.second_factor.required' });
    const { challengeToken } = v.parse(challengeSchema, asked.details);
    // A login challenge does not approve a withdrawal, nor the other way round.
    expect((await errorOf(await post(`${BASE}/login`, { challengeToken, method: 'totp', code: codeAt(secret, Date.now()) }))).code).toBe('error.second_factor.challenge_invalid');
    await ok(await post(`${BASE}/verify`, { challengeToken, method: 'totp', code: codeAt(secret, Date.now()) }, { token: player.token }), v.object({ ok: v.literal(true) }));
    const done = await playerCall(env.app, player.token, '/withdrawal/request', body);
    expect(done.status, await done.clone().text()).toBe(200);
    // The same method again: no factor.
    expect((await playerCall(env.app, player.token, '/withdrawal/request', { ...body, amount: '40', idempotencyKey: newKey('wd') })).status).toBe(200);
  });
});

describe('bad input', () => {
  it('answers a 4xx with a catalogue code and changes nothing', async () => {
    const player = await walletPlayer(env.platform, env.app);
    expect((await errorOf(await post(`${BASE}/totp/confirm`, { code: '12' }, { token: player.token }))).code).toBe('error.validation');
    expect((await errorOf(await post(`${BASE}/totp/confirm`, { code: '123456' }, { token: player.token }))).code).toBe('error.second_factor.state');
    expect((await errorOf(await post(`${BASE}/challenge`, {}, { token: player.token }))).code).toBe('error.second_factor.state');
    expect((await errorOf(await post(`${BASE}/login`, { challengeToken: 'nope', method: 'totp', code: '123456' }))).code).toBe('error.second_factor.challenge_invalid');
    expect((await errorOf(await post(`${BASE}/login`, { challengeToken: 'nope', method: 'sms', code: '123456' }))).code).toBe('error.validation');
    expect((await errorOf(await post(`${BASE}/passkey/register`, { response: { id: 'x' } }, { token: player.token }))).code).toBe('error.validation');
    expect((await post(`${BASE}/totp/enrol`, {})).status).toBe(401);
    expect((await login(player.email)).status).toBe(200);
  });
});
