import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS, IDLE_LIMIT_MS } from '../../machines/lib/constants';
import { loginResponseSchema, parseIdToken, tokenClaimsSchema } from '../../src/api/auth';
import { accessDetailsSchema, playerProfileSchema, transactionSummarySchema } from '../../src/api/player';
import { ID_TOKEN_LIFETIME_S, SESSION_ABSOLUTE_LIFETIME_MS } from '../../server/config';
import { postDeposit } from '../../server/services/ledger';
import { DEFAULT_SCRYPT_PARAMS, hashPassword, setHashCostForTests, TEST_SCRYPT_PARAMS } from '../../server/crypto/passwords';
import { createPlayerStore, type CreatePlayerInput, type Player } from '../../server/services/players';
import { SEEDED_EMAILS, SEEDED_PASSWORD, seedPlayers } from '../../server/services/seed-players';
import { SESSION_COOKIE } from '../../server/services/sessions';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// This file tests the hashing itself (its default cost, the dummy hash, the queue): at the
// production cost, which tests/server/helpers/hash-cost.ts lowers for the other server tests.
setHashCostForTests(DEFAULT_SCRYPT_PARAMS);

// Login, session refresh, sign-out and the player's own account (behaviour.md §4 "Session", §7,
// §8 "Login"; issue 3 "Security": new session per login, old token 401 after sign-out, the account
// lock of GLI-19 2.5.3, the idle limit of GLI-19 2.5.4), on a clock the tests move.

const errorBodySchema = v.object({
  code: v.string(),
  message: v.string(),
  errors: v.optional(v.array(v.object({ field: v.string(), code: v.string() }))),
});

let platform: TestPlatform;
let now: Date;
const clock = () => now;
let app: ReturnType<TestPlatform['app']>;

function advance(ms: number): void {
  now = new Date(now.getTime() + ms);
}

/**
 * The players a test creates get a hash of the seeded password at a low scrypt cost (the cost is
 * stored with the hash, so the same code verifies it): the seeded players and every password set
 * through the API keep the production cost.
 */
let cheapHash: string;

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

const MINUTE = 60_000;

interface Call {
  body?: unknown;
  raw?: string;
  token?: string;
  cookie?: string;
  headers?: Record<string, string>;
  method?: string;
  url?: string;
}

function call(path: string, { body, raw, token, cookie, headers = {}, method }: Call = {}, target = app): Promise<Response> {
  const all: Record<string, string> = { ...headers };
  if (body !== undefined || raw !== undefined) all['Content-Type'] = 'application/json';
  if (token !== undefined) all.Authorization = `Bearer ${token}`;
  if (cookie !== undefined) all.Cookie = cookie;
  return Promise.resolve(
    target.request(path, {
      method: method ?? (body !== undefined || raw !== undefined ? 'POST' : 'GET'),
      headers: all,
      ...(raw !== undefined ? { body: raw } : body !== undefined ? { body: JSON.stringify(body) } : {}),
    }),
  );
}

async function expectError(response: Response, status: number, code: string): Promise<v.InferOutput<typeof errorBodySchema>> {
  const body = v.parse(errorBodySchema, await json(response));
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  expect(body.message.length).toBeGreaterThan(0);
  return body;
}

/** A session refresh without a session: 204 No Content, no token (issue 8 "A quiet console"). */
function expectNoSession(response: Response): void {
  expect(response.status).toBe(204);
}

/** The `name=value` pair of the session cookie a response sets. */
function sessionCookie(response: Response): string {
  const header = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  if (!header) throw new Error('no session cookie set');
  return header.split(';')[0] ?? '';
}

interface LoggedIn {
  idToken: string;
  lastAuth: string | null;
  cookie: string;
  sessionId: string;
  response: Response;
}

async function login(email: string, password = SEEDED_PASSWORD, target = app): Promise<LoggedIn> {
  const response = await call('/api/player/login', { body: { email, password } }, target);
  expect(response.status, `login ${email}`).toBe(200);
  const body = v.parse(loginResponseSchema, await json(response.clone()));
  return { ...body, cookie: sessionCookie(response), sessionId: parseIdToken(body.idToken).playerAccessId, response };
}

const players = () => createPlayerStore(platform.database.db);
let serial = 0;

