import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authorizeResponseSchema, UPDATE_FIELD_LOCKED, verifyCodeResponseSchema } from '../../../src/api/payAndPlay';
import { createPlayerStore } from '../../../server/services/players';
import { SEEDED_PERSONID } from '../../../server/services/seed-players';
import { expectError, postJson } from '../helpers/identity';
import { json, startTestPlatform, type TestPlatform } from '../helpers/platform';

// issue 9 "High": POST /paynplay/player/update overwrote an existing player's e-mail and phone
// without a code. The bank's identification proves who the person is, not that a new e-mail or
// phone is theirs: whoever finished a pay-and-play session for a player could move their account
// to an address of their own (and with it the password reset). Update now only fills what the
// player does not have yet; changing an existing one is refused with
// 409 error.paynplay.update.field_locked (the verified change lives on the account page).

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
const RETURN_URL = '/en-FI/signup/callback';

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app();
});
afterAll(async () => {
  await platform.close();
});

/** authorize → the simulated bank → the code: a verified session for `personid`. */
async function verifiedSession(personid: string): Promise<{ sessionId: string; playerId: number; email: string | null; mobilePhone: string | null }> {
  const query = new URLSearchParams({ amount: '20', currency: 'EUR', country: 'FI', language: 'fi', returnUrl: RETURN_URL });
  const { sessionId } = v.parse(authorizeResponseSchema, await json(await app.request(`/api/paynplay/authorize?${query.toString()}`)));
  const bank = await app.request('/api/bankid/authorize', {
    method: 'POST',
    body: new URLSearchParams({ session: sessionId, personid, action: 'identify' }).toString(),
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
  });
  const code = new URL(bank.headers.get('location') ?? '', 'https://site.invalid').searchParams.get('code') ?? '';
  const verified = await postJson(app, '/api/paynplay/player/code', { oneTimeCode: code, sessionId, ipAddress: '', blackbox: 'bb' });
  expect(verified.status, await verified.clone().text()).toBe(200);
  return { sessionId, ...v.parse(verifyCodeResponseSchema, await json(verified)) };
}

const update = (body: { playerId: number; sessionId: string; email: string; phonePrefix: string; phoneBody: string }) =>
  postJson(app, '/api/paynplay/player/update', body);

describe('pay and play: update cannot overwrite an e-mail or phone the player has', () => {
  it('refuses to replace the known player\'s e-mail and phone, and changes nothing', async () => {
    const store = createPlayerStore(platform.database.db);
    const before = await store.findByEmail('player@example.com');
    const { sessionId, playerId, email, mobilePhone } = await verifiedSession(SEEDED_PERSONID);
    expect({ email, mobilePhone }).toEqual({ email: 'player@example.com', mobilePhone: '+358401234567' });

    const refused = await expectError(
      await update({ playerId, sessionId, email: 'attacker@evil.example', phonePrefix: '+358', phoneBody: '409999999' }),
      409,
      UPDATE_FIELD_LOCKED,
    );
    expect(refused.errors).toEqual([
      { field: 'email', code: UPDATE_FIELD_LOCKED },
      { field: 'phoneBody', code: UPDATE_FIELD_LOCKED },
    ]);
    // Only the phone, or only the e-mail: refused as well.
    await expectError(await update({ playerId, sessionId, email: 'player@example.com', phonePrefix: '+358', phoneBody: '409999999' }), 409, UPDATE_FIELD_LOCKED);
    await expectError(await update({ playerId, sessionId, email: 'attacker@evil.example', phonePrefix: '+358', phoneBody: '401234567' }), 409, UPDATE_FIELD_LOCKED);

    const after = await store.findById(playerId);
    expect(after).toMatchObject({ email: before?.email, phone_prefix: before?.phone_prefix, phone_body: before?.phone_body });
  });

  it('fills only what is missing: a player with an e-mail may add a phone but not change the e-mail', async () => {
    const store = createPlayerStore(platform.database.db);
    const personid = '230477-5511';
    await store.create({
      email: 'half@example.com',
      personid,
      country_code: 'FI',
      language_code: 'fi',
      currency_code: 'EUR',
      status: 'REGISTERED',
    });
    const { sessionId, playerId, email, mobilePhone } = await verifiedSession(personid);
    expect({ email, mobilePhone }).toEqual({ email: 'half@example.com', mobilePhone: null });

    const refused = await expectError(
      await update({ playerId, sessionId, email: 'other@example.com', phonePrefix: '+358', phoneBody: '401112233' }),
      409,
      UPDATE_FIELD_LOCKED,
    );
    expect(refused.errors).toEqual([{ field: 'email', code: UPDATE_FIELD_LOCKED }]);
    expect(await store.findById(playerId)).toMatchObject({ email: 'half@example.com', phone_body: null });

    // The same e-mail (in another case) is no change: the phone is filled, the e-mail kept as it was.
    const filled = await update({ playerId, sessionId, email: 'HALF@example.com', phonePrefix: '+358', phoneBody: '40 111 2233' });
    expect(filled.status, await filled.clone().text()).toBe(200);
    expect(await store.findById(playerId)).toMatchObject({ email: 'half@example.com', phone_prefix: '+358', phone_body: '401112233' });
  });

  it('two updates at once cannot both fill the e-mail of a new player', async () => {
    const { sessionId, playerId } = await verifiedSession('310188-2468');
    const answers = await Promise.all(
      ['first@example.com', 'second@example.com'].map((address) => update({ playerId, sessionId, email: address, phonePrefix: '+358', phoneBody: '401234000' })),
    );
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const player = await createPlayerStore(platform.database.db).findById(playerId);
    expect(['first@example.com', 'second@example.com']).toContain(player?.email);
  });
});
