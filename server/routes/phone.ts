import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { phoneCodeRequestSchema, phoneCodeVerifySchema } from '../../src/api/player';
import type { Database } from '../db/schema';
import { requireAuth, type AuthEnv } from '../http/auth';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { confirmPhoneChange, requestPhoneChange, type PhoneChangeDeps } from '../services/phone-change';
import { senderOf, type ThrottlePolicy } from '../services/throttle';

// Phone change (behaviour.md §4 "Phone change", §5 "A phone change requires an SMS code", §7
// "/player/phone_number"), mounted at /api/player/phone_number for a logged-in player:
//   POST /sms_request       { phonePrefix, phoneBody } → { smsVerificationId }  (SMS to the NEW number)
//   POST /sms_verification  { smsVerificationId, code } → { ok }               (the number is saved)
// The limits count per player, whatever number is asked for.
// The rules are server/services/phone-change.ts; this file parses with the contract and maps to HTTP.

export function phoneRoutes({ db, clock, throttle }: { db: Kysely<Database>; clock: () => Date; throttle: ThrottlePolicy }): Hono<AuthEnv> {
  const routes = new Hono<AuthEnv>();
  const deps: PhoneChangeDeps = { db, clock };
  routes.use('*', requireAuth, flowBodyLimit);

  routes.post('/sms_request', async (c) => {
    const phone = await parseJsonBody(c, phoneCodeRequestSchema);
    return c.json(await requestPhoneChange(deps, c.get('authSession').playerId, phone, senderOf(c, throttle)));
  });

  routes.post('/sms_verification', async (c) => {
    await confirmPhoneChange(deps, c.get('authSession').playerId, await parseJsonBody(c, phoneCodeVerifySchema));
    return c.json({ ok: true as const });
  });

  return routes;
}