/** A player of its own for a test that changes state. */
async function newPlayer(patch: Partial<CreatePlayerInput> = {}): Promise<Player> {
  serial += 1;
  const created = await players().create({
    email: `auth-test-${String(serial)}-${String(Date.now())}@example.com`,
    password: null,
    country_code: 'FI',
    language_code: 'fi',
    terms_accepted_version: 3,
    ...patch,
  });
  return platform.database.db
    .updateTable('players')
    .set({ password_hash: cheapHash })
    .where('id', '=', created.id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

function email(player: Player): string {
  return player.email ?? '';
}

describe('POST /api/player/login', () => {
  it('answers an id token whose claims are the contract, and sets the HttpOnly session cookie', async () => {
    const { idToken, response } = await login(SEEDED_EMAILS.player);
    const [, payload = ''] = idToken.split('.');
    const raw = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(Object.keys(raw).sort()).toEqual(
      ['country_code', 'language_code', 'player_id', 'player_access_id', 'email', 'iat', 'exp', 'login_method', 'registrationDate', 'multibrand', 'province_code'].sort(),
    );
    expect(v.safeParse(tokenClaimsSchema, raw).success).toBe(true);
    expect(raw.multibrand).toBe('{"suspended":false}');
    const claims = parseIdToken(idToken);
    const player = await players().findByEmail(SEEDED_EMAILS.player);
    expect(claims).toMatchObject({
      countryCode: 'FI',
      language: 'fi',
      playerId: player?.id,
      email: SEEDED_EMAILS.player,
      loginMethod: 'DEFAULT',
      multibrand: { suspended: false },
      provinceCode: null,
      registrationDate: player?.registration_date.toISOString(),
    });
    expect(claims.playerAccessId).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(claims.iat).toBe(Math.floor(now.getTime() / 1000));
    expect((claims.exp ?? 0) - claims.iat).toBe(ID_TOKEN_LIFETIME_S);

    const cookie = response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Strict/);
    expect(cookie).toMatch(/; Path=\/api(;|$)/);
    // Issue 9: the cookie lives as long as the session's absolute lifetime, not a year.
    expect(cookie).toContain(`Max-Age=${String(SESSION_ABSOLUTE_LIFETIME_MS / 1000)}`);
    expect(cookie).not.toMatch(/; Secure/);
    // The cookie's value is not the session id the (script-readable) token carries.
    expect(cookie).not.toContain(claims.playerAccessId);
  });

  it('marks the cookie Secure on https (directly or behind a TLS proxy)', async () => {
    const direct = await app.request('https://platform.example/api/player/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: SEEDED_EMAILS.player, password: SEEDED_PASSWORD }),
    });
    expect(direct.headers.getSetCookie().join('\n')).toMatch(/aurora_session=[^;]+;.*; Secure/);
    const proxied = await call('/api/player/login', {
      body: { email: SEEDED_EMAILS.player, password: SEEDED_PASSWORD },
      headers: { 'X-Forwarded-Proto': 'https' },
    });
    expect(proxied.headers.getSetCookie().join('\n')).toMatch(/; Secure/);
  });

  it('finds the e-mail whatever its case and surrounding spaces', async () => {
    const { idToken } = await login('  PLAYER@Example.COM ');
    expect(parseIdToken(idToken).email).toBe(SEEDED_EMAILS.player);
  });

  it('creates a new session on every login (no session fixation), each with its own cookie', async () => {
    const player = await newPlayer();
    const first = await login(email(player));
    const second = await call('/api/player/login', { body: { email: email(player), password: SEEDED_PASSWORD }, cookie: first.cookie });
    expect(second.status).toBe(200);
    const secondToken = v.parse(loginResponseSchema, await json(second.clone())).idToken;
    expect(parseIdToken(secondToken).playerAccessId).not.toBe(first.sessionId);
    expect(sessionCookie(second)).not.toBe(first.cookie);
    // Both sessions stand on their own.
    expect((await call('/api/player/profile', { token: first.idToken })).status).toBe(200);
    expect((await call('/api/player/profile', { token: secondToken })).status).toBe(200);
  });

  it('answers lastAuth null on the first login, then the previous login time', async () => {
    const player = await newPlayer();
    const first = await login(email(player));
    expect(first.lastAuth).toBeNull();
    const firstAt = now.toISOString();
    advance(5 * MINUTE);
    expect((await login(email(player))).lastAuth).toBe(firstAt);
  });

  it('keeps firstLogin true through the first session only', async () => {
    const player = await newPlayer();
    const first = await login(email(player));
    const profile1 = v.parse(playerProfileSchema, await json(await call('/api/player/profile', { token: first.idToken })));
    expect(profile1.firstLogin).toBe(true);
    const second = await login(email(player));
    const profile2 = v.parse(playerProfileSchema, await json(await call('/api/player/profile', { token: second.idToken })));
    expect(profile2.firstLogin).toBe(false);
  });

  it('answers 401 code:error.player.not.found alike for a wrong password and an unknown e-mail', async () => {
    const wrong = await expectError(
      await call('/api/player/login', { body: { email: SEEDED_EMAILS.player, password: 'Not-the-password-1' } }),
      401,
      'code:error.player.not.found',
    );
    const unknown = await expectError(
      await call('/api/player/login', { body: { email: 'nobody@example.com', password: SEEDED_PASSWORD } }),
      401,
      'code:error.player.not.found',
    );
    expect(unknown).toEqual(wrong);
  });

  it('spends about the same time on an unknown e-mail as on a wrong password (a dummy hash)', async () => {
    const time = async (body: unknown) => {
      const started = performance.now();
      await call('/api/player/login', { body });
      return performance.now() - started;
    };
    await time({ email: 'warm-up@example.com', password: 'x' });
    const unknown = await time({ email: 'nobody@example.com', password: 'Not-the-password-1' });
    const wrong = await time({ email: SEEDED_EMAILS.terms, password: 'Not-the-password-1' });
    // Both run one scrypt; an answer without it would be two orders of magnitude faster.
    expect(unknown).toBeGreaterThan(wrong / 4);
  });

  it('does not log in a registration whose verification never finished (PRE_REGISTERED)', async () => {
    const player = await newPlayer({ status: 'PRE_REGISTERED' });
    await expectError(
      await call('/api/player/login', { body: { email: email(player), password: SEEDED_PASSWORD } }),
      401,
      'code:error.player.not.found',
    );
  });
});

