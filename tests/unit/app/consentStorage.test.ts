import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY, FIRST_COOKIE_POLICY_VERSION } from '../../../machines/lib/constants';
import { readStoredConsent, writeStoredConsent } from '../../../src/app/consentStorage';

// behaviour.md §9: the three options and the accepted flag live under one local storage key, with
// the policy version answered and when (issue 23).

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => {
      data.set(key, value);
    },
  };
}

describe('cookie consent storage', () => {
  it('nothing stored reads as null', () => {
    expect(readStoredConsent(memoryStorage())).toBeNull();
  });

  it('what is written is read back', () => {
    const storage = memoryStorage();
    const consent = { essentials: true, performanceFunctional: false, marketing: true, accepted: true, version: 1, answeredAt: 1_780_000_000_000 };
    writeStoredConsent(consent, storage);
    expect(JSON.parse(storage.data.get(COOKIE_CONSENT_STORAGE_KEY) ?? '')).toEqual(consent);
    expect(readStoredConsent(storage)).toEqual(consent);
  });

  it('a value stored before versions were kept answered the first policy, at a time not known', () => {
    const raw = JSON.stringify({ essentials: true, performanceFunctional: true, marketing: false, accepted: true });
    expect(readStoredConsent(memoryStorage({ [COOKIE_CONSENT_STORAGE_KEY]: raw }))).toEqual({
      essentials: true,
      performanceFunctional: true,
      marketing: false,
      accepted: true,
      version: FIRST_COOKIE_POLICY_VERSION,
      answeredAt: null,
    });
  });

  it.each([['not json'], ['{"essentials":true,"performanceFunctional":true,"marketing":true,"accepted":true,"version":"2"}'], ['{"essentials":true}'], ['{"essentials":"yes","performanceFunctional":true,"marketing":true,"accepted":true}']])(
    'a corrupt value (%s) is an error, so the notice asks again',
    (raw) => {
      expect(() => readStoredConsent(memoryStorage({ [COOKIE_CONSENT_STORAGE_KEY]: raw }))).toThrow();
    },
  );

  it('a storage that refuses writes does not break the page', () => {
    const refusing = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    };
    const original = console.warn;
    console.warn = () => undefined;
    try {
      expect(() => writeStoredConsent({ essentials: true, performanceFunctional: true, marketing: true, accepted: true, version: 1, answeredAt: null }, refusing)).not.toThrow();
    } finally {
      console.warn = original;
    }
  });
});
