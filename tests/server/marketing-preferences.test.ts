import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  defaultMarketingPreferences,
  NO_MARKETING,
  withChoice,
  withCommunication,
  type MarketingPreferences,
} from '../../machines/lib/marketingPreferences';
import { marketingPreferencesResponseSchema } from '../../src/api/marketingPreferences';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, useTestPlatform } from './helpers/platform';
import { logIn, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player's marketing preferences on the platform (behaviour.md §7 "/player/marketing_preferences:
// GET and PATCH"; product.md §3; src/api/marketingPreferences.ts): what was saved is read back, the
// whole set replaces the old one, the same PATCH twice changes nothing more, a player reads and
// changes only their own, a visitor gets 401, and a bad body is a 4xx with the catalogue's code and
// changes nothing.

const PATH = '/api/player/marketing_preferences';

const env = useTestPlatform();

function call(token: string | null, method: 'GET' | 'PATCH', body?: unknown): Promise<Response> {
  const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  return Promise.resolve(env.app.request(PATH, { method, headers, ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }) }));
}

async function preferencesOf(response: Response): Promise<MarketingPreferences> {
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(marketingPreferencesResponseSchema, await json(response)).preferences;
}

const read = async (player: WalletPlayer) => preferencesOf(await call(player.token, 'GET'));
const save = async (player: WalletPlayer, preferences: MarketingPreferences) => preferencesOf(await call(player.token, 'PATCH', { preferences }));

/** A set with a few choices on and off, nothing like either default. */
const CHOSEN = withChoice(withChoice(withCommunication(NO_MARKETING, 'RESPONSIBLE_GAMING', true), 'CASINO', 'PUSH_NOTIFICATION', true), 'NEWSLETTER', 'MAIL', true);

