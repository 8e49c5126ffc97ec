import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { parseIdToken } from '../../src/api/auth';
import { errorBodySchema } from '../../src/api/errors';
import { limitsResponseSchema, type Limit } from '../../src/api/responsibleGambling';
import { authorizeResponseSchema, loginResponseWithTokensSchema, verifyCodeResponseSchema } from '../../src/api/payAndPlay';
import { currentTermsVersion } from '../../server/services/account-status';
import { PAY_AND_PLAY_CODE_TTL_MS } from '../../server/domain/pay-and-play';
import { balance, lockWallet, playerAccount, recordHistory, toCents } from '../../server/services/ledger';
import { inTransaction } from '../../server/repositories/transaction';
import { createPlayerStore } from '../../server/services/players';
import { SEEDED_PERSONID } from '../../server/services/seed-players';
import { SESSION_COOKIE } from '../../server/services/sessions';
import type { PaymentProvider } from '../../server/providers';
import { simulatedPaymentProvider } from '../../server/providers/simulated-payments';
import { bearer, expectError, expectFieldErrors, postJson } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { newKey, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Pay and play (behaviour.md §4 "Pay and play", §7): authorize → the simulated bank page →
// one-time code → verify (finds or creates the player, a real ledger deposit) → update → login.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date();
const RETURN_URL = '/en-FI/signup/callback';
const META = { blackbox: 'bb', ipAddress: '203.0.113.7', country: 'FI' };

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ clock: () => now });
});
afterAll(async () => {
  await platform.close();
});

let personSequence = 0;
function newPersonId(): string {
  personSequence += 1;
  return `150585-${String(1000 + personSequence)}`;
}

function authorizeUrl(query: Record<string, string>): string {
  return `/api/paynplay/authorize?${new URLSearchParams(query).toString()}`;
}

async function authorize(
  amount = '50',
  country = 'FI',
  currency = 'EUR',
  returnUrl = RETURN_URL,
  language?: string,
): Promise<{ sessionId: string; redirectUrl: string }> {
  const response = await app.request(authorizeUrl({ amount, currency, country, returnUrl, ...(language === undefined ? {} : { language }) }));
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(authorizeResponseSchema, await json(response));
}

function form(fields: Record<string, string>): RequestInit {
  return { method: 'POST', body: new URLSearchParams(fields).toString(), headers: { 'Content-Type': 'application/x-www-form-urlencoded' } };
}

/** Submits the bank page: the redirect's query. */
async function identify(sessionId: string, personid: string): Promise<URLSearchParams> {
  const response = await app.request('/api/bankid/authorize', form({ session: sessionId, personid, action: 'identify' }));
  expect(response.status, await response.clone().text()).toBe(303);
  const location = response.headers.get('location') ?? '';
  expect(location.startsWith(`${RETURN_URL}?`)).toBe(true);
  return new URL(location, 'http://site.invalid').searchParams;
}

async function verifyCode(oneTimeCode: string, sessionId: string): Promise<Response> {
  return postJson(app, '/api/paynplay/player/code', { oneTimeCode, sessionId, ipAddress: META.ipAddress, blackbox: META.blackbox });
}

/** authorize → bank → code: the verification answer. */
async function payAs(
  personid: string,
  amount = '50',
  language?: string,
): Promise<{ sessionId: string; playerId: number; email: string | null; mobilePhone: string | null }> {
  const { sessionId } = await authorize(amount, 'FI', 'EUR', RETURN_URL, language);
  const query = await identify(sessionId, personid);
  expect(query.get('sessionId')).toBe(sessionId);
  const response = await verifyCode(query.get('code') ?? '', sessionId);
  expect(response.status, await response.clone().text()).toBe(200);
  return { sessionId, ...v.parse(verifyCodeResponseSchema, await json(response)) };
}

