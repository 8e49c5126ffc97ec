import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_SENDS_PER_ADDRESS, CODE_SENDS_PER_DESTINATION } from '../../../server/config';
import { createPlayerStore } from '../../../server/services/players';
import { randomSecret, sha256Hex } from '../../../server/crypto/secrets';
import { errorBodySchema, postJson } from '../helpers/identity';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { address, from, type AddressedApp } from './helpers';

// Issue 9 "SMS bombing": one phone number received 45 SMS in 2.5 s. A burst of 45 sign-ups with
// the same number (other names and e-mails, as a script would send them), each asking for its SMS
// code at once, must deliver only the per-number allowance, whether they come from one address or
// from 45; and one address spraying 45 numbers gets only the per-address allowance. Refusals are
// the spec's 429 sms.max.attempts.reached (behaviour.md §8 "Sign-up and reset") with how long to wait.

const BURST = 45;
let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform.close();
});

async function smsSentTo(destination: string): Promise<number> {
  const row = await platform.database.db
    .selectFrom('sent_messages')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('destination', '=', destination)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

let sequence = 0;

/**
 * A sign-up with this phone waiting for its SMS (names and e-mail unique), made directly in the
 * database so that the burst below is the SMS requests alone (45 password hashes would only slow
 * the test): the ref the sms_request call presents.
 */
async function openRegistration(phoneBody: string): Promise<{ playerId: number; token: string }> {
  sequence += 1;
  const { db } = platform.database;
  const player = await createPlayerStore(db).create({
    email: `bomb.${String(sequence)}@example.com`,
    first_name: 'Aino',
    last_name: `Bomb${'abcdefghij'.charAt(sequence % 10)}${String(sequence)}`,
    phone_prefix: '+358',
    phone_body: phoneBody,
    country_code: 'FI',
    language_code: 'fi',
    status: 'PRE_REGISTERED',
  });
  const token = randomSecret(32);
  await db.insertInto('registrations').values({ player_id: player.id, token_hash: sha256Hex(token), verification: 'SMS' }).execute();
  return { playerId: player.id, token };
}

/** The SMS request of a registration: the answer. */
function askSms(client: AddressedApp, ref: { playerId: number; token: string }): Promise<Response> {
  return postJson(client, '/api/player/registration/sms_request', ref);
}

async function expectRefusals(answers: readonly Response[], delivered: number): Promise<void> {
  const refused = answers.filter((answer) => answer.status !== 200);
  expect(answers.length - refused.length).toBe(delivered);
  for (const answer of refused) {
    expect(answer.status).toBe(429);
    const body = v.parse(errorBodySchema, await answer.json());
    expect(body.code).toBe('sms.max.attempts.reached');
    expect(answer.headers.get('Retry-After')).toMatch(/^[0-9]+$/);
  }
}

describe('SMS bombing', () => {
  const perNumber = CODE_SENDS_PER_DESTINATION[0]?.max ?? 0;
  const perAddress = CODE_SENDS_PER_ADDRESS[0]?.max ?? 0;

  it(`delivers at most ${String(perNumber)} codes to one number in a burst of ${String(BURST)} sign-ups from one address`, async () => {
    const app = platform.app();
    const client = from(app, address(1));
    const refs = await Promise.all(Array.from({ length: BURST }, () => openRegistration('409990001')));
    const answers = await Promise.all(refs.map((ref) => askSms(client, ref)));
    expect(await smsSentTo('+358409990001')).toBe(perNumber);
    await expectRefusals(answers, perNumber);
  });

  it(`delivers at most ${String(perNumber)} codes to one number when the burst comes from ${String(BURST)} addresses`, async () => {
    const app = platform.app();
    const refs = await Promise.all(Array.from({ length: BURST }, () => openRegistration('409990002')));
    const answers = await Promise.all(refs.map((ref, n) => askSms(from(app, address(100 + n)), ref)));
    expect(await smsSentTo('+358409990002')).toBe(perNumber);
    await expectRefusals(answers, perNumber);
  });

  it(`lets one address have at most ${String(perAddress)} codes sent, to any numbers`, async () => {
    const app = platform.app();
    const client = from(app, address(50));
    const refs = await Promise.all(Array.from({ length: BURST }, (_, n) => openRegistration(`4099901${String(n).padStart(2, '0')}`)));
    const answers = await Promise.all(refs.map((ref) => askSms(client, ref)));
    await expectRefusals(answers, perAddress);
  });
});
