import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { codeTarget, requestCode, verifyCode } from './codes';
import { createPlayerStore, normalizeEmail } from './players';
import { randomSecret, sha256Hex } from '../crypto/secrets';
import { revokePlayerSessions } from './sessions';
import { inTransaction } from '../repositories/transaction';
import { insertResetKey, spendResetKeys, takeResetKey } from '../repositories/password-resets';
import { clearLoginThrottle, type ThrottlePolicy } from './throttle';

// Password reset's rules (behaviour.md §4 "Password reset", §8 sms.code.invalid, error.password.reset):
// an SMS code to the player's phone, a reset key for the right code, and the new password. The first
// call answers the same whether the e-mail is known or not (no account enumeration, OWASP ASVS 2.5).

/** How long a verified reset key may be used to set the new password. */
export const RESET_KEY_TTL_MS = 15 * 60_000;

export interface PasswordResetDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

/**
 * An SMS code to the player's phone; an unknown e-mail gets an id whose code is never sent and never
 * verifies. The sends count per e-mail AND client address: a stranger who knows the e-mail spends only
 * their own allowance, never the player's (issue 9); the number's own limit caps the total.
 */
export async function requestReset(
  deps: PasswordResetDeps,
  email: string,
  sender: { policy: ThrottlePolicy; address: string | null },
): Promise<{ smsResetKeyId: string }> {
  const player = await createPlayerStore(deps.db, deps.clock).findByEmail(email);
  const reachable = player !== undefined && player.phone_prefix !== null && player.phone_body !== null;
  const { id } = await requestCode(deps.db, {
    purpose: 'reset_sms',
    target: codeTarget('email', `${normalizeEmail(email)} ${sender.address ?? '-'}`),
    playerId: reachable ? player.id : null,
    delivery: reachable
      ? { channel: 'SMS', destination: `${player.phone_prefix ?? ''}${player.phone_body ?? ''}`, language: player.language_code }
      : null,
    now: deps.clock(),
    sender,
  });
  return { smsResetKeyId: id };
}

/** The right code gives a reset key (valid RESET_KEY_TTL_MS, once). */
export async function verifyReset(deps: PasswordResetDeps, request: { smsResetKeyId: string; code: string }): Promise<{ resetKey: string }> {
  const now = deps.clock();
  const row = await verifyCode(deps.db, { purpose: 'reset_sms', locator: { id: request.smsResetKeyId }, code: request.code, now });
  // verifyCode never accepts a row without a player (the unknown e-mail's decoy).
  if (row.player_id === null) throw new HttpError(400, ERROR_CODES.smsCodeInvalid, 'The code is wrong, expired or already used.');
  const resetKey = randomSecret(32);
  await insertResetKey(deps.db, { keyHash: sha256Hex(resetKey), playerId: row.player_id, now, expiresAt: new Date(now.getTime() + RESET_KEY_TTL_MS) });
  return { resetKey };
}

/** The new password: every session of the player ends, and every login lock and delay on the e-mail. */
export async function resetPassword(deps: PasswordResetDeps, request: { resetKey: string; password: string }): Promise<void> {
  const now = deps.clock();
  await inTransaction(deps.db, async (trx) => {
    const playerId = await takeResetKey(trx, sha256Hex(request.resetKey), now);
    if (playerId === null) throw new HttpError(400, ERROR_CODES.passwordReset, 'This reset link is unknown, used or expired. Please start again.');
    const store = createPlayerStore(trx, deps.clock);
    await store.setPassword(playerId, request.password);
    // The player proved who they are: the login locks and delays and other open reset keys go.
    const player = await store.findById(playerId);
    if (player?.email) await clearLoginThrottle(trx, normalizeEmail(player.email));
    await spendResetKeys(trx, playerId, now);
    // OWASP ASVS 3.3.3: a new password ends every session (an attacker's too).
    await revokePlayerSessions(trx, playerId, now);
  });
}