describe('GET /api/paynplay/authorize', () => {
  it('opens a session and points at the bank page', async () => {
    const { sessionId, redirectUrl } = await authorize('25.50');
    expect(redirectUrl).toBe(`/api/bankid/authorize?session=${sessionId}`);
    const row = await platform.database.db.selectFrom('paynplay_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ currency: 'EUR', country: 'FI', return_url: RETURN_URL, personid: null });
    expect(toCents(row.amount)).toBe(2550n);
  });

  it.each(['0', '5', '9.99', '-10', '10.001', 'abc', '1e3', '5000.01', '999999999', '', ' ', '10,50', 'NaN', "10'; DROP TABLE paynplay_sessions;--"])(
    'refuses the amount %j with 400 error.paynplay.amount.invalid',
    async (amount) => {
      await expectError(await app.request(authorizeUrl({ amount, currency: 'EUR', country: 'FI', returnUrl: RETURN_URL })), 400, 'error.paynplay.amount.invalid');
    },
  );

  it('refuses a missing amount', async () => {
    await expectError(await app.request(authorizeUrl({ currency: 'EUR', country: 'FI', returnUrl: RETURN_URL })), 400, 'error.paynplay.amount.invalid');
  });

  // Issue 21: pay and play runs where the operator runs it (machines/lib/countries.ts: SE, FI, DE).
  it.each([
    ['US', 'USD'],
    ['NO', 'NOK'],
    ['MT', 'EUR'],
    ['NL', 'EUR'],
  ])('refuses the country %s with 403 error.country.blocked', async (country, currency) => {
    await expectError(await app.request(authorizeUrl({ amount: '50', currency, country, returnUrl: RETURN_URL })), 403, 'error.country.blocked');
  });

  it('refuses a malformed country, a currency not of the country and a return URL off the site', async () => {
    expect(await expectFieldErrors(await app.request(authorizeUrl({ amount: '50', currency: 'EUR', country: 'FIN', returnUrl: RETURN_URL })))).toEqual({
      country: 'validation.country',
    });
    expect(await expectFieldErrors(await app.request(authorizeUrl({ amount: '50', currency: 'SEK', country: 'FI', returnUrl: RETURN_URL })))).toEqual({
      currency: 'validation.currency',
    });
    for (const returnUrl of ['https://evil.example/cb', '//evil.example/cb', '/\\evil.example', 'javascript:alert(1)', '', 'cb', `/${'a'.repeat(600)}`, '/ok\n/x']) {
      expect(await expectFieldErrors(await app.request(authorizeUrl({ amount: '50', currency: 'EUR', country: 'FI', returnUrl })))).toEqual({
        returnUrl: 'validation.return_url',
      });
    }
  });

  it('takes the currency of the country (SE → SEK, with the deposit limit Sweden requires first)', async () => {
    const response = await app.request(authorizeUrl({ amount: '100', currency: 'SEK', country: 'SE', returnUrl: '/en-PP/signup/callback', limitDuration: 'W', limit: '500' }));
    expect(response.status, await response.clone().text()).toBe(200);
    const { sessionId } = v.parse(authorizeResponseSchema, await json(response));
    const row = await platform.database.db.selectFrom('paynplay_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ currency: 'SEK', country: 'SE', limit_duration: 'W', limit_cents: 50000 });
    await expectError(await app.request(authorizeUrl({ amount: '100', currency: 'EUR', country: 'SE', returnUrl: RETURN_URL, limitDuration: 'M', limit: '500' })), 400, 'error.validation');
  });
});

describe('the simulated bank page', () => {
  it('shows the amount, currency and country in an accessible page without script', async () => {
    const { sessionId } = await authorize('50');
    const response = await app.request(`/api/bankid/authorize?session=${sessionId}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("form-action 'self'");
    expect(csp).not.toContain('script-src');
    const html = await response.text();
    expect(html).toMatch(/<html lang="en">/);
    expect(html).not.toMatch(/<script/i);
    expect(html).toContain('€50.00');
    expect(html).toContain('EUR');
    expect(html).toContain('Finland');
    expect(html).toMatch(/<label for="personid">Personal identity code<\/label>/);
    expect(html).toMatch(/<input id="personid" name="personid"/);
    expect(html).toContain('>Identify and pay</button>');
    expect(html).toContain('>Cancel</button>');
    expect(html).toContain(`name="session" value="${sessionId}"`);
  });

  it('answers 404 for an unknown, missing or expired session', async () => {
    expect((await app.request('/api/bankid/authorize?session=unknown')).status).toBe(404);
    expect((await app.request('/api/bankid/authorize')).status).toBe(404);
    expect((await app.request(`/api/bankid/authorize?session=${encodeURIComponent("' OR 1=1 --")}`)).status).toBe(404);
    expect((await app.request('/api/bankid/authorize', form({ session: 'unknown', personid: '010101-0101', action: 'identify' }))).status).toBe(404);
    const { sessionId } = await authorize();
    const start = now;
    now = new Date(start.getTime() + 31 * 60_000);
    try {
      expect((await app.request(`/api/bankid/authorize?session=${sessionId}`)).status).toBe(404);
    } finally {
      now = start;
    }
  });

  it('redirects back with a one-time code; the session is then used', async () => {
    const { sessionId } = await authorize();
    const query = await identify(sessionId, newPersonId());
    expect(query.get('code')).toMatch(/^[A-Za-z0-9_-]{30,}$/);
    expect((await app.request(`/api/bankid/authorize?session=${sessionId}`)).status).toBe(409);
    expect((await app.request('/api/bankid/authorize', form({ session: sessionId, personid: newPersonId(), action: 'identify' }))).status).toBe(409);
    const row = await platform.database.db.selectFrom('paynplay_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.one_time_code_hash).not.toContain(query.get('code') ?? '');
  });

  it('keeps the return path’s own query', async () => {
    const { sessionId } = await authorize('50', 'FI', 'EUR', '/en-FI/signup/callback?from=pnp');
    const response = await app.request('/api/bankid/authorize', form({ session: sessionId, personid: newPersonId(), action: 'identify' }));
    const location = new URL(response.headers.get('location') ?? '', 'http://site.invalid');
    expect(location.pathname).toBe('/en-FI/signup/callback');
    expect(location.searchParams.get('from')).toBe('pnp');
    expect(location.searchParams.get('sessionId')).toBe(sessionId);
  });

  it('cancels back to the site', async () => {
    const { sessionId } = await authorize();
    const response = await app.request('/api/bankid/authorize', form({ session: sessionId, action: 'cancel' }));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${RETURN_URL}?error=cancelled&sessionId=${sessionId}`);
    expect((await app.request(`/api/bankid/authorize?session=${sessionId}`)).status).toBe(409);
  });

  it.each(['', '12', '<script>alert(1)</script>', "' OR 1=1 --", 'x'.repeat(500)])('refuses the personal id %j with the form again and an alert', async (personid) => {
    const { sessionId } = await authorize();
    const response = await app.request('/api/bankid/authorize', form({ session: sessionId, personid, action: 'identify' }));
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toMatch(/role="alert"/);
    expect(html).toContain('aria-invalid="true"');
    expect(html).not.toContain('<script>alert');
    // The session can still be used.
    expect((await app.request(`/api/bankid/authorize?session=${sessionId}`)).status).toBe(200);
  });

  it('treats a JSON post or an empty body as an unknown session', async () => {
    expect((await postJson(app, '/api/bankid/authorize', { session: 'x' })).status).toBe(404);
    expect((await app.request('/api/bankid/authorize', { method: 'POST' })).status).toBe(404);
  });
});

describe('POST /api/paynplay/player/code', () => {
  it('creates a PRE_REGISTERED player for a new identity and deposits the amount', async () => {
    const personid = newPersonId();
    const result = await payAs(personid, '75.25');
    expect(result).toMatchObject({ email: null, mobilePhone: null });
    const player = await createPlayerStore(platform.database.db).findById(result.playerId);
    expect(player).toMatchObject({ personid, status: 'PRE_REGISTERED', country_code: 'FI', currency_code: 'EUR', language_code: 'fi', email: null });
    expect(await balance(platform.database.db, playerAccount(result.playerId), 'EUR')).toBe('75.25');
  });

  // issue 8: the amount page says that continuing accepts the terms; the new player then landed on
  // /accept-terms-condition because no accepted version was recorded.
  it('records the current terms version as accepted for a new player', async () => {
    const result = await payAs(newPersonId(), '20', 'fi');
    const player = await createPlayerStore(platform.database.db).findById(result.playerId);
    expect(player?.terms_accepted_version).toBe(currentTermsVersion());
  });

  // issue 8: the route's language decides a new player's language (en-FI: English in Finland).
  it('gives a new player the language the flow ran in, in the country the bank identified', async () => {
    for (const language of ['en', 'fi']) {
      const result = await payAs(newPersonId(), '20', language);
      const player = await createPlayerStore(platform.database.db).findById(result.playerId);
      expect(player).toMatchObject({ country_code: 'FI', language_code: language });
    }
    expect(await expectFieldErrors(await app.request(authorizeUrl({ amount: '50', currency: 'EUR', country: 'FI', returnUrl: RETURN_URL, language: 'xx' })))).toEqual({
      language: 'validation.language',
    });
  });

  it('finds the known test identity (player@example.com) and answers its e-mail and phone', async () => {
    const { db } = platform.database;
    const seeded = await createPlayerStore(db).findByEmail('player@example.com');
    const before = toCents(await balance(db, playerAccount(seeded?.id ?? 0)));
    const result = await payAs(SEEDED_PERSONID, '20');
    expect(result).toMatchObject({ playerId: seeded?.id, email: 'player@example.com', mobilePhone: '+358401234567' });
    expect(toCents(await balance(db, playerAccount(result.playerId)))).toBe(before + 2000n);

    // Both known: straight to the login.
    const login = await postJson(app, '/api/paynplay/player/login', { sessionId: result.sessionId, metadata: META });
    expect(login.status).toBe(200);
    const answer = v.parse(loginResponseWithTokensSchema, await json(login));
    expect(parseIdToken(answer.idToken)).toMatchObject({ playerId: seeded?.id, email: 'player@example.com', loginMethod: 'PAYNPLAY' });
  });

  it('accepts the empty ipAddress a browser sends (it cannot know its public address)', async () => {
    const { sessionId } = await authorize('30');
    const query = await identify(sessionId, newPersonId());
    const response = await postJson(app, '/api/paynplay/player/code', { oneTimeCode: query.get('code') ?? '', sessionId, ipAddress: '', blackbox: 'bb' });
    expect(response.status, await response.clone().text()).toBe(200);
    const login = await postJson(app, '/api/paynplay/player/login', { sessionId, metadata: { ...META, ipAddress: '' } });
    // A new identity must give its e-mail and phone first: the login is refused, but not for the empty address.
    expect(await json(login)).not.toMatchObject({ errors: [{ field: 'metadata.ipAddress' }] });
  });

  it('finds the same player on a second payment and pays twice into one wallet', async () => {
    const personid = newPersonId();
    const first = await payAs(personid, '10');
    const second = await payAs(personid, '15');
    expect(second.playerId).toBe(first.playerId);
    expect(await balance(platform.database.db, playerAccount(first.playerId))).toBe('25.00');
  });

  it('refuses a replayed, wrong, unknown or expired code with 400 error.paynplay.code.invalid and never pays twice', async () => {
    const { sessionId } = await authorize('30');
    const code = (await identify(sessionId, newPersonId())).get('code') ?? '';
    await expectError(await verifyCode(`${code}x`, sessionId), 400, 'error.paynplay.code.invalid');
    await expectError(await verifyCode(code, 'another-session'), 400, 'error.paynplay.code.invalid');
    const ok = await verifyCode(code, sessionId);
    expect(ok.status).toBe(200);
    const { playerId } = v.parse(verifyCodeResponseSchema, await json(ok));
    await expectError(await verifyCode(code, sessionId), 400, 'error.paynplay.code.invalid');
    expect(await balance(platform.database.db, playerAccount(playerId))).toBe('30.00');

    const late = await authorize('30');
    const lateCode = (await identify(late.sessionId, newPersonId())).get('code') ?? '';
    const start = now;
    now = new Date(start.getTime() + PAY_AND_PLAY_CODE_TTL_MS + 1);
    try {
      await expectError(await verifyCode(lateCode, late.sessionId), 400, 'error.paynplay.code.invalid');
    } finally {
      now = start;
    }
  });

  it('pays once under two concurrent verifications of one code', async () => {
    const { db } = platform.database;
    const { sessionId } = await authorize('40');
    const code = (await identify(sessionId, newPersonId())).get('code') ?? '';
    const responses = await Promise.all([verifyCode(code, sessionId), verifyCode(code, sessionId)]);
    expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
    const winner = responses.find((response) => response.status === 200);
    const { playerId } = v.parse(verifyCodeResponseSchema, await json(winner ?? new Response('{}')));
    expect(await balance(db, playerAccount(playerId))).toBe('40.00');
    const posted = await db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `paynplay:${sessionId}`).execute();
    expect(posted).toHaveLength(1);
  });

  it('refuses a player on a time-out with the login code and takes no deposit', async () => {
    const { db } = platform.database;
    const personid = newPersonId();
    const player = await createPlayerStore(db).create({
      email: 'pnp.timeout@example.com',
      personid,
      country_code: 'FI',
      language_code: 'fi',
      currency_code: 'EUR',
      status: 'TIMEOUT',
      timeout_until: new Date(now.getTime() + 3 * 86_400_000),
    });
    const { sessionId } = await authorize('50');
    const code = (await identify(sessionId, personid)).get('code') ?? '';
    await expectError(await verifyCode(code, sessionId), 403, 'code:error.timeout.in.progress:days:3');
    expect(await balance(db, playerAccount(player.id))).toBe('0.00');
  });

  it.each([
    [{}, { oneTimeCode: 'validation.required', sessionId: 'validation.required', ipAddress: 'validation.required', blackbox: 'validation.required' }],
    [{ oneTimeCode: 'c'.repeat(300), sessionId: 's', ipAddress: '1.2.3.4', blackbox: '' }, { oneTimeCode: 'validation.too_long' }],
    [{ oneTimeCode: 1, sessionId: 's', ipAddress: '1.2.3.4', blackbox: '' }, { oneTimeCode: 'validation.invalid' }],
  ])('answers 400 error.validation for %j', async (body, expected) => {
    expect(await expectFieldErrors(await postJson(app, '/api/paynplay/player/code', body))).toEqual(expected);
  });

  it('has the payment provider confirm each session once, with the session as the reference, before the ledger credits it', async () => {
    const { db } = platform.database;
    const confirmed: { reference: string; amount: string; currency: string }[] = [];
    let refuse = false;
    const payments: PaymentProvider = {
      name: 'recording psp',
      simulated: true,
      confirmDeposit: (deposit) => {
        if (refuse) return Promise.reject(new Error('the PSP is down'));
        confirmed.push(deposit);
        return Promise.resolve({ providerReference: `psp:${deposit.reference}` });
      },
      refundDeposit: () => Promise.reject(new Error('nothing is refused here')),
      startPayment: ({ reference }) => Promise.resolve({ redirectUrl: `https://psp.example/pay?r=${reference}` }),
      paymentStatus: () => Promise.resolve('pending'),
    };
    const defaultApp = app;
    app = platform.app({ clock: () => now, providers: { payments } });
    try {
      const { sessionId, playerId } = await payAs(newPersonId(), '12.50');
      expect(confirmed).toEqual([{ reference: `paynplay:${sessionId}`, amount: '12.50', currency: 'EUR' }]);

      // A replayed code, and two verifications of one code at once: one confirmation each session.
      const again = await authorize('20');
      const code = (await identify(again.sessionId, newPersonId())).get('code') ?? '';
      const responses = await Promise.all([verifyCode(code, again.sessionId), verifyCode(code, again.sessionId)]);
      expect(responses.map((response) => response.status).sort()).toEqual([200, 400]);
      await expectError(await verifyCode(code, again.sessionId), 400, 'error.paynplay.code.invalid');
      await expectError(await verifyCode(code, sessionId), 400, 'error.paynplay.code.invalid');
      expect(confirmed.map((deposit) => deposit.reference)).toEqual([`paynplay:${sessionId}`, `paynplay:${again.sessionId}`]);
      expect(await balance(db, playerAccount(playerId))).toBe('12.50');

      // The provider does not confirm: nothing is credited, and the code is not spent.
      const failing = await authorize('30');
      const failingCode = (await identify(failing.sessionId, newPersonId())).get('code') ?? '';
      refuse = true;
      expect((await verifyCode(failingCode, failing.sessionId)).status).not.toBe(200);
      const credited = await db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `paynplay:${failing.sessionId}`).execute();
      expect(credited).toHaveLength(0);
      refuse = false;
      expect((await verifyCode(failingCode, failing.sessionId)).status).toBe(200);
      expect(confirmed.at(-1)).toEqual({ reference: `paynplay:${failing.sessionId}`, amount: '30.00', currency: 'EUR' });
    } finally {
      app = defaultApp;
    }
  });

  it('answers an SQL-looking code as an invalid code', async () => {
    await expectError(await verifyCode("' OR '1'='1", "' OR '1'='1"), 400, 'error.paynplay.code.invalid');
  });
});

