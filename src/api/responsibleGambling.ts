import * as v from 'valibot';
import { ACTIVITY_INTERVAL_CHOICES_MINUTES, COOLING_OFF_INITIATOR } from '../../machines/lib/constants';
import { MARKET_CODES, type MarketCode } from '../../machines/lib/markets';
import { LIMIT_DURATIONS, type LimitKind } from '../../machines/lib/responsibleGambling';
import { request } from './client';

// The responsible-gambling contract (behaviour.md §7 "Responsible gambling"; product.md §3
// "Responsible gambling"; issue 13). The platform parses every request with the request schemas
// below (server/routes/responsible-gambling.ts) and answers the response shapes; the app parses
// every answer with them. The rules both sides apply are machines/lib/responsibleGambling.ts.
// Amounts are decimal strings in the account currency, as in src/api/wallet.ts.
//
//   GET   /player/deposit-limits | /player/spend-limits   -> LimitsResponse (the three periods, always)
//   PATCH /player/deposit-limits | /player/spend-limits   LimitPatch -> LimitsResponse
//         one of: { duration, limit } (set: a decrease or a first limit at once, an increase pending),
//                 { duration, deleteLimit: true } (removal: pending), { duration, cancelPendingLimit: true }
//   GET   /player/activity_check/settings                  -> ActivitySettings
//   PATCH /player/activity_check/settings                  { intervalMinutes: 30|60|120|null } -> ActivitySettings
//   GET   /player/activity_check/minutes_remaining         -> { minutesRemaining: number | null } (null: off)
//   PATCH /player/activity_check/reset_timer               {} -> { minutesRemaining }
//   GET   /player/activity_check/summary                   -> ActivitySummary (this login's play; limit warnings)
//   PATCH /player/timeout                                  { months } -> BreakResponse (time-out)
//   PATCH /player/timeout/cooling                          { days, initiator: 'PLAYER' } -> BreakResponse (cooling-off; the DE panic button: 1 day)
//   PATCH /player/exclusion                                { exclusionInMonths, exclusionDelayInHours, accountDisableIndefinitely? } -> BreakResponse
//   GET   /markets/{market}/responsible-gambling           -> MarketRgRules (public: the compliance layer's switches)
//
// A break or an exclusion ends every session of the player at once (the socket closes, the game
// tokens die); its answer is the last one that session gets. Login is then refused with
// behaviour.md §8's codes (machines/lib/loginErrors.ts).
//
// Error codes: 400 error.validation (errors: [{ field, code }]) | 400 error.deposit.limit.interval |
// .too_low | .too_high | 409 error.deposit.limit.locked (LIMIT_ERROR_CODES; details.duration names
// the period) | 409 error.limits.required (deposits and real-money play wait for the market's required
// limits: details.required lists them) | 401 / 403 of the session.

// ------------------------------------------------------------------------------ shared parts

const money = v.pipe(v.string(), v.regex(/^\d{1,16}(\.\d{1,2})?$/));
const signedMoney = v.pipe(v.string(), v.regex(/^-?\d{1,16}(\.\d{1,2})?$/));
const isoDate = v.pipe(v.string(), v.isoTimestamp());
const duration = v.picklist(LIMIT_DURATIONS, 'error.deposit.limit.interval');

// ------------------------------------------------------------------------------------ limits