describe('marketing preferences (behaviour.md §7 /player/marketing_preferences)', () => {
  it('starts from the sign-up opt-in: bonus offers and the newsletter by e-mail and SMS, or nothing', async () => {
    const optedIn = await walletPlayer(env.platform, env.app, { marketing_opt_in: true });
    const optedOut = await walletPlayer(env.platform, env.app, { marketing_opt_in: false });
    const defaults = await read(optedIn);
    expect(defaults).toEqual(defaultMarketingPreferences(true));
    expect(defaults.BONUS_OFFER).toEqual({ EMAIL: true, SMS: true, MAIL: false, PHONE: false, PUSH_NOTIFICATION: false });
    expect(defaults.NEWSLETTER).toEqual({ EMAIL: true, SMS: true, MAIL: false, PHONE: false, PUSH_NOTIFICATION: false });
    expect(defaults.CASINO).toEqual(NO_MARKETING.CASINO);
    expect(defaults.RESPONSIBLE_GAMING).toEqual(NO_MARKETING.RESPONSIBLE_GAMING);
    expect(await read(optedOut)).toEqual(NO_MARKETING);
  });

  it('reads back what was saved, in a new session too; the whole set replaces the old one; the same PATCH twice is the same state', async () => {
    const player = await walletPlayer(env.platform, env.app, { marketing_opt_in: true });
    expect(await save(player, CHOSEN)).toEqual(CHOSEN);
    expect(await read(player)).toEqual(CHOSEN);
    // A new login reads the same.
    const again = { ...player, token: await logIn(env.app, player.email) };
    expect(await read(again)).toEqual(CHOSEN);
    // Everything off, including what the sign-up opted into: the defaults do not come back.
    expect(await save(player, NO_MARKETING)).toEqual(NO_MARKETING);
    expect(await read(player)).toEqual(NO_MARKETING);
    // Idempotent: the same body twice answers and leaves the same.
    expect(await save(player, CHOSEN)).toEqual(CHOSEN);
    expect(await save(player, CHOSEN)).toEqual(CHOSEN);
    expect(await read(player)).toEqual(CHOSEN);
    const rows = await env.platform.database.db.selectFrom('player_marketing_preferences').select(['allowed']).where('player_id', '=', player.id).execute();
    expect(rows).toHaveLength(20);
    expect(rows.filter((row) => row.allowed)).toHaveLength(7);
  });

  it('a player reads and changes only their own preferences', async () => {
    const alice = await walletPlayer(env.platform, env.app);
    const bob = await walletPlayer(env.platform, env.app, { marketing_opt_in: true });
    await save(alice, CHOSEN);
    // Bob's answer is Bob's defaults, not Alice's choice; nothing in the path or body names a player.
    expect(await read(bob)).toEqual(defaultMarketingPreferences(true));
    await save(bob, NO_MARKETING);
    expect(await read(alice)).toEqual(CHOSEN);
    // A body that names another player is refused (no such field), and changes nothing.
    await expectFieldErrors(await call(bob.token, 'PATCH', { preferences: CHOSEN, playerId: alice.id }));
    expect(await read(alice)).toEqual(CHOSEN);
    expect(await read(bob)).toEqual(NO_MARKETING);
  });

  it('answers 401 to a visitor and to a bad token, reading and writing nothing', async () => {
    const player = await walletPlayer(env.platform, env.app);
    await save(player, CHOSEN);
    for (const token of [null, 'not-a-token']) {
      const get = await call(token, 'GET');
      expect(get.status).toBe(401);
      const patch = await call(token, 'PATCH', { preferences: NO_MARKETING });
      expect(patch.status).toBe(401);
      expect(v.is(v.object({ code: v.string() }), await json(patch))).toBe(true);
    }
    expect(await read(player)).toEqual(CHOSEN);
  });

  it('refuses a bad body with 400 and the catalogue code (error.request.invalid, error.validation with the field), changing nothing', async () => {
    const player = await walletPlayer(env.platform, env.app);
    await save(player, CHOSEN);
    const missingOne = Object.fromEntries(Object.entries(CHOSEN).filter(([communication]) => communication !== 'RESPONSIBLE_GAMING'));
    const cases: [string, unknown, Record<string, string> | string][] = [
      ['not JSON', '{"preferences":', 'error.request.invalid'],
      ['an array', [CHOSEN], 'error.request.invalid'],
      ['a string', '"EMAIL"', 'error.request.invalid'],
      ['no preferences', {}, { preferences: 'validation.required' }],
      ['preferences not an object', { preferences: true }, { preferences: 'validation.invalid' }],
      ['a communication missing', { preferences: missingOne }, { 'preferences.RESPONSIBLE_GAMING': 'validation.required' }],
      ['a channel missing', { preferences: { ...CHOSEN, CASINO: { EMAIL: true } } }, { 'preferences.CASINO.SMS': 'validation.required' }],
      ['a choice not a boolean', { preferences: withBad('NEWSLETTER', 'SMS', 'yes') }, { 'preferences.NEWSLETTER.SMS': 'validation.invalid' }],
      ['a null choice', { preferences: withBad('BONUS_OFFER', 'EMAIL', null) }, { 'preferences.BONUS_OFFER.EMAIL': 'validation.invalid' }],
      ['an unknown channel', { preferences: { ...CHOSEN, CASINO: { ...CHOSEN.CASINO, FAX: true } } }, { 'preferences.CASINO.FAX': 'validation.invalid' }],
      ['an unknown communication', { preferences: { ...CHOSEN, SPORTS: CHOSEN.CASINO } }, { 'preferences.SPORTS': 'validation.invalid' }],
    ];
    for (const [name, body, expected] of cases) {
      const response = await call(player.token, 'PATCH', body);
      if (typeof expected === 'string') {
        await expectError(response, 400, expected);
      } else {
        expect({ name, errors: await expectFieldErrors(response) }).toMatchObject({ name, errors: expected });
      }
    }
    // Too large: 413 with the catalogue code before it is read.
    await expectError(await call(player.token, 'PATCH', { preferences: CHOSEN, padding: 'x'.repeat(20_000) }), 413, 'error.request.invalid');
    expect(await read(player)).toEqual(CHOSEN);
  });
});

function withBad(communication: keyof MarketingPreferences, channel: string, value: unknown): unknown {
  return { ...CHOSEN, [communication]: { ...CHOSEN[communication], [channel]: value } };
}
