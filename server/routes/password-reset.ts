import { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { SiteEnv } from '../http/site-context';
import { resetNewPasswordSchema, resetRequestSchema, resetVerifySchema } from '../../src/api/player';
import { flowBodyLimit, parseJsonBody } from '../http/validation';
import type { Database } from '../db/schema';
import { codeTarget, requestCode, verifyCode } from '../platform/codes';
import { createPlayerStore, normalizeEmail } from '../platform/players';
import { randomSecret, sha256Hex } from '../platform/secrets';
import { revokePlayerSessions } from '../platform/sessions';
import { clearLoginThrottle, senderOf, type ThrottlePolicy } from '../services/throttle';

// Password reset (behaviour.md §4 "Password reset", §7 "/player/password_reset": email,
// smsResetKeyId, resetKey; §8 sms.code.invalid, error.password.reset), mounted at
// /api/player/password_reset:
//   POST /                  { email } → { smsResetKeyId }    an SMS code to the player's phone
//   POST /sms_verification  { smsResetKeyId, code } → { resetKey }
//   POST /new_password      { resetKey, password } → { ok }  every session of the player ends
// The first call answers the same way whether the e-mail is known or not (no account
// enumeration, OWASP ASVS 2.5): an unknown e-mail gets an id whose code is never sent and never
// verifies, and the send limits count per e-mail address and client address either way.

/** How long a verified reset key may be used to set the new password. */
export const RESET_KEY_TTL_MS = 15 * 60_000;


export function passwordResetRoutes({ db, clock, throttle }: { db: Kysely<Database>; clock: () => Date; throttle: ThrottlePolicy }): Hono<SiteEnv> {
  const routes = new Hono<SiteEnv>();
  const players = createPlayerStore(db, clock);
  routes.use('*', flowBodyLimit);

  routes.post('/', async (c) => {
    const { email } = await parseJsonBody(c, resetRequestSchema);
    const player = await players.findByEmail(email);
    const reachable = player !== undefined && player.phone_prefix !== null && player.phone_body !== null;
    const sender = senderOf(c, throttle);
    const { id } = await requestCode(db, {
      purpose: 'reset_sms',
      // Per e-mail AND client address: a stranger who knows the e-mail spends only their own
      // allowance, never the player's (issue 9); the number's own limit caps the total.
      target: codeTarget('email', `${normalizeEmail(email)} ${sender.address ?? '-'}`),
      playerId: reachable ? player.id : null,
      delivery: reachable
        ? { channel: 'SMS', destination: `${player.phone_prefix ?? ''}${player.phone_body ?? ''}`, language: player.language_code }
        : null,
      now: clock(),
      sender,
    });
    return c.json({ smsResetKeyId: id });
  });

  routes.post('/sms_verification', async (c) => {
    const { smsResetKeyId, code } = await parseJsonBody(c, resetVerifySchema);
    const now = clock();
    const row = await verifyCode(db, { purpose: 'reset_sms', locator: { id: smsResetKeyId }, code, now });
    // verifyCode never accepts a row without a player (the unknown e-mail's decoy).
    if (row.player_id === null) throw new HttpError(400, ERROR_CODES.smsCodeInvalid, 'The code is wrong, expired or already used.');
    const resetKey = randomSecret(32);
    await db
      .insertInto('password_resets')
      .values({
        reset_key_hash: sha256Hex(resetKey),
        player_id: row.player_id,
        created_at: now,
        expires_at: new Date(now.getTime() + RESET_KEY_TTL_MS),
      })
      .execute();
    return c.json({ resetKey });
  });

  routes.post('/new_password', async (c) => {
    const { resetKey, password } = await parseJsonBody(c, resetNewPasswordSchema);
    const now = clock();
    await db.transaction().execute(async (trx) => {
      // Single use: the first call to take the key wins.
      const reset = await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('reset_key_hash', '=', sha256Hex(resetKey))
        .where('used_at', 'is', null)
        .where('expires_at', '>', now)
        .returning('player_id')
        .executeTakeFirst();
      if (!reset) throw new HttpError(400, ERROR_CODES.passwordReset, 'This reset link is unknown, used or expired. Please start again.');
      const store = createPlayerStore(trx, clock);
      await store.setPassword(reset.player_id, password);
      // The player proved who they are: the login locks and delays and other open reset keys go.
      const player = await store.findById(reset.player_id);
      if (player?.email) await clearLoginThrottle(trx, normalizeEmail(player.email));
      await trx
        .updateTable('password_resets')
        .set({ used_at: now })
        .where('player_id', '=', reset.player_id)
        .where('used_at', 'is', null)
        .execute();
      // OWASP ASVS 3.3.3: a new password ends every session (an attacker's too).
      await revokePlayerSessions(trx, reset.player_id, now);
    });
    return c.json({ ok: true as const });
  });

  return routes;
}
