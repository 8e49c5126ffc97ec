import type { Context } from 'hono';
import type { Kysely } from 'kysely';
import {
  CODE_SENDS_PER_ADDRESS,
  CODE_SENDS_PER_DESTINATION,
  LOGIN_ACCOUNT_DELAY_AFTER,
  LOGIN_ADDRESS_DELAY_AFTER,
  LOGIN_DELAY_FIRST_MS,
  LOGIN_DELAY_MAX_MS,
  type RateLimit,
} from '../config';
import type { Database } from '../db/schema';
import { clientAddress } from '../http/client-address';
import { ERROR_CODES, HttpError } from '../http/errors';
import {
  clearThrottleBuckets,
  clearThrottleEvents,
  clearThrottleEventsByPrefix,
  latestThrottleEventTimes,
  lockThrottleKey,
  recordThrottleEvent,
  throttleEventsSince,
  type ThrottleBucket,
} from '../repositories/throttle-events';

// The limits that close issue 9's "SMS bombing" and "anyone can lock any account" holes (the
// figures and why: server/config.ts). Codes count per destination and per client address; logins
// count per e-mail and address (the GLI-19 lock), per e-mail and per address (a doubling delay).
//
// The counts live in the database (server/repositories/throttle-events.ts), so every process of
// the platform sees the same ones, on PostgreSQL and on PGlite alike. Issue 22 asked for
// rate-limiter-flexible's RateLimiterPostgres instead; it cannot keep these limits as they are:
//   - its clock is Date.now(); the platform's is the app's `clock` (a refusal's Retry-After and the
//     lock's end count down with it: tests/server/security/account-lockout.test.ts moves it);
//   - it keeps one fixed window per key (points and an expiry that restarts the count), where a
//     destination has two sliding windows (5 in 10 minutes, 10 in 24 hours) and the answer's
//     Retry-After is when the fullest frees a place, and the login delay doubles from the latest
//     failure;
//   - it counts on a connection of its own, outside the transaction that sends the code, where
//     here a send that fails counts nothing and concurrent ones count one by one (the advisory
//     lock); on PGlite, one connection that an open transaction holds, its query would wait for
//     the very transaction that waits for it;
//   - it creates its table itself at run time, outside the migrations (server/db/migrations).
// Its other stores (memory, cluster) are per process or per machine, not shared.

export interface LoginLock {
  /** GLI-19 2.5.3: failures within the window that lock the e-mail for one address. */
  attempts: number;
  /** The window, and how long the lock lasts once set. */
  windowMs: number;
}

export interface ThrottlePolicy {
  codeSendsPerDestination: readonly RateLimit[];
  /** Null: not counted (test mode, where every browser test comes from 127.0.0.1). */
  codeSendsPerAddress: readonly RateLimit[] | null;
  loginAccountDelayAfter: number;
  /** Null: not counted (test mode, as above). */
  loginAddressDelayAfter: number | null;
  loginDelayFirstMs: number;
  loginDelayMaxMs: number;
  /** CLIENT_ADDRESS_HEADER: the trusted proxy's header with the visitor's address. */
  addressHeader?: string | undefined;
  /** Document uploads per player (DOCUMENT_UPLOADS_PER_PLAYER unless a test sets its own). */
  documentUploadsPerPlayer?: readonly RateLimit[] | undefined;
}

export const DEFAULT_THROTTLE_POLICY: ThrottlePolicy = {
  codeSendsPerDestination: CODE_SENDS_PER_DESTINATION,
  codeSendsPerAddress: CODE_SENDS_PER_ADDRESS,
  loginAccountDelayAfter: LOGIN_ACCOUNT_DELAY_AFTER,
  loginAddressDelayAfter: LOGIN_ADDRESS_DELAY_AFTER,
  loginDelayFirstMs: LOGIN_DELAY_FIRST_MS,
  loginDelayMaxMs: LOGIN_DELAY_MAX_MS,
};

/** Who asks for a code, as requestCode counts it: the policy and the client's address. */
export function senderOf(c: Context, policy: ThrottlePolicy): { policy: ThrottlePolicy; address: string | null } {
  return { policy, address: clientAddress(c, policy.addressHeader) };
}

/** Whole seconds until `until` (at least 1): what a refusal tells the player to wait. */
export function secondsUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1_000));
}

