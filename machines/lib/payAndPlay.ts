// Pay and play's pure rules (behaviour.md §4 "Pay and play", §7; product.md §2 /signup/pnp and
// /signup/callback, §3 "Pay-and-play"): the amount, the update form's fields, the visitor's country,
// the return and landing addresses. machines/payAndPlay.machine.ts, its screens, the API contract
// (src/api/payAndPlay.ts) and the platform (server/routes/payAndPlay.ts) all read them from here.
import * as v from 'valibot';
import {
  CURRENCY_MAX_FRACTION_DIGITS,
  DEFAULT_SIGNUP_COUNTRY,
  PAY_AND_PLAY_MAX_DEPOSIT,
  PAY_AND_PLAY_MIN_DEPOSIT,
} from './constants';
import {
  DIALING_CODE_OF,
  isPayAndPlayCountryCode,
  PAY_AND_PLAY_COUNTRIES,
  PAY_AND_PLAY_PHONE_COUNTRY_CODES,
  type PayAndPlayCountryCode,
} from './countries';
import { ERROR_CODES, FIELD_CODES } from './errorCodes';
import { isRegisterRefusal } from './loginErrors';
import { LANGUAGES, MARKETS, parseLangMarket, type MarketCode } from './markets';
import { LIMIT_DURATIONS, LIMIT_MAX_AMOUNT, LIMIT_MIN_AMOUNT, marketRgRules, type LimitDuration, type MarketRgRules } from './responsibleGambling';
import { emailRule, phoneBodyRule } from './rules';
import { marketOfCountry } from './wallet';

// ------------------------------------------------------------------------------ call statuses

/** behaviour.md §4: each of authorize, verify code, update player and login player has a status. */
export type CallStatus = 'uninitialized' | 'loading' | 'success' | 'error';
export type PayAndPlayCall = 'authorize' | 'verifyCode' | 'updatePlayer' | 'loginPlayer';
export type PayAndPlayStatus = Record<PayAndPlayCall, CallStatus>;

export const UNINITIALIZED_STATUS: PayAndPlayStatus = {
  authorize: 'uninitialized',
  verifyCode: 'uninitialized',
  updatePlayer: 'uninitialized',
  loginPlayer: 'uninitialized',
};

export const withStatus = (status: PayAndPlayStatus, call: PayAndPlayCall, value: CallStatus): PayAndPlayStatus => ({
  ...status,
  [call]: value,
});

// ------------------------------------------------------------------------------------- amount

/** overLimit: more than the deposit limit given with it (a market that requires one first). */
export type AmountError = 'required' | 'invalid' | 'fractionDigits' | 'tooLow' | 'tooHigh' | 'overLimit';
export type AmountCheck = { ok: true; amount: number } | { ok: false; error: AmountError };

const AMOUNT_SHAPE = /^(\d+)(?:[.,](\d+))?$/;

/**
 * A typed amount of money: digits with an optional decimal point or comma (spaces, as in "1 000",
 * are ignored), a positive number with at most CURRENCY_MAX_FRACTION_DIGITS fraction digits
 * (behaviour.md §9). The deposit and its first limit read amounts alike.
 */
function parseMoneyText(text: string): { ok: true; amount: number } | { ok: false; error: 'required' | 'invalid' | 'fractionDigits' } {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return { ok: false, error: 'required' };
  const match = AMOUNT_SHAPE.exec(compact);
  if (!match) return { ok: false, error: 'invalid' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > CURRENCY_MAX_FRACTION_DIGITS) return { ok: false, error: 'fractionDigits' };
  const amount = Number(fraction === '' ? whole : `${whole}.${fraction}`);
  if (!Number.isFinite(amount) || amount <= 0) return { ok: false, error: 'invalid' };
  return { ok: true, amount };
}