describe('behaviour.md §8 "Login" codes for the seeded players', () => {
  it.each([
    [SEEDED_EMAILS.timeout, 403, 'code:error.timeout.in.progress:days:5'],
    [SEEDED_EMAILS.excluded, 403, 'code:error.exclusion.in.progress.indefinitely'],
    [SEEDED_EMAILS.closed, 403, 'code:error.account.closed'],
  ])('%s answers %i %s', async (address, status, code) => {
    await expectError(await call('/api/player/login', { body: { email: address, password: SEEDED_PASSWORD } }), status, code);
  });

  it('tells the status only to the holder of the password', async () => {
    await expectError(
      await call('/api/player/login', { body: { email: SEEDED_EMAILS.closed, password: 'Not-the-password-1' } }),
      401,
      'code:error.player.not.found',
    );
  });

  it('logs in the seeded player and the one with older terms', async () => {
    await login(SEEDED_EMAILS.player);
    await login(SEEDED_EMAILS.terms);
  });

  it('answers code:error.account.deactivated for a blacklisted player', async () => {
    const player = await newPlayer({ status: 'BLACKLISTED' });
    await expectError(
      await call('/api/player/login', { body: { email: email(player), password: SEEDED_PASSWORD } }),
      403,
      'code:error.account.deactivated',
    );
  });

  it('counts the days of a time-out and a self-exclusion rounded up', async () => {
    const timeout = await newPlayer({ status: 'TIMEOUT', timeout_until: new Date(now.getTime() + 2 * DAY_MS + MINUTE) });
    await expectError(
      await call('/api/player/login', { body: { email: email(timeout), password: SEEDED_PASSWORD } }),
      403,
      'code:error.timeout.in.progress:days:3',
    );
    const excluded = await newPlayer({ status: 'SELF_EXCLUDED', exclusion_until: new Date(now.getTime() + 30 * DAY_MS) });
    await expectError(
      await call('/api/player/login', { body: { email: email(excluded), password: SEEDED_PASSWORD } }),
      403,
      'code:error.exclusion.in.progress:days:30',
    );
    advance(29 * DAY_MS + 1);
    await expectError(
      await call('/api/player/login', { body: { email: email(excluded), password: SEEDED_PASSWORD } }),
      403,
      'code:error.exclusion.in.progress:days:1',
    );
  });

  it('lets a player in again once the time-out has ended, back to REGISTERED', async () => {
    const player = await newPlayer({ status: 'TIMEOUT', timeout_until: new Date(now.getTime() + DAY_MS) });
    advance(DAY_MS + 1);
    const { idToken } = await login(email(player));
    const profile = v.parse(playerProfileSchema, await json(await call('/api/player/profile', { token: idToken })));
    expect(profile.status).toBe('REGISTERED');
    expect(profile.access.casino).toBe(true);
  });
});

