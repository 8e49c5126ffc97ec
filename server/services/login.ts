import type { Kysely } from 'kysely';
import { UNLOCK_LINK_TTL_MS } from '../config';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { liftEndedRestriction, loginRefusal } from './account-status';
import { messageText } from '../domain/message-texts';
import { sendMessage } from './messages';
import { dummyVerify } from '../crypto/passwords';
import { createPlayerStore, normalizeEmail, type Player } from './players';
import { randomSecret, sha256Hex } from '../crypto/secrets';
import { findPlayerIdByUnlockKey, insertUnlockKey } from '../repositories/login-unlocks';
import { inTransaction } from '../repositories/transaction';
import type { SelfExclusionRegisterProvider } from '../providers/types';
import { registerSubjectOf, screenWithRegisters } from './self-exclusion-registers';
import {
  clearLoginThrottle,
  countCodeSend,
  loginGate,
  recordLoginFailure,
  recordLoginSuccess,
  secondsUntil,
  type LoginLock,
  type LoginWho,
  type ThrottlePolicy,
} from './throttle';

// Checking a password (login, the old password of a password change) under the throttle of
// server/services/throttle.ts, and the player's own unlock by an e-mailed link (issue 9). A refusal
// keeps the spec's catalogue code (behaviour.md §8 "Login") and tells, in `details`, how many
// attempts are left and how long a lock or delay lasts (issue 8).

export interface LoginDeps {
  db: Kysely<Database>;
  clock: () => Date;
  throttle: ThrottlePolicy;
  lock: LoginLock;
  /**
   * Issue 23: the national self-exclusion registers, asked at every password login (logIn refuses to
   * run without them: fail closed). Not needed for the old password of a password change.
   */
  registers?: SelfExclusionRegisterProvider | undefined;
}

function lockedOut(until: Date, now: Date, status: 403 | 429 = 403): HttpError {
  const seconds = secondsUntil(until, now);
  return new HttpError(status, ERROR_CODES.loginAttemptsExceeded, 'Too many failed attempts: try again later or unlock the account from your e-mail.', undefined, {
    attemptsLeft: 0,
    retryAfterSeconds: seconds,
  });
}

type PasswordCheck = { ok: true } | { ok: false; attemptsLeft: number } | { ok: false; until: Date };

/**
 * Compares a password when the throttle lets one be compared, and counts a wrong one. `player` is
 * undefined for an unknown e-mail: the same work and the same counts, so nothing tells them apart.
 */
async function checkPassword(deps: LoginDeps, who: LoginWho, player: Player | undefined, password: string, now: Date): Promise<PasswordCheck> {
  const gate = await loginGate(deps.db, deps.throttle, deps.lock, who, now);
  if (!gate.open) return { ok: false, until: gate.until };
  const right = player ? await createPlayerStore(deps.db, deps.clock).verifyPassword(player, password) : await dummyVerify(password);
  if (right && player) {
    await recordLoginSuccess(deps.db, who);
    return { ok: true };
  }
  const failure = await recordLoginFailure(deps.db, deps.throttle, deps.lock, who, now);
  return failure.locked ? { ok: false, until: failure.until } : { ok: false, attemptsLeft: failure.attemptsLeft };
}

/**
 * POST /player/login: the player whose password this is, ready for issueLogin; or 401
 * code:error.player.not.found (details.attemptsLeft), 403 code:error.sign.in.attempt.count.exceeded
 * (details.retryAfterSeconds), or the account status's refusal (behaviour.md §8 "Login").
 */