/** Reads a typed deposit amount (parseMoneyText), between PAY_AND_PLAY_MIN_DEPOSIT and PAY_AND_PLAY_MAX_DEPOSIT. */
export function checkDepositAmount(text: string): AmountCheck {
  const parsed = parseMoneyText(text);
  if (!parsed.ok) return parsed;
  if (parsed.amount < PAY_AND_PLAY_MIN_DEPOSIT) return { ok: false, error: 'tooLow' };
  if (parsed.amount > PAY_AND_PLAY_MAX_DEPOSIT) return { ok: false, error: 'tooHigh' };
  return parsed;
}

// ----------------------------------------------------------------------- the first deposit limit

/**
 * What a market that requires a deposit limit before the first deposit (MarketRgRules
 * requiredDepositLimit: Sweden any period, Germany monthly) asks of a new pay-and-play player, who
 * gives it with the amount: the periods to choose from and the highest limit of each (the market's
 * cap, else LIMIT_MAX_AMOUNT), in major units of the currency. Null: the market requires none.
 */
export interface FirstLimitRule {
  durations: readonly LimitDuration[];
  max: Readonly<Record<LimitDuration, number>>;
}

export function firstLimitRule(rules: Pick<MarketRgRules, 'requiredDepositLimit' | 'maxDepositLimit'>): FirstLimitRule | null {
  const required = rules.requiredDepositLimit;
  if (required === null) return null;
  const max = { D: LIMIT_MAX_AMOUNT, W: LIMIT_MAX_AMOUNT, M: LIMIT_MAX_AMOUNT };
  for (const duration of LIMIT_DURATIONS) max[duration] = Math.min(rules.maxDepositLimit[duration] ?? LIMIT_MAX_AMOUNT, LIMIT_MAX_AMOUNT);
  return { durations: required === 'any' ? LIMIT_DURATIONS : [required], max };
}

/** The period a form starts with: the monthly one when the market lets the player choose. */
export function defaultLimitDuration(rule: FirstLimitRule | null): LimitDuration {
  return rule === null || rule.durations.includes('M') ? 'M' : (rule.durations[0] ?? 'M');
}

/** period: a period the market does not take as its required limit. */
export type FirstLimitError = 'required' | 'invalid' | 'fractionDigits' | 'tooLow' | 'tooHigh' | 'period';
export type FirstLimitCheck = { ok: true; limit: number; duration: LimitDuration } | { ok: false; error: FirstLimitError };

/** Reads the first deposit limit typed with the amount, for `duration`, by the market's rule. */
export function checkFirstLimit(text: string, duration: string, rule: FirstLimitRule): FirstLimitCheck {
  const parsed = parseMoneyText(text);
  if (!parsed.ok) return parsed;
  const period = rule.durations.find((candidate) => candidate === duration);
  if (period === undefined) return { ok: false, error: 'period' };
  if (parsed.amount < LIMIT_MIN_AMOUNT) return { ok: false, error: 'tooLow' };
  if (parsed.amount > rule.max[period]) return { ok: false, error: 'tooHigh' };
  return { ok: true, limit: parsed.amount, duration: period };
}

/** The first limit in hundredths of the currency (the ledger's and player_limits' scale). */
export const limitCents = (limit: number): number => Math.round(limit * 100);

/** The amount form with its first limit, as the form and the platform's authorize read it. */
export interface DepositForm {
  amountText: string;
  limitText: string;
  limitDuration: string;
}

export interface DepositFormCheck {
  amount: AmountCheck;
  /** Null when the market requires no limit first. */
  limit: FirstLimitCheck | null;
}

/**
 * The amount (checkDepositAmount) and, where the market requires one first, the limit
 * (checkFirstLimit): a deposit may not be more than the limit it comes with (overLimit).
 */
export function checkDepositForm(form: DepositForm, rule: FirstLimitRule | null): DepositFormCheck {
  const amount = checkDepositAmount(form.amountText);
  if (rule === null) return { amount, limit: null };
  const limit = checkFirstLimit(form.limitText, form.limitDuration, rule);
  if (amount.ok && limit.ok && amount.amount > limit.limit) return { amount: { ok: false, error: 'overLimit' }, limit };
  return { amount, limit };
}

