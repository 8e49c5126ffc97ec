import { describe, expect, it } from 'vitest';
import { COOKIE_CONSENT_STORAGE_KEY } from '../../../machines/lib/constants';
import { readStoredConsent, writeStoredConsent } from '../../../src/app/consentStorage';

// behaviour.md §9: the three options and the accepted flag live under one local storage key.

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
    const consent = { essentials: true, performanceFunctional: false, marketing: true, accepted: true };
    writeStoredConsent(consent, storage);
    expect(JSON.parse(storage.data.get(COOKIE_CONSENT_STORAGE_KEY) ?? '')).toEqual(consent);
    expect(readStoredConsent(storage)).toEqual(consent);
  });

  it.each([['not json'], ['{"essentials":true}'], ['{"essentials":"yes","performanceFunctional":true,"marketing":true,"accepted":true}']])(
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
      expect(() => writeStoredConsent({ essentials: true, performanceFunctional: true, marketing: true, accepted: true }, refusing)).not.toThrow();
    } finally {
      console.warn = original;
    }
  });
});
