// product.md §3 "Markets, languages, currencies": the country list with dialing codes and currency
// for the active countries, and the Canadian provinces. Sign-up, pay-and-play, phone change and the
// platform read these; nothing else lists a country.

export const COUNTRY_CODES = ['FI', 'CA', 'NZ', 'NO', 'CL', 'IN', 'PH', 'MT', 'BR'] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];

/** A country of a list: its code, its dialing prefix and its currency. */
interface CountryOf<Code extends string> {
  readonly code: Code;
  /** International dialing prefix, with the plus sign, as the phone prefix field holds it. */
  readonly dialingCode: string;
  readonly currency: string;
}

export type Country = CountryOf<CountryCode>;

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

/**
 * Pay and play's countries (issue 21): where the operator runs it, as pay-and-play operators do
 * (Sweden, Finland, Germany: a bank identifies the person and pays in one step). A list of its own,
 * apart from sign-up's: the app's visitor country and the update step's phone prefixes, and the
 * platform's authorize, read it. Sweden and Germany require a deposit limit before the first
 * deposit (machines/lib/responsibleGambling.ts MARKET_RG_RULES PP, JJ): pay and play asks for it
 * with the amount (machines/lib/payAndPlay.ts firstDepositLimitRule).
 */
export const PAY_AND_PLAY_COUNTRY_CODES = ['SE', 'FI', 'DE'] as const;
export type PayAndPlayCountryCode = (typeof PAY_AND_PLAY_COUNTRY_CODES)[number];

export type PayAndPlayCountry = CountryOf<PayAndPlayCountryCode>;

export const PAY_AND_PLAY_COUNTRIES: Readonly<Record<PayAndPlayCountryCode, PayAndPlayCountry>> = {
  SE: { code: 'SE', dialingCode: '+46', currency: 'SEK' },
  FI: { code: 'FI', dialingCode: COUNTRIES.FI.dialingCode, currency: COUNTRIES.FI.currency },
  DE: { code: 'DE', dialingCode: '+49', currency: 'EUR' },
};

export function isPayAndPlayCountryCode(value: string): value is PayAndPlayCountryCode {
  return Object.hasOwn(PAY_AND_PLAY_COUNTRIES, value);
}

/** A country whose dialing code a phone field may offer: sign-up's and pay and play's. */
export type PhoneCountryCode = CountryCode | PayAndPlayCountryCode;

/** The dialing code of each country a phone field may offer. */
export const DIALING_CODE_OF: Readonly<Record<PhoneCountryCode, string>> = {
  ...Object.fromEntries(COUNTRY_CODES.map((code) => [code, COUNTRIES[code].dialingCode])),
  ...Object.fromEntries(PAY_AND_PLAY_COUNTRY_CODES.map((code) => [code, PAY_AND_PLAY_COUNTRIES[code].dialingCode])),
} as Record<PhoneCountryCode, string>;

/**
 * The countries pay and play's update step offers phone prefixes of: its own, then sign-up's (a
 * player of a pay-and-play market may have a number from abroad).
 */
export const PAY_AND_PLAY_PHONE_COUNTRY_CODES: readonly PhoneCountryCode[] = [
  ...PAY_AND_PLAY_COUNTRY_CODES,
  ...COUNTRY_CODES.filter((code) => !(PAY_AND_PLAY_COUNTRY_CODES as readonly string[]).includes(code)),
];

/** Canadian provinces and territories (product.md §3; Ontario is ON). */
export const CA_PROVINCES = ['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'] as const;
export type ProvinceCode = (typeof CA_PROVINCES)[number];

/** product.md §3 "Profile update": the phone prefix and body joined as mobilePhone when both are present. */
export function joinMobilePhone(prefix: string, body: string): string | null {
  const p = prefix.trim();
  const b = body.replace(/[\s-]/g, '');
  return p !== '' && b !== '' ? `${p}${b}` : null;
}