export const depositFormOk = (check: DepositFormCheck): boolean => check.amount.ok && (check.limit === null || check.limit.ok);

// -------------------------------------------------------------------------------- update form

export type UpdateField = 'email' | 'phonePrefix' | 'phoneBody';
export type UpdateValues = Record<UpdateField, string>;
/** A field's error: a FIELD_CODES code (the same on the client and from the platform) or a refusal's code. */
export type UpdateErrors = Partial<Record<UpdateField, string>>;

/** The prefixes the update step offers (machines/lib/countries.ts PAY_AND_PLAY_PHONE_COUNTRY_CODES): the only ones it takes. */
export const DIALING_CODES: readonly string[] = PAY_AND_PLAY_PHONE_COUNTRY_CODES.map((code) => DIALING_CODE_OF[code]);

const FIELD = { required: FIELD_CODES.required, tooLong: FIELD_CODES.tooLong, notText: FIELD_CODES.invalid };

/**
 * The update form's fields as one rule for the form (validateUpdate) and the request contract
 * (src/api/payAndPlay.ts, which the platform parses with): the contract's e-mail and phone rules
 * (machines/lib/rules.ts), a prefix of the country list.
 */
export const updateFieldsSchema = v.object({
  email: emailRule({ ...FIELD, invalid: FIELD_CODES.email }),
  phonePrefix: v.pipe(
    v.string(FIELD_CODES.invalid),
    v.trim(),
    v.nonEmpty(FIELD_CODES.required),
    v.check((prefix: string) => DIALING_CODES.includes(prefix), FIELD_CODES.phone),
  ),
  phoneBody: phoneBodyRule({ ...FIELD, invalid: FIELD_CODES.phone }),
});

/** The update form's rules; an empty object when the values may be sent. */
export function validateUpdate(values: UpdateValues): UpdateErrors {
  const parsed = v.safeParse(updateFieldsSchema, values, { abortPipeEarly: true });
  if (parsed.success) return {};
  const errors: UpdateErrors = {};
  for (const issue of parsed.issues) {
    const field = issue.path?.[0]?.key;
    if ((field === 'email' || field === 'phonePrefix' || field === 'phoneBody') && errors[field] === undefined) {
      errors[field] = issue.message;
    }
  }
  return errors;
}

/** The update values as the request sends them (what the schema makes of them). */
export function updateRequestValues(values: UpdateValues): UpdateValues {
  return {
    email: values.email.trim(),
    phonePrefix: values.phonePrefix.trim(),
    phoneBody: values.phoneBody.replace(/[\s-]/g, ''),
  };
}

/** Splits a stored mobilePhone ("+358401234567") into the form's prefix and body (longest known prefix). */
export function splitMobilePhone(mobilePhone: string | null, fallbackPrefix: string): { phonePrefix: string; phoneBody: string } {
  if (mobilePhone === null || mobilePhone === '') return { phonePrefix: fallbackPrefix, phoneBody: '' };
  const prefix = [...DIALING_CODES].sort((a, b) => b.length - a.length).find((code) => mobilePhone.startsWith(code));
  return prefix === undefined
    ? { phonePrefix: fallbackPrefix, phoneBody: mobilePhone.replace(/^\+/, '') }
    : { phonePrefix: prefix, phoneBody: mobilePhone.slice(prefix.length) };
}

/**
 * Maps a refused update onto the form's fields: the e-mail of another player (409), a number the
 * SMS provider cannot reach (403 error.vonage.validation), an e-mail or phone the player already
 * has and may only change with a code (error.paynplay.update.field_locked), and the platform's
 * field errors (mobilePhone is the joined phone).
 */
