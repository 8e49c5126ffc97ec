// product.md §3 "Markets, languages, currencies": the country list with dialing codes and currency
// for the active countries, and the Canadian provinces. Sign-up, pay-and-play, phone change and the
// platform read these; nothing else lists a country.

export const COUNTRY_CODES = ['FI', 'CA', 'NZ', 'NO', 'CL', 'IN', 'PH', 'MT', 'BR'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

export interface Country {
  readonly code: CountryCode;
  /** International dialing prefix, with the plus sign, as the phone prefix field holds it. */
  readonly dialingCode: string;
  readonly currency: string;
}

export const COUNTRIES: Readonly<Record<CountryCode, Country>> = {
  FI: { code: 'FI', dialingCode: '+358', currency: 'EUR' },
  CA: { code: 'CA', dialingCode: '+1', currency: 'CAD' },
  NZ: { code: 'NZ', dialingCode: '+64', currency: 'NZD' },
  NO: { code: 'NO', dialingCode: '+47', currency: 'NOK' },
  CL: { code: 'CL', dialingCode: '+56', currency: 'CLP' },
  IN: { code: 'IN', dialingCode: '+91', currency: 'INR' },
  PH: { code: 'PH', dialingCode: '+63', currency: 'PHP' },
  MT: { code: 'MT', dialingCode: '+356', currency: 'EUR' },
  // Brazil: the market with a CPF (taxpayer number) at sign-up (behaviour.md §8 error.cpf.duplicate_found).
  BR: { code: 'BR', dialingCode: '+55', currency: 'BRL' },
};

export function isCountryCode(value: string): value is CountryCode {
  return Object.hasOwn(COUNTRIES, value);
}

/** Canadian provinces and territories (product.md §3; Ontario is ON). */
export const CA_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type ProvinceCode = (typeof CA_PROVINCES)[number];

/** product.md §3 "Profile update": the phone prefix and body joined as mobilePhone when both are present. */
export function joinMobilePhone(prefix: string, body: string): string | null {
  const p = prefix.trim();
  const b = body.replace(/[\s-]/g, '');
  return p !== '' && b !== '' ? `${p}${b}` : null;
}
