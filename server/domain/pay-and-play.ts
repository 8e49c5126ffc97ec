import { isPayAndPlayCountryCode, PAY_AND_PLAY_COUNTRIES, type PayAndPlayCountryCode } from '../../machines/lib/countries';
import { PAY_AND_PLAY_MAX_DEPOSIT, PAY_AND_PLAY_MIN_DEPOSIT } from '../../machines/lib/constants';
import { LANGUAGES, MARKET_CODES, MARKETS } from '../../machines/lib/markets';
import { sameSitePath } from '../../machines/lib/sameSitePath';
import { toCents } from '../platform/decimal';

// Pay-and-play sessions (behaviour.md §4 "Pay and play", §7): what GET /paynplay/authorize opens,
// the simulated bank page identifies, POST /paynplay/player/code verifies (and pays), and
// /player/update and /player/login finish. The pure rules (amounts, countries, the return path);
// the flow is server/services/pay-and-play.ts, the SQL server/repositories/pay-and-play-sessions.ts.

/** How long a session may take from the amount to the login (the verification restarts it). */
export const PAY_AND_PLAY_SESSION_TTL_MS = 30 * 60_000;
/** How long the one-time code the bank hands back is good for. */
export const PAY_AND_PLAY_CODE_TTL_MS = 10 * 60_000;

// A refused payment's refund that the provider did not take at once is tried again by a sweep
// (server/services/payment-refunds.ts). The spec is silent on how often: these are the operator's
// choice. After n attempts the next waits REFUND_RETRY_FIRST_DELAY_MS * 2^(n-1), at most
// REFUND_RETRY_MAX_DELAY_MS (1, 2, 4, ... 32 minutes, then hourly).
/** The wait after the first attempt (the one made at once). */
export const REFUND_RETRY_FIRST_DELAY_MS = 60_000;
/** The longest wait between two attempts. */
export const REFUND_RETRY_MAX_DELAY_MS = 60 * 60_000;
/** How often a platform process looks for refunds that are due (server/main.ts). */
export const REFUND_SWEEP_INTERVAL_MS = 60_000;
/** How many due refunds one claim takes (the sweep claims again until none are left). */
export const REFUND_SWEEP_BATCH = 20;

const AMOUNT = /^[0-9]{1,9}(\.[0-9]{1,2})?$/;

/**
 * A first deposit: a plain decimal with at most 2 fraction digits (behaviour.md §9 "Currency
 * amounts"), within the app's bounds (machines/lib/constants.ts PAY_AND_PLAY_MIN/MAX_DEPOSIT).
 * The amount as a decimal string, or null.
 */
export function parseDepositAmount(raw: string | undefined): string | null {
  if (raw === undefined || !AMOUNT.test(raw.trim())) return null;
  const cents = toCents(raw.trim());
  if (cents < BigInt(PAY_AND_PLAY_MIN_DEPOSIT) * 100n || cents > BigInt(PAY_AND_PLAY_MAX_DEPOSIT) * 100n) return null;
  return raw.trim();
}

/**
 * The return path with the given query parameters added (it may carry its own query). The path was
 * stored normalised (src/api/payAndPlay.ts returnUrlSchema); checked again here, because this is
 * where the one-time code leaves: anything but a same-site path goes to the site's root.
 */
export function withParams(path: string, params: Record<string, string>): string {
  const url = new URL(sameSitePath(path) ?? '/', 'http://platform.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Pay and play's country (machines/lib/countries.ts PAY_AND_PLAY_COUNTRY_CODES: SE, FI, DE), or null. */
export function countryOf(code: string): PayAndPlayCountryCode | null {
  return isPayAndPlayCountryCode(code) ? code : null;
}

export function currencyOf(country: PayAndPlayCountryCode): string {
  return PAY_AND_PLAY_COUNTRIES[country].currency;
}

/** A new pay-and-play player's language: the region language of the country's market, else English. */
export function languageForCountry(country: string): string {
  const market = MARKET_CODES.map((code) => MARKETS[code]).find((candidate) => candidate.enabled && candidate.originCountry === country);
  return market ? LANGUAGES[market.regionLanguage].apiLanguage : 'en';
}
