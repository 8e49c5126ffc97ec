import { describe, expect, it } from 'vitest';
import {
  addressErrors,
  CA_PROVINCES,
  hasProvince,
  isPostalCodeOf,
  isProvinceCode,
  normalizedAddress,
  normalizePostalCode,
  POSTAL_CODE_MAX_LENGTH,
  sameAddress,
  STREET_ADDRESS_MAX_LENGTH,
} from '../../machines/lib/address';

// The address and province rules, once (machines/lib/address.ts): the form, the contract and the
// platform read them. Each country's postal code in the post's own shape; the 13 provinces and
// territories with Ontario as ON (product.md §3).

const HELSINKI = { streetAddress: 'Mannerheimintie 1 A 5', postalCode: '00100', city: 'Helsinki' };

describe('postal codes by country', () => {
  it.each([
    ['FI', '00100', '0010'],
    ['CA', 'M5H 2N2', 'D5H 2N2'],
    ['CA', 'K1A0B1', 'K1A 0B'],
    ['SE', '114 55', '1145'],
    ['DE', '10115', '1011'],
    ['GB', 'SW1A 1AA', 'SW1A 1A'],
    ['NL', '1012 AB', '1012 A'],
    ['NO', '0150', '01500'],
    ['BR', '01310-100', '0131-0100'],
    ['PT', '1100-148', '1100148'],
    ['MT', 'VLT 1117', 'VLT 111'],
    ['JP', '100-0001', '10-00001'],
  ])('%s takes %s and refuses %s', (country, good, bad) => {
    expect(isPostalCodeOf(country, normalizePostalCode(good))).toBe(true);
    expect(isPostalCodeOf(country, normalizePostalCode(bad))).toBe(false);
  });

  it('normalises: trimmed, upper case, one space', () => {
    expect(normalizePostalCode('  m5h   2n2 ')).toBe('M5H 2N2');
  });

  it('takes a general shape for a country without a pattern, and no more than the longest length', () => {
    expect(isPostalCodeOf('ZZ', 'AB-123')).toBe(true);
    expect(isPostalCodeOf('ZZ', 'A')).toBe(false);
    expect(addressErrors('ZZ', { ...HELSINKI, postalCode: '1'.repeat(POSTAL_CODE_MAX_LENGTH + 1) })).toEqual({ postalCode: 'validation.too_long' });
  });
});

describe('addressErrors', () => {
  it('passes a valid address for its country, and names each field that is not', () => {
    expect(addressErrors('FI', HELSINKI)).toEqual({});
    expect(addressErrors('CA', HELSINKI)).toEqual({ postalCode: 'validation.postal_code' });
    expect(addressErrors('FI', { streetAddress: '', postalCode: ' ', city: '' })).toEqual({
      streetAddress: 'validation.required',
      postalCode: 'validation.required',
      city: 'validation.required',
    });
    expect(addressErrors('FI', { ...HELSINKI, streetAddress: 'x'.repeat(STREET_ADDRESS_MAX_LENGTH + 1) })).toEqual({ streetAddress: 'validation.too_long' });
    expect(addressErrors('FI', { ...HELSINKI, city: 'Helsinki 2' })).toEqual({ city: 'validation.invalid' });
    expect(addressErrors('FI', { ...HELSINKI, streetAddress: '<script>' })).toEqual({ streetAddress: 'validation.invalid' });
    expect(addressErrors('FI', { ...HELSINKI, postalCode: '00100;' })).toEqual({ postalCode: 'validation.postal_code' });
  });

  it('takes the letters and signs of real addresses', () => {
    expect(addressErrors('DE', { streetAddress: 'Müllerstraße 12/3', postalCode: '13353', city: 'Berlin' })).toEqual({});
    expect(addressErrors('CA', { streetAddress: "1200, rue de l'Église", postalCode: 'h2x 1y4', city: 'Montréal' })).toEqual({});
    expect(addressErrors('FI', { streetAddress: 'Kauppakatu 4 B 12', postalCode: '40100', city: 'Jyväskylä' })).toEqual({});
  });

  it('normalises what it stores, and compares normalised', () => {
    expect(normalizedAddress({ streetAddress: ' Kauppakatu 4 ', postalCode: ' 40100', city: 'Jyväskylä ' })).toEqual({ streetAddress: 'Kauppakatu 4', postalCode: '40100', city: 'Jyväskylä' });
    expect(sameAddress(HELSINKI, { ...HELSINKI, city: ' Helsinki ' })).toBe(true);
    expect(sameAddress(HELSINKI, { ...HELSINKI, city: 'Espoo' })).toBe(false);
  });
});

describe('provinces (product.md §3 "Canadian provinces list (Ontario is ON)")', () => {
  it('has the 13 provinces and territories, Ontario as ON and Quebec as QC', () => {
    expect([...CA_PROVINCES].sort()).toEqual(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT']);
    expect(isProvinceCode('ON')).toBe(true);
    expect(isProvinceCode('on')).toBe(false);
    expect(isProvinceCode('XX')).toBe(false);
  });

  it('is a Canadian player’s only', () => {
    expect(hasProvince('CA')).toBe(true);
    expect(hasProvince('FI')).toBe(false);
    expect(hasProvince(null)).toBe(false);
  });
});
