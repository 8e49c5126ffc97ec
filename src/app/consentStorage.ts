import * as v from 'valibot';
import type { StoredCookieConsent } from '../../machines/cookieConsent.machine';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../machines/lib/constants';

// behaviour.md §9: the cookie consent options and the accepted flag live under one local storage key.

export const storedCookieConsentSchema = v.object({
  essentials: v.boolean(),
  performanceFunctional: v.boolean(),
  marketing: v.boolean(),
  accepted: v.boolean(),
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