export function updateErrorsFrom(code: string | null, fieldErrors: readonly { field: string; code: string }[]): UpdateErrors {
  if (code === 'error.registration.player_already_exists') return { email: code };
  if (code === 'error.vonage.validation') return { phoneBody: code };
  const errors: UpdateErrors = {};
  for (const { field, code: fieldCode } of fieldErrors) {
    if (field === 'email') errors.email = fieldCode;
    else if (field === 'phonePrefix') errors.phonePrefix = fieldCode;
    else if (field === 'phoneBody' || field === 'mobilePhone') errors.phoneBody = fieldCode;
  }
  return errors;
}

/** The field errors an `unknown` error carries (an ApiError's `fieldErrors`), well-formed ones only. */
export function fieldErrorsOf(error: unknown): { field: string; code: string }[] {
  if (typeof error !== 'object' || error === null || !('fieldErrors' in error) || !Array.isArray(error.fieldErrors)) return [];
  return (error.fieldErrors as unknown[]).flatMap((entry) =>
    typeof entry === 'object' &&
    entry !== null &&
    'field' in entry &&
    'code' in entry &&
    typeof entry.field === 'string' &&
    typeof entry.code === 'string'
      ? [{ field: entry.field, code: entry.code }]
      : [],
  );
}

// ---------------------------------------------------------------------------- visitor, market

/** What src/ knows about the visitor (the platform sees the IP address; '' when it is not known). */
export interface VisitorContext {
  /** The visitor's country as the platform sees it (the access check). */
  country: string;
  ipAddress: string;
  /** A device fingerprint for the platform's fraud checks. */
  blackbox: string;
  /**
   * The responsible-gambling rules of the pay-and-play country's market as the platform answers
   * them (the operator's overrides included); absent or of another market: the market's defaults.
   */
  marketRules?: { market: MarketCode; rules: Pick<MarketRgRules, 'requiredDepositLimit' | 'maxDepositLimit'> } | null;
}

export interface Visitor {
  /** A pay-and-play country (machines/lib/countries.ts): where the bank identifies and pays. */
  country: PayAndPlayCountryCode;
  currency: string;
  /** The deposit limit the country's market requires of a new player first; null: none. */
  firstLimit: FirstLimitRule | null;
  /** The route's language as the platform stores it (LANGUAGES[...].apiLanguage). */
  language: string;
  ipAddress: string;
  blackbox: string;
}

/**
 * The visitor the flow deposits for (issue 8: a fi-FI visitor got Malta and English). The route's
 * market decides the country when it serves one that pay and play offers (fi-FI → FI); the global
 * market (UN) has none, so the country the platform sees decides; else DEFAULT_SIGNUP_COUNTRY
 * (behaviour.md §9). The language is the route's (what the player reads the site in).
 */
export function payAndPlayCountryFor(langmarket: string, seenCountry: string | null): PayAndPlayCountryCode {
  const route = parseLangMarket(langmarket);
  const marketCountry = route === null ? null : MARKETS[route.market].originCountry;
  if (marketCountry !== null && isPayAndPlayCountryCode(marketCountry)) return marketCountry;
  return seenCountry !== null && isPayAndPlayCountryCode(seenCountry) ? seenCountry : DEFAULT_SIGNUP_COUNTRY;
}

/**
 * The visitor with the deposit limit the country's market requires first (the market of its
 * players, as the platform's limits read it: marketOfCountry; SE → PP, DE → JJ).
 */
export function visitorFor(langmarket: string, context: VisitorContext | null): Visitor {
  const route = parseLangMarket(langmarket);
  const country = payAndPlayCountryFor(langmarket, context?.country ?? null);
  const market = marketOfCountry(country);
  const rules = context?.marketRules?.market === market ? context.marketRules.rules : marketRgRules(market);
  return {
    country,
    currency: PAY_AND_PLAY_COUNTRIES[country].currency,
    firstLimit: firstLimitRule(rules),
    language: LANGUAGES[route?.language ?? 'en'].apiLanguage,
    ipAddress: context?.ipAddress ?? '',
    blackbox: context?.blackbox ?? '',
  };
}