describe('update and login of a new player', () => {
  it('takes an e-mail and a phone, then logs in with tokens recorded hashed', async () => {
    const { db } = platform.database;
    const { sessionId, playerId } = await payAs(newPersonId());
    // No login before the update: the player has no e-mail or phone yet.
    await expectError(await postJson(app, '/api/paynplay/player/login', { sessionId, metadata: META }), 400, 'error.paynplay.session.invalid');

    const update = { playerId, sessionId, email: 'Pnp.New@Example.com', phonePrefix: '+358', phoneBody: '45 111 2222' };
    const updated = await postJson(app, '/api/paynplay/player/update', update);
    expect(updated.status, await updated.clone().text()).toBe(200);
    expect(await createPlayerStore(db).findById(playerId)).toMatchObject({ email: 'Pnp.New@Example.com', phone_body: '451112222', status: 'REGISTERED' });

    const login = await postJson(app, '/api/paynplay/player/login', { sessionId, metadata: META });
    expect(login.status).toBe(200);
    const answer = v.parse(loginResponseWithTokensSchema, await json(login));
    expect(answer.lastAuth).toBeNull();
    expect(answer.refreshToken).not.toBe(answer.accessToken);
    expect(login.headers.get('set-cookie')).toContain(`${SESSION_COOKIE}=`);
    expect(parseIdToken(answer.idToken)).toMatchObject({ playerId, loginMethod: 'PAYNPLAY', countryCode: 'FI' });
    const row = await db.selectFrom('paynplay_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row.refresh_token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.refresh_token_hash).not.toBe(answer.refreshToken);
    // The id token works; the summary counts the deposit.
    const summary = await app.request('/api/player/transaction-summary', { headers: bearer(answer.idToken) });
    expect(await json(summary)).toEqual({ totalDepositsCount: 1 });

    // One login per session, and no update after it.
    await expectError(await postJson(app, '/api/paynplay/player/login', { sessionId, metadata: META }), 400, 'error.paynplay.session.invalid');
    await expectError(await postJson(app, '/api/paynplay/player/update', update), 400, 'error.paynplay.session.invalid');
  });

  it('refuses an e-mail another player has with 409', async () => {
    const { sessionId, playerId } = await payAs(newPersonId());
    await expectError(
      await postJson(app, '/api/paynplay/player/update', { playerId, sessionId, email: 'PLAYER@example.com', phonePrefix: '+358', phoneBody: '451113333' }),
      409,
      'error.registration.player_already_exists',
    );
  });

  it('updates only the player of a verified session', async () => {
    const verified = await payAs(newPersonId());
    const other = await payAs(newPersonId());
    const body = { email: 'pnp.other@example.com', phonePrefix: '+358', phoneBody: '451114444' };
    await expectError(await postJson(app, '/api/paynplay/player/update', { ...body, playerId: other.playerId, sessionId: verified.sessionId }), 400, 'error.paynplay.session.invalid');
    const unverified = await authorize();
    await expectError(await postJson(app, '/api/paynplay/player/update', { ...body, playerId: verified.playerId, sessionId: unverified.sessionId }), 400, 'error.paynplay.session.invalid');
    await expectError(await postJson(app, '/api/paynplay/player/login', { sessionId: unverified.sessionId, metadata: META }), 400, 'error.paynplay.session.invalid');
  });

  it('refuses a phone the SMS provider rejects and malformed fields', async () => {
    const { sessionId, playerId } = await payAs(newPersonId());
    await expectError(
      await postJson(app, '/api/paynplay/player/update', { playerId, sessionId, email: 'pnp.phone@example.com', phonePrefix: '+358', phoneBody: '000000' }),
      403,
      'error.vonage.validation',
    );
    expect(
      await expectFieldErrors(await postJson(app, '/api/paynplay/player/update', { playerId, sessionId, email: "x' OR 1=1", phonePrefix: '+1234', phoneBody: 'abc' })),
    ).toEqual({ email: 'validation.email', phonePrefix: 'validation.phone', phoneBody: 'validation.phone' });
    expect(await expectFieldErrors(await postJson(app, '/api/paynplay/player/login', { sessionId }))).toEqual({ metadata: 'validation.required' });
  });

  it.each(['/api/paynplay/player/code', '/api/paynplay/player/update', '/api/paynplay/player/login'])('%s refuses a body that is not a JSON object', async (path) => {
    for (const body of ['nope', '[]', '']) await expectError(await postJson(app, path, body), 400, 'error.request.invalid');
    await expectError(await postJson(app, path, { padding: 'x'.repeat(20_000) }), 413, 'error.request.invalid');
  });
});

// Issue 20, item 1: a player with a daily deposit limit of 50.00 identified at the bank for 500.00,
// all 500.00 was credited and the limit still read `used 0.00`. Pay and play now runs the cashier's
// one deposit rule (server/services/limits.ts depositLimitRule) under the wallet lock, and a limit's
// `used` counts the deposits of every path.
describe('issue 20: pay and play and the deposit limits', () => {
  const limitsPath = (kind: 'deposit' | 'spend') => `/api/player/${kind}-limits`;

  async function setLimit(player: WalletPlayer, duration: 'D' | 'W' | 'M', limit: string, kind: 'deposit' | 'spend' = 'deposit'): Promise<void> {
    const response = await app.request(limitsPath(kind), {
      method: 'PATCH',
      headers: { ...bearer(player.token), 'Content-Type': 'application/json' },
      body: JSON.stringify({ duration, limit }),
    });
    expect(response.status, await response.clone().text()).toBe(200);
  }

  async function dailyDepositLimit(player: WalletPlayer): Promise<Limit> {
    const response = await app.request(limitsPath('deposit'), { headers: bearer(player.token) });
    expect(response.status).toBe(200);
    const limit = v.parse(limitsResponseSchema, await json(response)).limits.find((candidate) => candidate.duration === 'D');
    if (!limit) throw new Error('no daily limit');
    return limit;
  }

  /** The bank page's answer to "Identify and pay" for a deposit the limits refuse: the page, and its way back. */
  async function refusedAtBank(sessionId: string, personid: string): Promise<URL> {
    const response = await app.request('/api/bankid/authorize', form({ session: sessionId, personid, action: 'identify' }));
    expect(response.status).toBe(409);
    const html = await response.text();
    expect(html).toMatch(/<h1>Deposit refused by the site<\/h1>/);
    expect(html).toMatch(/role="alert"[^>]*>[^<]*gambling limits/);
    const href = /href="([^"]+)"/.exec(html)?.[1]?.replaceAll('&amp;', '&') ?? '';
    const back = new URL(href, 'http://site.invalid');
    expect(back.pathname).toBe(RETURN_URL);
    expect(Object.fromEntries(back.searchParams)).toEqual({ error: 'SELF_LIMIT_REACHED', sessionId });
    // The session is over: no code was handed out, and the page cannot be used again.
    expect((await app.request(`/api/bankid/authorize?session=${sessionId}`)).status).toBe(409);
    return back;
  }

  const depositRequest = (player: WalletPlayer, amount: string) =>
    postJsonWithToken('/api/player/wallet/deposit/request', player.token, { amount, methodId: 'visa', idempotencyKey: newKey('pnp-limit'), returnPath: '/en-FI/deposit' });

  function postJsonWithToken(path: string, token: string, body: unknown): Promise<Response> {
    return Promise.resolve(app.request(path, { method: 'POST', headers: { ...bearer(token), 'Content-Type': 'application/json' }, body: JSON.stringify(body) }));
  }

  afterEach(async () => {
    await platform.settings.reset();
  });

  it('Pay and play ignores deposit limits: a deposit of 500.00 past a daily limit of 50.00 is refused at the bank, nothing is credited, and `used` stays 0.00', async () => {
    const { db } = platform.database;
    const personid = newPersonId();
    const player = await walletPlayer(platform, app, { personid });
    await setLimit(player, 'D', '50');

    const { sessionId } = await authorize('500');
    await refusedAtBank(sessionId, personid);
    const row = await db.selectFrom('paynplay_sessions').selectAll().where('id', '=', sessionId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ one_time_code_hash: null, identified_at: null, player_id: null });
    expect(row.cancelled_at).not.toBeNull();
    expect(await balance(db, playerAccount(player.id), 'EUR')).toBe('0.00');
    expect(await dailyDepositLimit(player)).toMatchObject({ value: '50.00', used: '0.00', remaining: '50.00' });

    // Within the limit the bank step goes on, and the pay-and-play deposit counts: the cashier then
    // has only what is left.
    const allowed = await authorize('30');
    const code = (await identify(allowed.sessionId, personid)).get('code') ?? '';
    expect((await verifyCode(code, allowed.sessionId)).status).toBe(200);
    expect(await balance(db, playerAccount(player.id), 'EUR')).toBe('30.00');
    expect(await dailyDepositLimit(player)).toMatchObject({ used: '30.00', remaining: '20.00' });
    expect(await json(await depositRequest(player, '20.01'))).toMatchObject({ result: 'SELF_LIMIT_REACHED', depositId: null });
    expect(await json(await depositRequest(player, '20'))).toMatchObject({ result: 'SUCCESS' });
    // The cashier's pending deposit holds its share: pay and play cannot take it either.
    await refusedAtBank((await authorize('10')).sessionId, personid);
  });

  it('refuses a deposit that passed the bank step but arrives after the limit was used: 409 SELF_LIMIT_REACHED, nothing credited, the payment refunded once', async () => {
    const { db } = platform.database;
    const refunded: { reference: string; amount: string; currency: string }[] = [];
    const payments: PaymentProvider = {
      ...simulatedPaymentProvider({ db, clock: () => now }),
      refundDeposit: (deposit) => {
        refunded.push(deposit);
        return Promise.resolve();
      },
    };
    const defaultApp = app;
    app = platform.app({ clock: () => now, providers: { payments } });
    try {
      const personid = newPersonId();
      const player = await walletPlayer(platform, app, { personid });
      await setLimit(player, 'D', '50');
      const { sessionId } = await authorize('40');
      const code = (await identify(sessionId, personid)).get('code') ?? '';
      // Between the bank step and the code check, a cashier deposit takes 20.00 of the 50.00.
      expect(await json(await depositRequest(player, '20'))).toMatchObject({ result: 'SUCCESS' });

      const refused = await verifyCode(code, sessionId);
      expect(refused.status).toBe(409);
      const body = v.parse(errorBodySchema, await json(refused));
      expect(body).toMatchObject({ code: 'SELF_LIMIT_REACHED', details: { limitLeft: '30.00', limitType: 'deposit' } });
      expect(body.details?.resetOn).toMatch(/^\d{4}-\d\d-\d\dT/);
      expect(refunded).toEqual([{ reference: `paynplay:${sessionId}`, amount: '40.00', currency: 'EUR' }]);
      expect(await balance(db, playerAccount(player.id), 'EUR')).toBe('0.00');
      expect(await db.selectFrom('ledger_transactions').selectAll().where('idempotency_key', '=', `paynplay:${sessionId}`).execute()).toHaveLength(0);
      expect(await dailyDepositLimit(player)).toMatchObject({ used: '20.00' });
      // The code is spent: a replay is refused and refunds nothing more; the session logs no one in.
      await expectError(await verifyCode(code, sessionId), 400, 'error.paynplay.code.invalid');
      expect(refunded).toHaveLength(1);
      await expectError(await postJson(app, '/api/paynplay/player/login', { sessionId, metadata: META }), 400, 'error.paynplay.session.invalid');
    } finally {
      app = defaultApp;
    }
  });

  it('refuses a deposit while a spend limit is used up (limitType loss), as the cashier does', async () => {
    const personid = newPersonId();
    const player = await walletPlayer(platform, app, { personid });
    await setLimit(player, 'D', '10', 'spend');
    // A lost stake of 10.00 in the history uses the spend limit up (the limits read the history).
    await inTransaction(platform.database.db, async (trx) => {
      const wallet = await lockWallet(trx, player.id);
      if (!wallet) throw new Error('no wallet');
      await recordHistory(trx, wallet, { category: 'CASINO', type: 'BET', status: 'SUCCESS', amount: -1000n, balanceAfter: 0n, at: now });
    });
    await refusedAtBank((await authorize('25')).sessionId, personid);
  });

  it('holds the per-market required limits: a German player needs a monthly limit, and a market that requires one refuses a new person', async () => {
    const { db } = platform.database;
    const personid = newPersonId();
    const german = await walletPlayer(platform, app, { personid, country_code: 'DE', language_code: 'de' });
    await refusedAtBank((await authorize('20')).sessionId, personid);
    await setLimit(german, 'M', '500');
    const { sessionId } = await authorize('20');
    const code = (await identify(sessionId, personid)).get('code') ?? '';
    expect((await verifyCode(code, sessionId)).status).toBe(200);
    expect(await balance(db, playerAccount(german.id), 'EUR')).toBe('20.00');

    // The operator makes Finland require a deposit limit before a first deposit (the platform's
    // market rules): pay and play asks for it with the amount (issue 21), and a session opened
    // before the change, without one, is refused at the bank: nothing is paid and no player is made.
    const { sessionId: before } = await authorize('20');
    await platform.settings.update({ marketRules: { FI: { requiredDepositLimit: 'any' } } });
    expect(await expectFieldErrors(await app.request(authorizeUrl({ amount: '20', currency: 'EUR', country: 'FI', returnUrl: RETURN_URL })))).toEqual({
      limit: 'validation.required',
    });
    const newcomer = newPersonId();
    await refusedAtBank(before, newcomer);
    expect(await createPlayerStore(db).findByPersonId(newcomer)).toBeUndefined();
  });

  it('creates no player when the deposit of a new person arrives refused at the code check', async () => {
    const { db } = platform.database;
    const newcomer = newPersonId();
    const { sessionId } = await authorize('20');
    const code = (await identify(sessionId, newcomer)).get('code') ?? '';
    await platform.settings.update({ marketRules: { FI: { requiredDepositLimit: 'M' } } });
    const refused = await verifyCode(code, sessionId);
    expect(refused.status).toBe(409);
    expect(v.parse(errorBodySchema, await json(refused))).toMatchObject({
      code: 'SELF_LIMIT_REACHED',
      details: { limitLeft: null, limitType: 'deposit', resetOn: null },
    });
    expect(await createPlayerStore(db).findByPersonId(newcomer)).toBeUndefined();
  });
});

