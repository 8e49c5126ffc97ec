// Responsible gambling (issue 13; product.md §3 "Responsible gambling"; behaviour.md §4 "Gambling
// limits and responsible gambling", §5 deposit limit errors, §7 "Responsible gambling", §9). The
// rules the app and the platform share, each once: the limit periods and their windows, what a
// change of a limit does (at once, or pending after a cooling-off), the cross-period consistency
// whose codes behaviour.md §5 names, the break and exclusion choices, and the per-market compliance
// rules the platform's market settings switch on. Pure: no I/O, no clock of its own.

import { addDays, addHours, addMonths } from 'date-fns';
import { COOLING_OFF_START_DAYS, DAY_MS, INDEFINITE_EXCLUSION_MONTHS } from './constants';
import type { MarketCode } from './markets';

// ---------------------------------------------------------------------------------- limits

/** §9 Limit periods: daily, weekly, monthly. */
export const LIMIT_DURATIONS = ['D', 'W', 'M'] as const;
export type LimitDuration = (typeof LIMIT_DURATIONS)[number];

/**
 * product.md §3 "Limit types: deposit, loss". The spend limit is a loss limit: what a player may
 * lose (bets minus wins) in a period; its calls are /player/spend-limits (behaviour.md §7).
 */
export const LIMIT_KINDS = ['deposit', 'spend'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];

/** behaviour.md §5: the deposit limit server errors (also answered for the spend limit's same faults). */
export const LIMIT_ERROR_CODES = {
  /** The duration is not D, W or M. */
  interval: 'error.deposit.limit.interval',
  /** Lower than a shorter period's limit allows (weekly below daily, monthly below weekly), or below the least amount. */
  tooLow: 'error.deposit.limit.too_low',
  /** Higher than a longer period's limit allows (daily above weekly, weekly above monthly), or above the market's cap. */
  tooHigh: 'error.deposit.limit.too_high',
  /** The market requires this limit (it cannot be removed), or a change is not allowed now. */
  locked: 'error.deposit.limit.locked',
} as const;
export type LimitErrorCode = (typeof LIMIT_ERROR_CODES)[keyof typeof LIMIT_ERROR_CODES];
export type LimitProblem = keyof typeof LIMIT_ERROR_CODES;

/**
 * The least limit a player may set, in major units of any currency: a limit of 0 would be a
 * self-exclusion by another name (that has its own, audited path). The spec is silent.
 */
export const LIMIT_MIN_AMOUNT = 1;
/** The largest limit the platform stores, in major units (a sanity bound; markets may cap lower). */
export const LIMIT_MAX_AMOUNT = 10_000_000;

/**
 * Issue 13: a player is warned when they have used this share of any limit (a regulated operator's
 * "you are close to your limit" notice; UKGC RTS 12 asks that limits be easy to follow).
 */
export const LIMIT_WARNING_RATIO = 0.8;

/**
 * Issue 13: an increase or a removal of a limit applies only after a cooling-off (UKGC RTS 12,
 * AGCO 2.8, GLI-19). A decrease applies at once.
 */
export const LIMIT_INCREASE_DELAY_HOURS = 24;

/** The start and end of the period that contains `now`, for a limit anchored at `startedAt`. */
export interface LimitWindow {
  start: Date;
  end: Date;
}

function addPeriods(anchor: Date, duration: LimitDuration, count: number): Date {
  switch (duration) {
    case 'D':
      return addDays(anchor, count);
    case 'W':
      return addDays(anchor, 7 * count);
    case 'M':
      return addMonths(anchor, count);
  }
}

/**
 * A limit's periods follow one another from the moment it was first set (`startedAt`): a daily
 * limit set at 14:05 runs 14:05 to 14:05 the next day, and so on. The period containing `now`
 * (product.md §3 startedAt / resetAt of the current period). Rolling from the set time rather than
 * calendar days: the same in every time zone, and a player cannot reset a limit by travelling.
 */
export function limitWindow(startedAt: Date, duration: LimitDuration, now: Date): LimitWindow {
  if (now.getTime() < startedAt.getTime()) return { start: startedAt, end: addPeriods(startedAt, duration, 1) };
  // A first guess from the average length, then corrected by at most a step either way.
  const approxMs = duration === 'D' ? DAY_MS : duration === 'W' ? 7 * DAY_MS : 30 * DAY_MS;
  let n = Math.max(0, Math.floor((now.getTime() - startedAt.getTime()) / approxMs) - 1);
  while (addPeriods(startedAt, duration, n + 1).getTime() <= now.getTime()) n += 1;
  while (n > 0 && addPeriods(startedAt, duration, n).getTime() > now.getTime()) n -= 1;
  return { start: addPeriods(startedAt, duration, n), end: addPeriods(startedAt, duration, n + 1) };
}

