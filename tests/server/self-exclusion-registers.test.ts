import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SelfExclusionRegister } from '../../machines/lib/selfExclusionRegisters';
import { productionProblems, type PlatformProviders } from '../../server/providers';
import { simulatedSelfExclusionRegisters } from '../../server/providers/simulated-registers';
import { findRegisterChecks } from '../../server/repositories/register-checks';
import { createPlayerStore } from '../../server/services/players';
import { SEEDED_EMAILS, SEEDED_PASSWORD } from '../../server/services/seed-players';
import { SESSION_COOKIE } from '../../server/services/sessions';
import { CAPTCHA, expectError, postJson, postRegistration, registrationBody } from './helpers/identity';
import { startTestPlatform, type TestPlatform } from './helpers/platform';

// Issue 23 "Beyond the spec": the national self-exclusion registers (Spelpaus for PP / Sweden,
// OASIS for JJ / Germany, GAMSTOP for GG / Great Britain), asked at sign-up, at pay and play's bank
// identification and at every login; a listed person is refused with the register named, a register
// that cannot be asked refuses too (fail closed), every answer is written down for the operator, and
// a refusal creates nothing. The simulated registers list e-mails ending in +listed and personal
// identity codes ending in 9999 (server/providers/simulated-registers.ts).

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
/** Every register down: the fail-closed path. */
let registersDown: ReturnType<TestPlatform['app']>;

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app();
  registersDown = platform.app({
    providers: { selfExclusionRegisters: simulatedSelfExclusionRegisters({ unreachable: ['SPELPAUS', 'OASIS', 'GAMSTOP'] }) },
  });
});
afterAll(async () => {
  await platform.close();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const listedCode = (register: SelfExclusionRegister) => `code:error.self_exclusion.register.listed:register:${register}`;
const unavailableCode = (register: SelfExclusionRegister) => `code:error.self_exclusion.register.unavailable:register:${register}`;

interface Market {
  market: string;
  register: SelfExclusionRegister;
  country: string;
  listed: string;
  notListed: string;
}
const MARKETS: readonly Market[] = [
  { market: 'PP', register: 'SPELPAUS', country: 'SE', listed: SEEDED_EMAILS.spelpausListed, notListed: SEEDED_EMAILS.se },
  { market: 'JJ', register: 'OASIS', country: 'DE', listed: SEEDED_EMAILS.oasisListed, notListed: SEEDED_EMAILS.de },
  { market: 'GG', register: 'GAMSTOP', country: 'GB', listed: SEEDED_EMAILS.gamstopListed, notListed: SEEDED_EMAILS.uk },
];

function logIn(target: ReturnType<TestPlatform['app']>, email: string): Promise<Response> {
  return postJson(target, '/api/player/login', { email, password: SEEDED_PASSWORD });
}

async function playerId(email: string): Promise<number> {
  const player = await createPlayerStore(platform.database.db).findByEmail(email);
  if (!player) throw new Error(`no seeded player ${email}`);
  return player.id;
}

async function sessionCount(id: number): Promise<number> {
  const rows = await platform.database.db.selectFrom('sessions').select('id').where('player_id', '=', id).execute();
  return rows.length;
}

function setsSessionCookie(response: Response): boolean {
  return (response.headers.get('set-cookie') ?? '').includes(`${SESSION_COOKIE}=`) && !(response.headers.get('set-cookie') ?? '').includes('Max-Age=0');
}

/** A bank page form post. */
function bankForm(sessionId: string, personid: string): RequestInit {
  return {
    method: 'POST',
    body: new URLSearchParams({ session: sessionId, personid, action: 'identify' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  };
}

async function authorizeAt(target: ReturnType<TestPlatform['app']>, country: 'SE' | 'DE' | 'FI'): Promise<{ sessionId: string; returnUrl: string }> {
  const queries: Record<'SE' | 'DE' | 'FI', Record<string, string>> = {
    SE: { amount: '100', currency: 'SEK', country: 'SE', returnUrl: '/en-PP/signup/callback', limitDuration: 'W', limit: '500' },
    DE: { amount: '100', currency: 'EUR', country: 'DE', returnUrl: '/de-JJ/signup/callback', limitDuration: 'M', limit: '1000' },
    FI: { amount: '50', currency: 'EUR', country: 'FI', returnUrl: '/en-FI/signup/callback' },
  };
  const query = queries[country];
  const response = await target.request(`/api/paynplay/authorize?${new URLSearchParams(query).toString()}`);
  expect(response.status, await response.clone().text()).toBe(200);
  const { sessionId } = (await response.json()) as { sessionId: string };
  return { sessionId, returnUrl: query.returnUrl ?? '' };
}

let personSequence = 0;
function personid(listed: boolean): string {
  personSequence += 1;
  return `${String(100000 + personSequence)}-${listed ? '9999' : String(1000 + personSequence)}`;
}

describe.each(MARKETS)('$register ($market, $country)', ({ register, country, listed, notListed }) => {
  it('login: a listed player is refused with the register named, gets no session, and the answer is logged', async () => {
    const id = await playerId(listed);
    const before = await sessionCount(id);
    const response = await logIn(app, listed);
    await expectError(response, 403, listedCode(register));
    expect(setsSessionCookie(response)).toBe(false);
    expect(await sessionCount(id)).toBe(before);
    const [logged] = await findRegisterChecks(platform.database.db, { playerId: id });
    expect(logged).toMatchObject({ occasion: 'LOGIN', register, outcome: 'LISTED', player_id: id, email: listed, country_code: country });
    expect(logged?.provider_reference).toMatch(new RegExp(`^sim-${register.toLowerCase()}-`));
    expect(Date.now() - (logged?.checked_at.getTime() ?? 0)).toBeLessThan(60_000);
  });

  it('login: a player the register does not list logs in, and the answer is logged', async () => {
    const response = await logIn(app, notListed);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(setsSessionCookie(response)).toBe(true);
    const [logged] = await findRegisterChecks(platform.database.db, { playerId: await playerId(notListed) });
    expect(logged).toMatchObject({ occasion: 'LOGIN', register, outcome: 'NOT_LISTED' });
    expect(logged?.provider_reference).toBeTruthy();
  });

  it('login: the register down refuses to retry later (fail closed), logged as unavailable', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const id = await playerId(notListed);
    const before = await sessionCount(id);
    const response = await logIn(registersDown, notListed);
    const body = (await response.clone().json()) as { details?: unknown };
    await expectError(response, 503, unavailableCode(register));
    expect(body.details).toEqual({ retryAfterSeconds: 60 });
    expect(response.headers.get('retry-after')).toBe('60');
    expect(setsSessionCookie(response)).toBe(false);
    expect(await sessionCount(id)).toBe(before);
    const [logged] = await findRegisterChecks(platform.database.db, { playerId: id });
    expect(logged).toMatchObject({ occasion: 'LOGIN', register, outcome: 'UNAVAILABLE', provider_reference: null });
    expect(warn).toHaveBeenCalled();
  });

  it('sign-up from the market: a listed person is refused and nothing is created', async () => {
    const body = registrationBody();
    const email = body.email.replace('@', '+listed@');
    const response = await postRegistration(app, { ...body, email }, { ...CAPTCHA, 'x-test-country': country });
    await expectError(response, 403, listedCode(register));
    expect(await createPlayerStore(platform.database.db).findByEmail(email)).toBeUndefined();
    const [logged] = await findRegisterChecks(platform.database.db, { email });
    expect(logged).toMatchObject({ occasion: 'SIGNUP', register, outcome: 'LISTED', player_id: null, country_code: 'FI' });
  });

  it('sign-up from the market: a person not listed registers, and the answer is logged', async () => {
    const body = registrationBody();
    const response = await postRegistration(app, body, { ...CAPTCHA, 'x-test-country': country });
    expect(response.status, await response.clone().text()).toBe(201);
    const [logged] = await findRegisterChecks(platform.database.db, { email: body.email });
    expect(logged).toMatchObject({ occasion: 'SIGNUP', register, outcome: 'NOT_LISTED' });
  });

  it('sign-up from the market: the register down refuses and nothing is created', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const body = registrationBody();
    await expectError(await postRegistration(registersDown, body, { ...CAPTCHA, 'x-test-country': country }), 503, unavailableCode(register));
    expect(await createPlayerStore(platform.database.db).findByEmail(body.email)).toBeUndefined();
  });
});

describe.each([
  { register: 'SPELPAUS' as const, country: 'SE' as const },
  { register: 'OASIS' as const, country: 'DE' as const },
])('pay and play in $country: $register at the bank identification', ({ register, country }) => {
  it('a listed person is refused before any payment: no code, no player, the session ends, logged', async () => {
    const { sessionId, returnUrl } = await authorizeAt(app, country);
    const id = personid(true);
    const response = await app.request('/api/bankid/authorize', bankForm(sessionId, id));
    expect(response.status).toBe(403);
    const page = await response.text();
    expect(page).toContain(register === 'SPELPAUS' ? 'Spelpaus' : 'OASIS');
    const back = /href="([^"]+)"/.exec(page.slice(page.indexOf('actions')))?.[1]?.replaceAll('&amp;', '&') ?? '';
    const query = new URL(back, 'http://site.invalid');
    expect(query.pathname).toBe(returnUrl);
    expect(query.searchParams.get('error')).toBe(listedCode(register));
    expect(query.searchParams.get('code')).toBeNull();
    expect(await createPlayerStore(platform.database.db).findByPersonId(id)).toBeUndefined();
    const [logged] = await findRegisterChecks(platform.database.db, { personid: id });
    expect(logged).toMatchObject({ occasion: 'PAY_AND_PLAY', register, outcome: 'LISTED', player_id: null, country_code: country });
    // The session is over: the bank page no longer takes it.
    expect((await app.request('/api/bankid/authorize', bankForm(sessionId, personid(false)))).status).toBe(409);
  });

  it('a person not listed gets the one-time code', async () => {
    const { sessionId } = await authorizeAt(app, country);
    const id = personid(false);
    const response = await app.request('/api/bankid/authorize', bankForm(sessionId, id));
    expect(response.status).toBe(303);
    expect(new URL(response.headers.get('location') ?? '', 'http://site.invalid').searchParams.get('code')).toBeTruthy();
    const [logged] = await findRegisterChecks(platform.database.db, { personid: id });
    expect(logged).toMatchObject({ occasion: 'PAY_AND_PLAY', register, outcome: 'NOT_LISTED' });
  });

  it('the register down refuses (fail closed): the page names it, nothing is paid', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { sessionId } = await authorizeAt(registersDown, country);
    const id = personid(false);
    const response = await registersDown.request('/api/bankid/authorize', bankForm(sessionId, id));
    expect(response.status).toBe(403);
    expect((await response.text()).replaceAll('&amp;', '&')).toContain(`error=${encodeURIComponent(unavailableCode(register))}`);
    const [logged] = await findRegisterChecks(platform.database.db, { personid: id });
    expect(logged).toMatchObject({ outcome: 'UNAVAILABLE', provider_reference: null });
  });
});

