import { COOKIE_POLICY_VERSION } from './constants';

// Cookie consent, once (behaviour.md §4 "Other states", §7 "/player/cookies/consent: GET and PATCH
// with the version", §9; product.md §3 "Account details": essentials, performanceFunctional and
// marketing, all true by default, with an accepted flag). The cookieConsent machine, the API contract
// (src/api/cookieConsent.ts) and the platform (server/services/cookie-consent.ts) read these. Pure.

export interface CookieConsentOptions {
  essentials: boolean;
  performanceFunctional: boolean;
  marketing: boolean;
}

/** behaviour.md §9: every category defaults to true. */
export const DEFAULT_COOKIE_CONSENT_OPTIONS: Readonly<CookieConsentOptions> = {
  essentials: true,
  performanceFunctional: true,
  marketing: true,
};

/** An answer to the cookie policy: the options and the policy version they answer (the PATCH body). */
export interface CookieConsentAnswer {
  options: CookieConsentOptions;
  version: number;
}

/** What the platform holds for a player: the answer, and when it was given (ms since the epoch). */
export interface PlatformCookieConsent extends CookieConsentAnswer {
  answeredAt: number;
}

/** The browser's own answer (the cookieConsent machine's context). */
export interface LocalCookieConsent {
  accepted: boolean;
  /** The policy version answered; null before any answer. */
  version: number | null;
  /** When (ms since the epoch); null before any answer, or for an answer stored before it was kept. */
  answeredAt: number | null;
}

/** Essentials cannot be refused: the site does not work without them (the platform refuses false). */
export function withEssentials(options: CookieConsentOptions): CookieConsentOptions {
  return { ...options, essentials: true };
}

/** Keeps only the three known booleans of a partial set; what is missing keeps its default (true). */
export function consentOptionsFrom(stored: Partial<CookieConsentOptions>): CookieConsentOptions {
  return withEssentials({
    essentials: true,
    performanceFunctional: stored.performanceFunctional ?? DEFAULT_COOKIE_CONSENT_OPTIONS.performanceFunctional,
    marketing: stored.marketing ?? DEFAULT_COOKIE_CONSENT_OPTIONS.marketing,
  });
}

/** An answer to the policy in force (COOKIE_POLICY_VERSION); an older one is asked again. */
export function isCurrentCookiePolicy(version: number | null): boolean {
  return version === COOKIE_POLICY_VERSION;
}

/** The browser holds an answer to the policy in force: no notice. */
export function hasCurrentAnswer(local: LocalCookieConsent): boolean {
  return local.accepted && isCurrentCookiePolicy(local.version);
}

/** The same three choices. */
export function sameConsentOptions(a: CookieConsentOptions, b: CookieConsentOptions): boolean {
  return a.essentials === b.essentials && a.performanceFunctional === b.performanceFunctional && a.marketing === b.marketing;
}

/**
 * What a login does with the browser's answer and the platform's (issue 23). The player's latest
 * explicit answer to the policy in force wins, wherever it was given:
 * - `upload`: the browser's answer is to the policy in force and the platform holds none, an older
 *   policy's, or an earlier answer (a choice made on this browser before logging in, or one that
 *   failed to reach the platform): it is sent to the platform;
 * - `adopt`: the platform's answer is to the policy in force and not older than the browser's: it
 *   becomes the browser's (the notice is not shown again);
 * - `askAgain`: neither answers the policy in force, but the platform holds an older policy's: the
 *   notice is shown again, offering the player's last choices;
 * - `none`: neither holds an answer: the notice stays until the player answers.
 * Equal times go to the platform (nothing to send). The browser's time is its clock's when the
 * player chose; the platform's is when it stored the answer.
 */
export type CookieConsentSync = 'upload' | 'adopt' | 'askAgain' | 'none';

export function cookieConsentSync(local: LocalCookieConsent, platform: PlatformCookieConsent | null): CookieConsentSync {
  const platformCurrent = platform !== null && isCurrentCookiePolicy(platform.version);
  if (hasCurrentAnswer(local) && (!platformCurrent || (local.answeredAt ?? Number.NEGATIVE_INFINITY) > platform.answeredAt)) return 'upload';
  if (platformCurrent) return 'adopt';
  return platform === null ? 'none' : 'askAgain';
}
