import type { AccessContext } from '../../src/api/platform';
import { ERROR_CODES, HttpError } from '../http/errors';
import type { PlatformSettings } from './settings';

// The access check (behaviour.md §4 "Other states", product.md §2 "Whole-app screens"): is the
// platform in maintenance, and may the visitor's country use the site?

/** A request header set by the test harness (test mode only) to play a visitor from a country. */
export const TEST_COUNTRY_HEADER = 'x-test-country';

export interface CountrySources {
  /** The header a trusted proxy or CDN sets with the visitor's country (e.g. CF-IPCountry). */
  countryHeader?: string | undefined;
  testMode: boolean;
}

const COUNTRY = /^[A-Za-z]{2}$/;
/** CDNs answer XX for "unknown" (and T1 for Tor, which the pattern already rejects). */
const UNKNOWN_COUNTRY = 'XX';

/**
 * The visitor's country: the test header in test mode, else the trusted header when configured and
 * well formed, else the platform's default country.
 */
export function resolveCountry(
  header: (name: string) => string | undefined,
  sources: CountrySources,
  defaultCountry: string,
): string {
  if (sources.testMode) {
    const testCountry = header(TEST_COUNTRY_HEADER);
    if (testCountry !== undefined) {
      if (!COUNTRY.test(testCountry.trim())) {
        throw new HttpError(400, ERROR_CODES.countryInvalid, `${TEST_COUNTRY_HEADER} must be a two-letter country code.`);
      }
      return testCountry.trim().toUpperCase();
    }
  }
  if (sources.countryHeader) {
    const trusted = header(sources.countryHeader)?.trim().toUpperCase();
    if (trusted && COUNTRY.test(trusted) && trusted !== UNKNOWN_COUNTRY) return trusted;
  }
  return defaultCountry;
}

/** 503 in maintenance, 403 for a restricted country, else the context. */
export function decideAccess(settings: PlatformSettings, countryCode: string): AccessContext {
  if (settings.maintenance) {
    throw new HttpError(503, ERROR_CODES.maintenance, 'The site is down for maintenance. Please come back soon.');
  }
  if (settings.restrictedCountries.includes(countryCode)) {
    throw new HttpError(403, ERROR_CODES.accessRestricted, 'The site is not available in your country.');
  }
  return { countryCode, maintenance: false };
}