describe('account lock (GLI-19 2.5.3)', () => {
  const attempt = (address: string, password: string, target = app) =>
    call('/api/player/login', { body: { email: address, password } }, target);

  it('locks after 3 failures within 30 minutes, even against the right password, for the window', async () => {
    const player = await newPlayer();
    await expectError(await attempt(email(player), 'wrong-1'), 401, 'code:error.player.not.found');
    advance(10 * MINUTE);
    await expectError(await attempt(email(player), 'wrong-2'), 401, 'code:error.player.not.found');
    advance(10 * MINUTE);
    await expectError(await attempt(email(player), 'wrong-3'), 403, 'code:error.sign.in.attempt.count.exceeded');
    await expectError(await attempt(email(player), SEEDED_PASSWORD), 403, 'code:error.sign.in.attempt.count.exceeded');
    advance(29 * MINUTE);
    await expectError(await attempt(email(player), SEEDED_PASSWORD), 403, 'code:error.sign.in.attempt.count.exceeded');
    advance(MINUTE + 1);
    await login(email(player));
    // The lock is over and so is its count: one more failure is only a failure.
    await expectError(await attempt(email(player), 'wrong-4'), 401, 'code:error.player.not.found');
  });

  it('does not lock for failures spread beyond the window', async () => {
    const player = await newPlayer();
    await expectError(await attempt(email(player), 'wrong-1'), 401, 'code:error.player.not.found');
    advance(20 * MINUTE);
    await expectError(await attempt(email(player), 'wrong-2'), 401, 'code:error.player.not.found');
    advance(11 * MINUTE);
    await expectError(await attempt(email(player), 'wrong-3'), 401, 'code:error.player.not.found');
  });

  it('clears the count on a successful login', async () => {
    const player = await newPlayer();
    await attempt(email(player), 'wrong-1');
    await attempt(email(player), 'wrong-2');
    await login(email(player));
    await expectError(await attempt(email(player), 'wrong-3'), 401, 'code:error.player.not.found');
    await expectError(await attempt(email(player), 'wrong-4'), 401, 'code:error.player.not.found');
  });

  it('counts concurrent failures one by one', async () => {
    const player = await newPlayer();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => attempt(email(player), `wrong-${String(n)}`)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([401, 401, 403, 403, 403]);
    await expectError(await attempt(email(player), SEEDED_PASSWORD), 403, 'code:error.sign.in.attempt.count.exceeded');
  });

  it('takes the attempts and the window from the configuration', async () => {
    const strict = platform.app({ clock, auth: { loginLockAttempts: 5, loginLockWindowMinutes: 10 } });
    const player = await newPlayer();
    for (let n = 1; n <= 4; n += 1) await expectError(await attempt(email(player), 'wrong', strict), 401, 'code:error.player.not.found');
    await expectError(await attempt(email(player), 'wrong', strict), 403, 'code:error.sign.in.attempt.count.exceeded');
    advance(10 * MINUTE + 1);
    await login(email(player), SEEDED_PASSWORD, strict);
  });

  it('is lifted by the test-mode reset', async () => {
    const player = await newPlayer();
    for (let n = 1; n <= 3; n += 1) await attempt(email(player), 'wrong');
    await expectError(await attempt(email(player), SEEDED_PASSWORD), 403, 'code:error.sign.in.attempt.count.exceeded');
    expect((await app.request('/api/test/reset', { method: 'POST' })).status).toBe(200);
    await login(email(player));
  });
});

describe('authenticated calls (Authorization: Bearer)', () => {
  it('answer 401 error.token.invalid without a token, or with one that is not ours', async () => {
    const { idToken } = await login(SEEDED_EMAILS.player);
    const [header = '', payload = '', signature = ''] = idToken.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    const forged = Buffer.from(JSON.stringify({ ...claims, player_id: 1, email: 'someone@example.com' })).toString('base64url');
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
    const headerSets: Record<string, string>[] = [
      {},
      { Authorization: '' },
      { Authorization: 'Bearer' },
      { Authorization: `Basic ${idToken}` },
      { Authorization: 'Bearer not-a-token' },
      { Authorization: `Bearer ${header}.${forged}.${signature}` },
      { Authorization: `Bearer ${none}.${payload}.` },
      { Authorization: `Bearer ${header}.${payload}.${flipped}` },
      { Authorization: `Bearer ${header}.${payload}` },
      { Authorization: `Bearer ${'a'.repeat(10_000)}.b.c` },
      { Authorization: "Bearer ' OR 1=1 --" },
    ];
    for (const headers of headerSets) {
      await expectError(await call('/api/player/profile', { headers }), 401, 'error.token.invalid');
    }
  });

  it('refuse a token signed with another secret', async () => {
    const other = platform.app({ clock, auth: { sessionSecret: 'another-secret-of-at-least-32-characters!' } });
    const { idToken } = await login(SEEDED_EMAILS.player, SEEDED_PASSWORD, other);
    await expectError(await call('/api/player/profile', { token: idToken }), 401, 'error.token.invalid');
    expect((await call('/api/player/profile', { token: idToken }, other)).status).toBe(200);
  });

  it('accept a token from another app instance on the same database (the stored secret)', async () => {
    const { idToken } = await login(SEEDED_EMAILS.player);
    const twin = platform.app({ clock });
    expect((await call('/api/player/profile', { token: idToken }, twin)).status).toBe(200);
    // The settings reset keeps the signing secret.
    await platform.settings.reset();
    expect((await call('/api/player/profile', { token: idToken }, platform.app({ clock }))).status).toBe(200);
  });

  it('answer 401 error.session.expired for an expired token', async () => {
    const short = platform.app({ clock, auth: { tokenLifetimeS: 60 } });
    const { idToken } = await login(SEEDED_EMAILS.player, SEEDED_PASSWORD, short);
    advance(59_000);
    expect((await call('/api/player/profile', { token: idToken }, short)).status).toBe(200);
    advance(1_000);
    await expectError(await call('/api/player/profile', { token: idToken }, short), 401, 'error.session.expired');
  });

  it('keep a busy session alive and end an idle one (GLI-19 2.5.4), for good', async () => {
    const { idToken, cookie } = await login(SEEDED_EMAILS.player);
    for (let n = 0; n < 3; n += 1) {
      advance(IDLE_LIMIT_MS - MINUTE);
      expect((await call('/api/player/profile', { token: idToken })).status).toBe(200);
    }
    advance(IDLE_LIMIT_MS + 1);
    await expectError(await call('/api/player/profile', { token: idToken }), 401, 'error.session.expired');
    // Revoked: neither the token nor the cookie brings it back.
    await expectError(await call('/api/player/access/details', { token: idToken }), 401, 'error.session.expired');
    expectNoSession(await call('/api/player/session/refresh', { method: 'POST', cookie }));
  });
});

