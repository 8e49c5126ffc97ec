import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { CA_PROVINCES } from '../../machines/lib/address';
import { addressResponseSchema, provinceResponseSchema } from '../../src/api/address';
import { latestActivityResponseSchema } from '../../src/api/account';
import { loginResponseSchema, parseIdToken } from '../../src/api/auth';
import { SESSION_COOKIE } from '../../server/services/sessions';
import { SEEDED_PASSWORD } from '../../server/services/seed-players';
import { bearer, expectError, expectFieldErrors } from './helpers/identity';
import { json, useTestPlatform } from './helpers/platform';
import { walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player's address and the Canadian province on the platform (issue 23; product.md §3 "Account
// details"; behaviour.md §7 /player/address; src/api/address.ts): what was saved is read back,
// normalised; the postal code follows the player's country; the province is a Canadian player's only
// and the next id token carries it; each change is the account's latest activity; every refusal is a
// 4xx with the catalogue's code and changes nothing.

const env = useTestPlatform();

function call(token: string | null, method: 'GET' | 'PUT', path: '/api/player/address' | '/api/player/province', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = token === null ? {} : bearer(token);
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return Promise.resolve(env.app.request(path, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) }));
}

async function addressOf(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(addressResponseSchema, await json(response));
}
async function provinceOf(response: Response) {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(provinceResponseSchema, await json(response)).provinceCode;
}

const readAddress = async (player: WalletPlayer) => addressOf(await call(player.token, 'GET', '/api/player/address'));
const readProvince = async (player: WalletPlayer) => provinceOf(await call(player.token, 'GET', '/api/player/province'));

async function latestActivity(token: string) {
  const response = await env.app.request('/api/player/latest-activity-log', { headers: bearer(token) });
  expect(response.status).toBe(200);
  return v.parse(latestActivityResponseSchema, await json(response)).latestActivityLog;
}

async function storedRows(playerId: number) {
  const { db } = env.platform.database;
  return {
    address: await db.selectFrom('player_addresses').selectAll().where('player_id', '=', playerId).execute(),
    player: await db.selectFrom('players').select(['province_code', 'country_code', 'updated_at']).where('id', '=', playerId).executeTakeFirstOrThrow(),
    activity: await db.selectFrom('player_activity').select(['kind', 'note']).where('player_id', '=', playerId).orderBy('id').execute(),
  };
}

const HELSINKI = { streetAddress: 'Mannerheimintie 1 A 5', postalCode: '00100', city: 'Helsinki' };
const canadian = () => walletPlayer(env.platform, env.app, { country_code: 'CA', currency_code: 'CAD', language_code: 'ca', province_code: 'ON' });

