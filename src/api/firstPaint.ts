// What the platform's first paint (server/http/pages.ts) and the app's takeover (src/app/start.tsx,
// src/app/firstPaint.ts) agree on, in one place.

/** The id of the JSON beside #root: the content documents the paint was made from. */
export const FIRST_PAINT_DATA_ID = 'first-paint-data';

/** Marks what the app removes or unmarks when it takes the page over: #root and head tags. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/**
 * A cookie that tells the platform the visitor has answered the cookie notice, so that its first
 * paint leaves the notice out (or paints it, for a visitor who has not). The consent itself stays
 * in local storage (behaviour.md §9); this carries no choice and no personal data.
 */
export const CONSENT_GIVEN_COOKIE = 'cookieConsentGiven';
export const CONSENT_GIVEN_VALUE = '1';
/** A year, like the stored consent it mirrors. */
export const CONSENT_GIVEN_MAX_AGE_S = 31_536_000;