describe('POST /api/player/session/refresh', () => {
  it('re-issues an id token for the same session from the cookie', async () => {
    const { cookie, sessionId, lastAuth } = await login(SEEDED_EMAILS.player);
    advance(10 * MINUTE);
    const response = await call('/api/player/session/refresh', { method: 'POST', cookie });
    expect(response.status).toBe(200);
    const body = v.parse(loginResponseSchema, await json(response));
    const claims = parseIdToken(body.idToken);
    expect(claims.playerAccessId).toBe(sessionId);
    expect(claims.iat).toBe(Math.floor(now.getTime() / 1000));
    expect(body.lastAuth).toBe(lastAuth);
    expect((await call('/api/player/profile', { token: body.idToken })).status).toBe(200);
  });

  it('counts as activity for the idle limit', async () => {
    const { cookie, idToken } = await login(SEEDED_EMAILS.player);
    advance(IDLE_LIMIT_MS - MINUTE);
    expect((await call('/api/player/session/refresh', { method: 'POST', cookie })).status).toBe(200);
    advance(IDLE_LIMIT_MS - MINUTE);
    expect((await call('/api/player/profile', { token: idToken })).status).toBe(200);
  });

  it.each([
    ['no cookie', undefined],
    ['an unknown cookie', `${SESSION_COOKIE}=${'x'.repeat(43)}`],
    ['an empty cookie', `${SESSION_COOKIE}=`],
    ['a huge cookie', `${SESSION_COOKIE}=${'x'.repeat(4_000)}`],
    ['an SQL-looking cookie', `${SESSION_COOKIE}=' OR 1=1 --`],
  ])('answers 204 No Content (no session is not an error, issue 8) with %s', async (_name, cookie) => {
    expectNoSession(await call('/api/player/session/refresh', { method: 'POST', ...(cookie === undefined ? {} : { cookie }) }));
  });

  it('answers 204 and clears the cookie once the session is idle past the limit', async () => {
    const { cookie } = await login(SEEDED_EMAILS.player);
    advance(IDLE_LIMIT_MS + 1);
    const response = await call('/api/player/session/refresh', { method: 'POST', cookie });
    expectNoSession(response);
    expect(response.headers.getSetCookie().join('\n')).toMatch(/aurora_session=;.*Max-Age=0/);
  });

  it('refuses a session whose player has been closed since', async () => {
    const player = await newPlayer();
    const { cookie } = await login(email(player));
    await players().update(player.id, { status: 'CLOSED' });
    expectNoSession(await call('/api/player/session/refresh', { method: 'POST', cookie }));
  });
});

describe('POST /api/player/sign_out', () => {
  it('revokes the session: the old token and the cookie get 401 afterwards', async () => {
    const { idToken, cookie } = await login(SEEDED_EMAILS.player);
    const response = await call('/api/player/sign_out', { method: 'POST', token: idToken, cookie });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ok: true });
    expect(response.headers.getSetCookie().join('\n')).toMatch(/aurora_session=;.*Max-Age=0.*Path=\/api/);
    await expectError(await call('/api/player/profile', { token: idToken }), 401, 'error.session.expired');
    expectNoSession(await call('/api/player/session/refresh', { method: 'POST', cookie }));
  });

  it('ends only its own session', async () => {
    const first = await login(SEEDED_EMAILS.player);
    const second = await login(SEEDED_EMAILS.player);
    await call('/api/player/sign_out', { method: 'POST', token: first.idToken });
    expect((await call('/api/player/profile', { token: second.idToken })).status).toBe(200);
  });

  it('revokes with the cookie alone, and with an expired token', async () => {
    const byCookie = await login(SEEDED_EMAILS.player);
    await call('/api/player/sign_out', { method: 'POST', cookie: byCookie.cookie });
    await expectError(await call('/api/player/profile', { token: byCookie.idToken }), 401, 'error.session.expired');

    const short = platform.app({ clock, auth: { tokenLifetimeS: 60 } });
    const expired = await login(SEEDED_EMAILS.player, SEEDED_PASSWORD, short);
    advance(61_000);
    expect((await call('/api/player/sign_out', { method: 'POST', token: expired.idToken }, short)).status).toBe(200);
    expectNoSession(await call('/api/player/session/refresh', { method: 'POST', cookie: expired.cookie }));
  });

  it('is idempotent and answers ok without any session', async () => {
    const { idToken } = await login(SEEDED_EMAILS.player);
    for (const extra of [{ token: idToken }, { token: idToken }, {}, { token: 'garbage' }]) {
      const response = await call('/api/player/sign_out', { method: 'POST', ...extra });
      expect(response.status).toBe(200);
      expect(await json(response)).toEqual({ ok: true });
    }
  });
});

