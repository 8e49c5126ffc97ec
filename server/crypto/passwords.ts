import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { ERROR_CODES, HttpError } from '../http/errors';

// Password hashing with node:crypto's scrypt (OWASP Password Storage Cheat Sheet: N=2^15, r=8,
// p=3 is one of its equivalent minimum settings; ~0.2 s here). Each password gets its own 16-byte
// salt; the parameters are stored with the hash, so they can be raised later without breaking
// older hashes: `scrypt$<N>$<r>$<p>$<salt base64url>$<key base64url>`.

const SCHEME = 'scrypt';
const KEY_BYTES = 32;
const SALT_BYTES = 16;

export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };
/**
 * The cost of new hashes in the tests' platforms only (the server tests, the fuzz, the browser
 * tests' test mode): about 1/100 of the production cost. Never in production (PLATFORM_TEST_MODE
 * cannot be on with PLATFORM_MODE=production, server/config.ts).
 */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 10, r: 8, p: 1 };
/** Refuse stored parameters beyond these (a tampered row must not exhaust the server). */
const MAX_N = 2 ** 20;
const MAX_R = 16;
const MAX_P = 16;

/**
 * At most this many scrypt calls run at once (issue 9, CONVENTIONS.md footguns: "Hashing passwords
 * on libuv's default pool starves every other request under a login flood"). scrypt runs on
 * libuv's thread pool, 4 threads unless UV_THREADPOOL_SIZE says otherwise, which file reads (the
 * app's index.html and assets), DNS lookups and zlib share: 32 wrong logins at once filled it and
 * `GET /` took 2.3 s. Two leave half the pool free, and on a 2-core machine two hashes already
 * use both cores. Every hash, the dummy one for an unknown e-mail included, waits in the same
 * queue, so the timing of known and unknown e-mails stays the same.
 */
export const HASH_CONCURRENCY = Math.max(1, Math.min(2, Number(process.env.UV_THREADPOOL_SIZE ?? 4) - 2));
/**
 * Hashes waiting beyond this are refused (503) instead of queued: at ~0.2 s each and two at a time,
 * 256 waiting is ~26 s, past any client's patience; a longer queue only holds memory for a flood.
 */
export const HASH_QUEUE_MAX = 256;

let hashesRunning = 0;
const hashQueue: (() => void)[] = [];

/** The number of hashes running and waiting (tests, bench). */
export function hashLoad(): { running: number; waiting: number } {
  return { running: hashesRunning, waiting: hashQueue.length };
}

async function withHashSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashesRunning < HASH_CONCURRENCY) {
    hashesRunning += 1;
  } else {
    if (hashQueue.length >= HASH_QUEUE_MAX) {
      throw new HttpError(503, ERROR_CODES.systemError, 'The platform is busy. Please try again in a moment.');
    }
    // The slot is handed over by the one that finishes (hashesRunning stays as it is).
    await new Promise<void>((resolve) => hashQueue.push(resolve));
  }
  try {
    return await work();
  } finally {
    const next = hashQueue.shift();
    if (next) next();
    else hashesRunning -= 1;
  }
}

function deriveKey(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  return withHashSlot(() => scryptKey(password, salt, params));
}

function scryptKey(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node's default cap (32 MiB) is exactly N=2^15, r=8.
  const options: ScryptOptions = { ...params, maxmem: 256 * params.N * params.r };
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => {
      if (error) reject(error);
      else resolve(key);
    });
  });
}

let currentParams: ScryptParams = DEFAULT_SCRYPT_PARAMS;

/**
 * The cost of new hashes (and of the dummy one) in this process. Only the tests' platforms lower
 * it (to TEST_SCRYPT_PARAMS: the server tests' setup, `npm run fuzz`, the platform's test mode), so
 * that their thousands of logins and registrations fit in their time; stored hashes keep the
 * parameters they were made with.
 */
export function setHashCostForTests(params: ScryptParams): void {
  currentParams = params;
  dummyHash = undefined;
}

export async function hashPassword(password: string, params: ScryptParams = currentParams): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await deriveKey(password, salt, params);
  return [SCHEME, params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return null;
  const [, n, r, p, salt = '', key = ''] = parts;
  const params = { N: Number(n), r: Number(r), p: Number(p) };
  const valid =
    Number.isInteger(params.N) && params.N > 1 && params.N <= MAX_N && (params.N & (params.N - 1)) === 0 &&
    Number.isInteger(params.r) && params.r >= 1 && params.r <= MAX_R &&
    Number.isInteger(params.p) && params.p >= 1 && params.p <= MAX_P;
  if (!valid) return null;
  const keyBytes = Buffer.from(key, 'base64url');
  if (keyBytes.length !== KEY_BYTES) return null;
  return { params, salt: Buffer.from(salt, 'base64url'), key: keyBytes };
}

/** Constant-time comparison; false for a malformed or missing hash (never throws on bad input). */
export async function verifyPassword(password: string, stored: string | null): Promise<boolean> {
  const parsed = stored === null ? null : parseHash(stored);
  if (!parsed) {
    // Spend the same time as a real check, so a player without a password is not told apart.
    await dummyVerify(password);
    return false;
  }
  const key = await deriveKey(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

let dummyHash: Promise<string> | undefined;

/**
 * Hashes against a throwaway hash so that an unknown e-mail costs the same time as a wrong
 * password (no user enumeration by timing, OWASP ASVS 2.2 / V3).
 */
export async function dummyVerify(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  const parsed = parseHash(await dummyHash);
  if (parsed) {
    const key = await deriveKey(password, parsed.salt, parsed.params);
    timingSafeEqual(key, parsed.key);
  }
  return false;
}