export function tooManyCodes(retryAfterSeconds?: number): HttpError {
  return new HttpError(
    429,
    ERROR_CODES.smsMaxAttempts,
    'Too many codes or wrong tries. Please try again later.',
    undefined,
    retryAfterSeconds === undefined ? undefined : { retryAfterSeconds },
  );
}

/** When the fullest of `limits` frees a place again, or null when each has room. */
async function fullUntil(db: Kysely<Database>, bucket: ThrottleBucket, key: string, limits: readonly RateLimit[], now: Date): Promise<Date | null> {
  let until: Date | null = null;
  for (const limit of limits) {
    const times = await latestThrottleEventTimes(db, bucket, key, new Date(now.getTime() - limit.windowMs), limit.max);
    const oldest = times[limit.max - 1];
    if (oldest === undefined) continue;
    // The oldest of the latest `max` leaves the window first.
    const free = new Date(oldest.getTime() + limit.windowMs);
    if (until === null || free > until) until = free;
  }
  return until;
}

/**
 * Counts one code sent to `destination` on `address`'s request, or throws 429
 * sms.max.attempts.reached when either is at its limit (nothing is counted then). Run it in the
 * transaction that sends the code: concurrent requests for one destination count one by one.
 */
export async function countCodeSend(
  trx: Kysely<Database>,
  policy: ThrottlePolicy,
  request: { destination: string; address: string | null; now: Date },
): Promise<void> {
  const { destination, address, now } = request;
  await lockThrottleKey(trx, 'code.destination', destination);
  const perAddress = address !== null ? policy.codeSendsPerAddress : null;
  if (perAddress && address !== null) await lockThrottleKey(trx, 'code.address', address);
  const destinationFull = await fullUntil(trx, 'code.destination', destination, policy.codeSendsPerDestination, now);
  const addressFull = perAddress && address !== null ? await fullUntil(trx, 'code.address', address, perAddress, now) : null;
  const full = [destinationFull, addressFull].filter((until): until is Date => until !== null);
  if (full.length > 0) throw tooManyCodes(secondsUntil(new Date(Math.max(...full.map((until) => until.getTime()))), now));
  await recordThrottleEvent(trx, 'code.destination', destination, now);
  if (perAddress && address !== null) await recordThrottleEvent(trx, 'code.address', address, now);
}

// ---------------------------------------------------------------- document uploads

/**
 * Uploads per player (issue 23 "a per-player upload rate"): 10 in 10 minutes, 40 in a day. A step
 * takes one or two files (an ID's two sides), a retry another: a player verifying every step with
 * retries stays well under; a script filling the disk does not.
 */
export const DOCUMENT_UPLOADS_PER_PLAYER: readonly RateLimit[] = [
  { max: 10, windowMs: 10 * 60_000 },
  { max: 40, windowMs: 24 * 60 * 60_000 },
];

/**
 * Counts one upload of `playerId`'s before its body is read, or throws 429
 * error.document.upload_limit (with retryAfterSeconds) when a limit is full (nothing is counted then).
 */
export async function countDocumentUpload(trx: Kysely<Database>, playerId: number, now: Date, limits: readonly RateLimit[] = DOCUMENT_UPLOADS_PER_PLAYER): Promise<void> {
  const key = String(playerId);
  await lockThrottleKey(trx, 'document.upload', key);
  const full = await fullUntil(trx, 'document.upload', key, limits, now);
  if (full !== null) {
    throw new HttpError(429, ERROR_CODES.documentUploadLimit, 'Too many uploads. Please try again later.', undefined, {
      retryAfterSeconds: secondsUntil(full, now),
    });
  }
  await recordThrottleEvent(trx, 'document.upload', key, now);
}

// ---------------------------------------------------------------- login

export type LoginGate =
  /** A password may be compared; `attemptsLeft` failures from this address before the lock. */
  | { open: true }
  /** No password is compared until `until` (the GLI-19 lock of this address, or a delay). */
  | { open: false; until: Date };

export interface LoginWho {
  /** The normalised e-mail (known or not: an unknown one is counted the same, nothing tells them apart). */
  email: string;
  address: string | null;
}

function pairKey({ email, address }: LoginWho): string {
  return `${email} ${address ?? '-'}`;
}