describe('GET /api/player/profile, /access/details, /transaction-summary', () => {
  it('answer the player as the contract shapes them', async () => {
    const { idToken } = await login(SEEDED_EMAILS.player);
    const profile = v.parse(playerProfileSchema, await json(await call('/api/player/profile', { token: idToken })));
    const player = await players().findByEmail(SEEDED_EMAILS.player);
    expect(profile).toMatchObject({
      playerId: player?.id,
      email: SEEDED_EMAILS.player,
      firstName: 'Aino',
      phonePrefix: '+358',
      countryCode: 'FI',
      languageCode: 'fi',
      currencyCode: 'EUR',
      personid: '010190-1234',
      kycStatus: 'NOT_VERIFIED',
      termsAndConditionsAcceptedVersion: 3,
      status: 'REGISTERED',
      firstDepositDate: null,
    });
    expect(Object.values(profile.access).every(Boolean)).toBe(true);
    const access = v.parse(accessDetailsSchema, await json(await call('/api/player/access/details', { token: idToken })));
    expect(access).toEqual(profile.access);
  });

  it('count the deposits of the ledger, and date the first', async () => {
    const player = await newPlayer();
    const { idToken } = await login(email(player));
    const summary = async () =>
      v.parse(transactionSummarySchema, await json(await call('/api/player/transaction-summary', { token: idToken })));
    expect(await summary()).toEqual({ totalDepositsCount: 0 });
    const first = await postDeposit(platform.database.db, { playerId: player.id, amount: '20.00', currency: 'EUR', idempotencyKey: `t-${String(player.id)}-1` });
    await postDeposit(platform.database.db, { playerId: player.id, amount: '30.00', currency: 'EUR', idempotencyKey: `t-${String(player.id)}-2` });
    // A replayed deposit is not a new one.
    await postDeposit(platform.database.db, { playerId: player.id, amount: '30.00', currency: 'EUR', idempotencyKey: `t-${String(player.id)}-2` });
    expect(await summary()).toEqual({ totalDepositsCount: 2 });
    const profile = v.parse(playerProfileSchema, await json(await call('/api/player/profile', { token: idToken })));
    expect(profile.firstDepositDate).toBe(first.createdAt.toISOString());
  });

  it.each([
    ['TIMEOUT', { casino: false, liveCasino: false, sports: false, virtualSports: false, bonuses: false, deposit: false, payout: true, withdrawal: true }],
    ['SELF_EXCLUDED', { casino: false, liveCasino: false, sports: false, virtualSports: false, bonuses: false, deposit: false, payout: true }],
    ['PAYOUT', { payout: false, casino: true, deposit: true }],
    ['REGISTERED', { payout: true, casino: true, deposit: true, bonuses: true }],
  ] as const)('give a %s player the access flags of that status', async (status, expected) => {
    const player = await newPlayer();
    const { idToken } = await login(email(player));
    await players().update(player.id, {
      status,
      timeout_until: status === 'TIMEOUT' ? new Date(now.getTime() + DAY_MS) : null,
      exclusion_until: status === 'SELF_EXCLUDED' ? new Date(now.getTime() + DAY_MS) : null,
    });
    const access = v.parse(accessDetailsSchema, await json(await call('/api/player/access/details', { token: idToken })));
    expect(access).toMatchObject(expected);
  });
});

