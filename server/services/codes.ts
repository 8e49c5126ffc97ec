import { randomInt } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database, VerificationPurpose } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { countCodeSend, DEFAULT_THROTTLE_POLICY, tooManyCodes, type ThrottlePolicy } from './throttle';
import { messageText } from '../domain/message-texts';
import { normalizeDestination, sendMessage, type MessageChannel } from './messages';
import { inTransaction } from '../repositories/transaction';
import {
  consumeCode,
  consumeOpenCodes,
  countCodesSince,
  countWrongTry,
  findCodeForCheck,
  insertCode,
  latestCodeSince,
  lockCodeTarget,
  resendCode,
  type VerificationCodeRow,
} from '../repositories/verification-codes';
import { randomSecret, sameHash, sha256Hex } from '../crypto/secrets';

// One-time codes for sign-up verification, password reset and phone change (behaviour.md §4, §8
// "Sign-up and reset"). A code is 6 digits from crypto.randomInt, stored only as
// sha-256(code + row id), valid for 10 minutes and usable once. The limits count per purpose and
// target (a player, an e-mail address), not per code: a resend reuses the row with a new code, so
// neither resending nor asking for a new id starts the counts afresh within the window.

/** How long a code is valid after it was sent. */
export const CODE_TTL_MS = 10 * 60_000;
/** Sends per purpose and target within the window (the first and two resends). */
export const MAX_CODE_SENDS = 3;
/** Wrong codes per purpose and target within the window; the last one answers 429. */
export const MAX_WRONG_CODE_ATTEMPTS = 5;
/** The window the limits count in, from the first send. */
export const CODE_LIMIT_WINDOW_MS = 60 * 60_000;
/**
 * Conversations (each with its own send and attempt counts) per purpose and target within the
 * window: a registration's first phone and two changes. A new number starts fresh counts
 * (behaviour.md §4 "Sign-up"), but does not buy an endless supply of codes.
 */
export const MAX_CODE_CONVERSATIONS = 3;

const CODE_DIGITS = 6;

export type { VerificationCodeRow };

export interface CodeDelivery {
  channel: MessageChannel;
  /** A mobile phone in international form or an e-mail address. */
  destination: string;
  /** The player's language (players.language_code): the message is written in it; null or unknown, in English. */
  language: string | null;
}

export interface CodeRequest {
  purpose: VerificationPurpose;
  /** What the limits count on: `player:<id>`, `email:<address>`. */
  target: string;
  playerId: number | null;
  /** Null sends nothing: the row can never verify (an unknown e-mail's password reset). */
  delivery: CodeDelivery | null;
  /** Phone change: the new number, saved when the code is verified. */
  phone?: { prefix: string; body: string } | undefined;
  now: Date;
  /**
   * Who asks, for the per-number and per-address limits (server/services/throttle.ts; issue 9 "SMS
   * bombing"): the routes pass the client's address. Without it the per-number limits still count.
   */
  sender?: { policy: ThrottlePolicy; address: string | null } | undefined;
}

export function codeTarget(kind: 'player', id: number): string;
export function codeTarget(kind: 'email', address: string): string;
export function codeTarget(kind: 'player' | 'email', value: number | string): string {
  return `${kind}:${String(value)}`;
}

export function generateCode(): string {
  return String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');
}

function hashCode(code: string, id: string): string {
  return sha256Hex(`${code}${id}`);
}

function tooMany(): HttpError {
  return tooManyCodes();
}

/**
 * Sends a new code (a resend within the window reuses the row and counts one more send); answers
 * the row's id. Throws 429 sms.max.attempts.reached past the limits.
 */
