import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { resetNewPasswordSchema, resetRequestSchema, resetVerifySchema } from '../../src/api/player';
import type { Database } from '../db/schema';
import type { SiteEnv } from '../http/site-context';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import { requestReset, resetPassword, verifyReset, type PasswordResetDeps } from '../services/password-reset';
import { senderOf, type ThrottlePolicy } from '../services/throttle';

// Password reset (behaviour.md §4 "Password reset", §7 "/player/password_reset": email,
// smsResetKeyId, resetKey; §8 sms.code.invalid, error.password.reset), mounted at
// /api/player/password_reset:
//   POST /                  { email } → { smsResetKeyId }    an SMS code to the player's phone
//   POST /sms_verification  { smsResetKeyId, code } → { resetKey }
//   POST /new_password      { resetKey, password } → { ok }  every session of the player ends
// The first call answers the same way whether the e-mail is known or not (no account
// enumeration, OWASP ASVS 2.5): an unknown e-mail gets an id whose code is never sent and never
// verifies, and the send limits count per e-mail address and client address either way.

// The rules are server/services/password-reset.ts; this file parses with the contract and maps to HTTP.

export { RESET_KEY_TTL_MS } from '../services/password-reset';

export function passwordResetRoutes({ db, clock, throttle }: { db: Kysely<Database>; clock: () => Date; throttle: ThrottlePolicy }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const deps: PasswordResetDeps = { db, clock };
  routes.use('*', flowBodyLimit);

  routes.post('/', async (c) => {
    const { email } = await parseJsonBody(c, resetRequestSchema);
    return c.json(await requestReset(deps, email, senderOf(c, throttle)));
  });

  routes.post('/sms_verification', async (c) => c.json(await verifyReset(deps, await parseJsonBody(c, resetVerifySchema))));

  routes.post('/new_password', async (c) => {
    await resetPassword(deps, await parseJsonBody(c, resetNewPasswordSchema));
    return c.json({ ok: true as const });
  });

  return routes;
}
