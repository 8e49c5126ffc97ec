import { createHmac, timingSafeEqual } from 'node:crypto';
import * as v from 'valibot';
import { tokenClaimsSchema } from '../../src/api/auth';

// The id token: an HS256 JWT signed with node:crypto (no JWT library), whose claims are exactly
// tokenClaimsSchema of src/api/auth.ts (product.md §3 "Session"). The app reads the claims; the
// platform checks the signature and the expiry, and the session behind player_access_id
// (server/services/sessions.ts) decides whether it is still good.

export interface IdTokenClaims {
  country_code: string;
  language_code: string;
  player_id: number;
  /** The server-side session's id. */
  player_access_id: string;
  /** '' for a pay-and-play player who has not given one yet (the claim is a string). */
  email: string;
  /** Seconds since the epoch. */
  iat: number;
  exp: number;
  login_method: string;
  /** ISO time. */
  registrationDate: string;
  /** A JSON string (product.md §3): '{"suspended":false}'. */
  multibrand: string;
  province_code: string | null;
}

const HEADER = { alg: 'HS256', typ: 'JWT' } as const;
const ENCODED_HEADER = base64url(JSON.stringify(HEADER));
const PART = /^[A-Za-z0-9_-]+$/;
/** Longer tokens are not ours (and not worth hashing). */
const MAX_TOKEN_CHARS = 4_096;

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function sign(input: string, secret: Uint8Array): Buffer {
  return createHmac('sha256', secret).update(input).digest();
}

/** An HS256 JWT of `claims` (the id token, the wallet's live-connection token). */
export function signJwt(claims: object, secret: Uint8Array): string {
  const body = `${ENCODED_HEADER}.${base64url(JSON.stringify(claims))}`;
  return `${body}.${sign(body, secret).toString('base64url')}`;
}

export function signIdToken(claims: IdTokenClaims, secret: Uint8Array): string {
  return signJwt(claims, secret);
}

const headerSchema = v.object({ alg: v.literal('HS256'), typ: v.optional(v.literal('JWT')) });
const verifiedClaimsSchema = v.object({
  ...tokenClaimsSchema.entries,
  exp: v.number(),
  player_access_id: v.pipe(v.string(), v.minLength(1)),
});
export type VerifiedClaims = v.InferOutput<typeof verifiedClaimsSchema>;

export type TokenCheck =
  | { ok: true; claims: VerifiedClaims }
  | { ok: false; reason: 'invalid' }
  /** A good signature past its expiry: the claims are still given (sign-out ends its session). */
  | { ok: false; reason: 'expired'; claims: VerifiedClaims };

function decodeJson(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The decoded payload of an HS256 JWT signed with `secret`, or undefined: checks shape, algorithm
 * (HS256 only: no `none`, no key confusion) and signature; the caller checks the claims and expiry.
 */
export function verifiedJwtPayload(token: string, secret: Uint8Array): unknown {
  if (token.length > MAX_TOKEN_CHARS) return undefined;
  const parts = token.split('.');
  if (parts.length !== 3) return undefined;
  const [header = '', payload = '', signature = ''] = parts;
  if (!PART.test(header) || !PART.test(payload) || !PART.test(signature)) return undefined;
  if (!v.is(headerSchema, decodeJson(header))) return undefined;
  const expected = sign(`${header}.${payload}`, secret);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return decodeJson(payload);
}

/** Checks shape, algorithm (HS256 only: no `none`, no key confusion), signature and expiry. */
export function verifyIdToken(token: string, secret: Uint8Array, nowSeconds: number): TokenCheck {
  const payload = verifiedJwtPayload(token, secret);
  if (payload === undefined) return { ok: false, reason: 'invalid' };
  const parsed = v.safeParse(verifiedClaimsSchema, payload);
  if (!parsed.success) return { ok: false, reason: 'invalid' };
  if (parsed.output.exp <= nowSeconds) return { ok: false, reason: 'expired', claims: parsed.output };
  return { ok: true, claims: parsed.output };
}
