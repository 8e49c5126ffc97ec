import * as v from 'valibot';
import { loginResponseSchema } from './auth';
import { apiUrl, request } from './client';

// Pay and play (behaviour.md §4 "Pay and play", §7): the visitor picks an amount, identifies with
// the bank-identification provider (simulated by the platform, which serves its page), pays, and
// comes back to /{langmarket}/signup/callback?code=…&sessionId=… with a one-time code.
//
// Error codes: 400 error.paynplay.amount.invalid | 400 error.paynplay.code.invalid (unknown, expired
// or replayed code) | 400 error.paynplay.session.invalid | 409 error.registration.player_already_exists
// (update with another player's e-mail) | 400 error.validation (errors: [{ field, code }]: country,
// currency, returnUrl, email, phonePrefix, phoneBody) | 403 error.country.blocked (authorize) |
// 403 error.vonage.validation (update) | the login codes of behaviour.md §8 "Login" (verify code and
// login, e.g. 403 code:error.timeout.in.progress:days:{n}: no deposit is taken then).

export const paynplayAuthorizeSchema = v.object({
  sessionId: v.string(),
  /** The provider's page to send the visitor to (absolute or platform-relative). */
  redirectUrl: v.string(),
});
export type PaynplayAuthorize = v.InferOutput<typeof paynplayAuthorizeSchema>;

export const paynplayVerificationSchema = v.object({
  email: v.nullable(v.string()),
  mobilePhone: v.nullable(v.string()),
  playerId: v.number(),
});
export type PaynplayVerification = v.InferOutput<typeof paynplayVerificationSchema>;

export const paynplayLoginSchema = v.object({
  ...loginResponseSchema.entries,
  refreshToken: v.string(),
  accessToken: v.string(),
});
export type PaynplayLogin = v.InferOutput<typeof paynplayLoginSchema>;

/** Device and network metadata sent with the code and the login (fraud checks). */
export interface PaynplayMetadata {
  blackbox: string;
  ipAddress: string;
  country: string;
}

const okSchema = v.object({ ok: v.literal(true) });

export const paynplayApi = {
  /** GET /paynplay/authorize?amount&currency&country&returnUrl: opens a provider session. */
  authorize: (
    query: { amount: number; currency: string; country: string; returnUrl: string },
    signal?: AbortSignal,
  ) => {
    const params = new URLSearchParams({
      amount: String(query.amount),
      currency: query.currency,
      country: query.country,
      returnUrl: query.returnUrl,
    });
    return request(`/paynplay/authorize?${params.toString()}`, paynplayAuthorizeSchema, { signal });
  },
  /** The provider page's address, for an iframe or a redirect. */
  providerUrl: (redirectUrl: string) => (/^https?:/.test(redirectUrl) ? redirectUrl : apiUrl(redirectUrl.replace(/^\/api/, ''))),
  verifyCode: (
    body: { oneTimeCode: string; sessionId: string; ipAddress: string; blackbox: string },
    signal?: AbortSignal,
  ) => request('/paynplay/player/code', paynplayVerificationSchema, { method: 'POST', body, signal }),
  updatePlayer: (
    body: { playerId: number; sessionId: string; email: string; phonePrefix: string; phoneBody: string },
    signal?: AbortSignal,
  ) => request('/paynplay/player/update', okSchema, { method: 'POST', body, signal }),
  login: (body: { sessionId: string; metadata: PaynplayMetadata }, signal?: AbortSignal) =>
    request('/paynplay/player/login', paynplayLoginSchema, { method: 'POST', body, signal }),
};

export const captchaSchema = v.object({ token: v.string() });

/** The simulated captcha provider: solving the challenge yields the token sent as hcaptchaToken. */
export const captchaApi = {
  solve: (signal?: AbortSignal) => request('/captcha/solve', captchaSchema, { method: 'POST', signal }),
};
