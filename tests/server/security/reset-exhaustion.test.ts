import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPlayerStore } from '../../../server/services/players';
import { startTestPlatform, type TestPlatform } from '../helpers/platform';
import { address, from, post, refusal } from './helpers';

// Issue 9 "Anyone can ... exhaust its resets by knowing the e-mail": three password-reset requests
// for a player's e-mail used up the player's sends for an hour, so the player could not reset. The
// sends now count per e-mail and client address: a stranger spends only their own allowance.

let platform: TestPlatform;

beforeAll(async () => {
  platform = await startTestPlatform();
});
afterAll(async () => {
  await platform.close();
});

describe('password reset', () => {
  it('a stranger who knows the e-mail cannot use up the player\'s resets', async () => {
    const app = platform.app();
    const email = `reset-victim-${String(Date.now())}@example.com`;
    await createPlayerStore(platform.database.db).create({
      email,
      password: null,
      phone_prefix: '+358',
      phone_body: '409998877',
      country_code: 'FI',
      language_code: 'fi',
      status: 'REGISTERED',
    });
    const stranger = from(app, address(20));
    let refused = false;
    for (let n = 0; n < 10 && !refused; n += 1) {
      const answer = await post(stranger, '/api/player/password_reset', { email });
      if (answer.status !== 200) {
        await refusal(answer, 429, 'sms.max.attempts.reached');
        refused = true;
      }
    }
    expect(refused).toBe(true);

    // The player asks from their own address: the code goes out and works.
    const player = from(app, address(21));
    const asked = await post(player, '/api/player/password_reset', { email });
    expect(asked.status).toBe(200);
    const { smsResetKeyId } = (await asked.json()) as { smsResetKeyId: string };
    const codeAnswer = await app.request(`/api/test/codes/last?to=${encodeURIComponent('+358409998877')}`);
    const { code } = (await codeAnswer.json()) as { code: string };
    expect((await post(player, '/api/player/password_reset/sms_verification', { smsResetKeyId, code })).status).toBe(200);
  });
});
