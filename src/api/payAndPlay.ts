import * as v from 'valibot';
import { ERROR_CODES, FIELD_CODES } from '../../machines/lib/errorCodes';
import { LANGUAGES } from '../../machines/lib/markets';
import { isPayAndPlayReturnPath, updateFieldsSchema } from '../../machines/lib/payAndPlay';
import { sameSitePath } from '../../machines/lib/sameSitePath';
import { loginResponseSchema } from './auth';
import { apiUrl, request } from './client';

// Pay and play's contract (behaviour.md §4 "Pay and play", §7): the request schemas the platform
// parses with (server/routes/payAndPlay.ts) and the response schemas the client parses with. The
// wire paths stay the spec's `/paynplay/...`.
//
// The visitor picks an amount, identifies with the bank-identification provider (simulated by the
// platform, which serves its page), pays, and comes back to
// /{langmarket}/signup/callback?code=…&sessionId=… with a one-time code.
//
// Error codes: 400 error.paynplay.amount.invalid | 400 error.paynplay.code.invalid (unknown, expired
// or replayed code) | 400 error.paynplay.session.invalid | 409 error.registration.player_already_exists
// (update with another player's e-mail) | 409 error.paynplay.update.field_locked (update would change
// an e-mail or phone the player already has: that change needs a code, on the account page) |
// 400 error.validation (errors: [{ field, code }]: country, currency, language, returnUrl, email,
// phonePrefix, phoneBody, limit, limitDuration) | 400 error.deposit.limit.too_low / too_high (the
// first limit of authorize, details.duration) | 403 error.country.blocked (authorize: pay and play
// runs in SE, FI and DE, machines/lib/countries.ts) | 403 error.vonage.validation
// (update) | the login codes of behaviour.md §8 "Login" (verify code and login, e.g.
// 403 code:error.timeout.in.progress:days:{n}: no deposit is taken then).

/** The code of an update that would change a field the player already has (issue 9). */
export const UPDATE_FIELD_LOCKED = ERROR_CODES.payAndPlayUpdateFieldLocked;

// ------------------------------------------------------------------------------------ requests

const boundedText = (max: number) => v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(max, FIELD_CODES.tooLong));
const requiredText = (max: number) => v.pipe(boundedText(max), v.trim(), v.nonEmpty(FIELD_CODES.required));
/** Secrets and ids the platform handed out: opaque, bounded. */
const secretText = requiredText(200);
/** A browser never knows its public address: empty is allowed; the platform reads the connection. */
const ipAddressText = boundedText(64);
const blackboxText = boundedText(4096);
const API_LANGUAGES: ReadonlySet<string> = new Set(Object.values(LANGUAGES).map((language) => language.apiLanguage));

/**
 * The provider's return address: a same-site path (machines/lib/sameSitePath.ts, normalised before
 * it is decided on) that is the app's own callback page, /{langmarket}/signup/callback. The
 * normalised path is what the platform stores and redirects to.
 */
export const returnUrlSchema = v.pipe(
  v.string(FIELD_CODES.returnUrl),
  v.rawTransform(({ dataset, addIssue, NEVER }) => {
    const path = sameSitePath(dataset.value);
    if (path === null || !isPayAndPlayReturnPath(path)) {
      addIssue({ message: FIELD_CODES.returnUrl });
      return NEVER;
    }
    return path;
  }),
);

/** GET /paynplay/authorize?amount&currency&country&language&returnUrl (query strings). */
export const authorizeRequestSchema = v.object({
  /** Checked by the platform against the deposit bounds (error.paynplay.amount.invalid). */
  amount: boundedText(32),
  currency: v.pipe(v.string(FIELD_CODES.currency), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{3}$/, FIELD_CODES.currency)),
  country: v.pipe(v.string(FIELD_CODES.country), v.trim(), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, FIELD_CODES.country)),
  /** The route's language, a new player's language; the country's region language when absent. */
  language: v.optional(v.pipe(requiredText(8), v.check((code: string) => API_LANGUAGES.has(code), FIELD_CODES.language))),
  returnUrl: returnUrlSchema,
  /**
   * Issue 21: the deposit limit a new player brings where their market requires one before the
   * first deposit (Sweden any period, Germany monthly up to 1,000 EUR): its period (D, W, M) and
   * amount, checked by the platform with the form's rule (machines/lib/payAndPlay.ts checkFirstLimit).
   */
  limitDuration: v.optional(boundedText(8)),
  limit: v.optional(boundedText(32)),
});
export type AuthorizeRequest = v.InferInput<typeof authorizeRequestSchema>;