/** The doubling delay after `count` failures past `after`, from the latest one. */
function delayUntil(policy: ThrottlePolicy, count: number, after: number, latest: Date | null): Date | null {
  if (count < after || latest === null) return null;
  const delay = Math.min(policy.loginDelayMaxMs, policy.loginDelayFirstMs * 2 ** Math.min(30, count - after));
  return new Date(latest.getTime() + delay);
}

/** Whether a login (or an old-password check) may compare a password now. */
export async function loginGate(db: Kysely<Database>, policy: ThrottlePolicy, lock: LoginLock, who: LoginWho, now: Date): Promise<LoginGate> {
  const since = new Date(now.getTime() - lock.windowMs);
  const candidates: Date[] = [];
  const locked = await throttleEventsSince(db, 'login.lock', pairKey(who), since);
  if (locked.latest !== null) candidates.push(new Date(locked.latest.getTime() + lock.windowMs));
  const account = await throttleEventsSince(db, 'login.account', who.email, since);
  const accountDelay = delayUntil(policy, account.count, policy.loginAccountDelayAfter, account.latest);
  if (accountDelay) candidates.push(accountDelay);
  if (who.address !== null && policy.loginAddressDelayAfter !== null) {
    const address = await throttleEventsSince(db, 'login.address', who.address, since);
    const addressDelay = delayUntil(policy, address.count, policy.loginAddressDelayAfter, address.latest);
    if (addressDelay) candidates.push(addressDelay);
  }
  const until = candidates.filter((time) => time > now).sort((a, b) => b.getTime() - a.getTime())[0];
  return until ? { open: false, until } : { open: true };
}

export type LoginFailure =
  /** A wrong password; `attemptsLeft` more from this address before the lock. */
  | { locked: false; attemptsLeft: number }
  /** This failure (or one at the same moment) locked the e-mail for this address until `until`. */
  | { locked: true; until: Date };

/** Counts a wrong password (per e-mail and address, per e-mail, per address); locks on the last allowed one. */
export async function recordLoginFailure(
  db: Kysely<Database>,
  policy: ThrottlePolicy,
  lock: LoginLock,
  who: LoginWho,
  now: Date,
): Promise<LoginFailure> {
  const work = async (trx: Kysely<Database>): Promise<LoginFailure> => {
    const key = pairKey(who);
    await lockThrottleKey(trx, 'login.pair', key);
    const since = new Date(now.getTime() - lock.windowMs);
    await recordThrottleEvent(trx, 'login.account', who.email, now);
    if (who.address !== null && policy.loginAddressDelayAfter !== null) await recordThrottleEvent(trx, 'login.address', who.address, now);
    // Failures that raced past the gate while another one set the lock count as locked.
    const existing = await throttleEventsSince(trx, 'login.lock', key, since);
    if (existing.latest !== null) return { locked: true, until: new Date(existing.latest.getTime() + lock.windowMs) };
    await recordThrottleEvent(trx, 'login.pair', key, now);
    const { count } = await throttleEventsSince(trx, 'login.pair', key, since);
    if (count < lock.attempts) return { locked: false, attemptsLeft: lock.attempts - count };
    // The lock starts now and lasts the window; its failures are spent (the next window starts afresh).
    await recordThrottleEvent(trx, 'login.lock', key, now);
    await clearThrottleEvents(trx, 'login.pair', key);
    return { locked: true, until: new Date(now.getTime() + lock.windowMs) };
  };
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

/** A right password: this address's count for the e-mail, and the e-mail's delay, start afresh. */
export async function recordLoginSuccess(db: Kysely<Database>, who: LoginWho): Promise<void> {
  await clearThrottleEvents(db, 'login.pair', pairKey(who));
  await clearThrottleEvents(db, 'login.account', who.email);
}

/** The player proved who they are (unlock link, password reset): every lock and delay on the e-mail goes. */
export async function clearLoginThrottle(db: Kysely<Database>, email: string): Promise<void> {
  await clearThrottleEventsByPrefix(db, 'login.pair', `${email} `);
  await clearThrottleEventsByPrefix(db, 'login.lock', `${email} `);
  await clearThrottleEvents(db, 'login.account', email);
}

/** Test mode: every login lock and counter. */
export async function clearAllLoginThrottles(db: Kysely<Database>): Promise<void> {
  await clearThrottleBuckets(db, ['login.pair', 'login.lock', 'login.account', 'login.address']);
}