/**
 * When an increase or removal requested at `now` may apply: after the market's cooling-off and,
 * where the market says so (Sweden, Spelinspektionen SIFS 2018:5 §13), not before the current
 * period ends.
 */
export function pendingChangeDate(now: Date, rules: Pick<MarketRgRules, 'increaseDelayHours' | 'increaseNotBeforePeriodEnd'>, periodEnd: Date | null): Date {
  const afterDelay = addHours(now, rules.increaseDelayHours);
  if (!rules.increaseNotBeforePeriodEnd || periodEnd === null) return afterDelay;
  return periodEnd.getTime() > afterDelay.getTime() ? periodEnd : afterDelay;
}

/** What a requested new value does to a limit: applies at once (a decrease, a first limit) or waits. */
export function changeTakesEffectAtOnce(current: number | null, requested: number | null): boolean {
  if (requested === null) return current === null; // removing: at once only if there was nothing
  if (current === null) return true; // a first limit is a decrease from "no limit"
  return requested <= current;
}

/**
 * behaviour.md §5 "mapped per period: daily too high; weekly low and high; monthly low": a shorter
 * period's limit may not exceed a longer one's. The problem with setting `duration` to `amount`
 * given the other periods' values (null: no limit), or null.
 */
export function consistencyProblem(
  duration: LimitDuration,
  amount: number,
  others: Readonly<Partial<Record<LimitDuration, number | null>>>,
): 'tooLow' | 'tooHigh' | null {
  const shorter = LIMIT_DURATIONS.slice(0, LIMIT_DURATIONS.indexOf(duration));
  const longer = LIMIT_DURATIONS.slice(LIMIT_DURATIONS.indexOf(duration) + 1);
  for (const d of longer) {
    const value = others[d];
    if (value != null && amount > value) return 'tooHigh';
  }
  for (const d of shorter) {
    const value = others[d];
    if (value != null && amount < value) return 'tooLow';
  }
  return null;
}

/** True when `used` has reached LIMIT_WARNING_RATIO of `value` (both in minor units). */
export function limitWarning(used: number, value: number | null): boolean {
  return value !== null && value > 0 && used >= value * LIMIT_WARNING_RATIO;
}

// ------------------------------------------------------------------ breaks and exclusion

/** behaviour.md §9: cooling-off starts at 1 day. The choices offered, in days. */
export const COOLING_OFF_DAY_CHOICES = [COOLING_OFF_START_DAYS, 7, 14, 30] as const;
/** product.md §3 "Timeout (in months)": the time-out choices, in months (Ontario: breaks up to 3 months). */
export const TIMEOUT_MONTH_CHOICES = [1, 2, 3] as const;
/**
 * Self-exclusion choices, in months. UKGC LCCP SR 3.5.3: at least 6 months; indefinite is sent as
 * INDEFINITE_EXCLUSION_MONTHS with accountDisableIndefinitely (behaviour.md §4).
 */
export const EXCLUSION_MONTH_CHOICES = [6, INDEFINITE_EXCLUSION_MONTHS, 24, 60] as const;
/**
 * behaviour.md §7 exclusionDelayInHours. Issue 13: an exclusion takes effect at once, so the only
 * delay the platform accepts is 0 (a delay would let a player keep gambling after asking to stop).
 */
export const EXCLUSION_DELAY_HOURS_CHOICES = [0] as const;
/** The DE panic button (GlüStV 2021 §6a (5)): a 24-hour break at one press, without confirmation. */
export const PANIC_BREAK_DAYS = 1;

/** When a break of `days` or `months` requested at `now` ends. */
export function breakEnd(now: Date, length: { days: number } | { months: number }): Date {
  return 'days' in length ? addDays(now, length.days) : addMonths(now, length.months);
}

// -------------------------------------------------------------------- activity (reality check)

/** behaviour.md §4: at zero the summary is fetched; the platform answers minutesRemaining 0 then. */
export function activityMinutesRemaining(intervalMinutes: number, timerStartedAt: Date, now: Date): number {
  const elapsedMinutes = Math.floor((now.getTime() - timerStartedAt.getTime()) / 60_000);
  return Math.max(0, intervalMinutes - elapsedMinutes);
}