describe('the address (behaviour.md §7 /player/address)', () => {
  it('is null before the first save, with the player country; a save is read back normalised, in a new session too; the latest activity says so', async () => {
    const player = await walletPlayer(env.platform, env.app);
    expect(await readAddress(player)).toEqual({ address: null, countryCode: 'FI' });
    const saved = await addressOf(await call(player.token, 'PUT', '/api/player/address', { streetAddress: '  Mannerheimintie 1 A 5 ', postalCode: ' 00100 ', city: 'Helsinki ' }));
    expect(saved).toEqual({ address: HELSINKI, countryCode: 'FI' });
    expect(await readAddress(player)).toEqual(saved);
    expect(await latestActivity(player.token)).toMatchObject({ activity: 'ADDRESS_CHANGED', note: null });
    // Replaced whole: one row per player.
    const espoo = { streetAddress: 'Tekniikantie 12', postalCode: '02150', city: 'Espoo' };
    expect((await addressOf(await call(player.token, 'PUT', '/api/player/address', espoo))).address).toEqual(espoo);
    expect((await storedRows(player.id)).address).toHaveLength(1);
  });

  it('takes a postal code in the shape of the player country, normalised (upper case, one space)', async () => {
    const player = await canadian();
    const saved = await addressOf(await call(player.token, 'PUT', '/api/player/address', { streetAddress: '100 Queen St W', postalCode: 'm5h  2n2', city: 'Toronto' }));
    expect(saved).toEqual({ address: { streetAddress: '100 Queen St W', postalCode: 'M5H 2N2', city: 'Toronto' }, countryCode: 'CA' });
    // A Finnish code is not a Canadian one.
    const refused = await expectFieldErrors(await call(player.token, 'PUT', '/api/player/address', HELSINKI));
    expect(refused).toEqual({ postalCode: 'validation.postal_code' });
  });

  it.each([
    ['a postal code of another shape', { ...HELSINKI, postalCode: '1234' }, { postalCode: 'validation.postal_code' }],
    ['a postal code with other characters', { ...HELSINKI, postalCode: '00100!' }, { postalCode: 'validation.postal_code' }],
    ['a postal code too long', { ...HELSINKI, postalCode: '0'.repeat(11) }, { postalCode: 'validation.too_long' }],
    ['empty fields', { streetAddress: ' ', postalCode: '', city: '' }, { streetAddress: 'validation.required', postalCode: 'validation.required', city: 'validation.required' }],
    ['missing fields', {}, { streetAddress: 'validation.required', postalCode: 'validation.required', city: 'validation.required' }],
    ['a street address too long', { ...HELSINKI, streetAddress: `Katu ${'1'.repeat(100)}` }, { streetAddress: 'validation.too_long' }],
    ['a city with digits and markup', { ...HELSINKI, city: '<b>Helsinki</b> 2' }, { city: 'validation.invalid' }],
    ['a street address with a control character', { ...HELSINKI, streetAddress: 'Katu\u00071' }, { streetAddress: 'validation.invalid' }],
    ['a number for a text', { ...HELSINKI, city: 42 }, { city: 'validation.invalid' }],
    ['a field the contract does not have', { ...HELSINKI, countryCode: 'SE' }, { countryCode: 'validation.invalid' }],
  ])('refuses %s with 400 error.validation and changes nothing', async (_name, body, errors) => {
    const player = await walletPlayer(env.platform, env.app);
    await addressOf(await call(player.token, 'PUT', '/api/player/address', HELSINKI));
    const before = await storedRows(player.id);
    expect(await expectFieldErrors(await call(player.token, 'PUT', '/api/player/address', body))).toEqual(errors);
    expect(await storedRows(player.id)).toEqual(before);
    expect((await readAddress(player)).address).toEqual(HELSINKI);
  });

  it.each([
    ['not JSON', '{"streetAddress":', 400],
    ['a JSON array', '[]', 400],
    ['a body past the flow limit', JSON.stringify({ ...HELSINKI, city: 'x'.repeat(20_000) }), 413],
  ])('refuses a body that is %s with error.request.invalid and changes nothing', async (_name, body, status) => {
    const player = await walletPlayer(env.platform, env.app);
    const before = await storedRows(player.id);
    await expectError(await call(player.token, 'PUT', '/api/player/address', body), status, 'error.request.invalid');
    expect(await storedRows(player.id)).toEqual(before);
  });

  it('is a player own: another player reads none of it, a visitor gets 401 and writes nothing', async () => {
    const one = await walletPlayer(env.platform, env.app);
    const other = await walletPlayer(env.platform, env.app);
    await addressOf(await call(one.token, 'PUT', '/api/player/address', HELSINKI));
    expect((await readAddress(other)).address).toBeNull();
    await expectError(await call(null, 'GET', '/api/player/address'), 401, 'error.token.invalid');
    const count = async () => (await env.platform.database.db.selectFrom('player_addresses').select(({ fn }) => fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n;
    const before = await count();
    expect((await call(null, 'PUT', '/api/player/address', HELSINKI)).status).toBe(401);
    expect(await count()).toBe(before);
  });
});

describe('the province (product.md §3 "Canadian provinces list (Ontario is ON)")', () => {
  it('a Canadian player reads ON, changes it to QC, reads QC; the next token carries it; the latest activity says so', async () => {
    const player = await canadian();
    expect(await readProvince(player)).toBe('ON');
    expect(await provinceOf(await call(player.token, 'PUT', '/api/player/province', { provinceCode: 'QC' }))).toBe('QC');
    expect(await readProvince(player)).toBe('QC');
    expect(await latestActivity(player.token)).toMatchObject({ activity: 'PROVINCE_CHANGED', note: 'QC' });

    // The next token: a login's, and a refresh of that session's.
    const login = await env.app.request('/api/player/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: player.email, password: SEEDED_PASSWORD }),
    });
    expect(login.status).toBe(200);
    expect(parseIdToken(v.parse(loginResponseSchema, await json(login.clone())).idToken).provinceCode).toBe('QC');
    const cookie = (login.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`)) ?? '').split(';')[0] ?? '';
    await provinceOf(await call(player.token, 'PUT', '/api/player/province', { provinceCode: 'BC' }));
    const refreshed = await env.app.request('/api/player/session/refresh', { method: 'POST', headers: { Cookie: cookie } });
    expect(refreshed.status).toBe(200);
    expect(parseIdToken(v.parse(loginResponseSchema, await json(refreshed)).idToken).provinceCode).toBe('BC');
  });

  it('takes each of the 13 provinces and territories', async () => {
    const player = await canadian();
    for (const code of CA_PROVINCES) expect(await provinceOf(await call(player.token, 'PUT', '/api/player/province', { provinceCode: code }))).toBe(code);
    expect(CA_PROVINCES).toHaveLength(13);
  });

  it.each([
    ['an unknown code', { provinceCode: 'XX' }, { provinceCode: 'validation.province' }],
    ['a lower-case code', { provinceCode: 'qc' }, { provinceCode: 'validation.province' }],
    ['no code', {}, { provinceCode: 'validation.required' }],
    ['null', { provinceCode: null }, { provinceCode: 'validation.province' }],
    ['another field', { provinceCode: 'QC', countryCode: 'US' }, { countryCode: 'validation.invalid' }],
  ])('refuses %s with 400 error.validation and changes nothing', async (_name, body, errors) => {
    const player = await canadian();
    const before = await storedRows(player.id);
    expect(await expectFieldErrors(await call(player.token, 'PUT', '/api/player/province', body))).toEqual(errors);
    expect(await storedRows(player.id)).toEqual(before);
    expect(await readProvince(player)).toBe('ON');
  });

  it('is refused to a player outside Canada with 409 error.province.not_applicable, and nothing changes', async () => {
    const finn = await walletPlayer(env.platform, env.app);
    const before = await storedRows(finn.id);
    await expectError(await call(finn.token, 'GET', '/api/player/province'), 409, 'error.province.not_applicable');
    await expectError(await call(finn.token, 'PUT', '/api/player/province', { provinceCode: 'QC' }), 409, 'error.province.not_applicable');
    expect(await storedRows(finn.id)).toEqual(before);
    expect(before.player.province_code).toBeNull();
  });

  it('a visitor gets 401', async () => {
    await expectError(await call(null, 'GET', '/api/player/province'), 401, 'error.token.invalid');
    await expectError(await call(null, 'PUT', '/api/player/province', { provinceCode: 'QC' }), 401, 'error.token.invalid');
  });
});