/** The update form's starting values: what the bank's player already has, the country's prefix otherwise. */
export function initialUpdateValues(country: PayAndPlayCountryCode, known: { email: string | null; mobilePhone: string | null } | null): UpdateValues {
  const phone = splitMobilePhone(known?.mobilePhone ?? null, PAY_AND_PLAY_COUNTRIES[country].dialingCode);
  return { email: known?.email ?? '', ...phone };
}

// -------------------------------------------------------------------------- provider callback

/** What the provider put on the return address (product.md §2 /signup/callback). */
export interface CallbackParams {
  code: string | null;
  sessionId: string | null;
  /** e.g. 'cancelled' when the visitor cancelled at the bank, SELF_LIMIT_REACHED when the site refused the deposit there. */
  error: string | null;
}

/** The client-side codes for an identification that did not come back with a code. */
export const IDENTIFICATION_CANCELLED = 'payAndPlay.identification.cancelled';
export const IDENTIFICATION_FAILED = 'payAndPlay.identification.failed';
/**
 * Issue 20: the site refused the deposit at the bank step (the player's limits do not allow it); the
 * bank sends the visitor back with the spec's result, the same code the code check answers then.
 */
export const IDENTIFICATION_LIMIT_REACHED = ERROR_CODES.selfLimitReached;
/** A failure without a code of its own. */
export const UNKNOWN_ERROR = 'unknown.error';

/** Did the provider come back with a one-time code and its session? */
export function hasOneTimeCode(callback: CallbackParams | null): boolean {
  return callback !== null && callback.error === null && (callback.code ?? '') !== '' && (callback.sessionId ?? '') !== '';
}

/** The code for a callback without a one-time code. */
export function identificationErrorOf(callback: CallbackParams | null): string {
  if (callback?.error === 'cancelled') return IDENTIFICATION_CANCELLED;
  // Issue 23: a self-exclusion register refused the person at the bank step; its code names the register.
  if (callback?.error != null && isRegisterRefusal(callback.error)) return callback.error;
  return callback?.error === IDENTIFICATION_LIMIT_REACHED ? IDENTIFICATION_LIMIT_REACHED : IDENTIFICATION_FAILED;
}

/** behaviour.md §4: "if both email and phone are known the flow continues to the next step". */
export const isKnownPlayer = (verified: { email: string | null; mobilePhone: string | null }): boolean =>
  (verified.email ?? '') !== '' && (verified.mobilePhone ?? '') !== '';

// ---------------------------------------------------------------------- return and landing paths

export { payAndPlayTarget, targetHref } from './payAndPlayTarget';

/**
 * The provider's return address: /{langmarket}/signup/callback, with the saved target and the
 * amount sent to the bank as query parameters (a new start after a refusal shows the amount again).
 * A path, not a URL: the platform only sends the one-time code back to its own site.
 */
export function callbackReturnUrl(langmarket: string, target: string | null, amount: number | null): string {
  const base = `/${langmarket}/signup/callback`;
  const query = new URLSearchParams();
  if (target !== null) query.set('target', target);
  if (amount !== null) query.set('amount', String(amount));
  const search = query.toString();
  return search === '' ? base : `${base}?${search}`;
}

/**
 * The amount a page of the flow brings back from its address (the return path's `amount`, then
 * Start again's): a valid deposit amount as typed, else nothing, so a doctored address never fills
 * the form with something it would refuse.
 */
export function keptAmountText(text: string | null): string {
  return text !== null && checkDepositAmount(text).ok ? text : '';
}

/**
 * The provider's return address must be the app's own callback page (`/{langmarket}/signup/callback`,
 * with a query): the one-time code goes nowhere else. `path` is already a sameSitePath.
 */
export function isPayAndPlayReturnPath(path: string): boolean {
  const [pathname = ''] = path.split(/[?#]/);
  const match = /^\/([^/]+)\/signup\/callback$/.exec(pathname);
  return match?.[1] !== undefined && parseLangMarket(match[1]) !== null;
}