// ------------------------------------------------------------------- the compliance layer

/**
 * What a market's regulator asks of the site beyond the common rules (issue 13 "The compliance
 * layer, per market"). The platform's market settings (server/platform/settings.ts marketRules)
 * override these defaults per market, so an operator switches a rule on without code.
 */
export interface MarketRgRules {
  /** UKGC RTS 13C: the session clock (time since login) and net position bar in the header and around a game. */
  sessionBar: boolean;
  /** Spelinspektionen: the Spelpaus, Spelgränser and Självtest badges at the top of every page. */
  swedishBadges: boolean;
  /** GlüStV 2021 §6a: the panic button wherever play is possible (a 24-hour break at one press). */
  panicButton: boolean;
  /**
   * Limits at registration: 'offered' shows the player the limits step after sign-up (and, where
   * `limitsPromptAtFirstDeposit`, before the first deposit); 'required' blocks deposits and
   * real-money play until `requiredDepositLimit` (and `requiredActivityLimit`) are set.
   */
  limitsAtRegistration: 'none' | 'offered' | 'required';
  /** UKGC RTS 12A: the deposit form prompts for a limit when the player has none and has never deposited. */
  limitsPromptAtFirstDeposit: boolean;
  /** The deposit limit period that must be set before the first deposit or real-money play (JJ: M; LL, PP: any). */
  requiredDepositLimit: LimitDuration | 'any' | null;
  /** LL (Wet Koa): a time limit (the reality check interval) must be set before play. */
  requiredActivityLimit: boolean;
  /** The highest deposit limit allowed per period, in major units of the account currency (JJ: 1,000 EUR a month). */
  maxDepositLimit: Partial<Record<LimitDuration, number>>;
  /** The cooling-off of an increase or removal, in hours (24; PP 72). */
  increaseDelayHours: number;
  /** PP: an increase applies no earlier than the end of the current period. */
  increaseNotBeforePeriodEnd: boolean;
  /** UKGC RTS 14B: a requested withdrawal may be cancelled by the player. */
  withdrawalCancellation: boolean;
  /** The time-out lengths offered, in months (Ontario: breaks of 1 day to 3 months). */
  timeoutMonthChoices: readonly number[];
}

export const DEFAULT_MARKET_RG_RULES: MarketRgRules = {
  sessionBar: false,
  swedishBadges: false,
  panicButton: false,
  limitsAtRegistration: 'none',
  limitsPromptAtFirstDeposit: false,
  requiredDepositLimit: null,
  requiredActivityLimit: false,
  maxDepositLimit: {},
  increaseDelayHours: LIMIT_INCREASE_DELAY_HOURS,
  increaseNotBeforePeriodEnd: false,
  withdrawalCancellation: true,
  timeoutMonthChoices: TIMEOUT_MONTH_CHOICES,
};

/** The rules each market starts with (issue 13); the platform's market settings may change any of them. */
export const MARKET_RG_RULES: Readonly<Partial<Record<MarketCode, Partial<MarketRgRules>>>> = {
  // United Kingdom (UKGC RTS 12A, 13C, 14B).
  GG: { sessionBar: true, limitsAtRegistration: 'offered', limitsPromptAtFirstDeposit: true, withdrawalCancellation: false },
  // Sweden (Spelinspektionen): badges; a deposit limit before the first deposit; increases after 72 h and the period's end.
  PP: { swedishBadges: true, requiredDepositLimit: 'any', increaseDelayHours: 72, increaseNotBeforePeriodEnd: true },
  // Germany (GlüStV 2021): panic button; a monthly deposit limit of at most 1,000 EUR set at registration.
  JJ: { panicButton: true, limitsAtRegistration: 'required', requiredDepositLimit: 'M', maxDepositLimit: { M: 1_000 } },
  // Netherlands (Wet Koa): deposit and time limits set at registration, before play.
  LL: { limitsAtRegistration: 'required', requiredDepositLimit: 'any', requiredActivityLimit: true },
  // Canada, Ontario (AGCO): limits offered at registration; breaks of 1 day to 3 months.
  CA: { limitsAtRegistration: 'offered' },
};

/** A market's rules: the defaults, the market's own, then the platform's overrides. */
export function marketRgRules(market: MarketCode, overrides: Partial<MarketRgRules> = {}): MarketRgRules {
  return { ...DEFAULT_MARKET_RG_RULES, ...MARKET_RG_RULES[market], ...overrides };
}