describe('POST /api/player/update_term_and_condition_version', () => {
  it('saves the current version, and only that one', async () => {
    const { idToken } = await login(SEEDED_EMAILS.terms);
    const profile = async () => v.parse(playerProfileSchema, await json(await call('/api/player/profile', { token: idToken })));
    expect((await profile()).termsAndConditionsAcceptedVersion).toBe(2);
    await expectError(
      await call('/api/player/update_term_and_condition_version', { body: { version: 2 }, token: idToken }),
      400,
      'error.terms.version.invalid',
    );
    await expectError(
      await call('/api/player/update_term_and_condition_version', { body: { version: 4 }, token: idToken }),
      400,
      'error.terms.version.invalid',
    );
    const accepted = await call('/api/player/update_term_and_condition_version', { body: { version: 3 }, token: idToken });
    expect(accepted.status).toBe(200);
    expect(await json(accepted)).toEqual({ ok: true });
    expect((await profile()).termsAndConditionsAcceptedVersion).toBe(3);
    // The seed puts nothing back but the account state; the test endpoint does.
    const reset = await call('/api/test/players/terms-version', { body: { email: SEEDED_EMAILS.terms, version: 2 } });
    expect(reset.status).toBe(200);
    expect((await profile()).termsAndConditionsAcceptedVersion).toBe(2);
  });

  it('needs a live session', async () => {
    await expectError(await call('/api/player/update_term_and_condition_version', { body: { version: 3 } }), 401, 'error.token.invalid');
  });
});

describe('POST /api/test/players/terms-version', () => {
  it('answers 404 for an unknown player and 400 for a malformed body', async () => {
    await expectError(await call('/api/test/players/terms-version', { body: { email: 'nobody@example.com', version: 1 } }), 404, 'error.not_found');
    for (const body of [{ email: SEEDED_EMAILS.terms }, { email: SEEDED_EMAILS.terms, version: '2' }, { version: 2 }, 'x']) {
      await expectError(await call('/api/test/players/terms-version', { body }), 400, 'error.request.invalid');
    }
  });

  it('does not exist outside test mode', async () => {
    const live = platform.app({ clock, testMode: false });
    expect((await call('/api/test/players/terms-version', { body: { email: SEEDED_EMAILS.terms, version: 2 } }, live)).status).toBe(404);
  });
});

describe('POST /api/player/password', () => {
  it('answers 400 error.old_password.incorrect for a wrong current password', async () => {
    const player = await newPlayer();
    const { idToken } = await login(email(player));
    await expectError(
      await call('/api/player/password', { body: { oldPassword: 'Not-the-password-1', newPassword: 'Brand-new-2' }, token: idToken }),
      400,
      'error.old_password.incorrect',
    );
  });

  it.each([
    ['short', 'Ab1', 'error.password.too_short'],
    ['without a digit', 'Only-letters', 'error.password.digit_required'],
    ['without a letter', '1234567890', 'error.password.letter_required'],
    ['too long', `A1${'x'.repeat(200)}`, 'error.password.too_long'],
  ])('refuses a new password %s with a field error', async (_name, newPassword, code) => {
    const player = await newPlayer();
    const { idToken } = await login(email(player));
    const body = await expectError(
      await call('/api/player/password', { body: { oldPassword: SEEDED_PASSWORD, newPassword }, token: idToken }),
      400,
      'error.validation',
    );
    expect(body.errors).toContainEqual({ field: 'newPassword', code });
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const player = await newPlayer();
    const other = await login(email(player));
    const current = await login(email(player));
    const response = await call('/api/player/password', { body: { oldPassword: SEEDED_PASSWORD, newPassword: 'Brand-new-2' }, token: current.idToken });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ ok: true });
    expect((await call('/api/player/profile', { token: current.idToken })).status).toBe(200);
    await expectError(await call('/api/player/profile', { token: other.idToken }), 401, 'error.session.expired');
    await expectError(
      await call('/api/player/login', { body: { email: email(player), password: SEEDED_PASSWORD } }),
      401,
      'code:error.player.not.found',
    );
    await login(email(player), 'Brand-new-2');
  });
});