describe('other markets are not checked', () => {
  it('a Finnish player logs in without a register question', async () => {
    const response = await logIn(registersDown, SEEDED_EMAILS.player);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await findRegisterChecks(platform.database.db, { playerId: await playerId(SEEDED_EMAILS.player) })).toEqual([]);
  });

  it('a Finnish sign-up from an unknown place, even with +listed, asks no register', async () => {
    const body = registrationBody();
    const email = body.email.replace('@', '+listed@');
    const response = await postRegistration(registersDown, { ...body, email }, CAPTCHA);
    expect(response.status, await response.clone().text()).toBe(201);
    expect(await findRegisterChecks(platform.database.db, { email })).toEqual([]);
  });

  it('pay and play in Finland asks no register', async () => {
    const { sessionId } = await authorizeAt(registersDown, 'FI');
    const id = personid(true);
    expect((await registersDown.request('/api/bankid/authorize', bankForm(sessionId, id))).status).toBe(303);
    expect(await findRegisterChecks(platform.database.db, { personid: id })).toEqual([]);
  });
});

describe('production mode', () => {
  it('will not start without a real register service, nor with the simulated one', () => {
    const simulated = simulatedSelfExclusionRegisters();
    const without: Partial<PlatformProviders> = {};
    expect(productionProblems(without).join('\n')).toContain('SELF_EXCLUSION_REGISTER_PROVIDER');
    expect(productionProblems({ selfExclusionRegisters: simulated }).join('\n')).toContain(`the self-exclusion register service "${simulated.name}" is a simulation`);
  });
});
