import * as v from 'valibot';
import { DEFAULT_LOGIN_METHOD, type SessionClaims } from '../../machines/lib/identity';
import { request } from './client';
import { emailField, givenPasswordField, langmarketField, opaqueField } from './fields';

// Login, session restore and sign-out (behaviour.md §4 "Session", §7 "Player and account", §8
// "Login"). The platform answers a login with an id token (a JWT whose claims are product.md §3
// "Session") and sets an HttpOnly, SameSite=Strict cookie bound to a server-side session; on a
// reload the app asks the platform to re-issue the id token from that cookie. The token itself is
// kept in memory only.

/** The answer to a login, a pay-and-play login and a session refresh. */
export const loginResponseSchema = v.object({
  idToken: v.string(),
  /** ISO time of the previous successful login; null on the first. */
  lastAuth: v.nullable(v.string()),
});
export type LoginResponse = v.InferOutput<typeof loginResponseSchema>;

/** POST /player/login: any password is compared (not judged), up to scrypt's input bound. */
export const loginRequestSchema = v.object({ email: emailField, password: givenPasswordField });
export type LoginRequest = v.InferInput<typeof loginRequestSchema>;

/** POST /player/login/unlock_request: the link goes to the e-mail, on the site's path of the language and market. */
export const unlockRequestSchema = v.object({ email: emailField, langmarket: langmarketField });
/** POST /player/login/unlock: the key of the e-mailed link. */
export const unlockSchema = v.object({ key: opaqueField });

/** behaviour.md §5: a token must be a string with three dot-separated parts. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*$/;

/** The id token's claims as the platform signs them (product.md §3 "Session"). */
export const tokenClaimsSchema = v.object({
  country_code: v.string(),
  language_code: v.string(),
  player_id: v.pipe(v.union([v.number(), v.pipe(v.string(), v.regex(/^[0-9]+$/))]), v.transform(Number), v.integer()),
  player_access_id: v.string(),
  email: v.string(),
  iat: v.number(),
  exp: v.optional(v.nullable(v.number()), null),
  login_method: v.optional(v.nullable(v.string()), null),
  zendeskJwtToken: v.optional(v.nullable(v.string()), null),
  registrationDate: v.optional(v.nullable(v.string()), null),
  /** A JSON string (product.md §3), parsed into { suspended }. */
  multibrand: v.optional(v.nullable(v.string()), null),
  province_code: v.optional(v.nullable(v.string()), null),
});

const multibrandSchema = v.object({ suspended: v.optional(v.boolean(), false) });

function decodeBase64Url(part: string): string {
  const base64 = part.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/**
 * Reads the claims of an id token (the signature is the platform's business; the app only reads).
 * Throws on anything that is not a string of three dot-separated parts with parseable claims.
 */
export function parseIdToken(token: unknown): SessionClaims {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) throw new Error('Invalid token: expected three dot-separated parts');
  const [, payload = ''] = token.split('.');
  let json: unknown;
  try {
    json = JSON.parse(decodeBase64Url(payload));
  } catch {
    throw new Error('Invalid token: the claims are not JSON');
  }
  const claims = v.parse(tokenClaimsSchema, json);
  let multibrand: SessionClaims['multibrand'] = null;
  if (claims.multibrand !== null) {
    try {
      multibrand = v.parse(multibrandSchema, JSON.parse(claims.multibrand));
    } catch {
      multibrand = null;
    }
  }
  return {
    countryCode: claims.country_code,
    playerId: claims.player_id,
    playerAccessId: claims.player_access_id,
    email: claims.email,
    language: claims.language_code,
    iat: claims.iat,
    loginMethod: claims.login_method ?? DEFAULT_LOGIN_METHOD,
    zendeskJwtToken: claims.zendeskJwtToken,
    registrationDate: claims.registrationDate,
    multibrand,
    provinceCode: claims.province_code,
    exp: claims.exp,
  };
}

const okSchema = v.object({ ok: v.literal(true) });

/** A refresh's answer: the login answer, or nothing (204, or 200 without a token) when there is no session. */
const refreshResponseSchema = v.union([loginResponseSchema, v.pipe(v.nullish(v.object({ idToken: v.optional(v.null()) })), v.transform(() => null))]);

export const authApi = {
  /**
   * POST /player/login. Errors: 401 code:error.player.not.found (details.attemptsLeft), 403 with the
   * §8 "Login" codes (code:error.sign.in.attempt.count.exceeded with details.retryAfterSeconds).
   */
  login: (body: LoginRequest, signal?: AbortSignal) =>
    request('/player/login', loginResponseSchema, { method: 'POST', body, signal }),
  /**
   * POST /player/session/refresh: re-issues the id token from the HttpOnly session cookie. No session
   * is a normal answer (204 No Content, or a 200 without a token), resolved as null.
   */
  refresh: async (signal?: AbortSignal): Promise<LoginResponse | null> =>
    (await request('/player/session/refresh', refreshResponseSchema, { method: 'POST', signal })) ?? null,
  /**
   * POST /player/login/unlock_request: e-mails the player a link that lifts every login lock and
   * delay on their account (issue 9). Answers { ok } whether the e-mail is an account or not.
   */
  requestUnlock: (body: { email: string; langmarket: string }, signal?: AbortSignal) =>
    request('/player/login/unlock_request', okSchema, { method: 'POST', body, signal }),
  /** POST /player/login/unlock with the link's key; 400 error.unlock.invalid for an unknown, used or expired one. */
  unlock: (body: { key: string }, signal?: AbortSignal) => request('/player/login/unlock', okSchema, { method: 'POST', body, signal }),
  /** POST /player/sign_out: ends the server-side session and clears the cookie. */
  signOut: (signal?: AbortSignal) => request('/player/sign_out', okSchema, { method: 'POST', auth: true, ignoreUnauthorized: true, signal }),
};
