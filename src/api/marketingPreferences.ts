import * as v from 'valibot';
import {
  MARKETING_CHANNELS,
  MARKETING_COMMUNICATIONS,
  type MarketingChannel,
  type MarketingCommunication,
  type MarketingPreferences,
} from '../../machines/lib/marketingPreferences';
import { request } from './client';
import { FIELD_CODES } from './errors';

// The marketing preferences' contract (product.md §3 "Marketing preferences"; behaviour.md §7
// "/player/marketing_preferences: GET and PATCH"). The platform parses the PATCH body with the
// schema below (server/routes/marketing-preferences.ts) and answers the response shape; the app
// parses every answer with it. The rules are machines/lib/marketingPreferences.ts.
//
//   GET   /player/marketing_preferences   -> { preferences }  (the player's, else the sign-up's defaults)
//   PATCH /player/marketing_preferences   { preferences } -> { preferences }  (the whole set replaces the stored one)
//
// `preferences` has every communication (BONUS_OFFER, NEWSLETTER, CASINO, RESPONSIBLE_GAMING), each
// with every channel (EMAIL, SMS, MAIL, PHONE, PUSH_NOTIFICATION) as a boolean: a missing one is
// validation.required, a value that is not a boolean or a name that is not in the lists
// validation.invalid (field `preferences.<COMMUNICATION>.<CHANNEL>`).
//
// Error codes: 400 error.request.invalid (not a JSON object) | 400 error.validation (errors: [{ field, code }])
// | 413 error.request.invalid (too large) | 401 / 403 of the session.

const allowedSchema = v.boolean(FIELD_CODES.invalid);

/** One communication: every channel, no other key. */
const channelsSchema = v.strictObject(
  Object.fromEntries(MARKETING_CHANNELS.map((channel) => [channel, allowedSchema])) as Record<MarketingChannel, typeof allowedSchema>,
  FIELD_CODES.invalid,
);

/** The whole set: every communication, no other key. */
export const marketingPreferencesSchema = v.strictObject(
  Object.fromEntries(MARKETING_COMMUNICATIONS.map((communication) => [communication, channelsSchema])) as Record<
    MarketingCommunication,
    typeof channelsSchema
  >,
  FIELD_CODES.invalid,
);

/** PATCH /player/marketing_preferences: the whole set. */
export const marketingPreferencesPatchSchema = v.strictObject({ preferences: marketingPreferencesSchema }, FIELD_CODES.invalid);
export type MarketingPreferencesPatch = { preferences: MarketingPreferences };

/** The answer of GET and PATCH. */
export const marketingPreferencesResponseSchema = v.object({ preferences: marketingPreferencesSchema });
export type MarketingPreferencesResponse = { preferences: MarketingPreferences };

const PATH = '/player/marketing_preferences';

export const marketingPreferencesApi = {
  get: async (signal?: AbortSignal): Promise<MarketingPreferences> =>
    (await request(PATH, marketingPreferencesResponseSchema, { auth: true, signal })).preferences,
  save: async (preferences: MarketingPreferences, signal?: AbortSignal): Promise<MarketingPreferences> =>
    (await request(PATH, marketingPreferencesResponseSchema, { method: 'PATCH', body: { preferences } satisfies MarketingPreferencesPatch, auth: true, signal }))
      .preferences,
};
