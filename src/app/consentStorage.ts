import * as v from 'valibot';
import type { StoredCookieConsent } from '../../machines/cookieConsent.machine';
import { COOKIE_CONSENT_STORAGE_KEY, FIRST_COOKIE_POLICY_VERSION } from '../../machines/lib/constants';
import { CONSENT_GIVEN_COOKIE, CONSENT_GIVEN_MAX_AGE_S, CONSENT_GIVEN_VALUE } from '../api/firstPaint';

// behaviour.md §9: the cookie consent options and the accepted flag live under one local storage key,
// with the cookie-policy version answered and when (issue 23, behaviour.md §7 "with the version"). A
// value stored before those were kept answered the first policy, at a time not known.

export const storedCookieConsentSchema = v.object({
  essentials: v.boolean(),
  performanceFunctional: v.boolean(),
  marketing: v.boolean(),
  accepted: v.boolean(),
  version: v.optional(v.nullable(v.pipe(v.number(), v.integer())), FIRST_COOKIE_POLICY_VERSION),
  answeredAt: v.optional(v.nullable(v.number()), null),
});

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** The stored consent; null when nothing is stored. Throws when the stored value does not parse. */
export function readStoredConsent(storage: KeyValueStorage = localStorage): StoredCookieConsent | null {
  const raw = storage.getItem(COOKIE_CONSENT_STORAGE_KEY);
  if (raw === null) return null;
  return v.parse(storedCookieConsentSchema, JSON.parse(raw));
}

export function writeStoredConsent(consent: StoredCookieConsent, storage: KeyValueStorage = localStorage): void {
  try {
    storage.setItem(COOKIE_CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch (error) {
    // Storage full or blocked: the choice holds for this page only.
    console.warn('Cookie consent could not be stored', error);
  }
}

/**
 * Tells the platform the notice was answered (src/api/firstPaint.ts CONSENT_GIVEN_COOKIE), so that
 * its first paint of the next page leaves the notice out. Only the fact, never the choices.
 */
export function markConsentGiven(doc: Pick<Document, 'cookie'> = document, secure = location.protocol === 'https:'): void {
  doc.cookie = `${CONSENT_GIVEN_COOKIE}=${CONSENT_GIVEN_VALUE}; Path=/; Max-Age=${String(CONSENT_GIVEN_MAX_AGE_S)}; SameSite=Lax${secure ? '; Secure' : ''}`;
}
