import * as v from 'valibot';
import { request } from './client';

// The account area's contract (product.md §3 "Account details"; behaviour.md §7 "Player and
// account"). The platform answers these shapes (server/routes/account.ts); the app parses every
// answer with the schemas below.
//
//   GET /player/login_history  -> { logins: [{ loginDate, loginIp, loginCountry }] }  newest first,
//                                 the latest machines/lib/account.ts LOGIN_HISTORY_LIMIT
//
// Error codes: 401 / 403 of the session.

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

export const accountApi = {
  loginHistory: async (signal?: AbortSignal): Promise<LoginHistoryEntry[]> =>
    (await request('/player/login_history', loginHistoryResponseSchema, { auth: true, signal })).logins,
};