/** product.md §3: one period's limit: value, used, remaining, startedAt, resetAt, updatedAt, pending value and date, locked. */
export const limitSchema = v.object({
  duration,
  /** The limit in force; null when none is set. */
  value: v.nullable(money),
  /** Used in the current period (deposits: paid and pending deposits; spend: bets minus wins, at least 0). */
  used: money,
  /** value - used, at least 0; null when no limit is set. */
  remaining: v.nullable(money),
  /** When the current period began; null when no limit is set. */
  startedAt: v.nullable(isoDate),
  /** When the current period ends and `used` starts again from 0; null when no limit is set. */
  resetAt: v.nullable(isoDate),
  updatedAt: v.nullable(isoDate),
  /** A requested increase waiting for its cooling-off; null when none (or when the pending change is a removal). */
  pendingValue: v.nullable(money),
  /** True when the pending change removes the limit. */
  pendingDelete: v.boolean(),
  /** When the pending change applies; null when nothing is pending. */
  pendingDate: v.nullable(isoDate),
  /** The market requires this limit: it cannot be removed (product.md §3 locked). */
  locked: v.boolean(),
  /** Issue 13: used has reached 80 % of the value. */
  warning: v.boolean(),
});
export type Limit = v.InferOutput<typeof limitSchema>;

export const limitsResponseSchema = v.object({ currency: v.string(), limits: v.array(limitSchema) });
export type LimitsResponse = v.InferOutput<typeof limitsResponseSchema>;

const limitAmountText = v.pipe(v.string('validation.amount'), v.trim(), v.nonEmpty('validation.required'), v.maxLength(32, 'validation.amount'));

export const limitPatchSchema = v.union([
  v.strictObject({ duration, limit: limitAmountText }),
  v.strictObject({ duration, deleteLimit: v.literal(true) }),
  v.strictObject({ duration, cancelPendingLimit: v.literal(true) }),
]);
export type LimitPatch = v.InferInput<typeof limitPatchSchema>;

// ---------------------------------------------------------------------------------- activity

const intervalMinutes = v.nullable(v.picklist(ACTIVITY_INTERVAL_CHOICES_MINUTES, 'validation.invalid'));

/** product.md §3: the activity settings (30, 60 or 120 minutes, or not set) and activityTimerOn. */
export const activitySettingsSchema = v.object({ intervalMinutes, activityTimerOn: v.boolean() });
export type ActivitySettings = v.InferOutput<typeof activitySettingsSchema>;
export const activitySettingsPatchSchema = v.strictObject({ intervalMinutes });
export type ActivitySettingsPatch = v.InferInput<typeof activitySettingsPatchSchema>;

export const minutesRemainingSchema = v.object({ minutesRemaining: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))) });
export type MinutesRemaining = v.InferOutput<typeof minutesRemainingSchema>;
export const resetTimerRequestSchema = v.strictObject({});

/** One limit at or past 80 % of its value (issue 13: the warning). */
export const limitWarningSchema = v.object({ kind: v.picklist(['deposit', 'spend'] satisfies LimitKind[]), duration, used: money, value: money });
export type LimitWarning = v.InferOutput<typeof limitWarningSchema>;

/**
 * product.md §3 activity summary {settings, turnover, winnings, delta}, for the player's current
 * login: the reality check's modal, the UK session bar (RTS 13C: time since login and net
 * position) and the 80 % warnings all read it.
 */
export const activitySummarySchema = v.object({
  settings: activitySettingsSchema,
  currency: v.string(),
  /** When this login began (the session clock counts from it). */
  sessionStartedAt: isoDate,
  /** Stakes placed since the login. */
  turnover: money,
  /** Wins paid since the login. */
  winnings: money,
  /** winnings - turnover: the net position of the session. */
  delta: signedMoney,
  limitWarnings: v.array(limitWarningSchema),
});
export type ActivitySummary = v.InferOutput<typeof activitySummarySchema>;

// ----------------------------------------------------------------------- breaks and exclusion

const wholeNumber = (min: number, max: number) => v.pipe(v.number('validation.invalid'), v.integer('validation.invalid'), v.minValue(min, 'validation.invalid'), v.maxValue(max, 'validation.invalid'));

