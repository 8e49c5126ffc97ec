import * as v from 'valibot';
import { ACCOUNT_ACTIVITY_KINDS, PROFILE_LANGUAGE_CODES } from '../../machines/lib/account';
import { request } from './client';
import { FIELD_CODES } from './errors';
import { playerProfileSchema, type PlayerProfile } from './player';

// The account area's contract (product.md §3 "Account details"; behaviour.md §7 "Player and
// account"). The platform answers these shapes (server/routes/account.ts); the app parses every
// answer with the schemas below.
//
//   GET /player/login_history  -> { logins: [{ loginDate, loginIp, loginCountry }] }  newest first,
//                                 the latest machines/lib/account.ts LOGIN_HISTORY_LIMIT
//
//   POST /player/account/close { confirm: true, password? } -> { status: 'CLOSED', payout }
//        the player closes their own account: the password when the account has one (a pay-and-play
//        account has none: the explicit confirm alone); the MAIN balance is paid out as a pending
//        withdrawal (as a self-exclusion does), every session ends, and a login is refused with
//        code:error.account.closed (behaviour.md §8 "Login").
//
//   GET /player/latest-activity-log -> { latestActivityLog: { activityDate, activity, note } | null }
//   PATCH /player/profile { playerId, languageCode } -> the profile (product.md §3 "Player profile":
//        the language as the platform names it, caf sent as fr, inen as en: machines/lib/account.ts)
//
// Error codes: 401 / 403 of the session | 400 error.validation (a languageCode not among the site's:
// validation.language; a playerId that is not the session's: validation.invalid) | 400 error.validation (confirm not true: validation.invalid;
// password missing on an account with one: validation.required) | 400 error.old_password.incorrect
// (details.attemptsLeft) | 429 code:error.sign.in.attempt.count.exceeded (details.retryAfterSeconds).

export const loginHistoryEntrySchema = v.object({
  /** ISO 8601 instant. */
  loginDate: v.string(),
  loginIp: v.nullable(v.string()),
  /** ISO 3166-1 alpha-2, null when the platform did not know the visitor's country. */
  loginCountry: v.nullable(v.string()),
});
export type LoginHistoryEntry = v.InferOutput<typeof loginHistoryEntrySchema>;

export const loginHistoryResponseSchema = v.object({ logins: v.array(loginHistoryEntrySchema) });
export type LoginHistoryResponse = v.InferOutput<typeof loginHistoryResponseSchema>;

/** POST /player/account/close. */
export const closeAccountRequestSchema = v.strictObject(
  {
    confirm: v.literal(true, FIELD_CODES.invalid),
    password: v.optional(v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(256, FIELD_CODES.tooLong))),
  },
  FIELD_CODES.invalid,
);
export type CloseAccountRequest = v.InferOutput<typeof closeAccountRequestSchema>;

export const closeAccountResponseSchema = v.object({
  status: v.literal('CLOSED'),
  /** The balance paid out as a pending withdrawal, null when there was none. */
  payout: v.nullable(v.object({ amount: v.string(), currency: v.string(), referenceId: v.string() })),
});
export type CloseAccountResponse = v.InferOutput<typeof closeAccountResponseSchema>;

export const latestActivityResponseSchema = v.object({
  latestActivityLog: v.nullable(
    v.object({
      /** ISO 8601 instant. */
      activityDate: v.string(),
      activity: v.picklist(ACCOUNT_ACTIVITY_KINDS),
      /** The login's address, the language stored; null when there is nothing to add. */
      note: v.nullable(v.string()),
    }),
  ),
});
export type LatestActivityResponse = v.InferOutput<typeof latestActivityResponseSchema>;

/** PATCH /player/profile: the player's language. */
export const profileLanguageRequestSchema = v.strictObject(
  {
    playerId: v.pipe(v.number(FIELD_CODES.invalid), v.integer(FIELD_CODES.invalid)),
    languageCode: v.picklist(PROFILE_LANGUAGE_CODES, FIELD_CODES.language),
  },
  FIELD_CODES.invalid,
);
export type ProfileLanguageRequest = v.InferOutput<typeof profileLanguageRequestSchema>;

export const accountApi = {
  loginHistory: async (signal?: AbortSignal): Promise<LoginHistoryEntry[]> =>
    (await request('/player/login_history', loginHistoryResponseSchema, { auth: true, signal })).logins,
  latestActivity: async (signal?: AbortSignal): Promise<LatestActivityResponse['latestActivityLog']> =>
    (await request('/player/latest-activity-log', latestActivityResponseSchema, { auth: true, signal })).latestActivityLog,
  saveLanguage: (body: ProfileLanguageRequest, signal?: AbortSignal): Promise<PlayerProfile> =>
    request('/player/profile', playerProfileSchema, { method: 'PATCH', body, auth: true, signal }),
  close: (body: CloseAccountRequest, signal?: AbortSignal): Promise<CloseAccountResponse> =>
    request('/player/account/close', closeAccountResponseSchema, { method: 'POST', body, auth: true, signal }),
};
