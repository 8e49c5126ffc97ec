import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { phoneCodeRequestSchema, phoneCodeVerifySchema } from '../../src/api/player';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { codeTarget, requestCode, verifyCode } from '../platform/codes';
import { createPlayerStore } from '../platform/players';
import { checkPhoneWithProvider } from '../platform/vonage';
import { senderOf, type ThrottlePolicy } from '../services/throttle';

// Phone change (behaviour.md §4 "Phone change", §5 "A phone change requires an SMS code", §7
// "/player/phone_number"), mounted at /api/player/phone_number for a logged-in player:
//   POST /sms_request       { phonePrefix, phoneBody } → { smsVerificationId }  (SMS to the NEW number)
//   POST /sms_verification  { smsVerificationId, code } → { ok }               (the number is saved)
// The limits count per player, whatever number is asked for.


export function phoneRoutes({ db, clock, throttle }: { db: Kysely<Database>; clock: () => Date; throttle: ThrottlePolicy }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const players = createPlayerStore(db, clock);
  routes.use('*', requireAuth, flowBodyLimit);

  routes.post('/sms_request', async (c) => {
    const { phonePrefix, phoneBody } = await parseJsonBody(c, phoneCodeRequestSchema);
    checkPhoneWithProvider(phoneBody);
    const { playerId } = c.get('authSession');
    // The SMS is written in the logged-in player's language.
    const player = await players.findById(playerId);
    const { id } = await requestCode(db, {
      purpose: 'phone_change',
      target: codeTarget('player', playerId),
      playerId,
      delivery: { channel: 'SMS', destination: `${phonePrefix}${phoneBody}`, language: player?.language_code ?? null },
      phone: { prefix: phonePrefix, body: phoneBody },
      now: clock(),
      sender: senderOf(c, throttle),
    });
    return c.json({ smsVerificationId: id });
  });

  routes.post('/sms_verification', async (c) => {
    const { smsVerificationId, code } = await parseJsonBody(c, phoneCodeVerifySchema);
    const { playerId } = c.get('authSession');
    const row = await verifyCode(db, {
      purpose: 'phone_change',
      locator: { id: smsVerificationId },
      playerId,
      code,
      now: clock(),
    });
    await players.update(playerId, { phone_prefix: row.phone_prefix, phone_body: row.phone_body });
    return c.json({ ok: true as const });
  });

  return routes;
}