describe('issue 21: pay and play creates a player in Sweden and Germany, with the deposit limit their markets require first', () => {
  const RETURN_SE = '/en-PP/signup/callback';
  const RETURN_DE = '/de-JJ/signup/callback';

  async function authorizeIn(query: Record<string, string>): Promise<Response> {
    return Promise.resolve(app.request(authorizeUrl(query)));
  }

  async function identifyBack(sessionId: string, personid: string, returnUrl: string): Promise<string> {
    const response = await app.request('/api/bankid/authorize', form({ session: sessionId, personid, action: 'identify' }));
    expect(response.status, await response.clone().text()).toBe(303);
    const location = new URL(response.headers.get('location') ?? '', 'http://site.invalid');
    expect(location.pathname).toBe(returnUrl);
    return location.searchParams.get('code') ?? '';
  }

  async function depositLimits(playerId: number): Promise<{ duration: string; value_cents: number | null; pending_value_cents: number | null }[]> {
    return platform.database.db
      .selectFrom('player_limits')
      .select(['duration', 'value_cents', 'pending_value_cents'])
      .where('player_id', '=', playerId)
      .where('kind', '=', 'deposit')
      .orderBy('duration')
      .execute();
  }

  afterEach(async () => {
    await platform.settings.reset();
  });

  it('Germany: a new person with a monthly limit of at most 1,000 EUR becomes a player of that limit, which applies at once, and is paid', async () => {
    const { db } = platform.database;
    const personid = newPersonId();
    const response = await authorizeIn({ amount: '150', currency: 'EUR', country: 'DE', language: 'de', returnUrl: RETURN_DE, limitDuration: 'M', limit: '1000' });
    expect(response.status, await response.clone().text()).toBe(200);
    const { sessionId } = v.parse(authorizeResponseSchema, await json(response));
    const code = await identifyBack(sessionId, personid, RETURN_DE);
    const verified = await verifyCode(code, sessionId);
    expect(verified.status, await verified.clone().text()).toBe(200);
    const { playerId } = v.parse(verifyCodeResponseSchema, await json(verified));
    const player = await createPlayerStore(db).findById(playerId);
    expect(player).toMatchObject({ country_code: 'DE', currency_code: 'EUR', language_code: 'de', status: 'PRE_REGISTERED' });
    expect(await depositLimits(playerId)).toEqual([{ duration: 'M', value_cents: 100000, pending_value_cents: null }]);
    expect(await balance(db, playerAccount(playerId), 'EUR')).toBe('150.00');

    // The player's limit is theirs from now on: a limit brought to a later session changes nothing,
    // and the deposits count against it (1,000 - 150 left: 900 more is refused at the bank).
    const again = await authorizeIn({ amount: '900', currency: 'EUR', country: 'DE', returnUrl: RETURN_DE, limitDuration: 'M', limit: '1000' });
    const second = v.parse(authorizeResponseSchema, await json(again));
    const refused = await app.request('/api/bankid/authorize', form({ session: second.sessionId, personid, action: 'identify' }));
    expect(refused.status).toBe(409);
    expect(await depositLimits(playerId)).toEqual([{ duration: 'M', value_cents: 100000, pending_value_cents: null }]);
  });

  it('Sweden: a new person with a limit of any period is created in SEK with it; the update and login follow', async () => {
    const { db } = platform.database;
    const personid = newPersonId();
    const response = await authorizeIn({ amount: '200', currency: 'SEK', country: 'SE', returnUrl: RETURN_SE, limitDuration: 'D', limit: '250.50' });
    expect(response.status, await response.clone().text()).toBe(200);
    const { sessionId } = v.parse(authorizeResponseSchema, await json(response));
    const code = await identifyBack(sessionId, personid, RETURN_SE);
    const verified = await verifyCode(code, sessionId);
    expect(verified.status, await verified.clone().text()).toBe(200);
    const { playerId } = v.parse(verifyCodeResponseSchema, await json(verified));
    expect(await createPlayerStore(db).findById(playerId)).toMatchObject({ country_code: 'SE', currency_code: 'SEK', language_code: 'en' });
    expect(await depositLimits(playerId)).toEqual([{ duration: 'D', value_cents: 25050, pending_value_cents: null }]);
    expect(await balance(db, playerAccount(playerId), 'SEK')).toBe('200.00');
    const update = await postJson(app, '/api/paynplay/player/update', { playerId, sessionId, email: `se.${personid}@example.com`, phonePrefix: '+46', phoneBody: '701234599' });
    expect(update.status, await update.clone().text()).toBe(200);
    const login = await postJson(app, '/api/paynplay/player/login', { sessionId, metadata: { ...META, country: 'SE' } });
    expect(login.status, await login.clone().text()).toBe(200);
    expect(parseIdToken(v.parse(loginResponseWithTokensSchema, await json(login)).idToken).countryCode).toBe('SE');
  });

  it('refuses, with a 400 and a catalogue code, a first limit that is missing, malformed, of the wrong period, beyond the cap, or below the amount; nothing is opened', async () => {
    const { db } = platform.database;
    const before = await db.selectFrom('paynplay_sessions').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    const de = { amount: '100', currency: 'EUR', country: 'DE', returnUrl: RETURN_DE };
    expect(await expectFieldErrors(await authorizeIn(de))).toEqual({ limit: 'validation.required' });
    expect(await expectFieldErrors(await authorizeIn({ ...de, limitDuration: 'M' }))).toEqual({ limit: 'validation.required' });
    for (const limit of ['abc', '10.555', '1e3', '-5', "1'; DROP TABLE player_limits;--", '']) {
      const answer = await authorizeIn({ ...de, limitDuration: 'M', limit });
      expect(answer.status).toBe(400);
      expect(Object.keys(await expectFieldErrors(answer))).toEqual(['limit']);
    }
    expect(await expectFieldErrors(await authorizeIn({ ...de, limitDuration: 'W', limit: '500' }))).toEqual({ limitDuration: 'validation.invalid' });
    expect(await expectFieldErrors(await authorizeIn({ ...de, limitDuration: 'X', limit: '500' }))).toEqual({ limitDuration: 'validation.invalid' });
    await expectError(await authorizeIn({ ...de, limitDuration: 'M', limit: '1000.01' }), 400, 'error.deposit.limit.too_high');
    await expectError(await authorizeIn({ ...de, limitDuration: 'M', limit: '0.5' }), 400, 'error.deposit.limit.too_low');
    await expectError(await authorizeIn({ ...de, limitDuration: 'M', limit: '50' }), 400, 'error.paynplay.amount.invalid');
    // Finland requires no limit first: one given there is not taken.
    expect(await expectFieldErrors(await authorizeIn({ amount: '50', currency: 'EUR', country: 'FI', returnUrl: RETURN_URL, limitDuration: 'M', limit: '500' }))).toEqual({
      limit: 'validation.invalid',
    });
    const after = await db.selectFrom('paynplay_sessions').select(db.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('holds the operator\'s market rules: a cap the operator lowers is the cap', async () => {
    await platform.settings.update({ marketRules: { JJ: { maxDepositLimit: { M: 500 } } } });
    await expectError(await authorizeIn({ amount: '100', currency: 'EUR', country: 'DE', returnUrl: RETURN_DE, limitDuration: 'M', limit: '600' }), 400, 'error.deposit.limit.too_high');
    expect((await authorizeIn({ amount: '100', currency: 'EUR', country: 'DE', returnUrl: RETURN_DE, limitDuration: 'M', limit: '500' })).status).toBe(200);
  });
});