export async function requestCode(db: Kysely<Database>, request: CodeRequest): Promise<{ id: string }> {
  const work = async (trx: Kysely<Database>): Promise<{ id: string }> => {
    // Two requests for the same target at once must not both see "no row yet" (PostgreSQL).
    await lockCodeTarget(trx, request.purpose, request.target);
    const windowStart = new Date(request.now.getTime() - CODE_LIMIT_WINDOW_MS);
    const current = await latestCodeSince(trx, request.purpose, request.target, windowStart);
    // A consumed row ends its conversation; a new one starts with fresh counts.
    const reuse = current && current.consumed_at === null ? current : undefined;
    if (reuse && (reuse.sends >= MAX_CODE_SENDS || reuse.attempts >= MAX_WRONG_CODE_ATTEMPTS)) throw tooMany();
    if (request.delivery) {
      // Whatever the purpose and target: one number or address gets only so many codes.
      await countCodeSend(trx, request.sender?.policy ?? DEFAULT_THROTTLE_POLICY, {
        destination: normalizeDestination(request.delivery.destination),
        address: request.sender?.address ?? null,
        now: request.now,
      });
    }

    const code = request.delivery ? generateCode() : randomSecret(16);
    const id = reuse?.id ?? randomSecret(18);
    const expiresAt = new Date(request.now.getTime() + CODE_TTL_MS);
    if (reuse) {
      await resendCode(trx, id, {
        code_hash: hashCode(code, id),
        expires_at: expiresAt,
        destination: request.delivery?.destination ?? null,
        phone_prefix: request.phone?.prefix ?? null,
        phone_body: request.phone?.body ?? null,
      });
    } else {
      await insertCode(trx, {
        id,
        purpose: request.purpose,
        target: request.target,
        player_id: request.playerId,
        destination: request.delivery?.destination ?? null,
        phone_prefix: request.phone?.prefix ?? null,
        phone_body: request.phone?.body ?? null,
        code_hash: hashCode(code, id),
        created_at: request.now,
        expires_at: expiresAt,
      });
    }
    if (request.delivery) {
      await sendMessage(trx, {
        channel: request.delivery.channel,
        destination: request.delivery.destination,
        body: messageText(request.purpose, request.delivery.language, { code, minutes: CODE_TTL_MS / 60_000 }),
        code,
      });
    }
    return { id };
  };
  return inTransaction(db, work);
}

/**
 * Ends the open conversation of a purpose and target: its code no longer verifies and the next
 * request starts with fresh counts (a registration's phone change, behaviour.md §4 "Sign-up": the
 * SMS-sent and max-attempts flags reset). Throws 429 sms.max.attempts.reached when the target
 * already had MAX_CODE_CONVERSATIONS conversations within the window.
 */
export async function restartCodes(db: Kysely<Database>, request: { purpose: VerificationPurpose; target: string; now: Date }): Promise<void> {
  const work = async (trx: Kysely<Database>): Promise<void> => {
    // The same lock as requestCode: a send in flight does not slip past the restart.
    await lockCodeTarget(trx, request.purpose, request.target);
    const windowStart = new Date(request.now.getTime() - CODE_LIMIT_WINDOW_MS);
    const conversations = await countCodesSince(trx, request.purpose, request.target, windowStart);
    if (conversations >= MAX_CODE_CONVERSATIONS) throw tooMany();
    await consumeOpenCodes(trx, request.purpose, request.target, request.now);
  };
  return inTransaction(db, work);
}

export interface CodeCheck {
  purpose: VerificationPurpose;
  /** The id the request answered, or the target (the latest code sent to it). */
  locator: { id: string } | { target: string };
  /** Only this player's code verifies (a phone change with another player's id is unknown). */
  playerId?: number | undefined;
  code: string;
  now: Date;
}

type Outcome = { kind: 'ok'; row: VerificationCodeRow } | { kind: 'invalid' } | { kind: 'locked' };

/**
 * Checks a code and consumes it. A wrong code counts a try (committed even though the call
 * fails); the last allowed wrong try and any try after it answer 429 sms.max.attempts.reached;
 * an unknown, expired or already used code answers 400 sms.code.invalid.
 */
export async function verifyCode(db: Kysely<Database>, check: CodeCheck): Promise<VerificationCodeRow> {
  const work = async (trx: Kysely<Database>): Promise<Outcome> => {
    const row = await findCodeForCheck(trx, check.purpose, check.locator);
    if (!row) return { kind: 'invalid' };
    if (check.playerId !== undefined && row.player_id !== check.playerId) return { kind: 'invalid' };
    if (row.consumed_at !== null) return { kind: 'invalid' };
    if (row.attempts >= MAX_WRONG_CODE_ATTEMPTS) return { kind: 'locked' };
    if (row.expires_at.getTime() <= check.now.getTime()) return { kind: 'invalid' };

    const right = row.player_id !== null && sameHash(hashCode(check.code, row.id), row.code_hash);
    if (!right) {
      const attempts = await countWrongTry(trx, row.id);
      return attempts >= MAX_WRONG_CODE_ATTEMPTS ? { kind: 'locked' } : { kind: 'invalid' };
    }
    const consumed = await consumeCode(trx, row.id, check.now);
    return consumed ? { kind: 'ok', row: consumed } : { kind: 'invalid' };
  };
  // The try is counted in a transaction of its own that commits; the error is thrown after it.
  const outcome = await inTransaction(db, work);
  if (outcome.kind === 'locked') throw tooMany();
  if (outcome.kind === 'invalid') throw new HttpError(400, ERROR_CODES.smsCodeInvalid, 'The code is wrong, expired or already used.');
  return outcome.row;
}