export async function logIn(
  deps: LoginDeps,
  request: { email: string; password: string; address: string | null },
): Promise<Player> {
  const now = deps.clock();
  const email = normalizeEmail(request.email);
  const found = await createPlayerStore(deps.db, deps.clock).findByEmail(email);
  const check = await checkPassword(deps, { email, address: request.address }, found, request.password, now);
  if (!check.ok) {
    if ('until' in check) throw lockedOut(check.until, now);
    throw new HttpError(401, ERROR_CODES.playerNotFound, 'Wrong e-mail or password.', undefined, { attemptsLeft: check.attemptsLeft });
  }
  if (!found) throw new HttpError(401, ERROR_CODES.playerNotFound, 'Wrong e-mail or password.');
  const player = await liftEndedRestriction(deps.db, found, now);
  const refusal = loginRefusal(player, now);
  if (refusal) throw refusal;
  // Issue 23: the self-exclusion register of the player's market (Spelpaus, OASIS, GAMSTOP), every login.
  if (!deps.registers) throw new Error('A login needs the self-exclusion registers (LoginDeps.registers).');
  await screenWithRegisters({ db: deps.db, clock: deps.clock, registers: deps.registers }, 'LOGIN', registerSubjectOf(player));
  return player;
}

/**
 * The old password of a password change, counted like login attempts (issue 9): 400
 * error.old_password.incorrect with details.attemptsLeft, and past the lock 429 (not 403, which
 * would log the player out, behaviour.md §8 "General") code:error.sign.in.attempt.count.exceeded.
 */
export async function checkOldPassword(deps: LoginDeps, player: Player, oldPassword: string, address: string | null): Promise<void> {
  const now = deps.clock();
  const email = normalizeEmail(player.email ?? `player:${String(player.id)}`);
  const check = await checkPassword(deps, { email, address }, player, oldPassword, now);
  if (check.ok) return;
  if ('until' in check) throw lockedOut(check.until, now, 429);
  throw new HttpError(400, ERROR_CODES.oldPasswordIncorrect, 'The current password is not right.', undefined, { attemptsLeft: check.attemptsLeft });
}

// ---------------------------------------------------------------- unlock by e-mail link

/** The page of the app that takes the key (src/routes/$langmarket/unlock.tsx). */
export function unlockLink(siteOrigin: string, langmarket: string, key: string): string {
  return `${siteOrigin}/${langmarket}/unlock?key=${encodeURIComponent(key)}`;
}

/**
 * POST /player/login/unlock_request: e-mails the player an unlock link. Answers the same whether
 * the e-mail is known or not (no enumeration); the link counts as a code to the address (the
 * per-address limits of server/config.ts), and past them nothing more is sent, silently.
 */
export async function requestUnlock(
  deps: LoginDeps,
  request: { email: string; langmarket: string; siteOrigin: string; address: string | null },
): Promise<void> {
  const now = deps.clock();
  const player = await createPlayerStore(deps.db, deps.clock).findByEmail(request.email);
  if (!player?.email || player.status === 'PRE_REGISTERED') return;
  const email = player.email;
  const key = randomSecret(32);
  await inTransaction(deps.db, async (trx) => {
    await countCodeSend(trx, deps.throttle, { destination: normalizeEmail(email), address: request.address, now });
    await insertUnlockKey(trx, { keyHash: sha256Hex(key), playerId: player.id, expiresAt: new Date(now.getTime() + UNLOCK_LINK_TTL_MS) });
    const link = unlockLink(request.siteOrigin, request.langmarket, key);
    await sendMessage(trx, {
      channel: 'EMAIL',
      destination: email,
      body: messageText('login_unlock', player.language_code, { code: link, minutes: UNLOCK_LINK_TTL_MS / 60_000 }),
      code: key,
    });
  }).catch((error: unknown) => {
      // The limit's refusal would tell that the e-mail is an account: answer as for any other.
      if (error instanceof HttpError && error.code === ERROR_CODES.smsMaxAttempts) return;
      throw error;
    });
}

/** POST /player/login/unlock: the link's key lifts every lock and delay on the account, once; the player's id. */
export async function unlock(deps: LoginDeps, key: string): Promise<number> {
  const now = deps.clock();
  return inTransaction(deps.db, async (trx) => {
    const playerId = await findPlayerIdByUnlockKey(trx, sha256Hex(key), now);
    if (playerId === null) throw new HttpError(400, ERROR_CODES.unlockInvalid, 'This unlock link is unknown, used or expired.');
    const player = await createPlayerStore(trx, deps.clock).findById(playerId);
    if (player?.email) await clearLoginThrottle(trx, normalizeEmail(player.email));
    return playerId;
  });
}