/** POST /paynplay/player/code. */
export const verifyCodeRequestSchema = v.object({
  oneTimeCode: secretText,
  sessionId: secretText,
  ipAddress: ipAddressText,
  blackbox: blackboxText,
});
export type VerifyCodeRequest = v.InferInput<typeof verifyCodeRequestSchema>;

/** POST /paynplay/player/update: the form's own fields (machines/lib/payAndPlay.ts) and the session. */
export const updatePlayerRequestSchema = v.object({
  playerId: v.pipe(
    v.number(FIELD_CODES.invalid),
    v.integer(FIELD_CODES.invalid),
    v.minValue(1, FIELD_CODES.invalid),
    v.maxValue(2 ** 31 - 1, FIELD_CODES.invalid),
  ),
  sessionId: secretText,
  ...updateFieldsSchema.entries,
});
export type UpdatePlayerRequest = v.InferInput<typeof updatePlayerRequestSchema>;

/** Device and network metadata sent with the login (fraud checks; behaviour.md §7). */
export const payAndPlayMetadataSchema = v.object({
  blackbox: blackboxText,
  ipAddress: ipAddressText,
  country: boundedText(2),
});
export type PayAndPlayMetadata = v.InferInput<typeof payAndPlayMetadataSchema>;

/** POST /paynplay/player/login. */
export const loginRequestSchema = v.object({ sessionId: secretText, metadata: payAndPlayMetadataSchema });
export type LoginRequest = v.InferInput<typeof loginRequestSchema>;

// ----------------------------------------------------------------------------------- responses

export const authorizeResponseSchema = v.object({
  sessionId: v.string(),
  /** The provider's page to send the visitor to (absolute or platform-relative). */
  redirectUrl: v.string(),
});
export type AuthorizeResponse = v.InferOutput<typeof authorizeResponseSchema>;

export const verifyCodeResponseSchema = v.object({
  email: v.nullable(v.string()),
  mobilePhone: v.nullable(v.string()),
  playerId: v.number(),
});
export type VerifyCodeResponse = v.InferOutput<typeof verifyCodeResponseSchema>;

export const loginResponseWithTokensSchema = v.object({
  ...loginResponseSchema.entries,
  refreshToken: v.string(),
  accessToken: v.string(),
});
export type PayAndPlayLoginResponse = v.InferOutput<typeof loginResponseWithTokensSchema>;

const okSchema = v.object({ ok: v.literal(true) });

export const payAndPlayApi = {
  /** GET /paynplay/authorize?amount&currency&country&language&returnUrl[&limitDuration&limit]: opens a provider session. */
  authorize: (
    query: { amount: number; currency: string; country: string; language: string; returnUrl: string; limit: { duration: string; amount: number } | null },
    signal?: AbortSignal,
  ) => {
    const params = new URLSearchParams({
      amount: String(query.amount),
      currency: query.currency,
      country: query.country,
      language: query.language,
      returnUrl: query.returnUrl,
      ...(query.limit === null ? {} : { limitDuration: query.limit.duration, limit: String(query.limit.amount) }),
    });
    return request(`/paynplay/authorize?${params.toString()}`, authorizeResponseSchema, { signal });
  },
  /** The provider page's address, for a redirect or a link. */
  providerUrl: (redirectUrl: string) => (/^https?:/.test(redirectUrl) ? redirectUrl : apiUrl(redirectUrl.replace(/^\/api/, ''))),
  verifyCode: (body: VerifyCodeRequest, signal?: AbortSignal) =>
    request('/paynplay/player/code', verifyCodeResponseSchema, { method: 'POST', body, signal }),
  updatePlayer: (body: UpdatePlayerRequest, signal?: AbortSignal) =>
    request('/paynplay/player/update', okSchema, { method: 'POST', body, signal }),
  login: (body: LoginRequest, signal?: AbortSignal) =>
    request('/paynplay/player/login', loginResponseWithTokensSchema, { method: 'POST', body, signal }),
};
