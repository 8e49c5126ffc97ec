import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

// The identity flows' secrets (registration tokens, code ids, reset keys, pay-and-play codes and
// tokens): random from node:crypto, handed out once, stored only as a SHA-256 hash, compared in
// constant time.

/** A random, URL-safe secret of `bytes` bytes (base64url). */
export function randomSecret(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** SHA-256 of a text, as hex. */
export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Two hex digests compared in constant time; false when their lengths differ. */
export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** Two texts of any lengths compared in constant time (through their digests). */
export function sameText(a: string, b: string): boolean {
  return timingSafeEqual(createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest());
}