describe('bad input gets a 4xx with a code, never a 5xx', () => {
  const huge = 'x'.repeat(100_000);
  const sqlish = "' OR 1=1 --";

  it.each([
    ['a non-JSON body', { raw: 'email=a&password=b' }],
    ['an empty body', { raw: '' }],
    ['a JSON array', { body: [] }],
    ['a JSON string', { body: 'player@example.com' }],
    ['a missing password', { body: { email: SEEDED_EMAILS.player } }],
    ['a missing e-mail', { body: { password: SEEDED_PASSWORD } }],
    ['a malformed e-mail', { body: { email: 'not-an-email', password: SEEDED_PASSWORD } }],
    ['an SQL-looking e-mail', { body: { email: sqlish, password: SEEDED_PASSWORD } }],
    ['an SQL-looking e-mail that is an address', { body: { email: "a'--@example.com", password: sqlish } }],
    ['an SQL-looking password', { body: { email: SEEDED_EMAILS.player, password: sqlish } }],
    ['a number for the e-mail', { body: { email: 42, password: SEEDED_PASSWORD } }],
    ['an empty password', { body: { email: SEEDED_EMAILS.player, password: '' } }],
    ['a huge e-mail', { body: { email: `${huge}@example.com`, password: SEEDED_PASSWORD } }],
    ['a huge password', { body: { email: SEEDED_EMAILS.player, password: huge } }],
    ['a long password within the body limit', { body: { email: SEEDED_EMAILS.player, password: 'p'.repeat(5_000) } }],
  ])('login with %s', async (_name, request: Call) => {
    const response = await call('/api/player/login', { method: 'POST', ...request });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    v.parse(errorBodySchema, await json(response));
  });

  it('login with bad input answers 400 with field errors (or 413 for a body over the limit)', async () => {
    await expectError(await call('/api/player/login', { raw: 'not json' }), 400, 'error.request.invalid');
    await expectError(await call('/api/player/login', { body: ['x'] }), 400, 'error.request.invalid');
    const malformed = await expectError(await call('/api/player/login', { body: { email: 'nope', password: 'x' } }), 400, 'error.validation');
    expect(malformed.errors).toEqual([{ field: 'email', code: 'validation.email' }]);
    const missing = await expectError(await call('/api/player/login', { body: { email: SEEDED_EMAILS.player } }), 400, 'error.validation');
    expect(missing.errors).toEqual([{ field: 'password', code: 'validation.required' }]);
    await expectError(await call('/api/player/login', { body: { email: SEEDED_EMAILS.player, password: huge } }), 413, 'error.request.invalid');
    await expectError(await call('/api/player/login', { body: { email: SEEDED_EMAILS.player, password: sqlish } }), 401, 'code:error.player.not.found');
  });

  it('leaves the players table intact after SQL-looking input', async () => {
    await call('/api/player/login', { body: { email: "x@example.com'; DROP TABLE players; --", password: sqlish } });
    await login(SEEDED_EMAILS.player);
  });

  it('terms acceptance and password change with bad bodies', async () => {
    const player = await newPlayer();
    const { idToken } = await login(email(player));
    const cases: [string, Call][] = [
      ['/api/player/update_term_and_condition_version', { raw: '{' }],
      ['/api/player/update_term_and_condition_version', { body: { version: '3' } }],
      ['/api/player/update_term_and_condition_version', { body: { version: 3.5 } }],
      ['/api/player/update_term_and_condition_version', { body: { version: sqlish } }],
      ['/api/player/update_term_and_condition_version', { body: {} }],
      ['/api/player/password', { raw: 'nope' }],
      ['/api/player/password', { body: { oldPassword: SEEDED_PASSWORD } }],
      ['/api/player/password', { body: { oldPassword: sqlish, newPassword: sqlish } }],
      ['/api/player/password', { body: { oldPassword: huge, newPassword: huge } }],
      ['/api/player/password', { body: { oldPassword: 1, newPassword: 2 } }],
    ];
    for (const [path, request] of cases) {
      const response = await call(path, { method: 'POST', token: idToken, ...request });
      expect(response.status, `${path} ${JSON.stringify(request).slice(0, 80)}`).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      v.parse(errorBodySchema, await json(response));
    }
    // None of it changed the password.
    await login(email(player));
  });

  it.each([
    ['GET', '/api/player/login'],
    ['GET', '/api/player/sign_out'],
    ['GET', '/api/player/session/refresh'],
    ['POST', '/api/player/profile'],
    ['DELETE', '/api/player/password'],
  ])('%s %s answers 404', async (method, path) => {
    await expectError(await app.request(path, { method }), 404, 'error.not_found');
  });
});

describe('seeded players', () => {
  it('are seeded idempotently: a second run creates none and keeps their data', async () => {
    const before = await players().findByEmail(SEEDED_EMAILS.player);
    expect(await seedPlayers(platform.database.db)).toEqual({ created: 0 });
    const after = await players().findByEmail(SEEDED_EMAILS.player);
    expect(after?.id).toBe(before?.id);
    expect(after?.password_hash).toBe(before?.password_hash);
    const count = await platform.database.db
      .selectFrom('players')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where((eb) => eb(eb.fn('lower', [eb.ref('email')]), 'in', Object.values(SEEDED_EMAILS)))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(Object.keys(SEEDED_EMAILS).length);
  });

  it('puts their account state back on every start (a time-out of 5 days from the start)', async () => {
    const timeout = await players().findByEmail(SEEDED_EMAILS.timeout);
    if (!timeout) throw new Error('no timeout player');
    await players().update(timeout.id, { status: 'REGISTERED', timeout_until: null });
    const later = new Date(Date.now() + 3 * DAY_MS);
    await seedPlayers(platform.database.db, () => later);
    const restored = await players().findById(timeout.id);
    expect(restored?.status).toBe('TIMEOUT');
    expect(restored?.timeout_until?.getTime()).toBe(later.getTime() + 5 * DAY_MS);
    await seedPlayers(platform.database.db);
  });

  it('has the pay-and-play bank identity on player@example.com', async () => {
    expect((await players().findByPersonId('010190-1234'))?.email).toBe(SEEDED_EMAILS.player);
  });
});