export const timeoutRequestSchema = v.strictObject({ months: wholeNumber(1, 3) });
export type TimeoutRequest = v.InferInput<typeof timeoutRequestSchema>;
export const coolingOffRequestSchema = v.strictObject({ days: wholeNumber(1, 30), initiator: v.literal(COOLING_OFF_INITIATOR) });
export type CoolingOffRequest = v.InferInput<typeof coolingOffRequestSchema>;
export const exclusionRequestSchema = v.strictObject({
  exclusionInMonths: wholeNumber(1, 60),
  exclusionDelayInHours: wholeNumber(0, 0),
  accountDisableIndefinitely: v.optional(v.boolean()),
});
export type ExclusionRequest = v.InferInput<typeof exclusionRequestSchema>;

export const breakResponseSchema = v.object({
  status: v.picklist(['TIMEOUT', 'SELF_EXCLUDED']),
  /** When the break ends; null for an indefinite exclusion. */
  until: v.nullable(isoDate),
});
export type BreakResponse = v.InferOutput<typeof breakResponseSchema>;

// ---------------------------------------------------------------------- market rules (public)

const durationKey = v.picklist(LIMIT_DURATIONS);
export const marketRgRulesSchema = v.object({
  sessionBar: v.boolean(),
  swedishBadges: v.boolean(),
  panicButton: v.boolean(),
  limitsAtRegistration: v.picklist(['none', 'offered', 'required']),
  limitsPromptAtFirstDeposit: v.boolean(),
  requiredDepositLimit: v.nullable(v.union([durationKey, v.literal('any')])),
  requiredActivityLimit: v.boolean(),
  maxDepositLimit: v.record(durationKey, v.number()),
  increaseDelayHours: v.pipe(v.number(), v.integer(), v.minValue(0)),
  increaseNotBeforePeriodEnd: v.boolean(),
  withdrawalCancellation: v.boolean(),
  timeoutMonthChoices: v.array(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export const marketCodeSchema = v.picklist(MARKET_CODES);

// ------------------------------------------------------------------------------------ calls

const LIMIT_PATHS: Readonly<Record<LimitKind, string>> = { deposit: '/player/deposit-limits', spend: '/player/spend-limits' };
const ACTIVITY = '/player/activity_check';

export const responsibleGamblingApi = {
  limits: (kind: LimitKind, signal?: AbortSignal) => request(LIMIT_PATHS[kind], limitsResponseSchema, { auth: true, signal }),
  patchLimit: (kind: LimitKind, body: LimitPatch, signal?: AbortSignal) =>
    request(LIMIT_PATHS[kind], limitsResponseSchema, { method: 'PATCH', body, auth: true, signal }),
  activitySettings: (signal?: AbortSignal) => request(`${ACTIVITY}/settings`, activitySettingsSchema, { auth: true, signal }),
  patchActivitySettings: (body: ActivitySettingsPatch, signal?: AbortSignal) =>
    request(`${ACTIVITY}/settings`, activitySettingsSchema, { method: 'PATCH', body, auth: true, signal }),
  minutesRemaining: (signal?: AbortSignal) => request(`${ACTIVITY}/minutes_remaining`, minutesRemainingSchema, { auth: true, signal }),
  resetTimer: (signal?: AbortSignal) => request(`${ACTIVITY}/reset_timer`, minutesRemainingSchema, { method: 'PATCH', body: {}, auth: true, signal }),
  activitySummary: (signal?: AbortSignal) => request(`${ACTIVITY}/summary`, activitySummarySchema, { auth: true, signal }),
  timeout: (body: TimeoutRequest, signal?: AbortSignal) => request('/player/timeout', breakResponseSchema, { method: 'PATCH', body, auth: true, signal }),
  coolingOff: (body: CoolingOffRequest, signal?: AbortSignal) =>
    request('/player/timeout/cooling', breakResponseSchema, { method: 'PATCH', body, auth: true, signal }),
  exclusion: (body: ExclusionRequest, signal?: AbortSignal) => request('/player/exclusion', breakResponseSchema, { method: 'PATCH', body, auth: true, signal }),
  marketRules: (market: MarketCode, signal?: AbortSignal) =>
    request(`/markets/${encodeURIComponent(market)}/responsible-gambling`, marketRgRulesSchema, { signal }),
};
