import { formatLangMarket, LANGUAGE_CODES, LANGUAGES, type LangMarket, type LanguageCode } from './markets';

// The account area's shared rules and numbers (product.md §2 "Account area", §3 "Account details"),
// used by the app, the machines and the platform alike.

/**
 * How many logins the account tab lists, newest first. product.md §3 lists the fields (loginDate,
 * loginIp, loginCountry) and behaviour.md §7 the call ("Login history: GET") but no page size: the
 * app's choice is the latest 20, enough to spot a login that was not the player's.
 */
export const LOGIN_HISTORY_LIMIT = 20;

/**
 * The language as the platform stores it (product.md §3 "Player profile": "languageCode sent as is
 * except inen becomes en (caf becomes fr for language changes)"): each language's apiLanguage.
 */
export function profileLanguageOf(language: LanguageCode): string {
  return LANGUAGES[language].apiLanguage;
}

/** Every language code a profile update may carry (the site's languages as the platform names them). */
export const PROFILE_LANGUAGE_CODES: readonly string[] = [...new Set(LANGUAGE_CODES.map(profileLanguageOf))];

/** The account page in a langmarket (where a language change lands, in the new language). */
export function accountHref(langMarket: LangMarket): string {
  return `/${formatLangMarket(langMarket)}/my-account/account`;
}

/**
 * What the account's activity log records (product.md §3 "Session": latestActivityLog with a note;
 * the spec names no kinds: these are the account's own actions the platform sees): a login (note: its
 * address), a password change, a language change (note: the language as stored), an address change
 * (no note: the address is personal data), a province change (note: the province's code) and a
 * change of the cookie consent (no note).
 */
export const ACCOUNT_ACTIVITY_KINDS = ['LOGIN', 'PASSWORD_CHANGED', 'LANGUAGE_CHANGED', 'ADDRESS_CHANGED', 'PROVINCE_CHANGED', 'COOKIE_CONSENT_CHANGED'] as const;
export type AccountActivityKind = (typeof ACCOUNT_ACTIVITY_KINDS)[number];
