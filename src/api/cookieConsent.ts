import * as v from 'valibot';
import type { CookieConsentAnswer, PlatformCookieConsent } from '../../machines/lib/cookieConsent';
import { request } from './client';
import { FIELD_CODES } from './errors';

// The cookie consent's contract (behaviour.md §7 "/player/cookies/consent: GET and PATCH with the
// version"; product.md §3 "Account details": essentials, performanceFunctional, marketing). The
// platform parses the PATCH body with the schema below (server/routes/cookie-consent.ts) and answers
// the response shape; the app parses every answer with it. The rules are machines/lib/cookieConsent.ts.
//
//   GET   /player/cookies/consent   -> { consent: { essentials, performanceFunctional, marketing, version, answeredAt } | null }
//   PATCH /player/cookies/consent   { essentials: true, performanceFunctional, marketing, version } -> { consent }
//
// `essentials` must be true (validation.invalid otherwise: they cannot be refused), the two others
// booleans, `version` a positive integer; each missing is validation.required. A version other than
// the policy in force (machines/lib/constants.ts COOKIE_POLICY_VERSION) is 400
// error.cookie_consent.version.invalid. `answeredAt` is when the platform stored the answer (ISO 8601).
//
// Error codes: 400 error.request.invalid (not a JSON object) | 400 error.validation (errors: [{ field, code }])
// | 400 error.cookie_consent.version.invalid | 413 error.request.invalid (too large) | 401 / 403 of the session.
// A refusal stores nothing.

/** PATCH /player/cookies/consent: the answer and the policy version it answers. */
export const cookieConsentPatchSchema = v.strictObject(
  {
    essentials: v.literal(true, FIELD_CODES.invalid),
    performanceFunctional: v.boolean(FIELD_CODES.invalid),
    marketing: v.boolean(FIELD_CODES.invalid),
    version: v.pipe(v.number(FIELD_CODES.invalid), v.integer(FIELD_CODES.invalid), v.minValue(1, FIELD_CODES.invalid)),
  },
  FIELD_CODES.invalid,
);
export type CookieConsentPatch = v.InferOutput<typeof cookieConsentPatchSchema>;

const storedConsentSchema = v.object({
  essentials: v.boolean(),
  performanceFunctional: v.boolean(),
  marketing: v.boolean(),
  version: v.number(),
  answeredAt: v.pipe(v.string(), v.isoTimestamp()),
});
export type StoredCookieConsentBody = v.InferOutput<typeof storedConsentSchema>;

/** The answer of GET (null: the player never answered). */
export const cookieConsentResponseSchema = v.object({ consent: v.nullable(storedConsentSchema) });
export type CookieConsentResponse = { consent: StoredCookieConsentBody | null };

/** The answer of PATCH: what is now stored. */
export const cookieConsentSavedSchema = v.object({ consent: storedConsentSchema });
export type CookieConsentSaved = { consent: StoredCookieConsentBody };

/** The platform's answer as the machines read it (machines/lib/cookieConsent.ts). */
export function platformConsentOf(body: StoredCookieConsentBody): PlatformCookieConsent {
  const { essentials, performanceFunctional, marketing, version, answeredAt } = body;
  return { options: { essentials, performanceFunctional, marketing }, version, answeredAt: Date.parse(answeredAt) };
}

const PATH = '/player/cookies/consent';

export const cookieConsentApi = {
  get: async (signal?: AbortSignal): Promise<PlatformCookieConsent | null> => {
    const { consent } = await request(PATH, cookieConsentResponseSchema, { auth: true, signal });
    return consent === null ? null : platformConsentOf(consent);
  },
  save: async ({ options, version }: CookieConsentAnswer, signal?: AbortSignal): Promise<PlatformCookieConsent> => {
    const body: CookieConsentPatch = { essentials: true, performanceFunctional: options.performanceFunctional, marketing: options.marketing, version };
    return platformConsentOf((await request(PATH, cookieConsentSavedSchema, { method: 'PATCH', body, auth: true, signal })).consent);
  },
};
