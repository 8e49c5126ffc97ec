// The player's postal address and Canadian province (issue 23; product.md §3 "Account details":
// "address, password, phone ... province forms", "Canadian provinces list (Ontario is ON)";
// behaviour.md §7 /player/address; §8 "General": the address and province actions store a backend
// error). One rule set, written once: the address and province flows (machines/addressChange.machine.ts,
// machines/provinceChange.machine.ts), the screens, the contract (src/api/address.ts) and the
// platform (server/services/address.ts, server/services/province.ts) read it. Pure data and functions.
//
// What a regulated operator keeps of a player's address: the street address, the postal code and the
// city; the country is the player's own (registration) and not edited here. The spec gives no field
// rules (behaviour.md §5 "field-level rules are not shown"): the lengths below are the usual ones of
// address forms, and the postal code follows the pattern of the player's country where the site
// knows it (every country of a market and of sign-up), else a general shape.
import * as v from 'valibot';
import { CA_PROVINCES, type ProvinceCode } from './countries';
import { FIELD_CODES } from './errorCodes';
import { requiredTextRule } from './rules';

export { CA_PROVINCES, type ProvinceCode };

/** The longest street address (street, number, flat) a form takes. */
export const STREET_ADDRESS_MAX_LENGTH = 100;
/** The longest city name a form takes. */
export const CITY_MAX_LENGTH = 60;
/** The longest postal code as typed (the longest pattern below with its space or dash is 9). */
export const POSTAL_CODE_MAX_LENGTH = 10;

/** The country whose players have a province (product.md §3 "Canadian provinces list"). */
export const PROVINCE_COUNTRY = 'CA';

/** A street address: a letter or digit first, then letters, marks, digits and the signs addresses use. */
export const STREET_ADDRESS_PATTERN = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,'’#/&()°ºª-]*$/u;
/** A city: a letter first, then letters, marks, spaces, dots, apostrophes, brackets and dashes. */
export const CITY_PATTERN = /^[\p{L}][\p{L}\p{M} .'’()-]*$/u;

/**
 * Postal codes by country (ISO 3166-1 alpha-2), as the country's post writes them, a space or dash
 * optional where the post has one; checked after POSTAL_CODE normalisation (upper case, one space).
 */
export const POSTAL_CODE_PATTERNS: Readonly<Record<string, RegExp>> = {
  AT: /^\d{4}$/,
  BR: /^\d{5}-?\d{3}$/,
  // Canada Post: A1A 1A1, without D, F, I, O, Q, U (nor W, Z first).
  CA: /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z] ?\d[ABCEGHJ-NPRSTV-Z]\d$/,
  CL: /^\d{7}$/,
  DE: /^\d{5}$/,
  FI: /^\d{5}$/,
  GB: /^[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}$/,
  IN: /^\d{6}$/,
  JP: /^\d{3}-?\d{4}$/,
  MT: /^[A-Z]{3} ?\d{4}$/,
  NL: /^\d{4} ?[A-Z]{2}$/,
  NO: /^\d{4}$/,
  NZ: /^\d{4}$/,
  PE: /^\d{5}$/,
  PH: /^\d{4}$/,
  PT: /^\d{4}-\d{3}$/,
  SE: /^\d{3} ?\d{2}$/,
  TR: /^\d{5}$/,
};
/** A country without a pattern above: letters and digits, with spaces or dashes between. */
export const POSTAL_CODE_GENERAL_PATTERN = /^[A-Z\d][A-Z\d -]{1,8}[A-Z\d]$/;

/** A postal code as the platform stores it: trimmed, upper case, one space where there were several. */
export function normalizePostalCode(postalCode: string): string {
  return postalCode.trim().toUpperCase().replace(/\s+/g, ' ');
}

/** Whether a (normalised) postal code has the shape of the country's. */
export function isPostalCodeOf(countryCode: string, postalCode: string): boolean {
  return (POSTAL_CODE_PATTERNS[countryCode] ?? POSTAL_CODE_GENERAL_PATTERN).test(postalCode);
}

/** The address fields, in the form's order. */
export const ADDRESS_FIELDS = ['streetAddress', 'postalCode', 'city'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];

/** The player's address as the form holds it and the platform stores it. */
export type PlayerAddress = Readonly<Record<AddressField, string>>;

/** An empty form (a player who never gave an address). */
export const EMPTY_ADDRESS: PlayerAddress = { streetAddress: '', postalCode: '', city: '' };

/** A required, trimmed text of at most `max` characters in `pattern`. */
function addressText(max: number, pattern: RegExp) {
  return requiredTextRule(max, pattern, { notText: FIELD_CODES.invalid, required: FIELD_CODES.required, tooLong: FIELD_CODES.tooLong, invalid: FIELD_CODES.invalid });
}

/**
 * The address's shape, whatever the country (the contract's request schema): each field required,
 * bounded and in its pattern; the postal code normalised and of a postal code's general characters.
 * The country's own postal-code pattern is addressErrors' (it needs the player's country).
 */
export const addressSchema = v.strictObject(
  {
    streetAddress: addressText(STREET_ADDRESS_MAX_LENGTH, STREET_ADDRESS_PATTERN),
    postalCode: v.pipe(
      v.string(FIELD_CODES.invalid),
      v.transform(normalizePostalCode),
      v.nonEmpty(FIELD_CODES.required),
      v.maxLength(POSTAL_CODE_MAX_LENGTH, FIELD_CODES.tooLong),
      v.regex(/^[A-Z\d -]+$/, FIELD_CODES.postalCode),
    ),
    city: addressText(CITY_MAX_LENGTH, CITY_PATTERN),
  },
  FIELD_CODES.invalid,
);

/** One field's error code, by field (empty: the address is valid). */
export type AddressFieldErrors = Partial<Record<AddressField, string>>;

/**
 * The address checked for a player of `countryCode` (the form before it sends, the platform before it
 * stores): each field's first problem as a field code; the postal code against the country's pattern.
 */
export function addressErrors(countryCode: string, address: PlayerAddress): AddressFieldErrors {
  const parsed = v.safeParse(addressSchema, address, { abortEarly: false });
  const errors: AddressFieldErrors = {};
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const field = issue.path?.[0]?.key;
      if (typeof field === 'string' && (ADDRESS_FIELDS as readonly string[]).includes(field)) errors[field as AddressField] ??= issue.message;
    }
  }
  if (errors.postalCode === undefined && !isPostalCodeOf(countryCode, normalizePostalCode(address.postalCode))) errors.postalCode = FIELD_CODES.postalCode;
  return errors;
}

/** The address as stored: trimmed, the postal code normalised. */
export function normalizedAddress(address: PlayerAddress): PlayerAddress {
  return { streetAddress: address.streetAddress.trim(), postalCode: normalizePostalCode(address.postalCode), city: address.city.trim() };
}

/** Whether two addresses are the same once normalised. */
export function sameAddress(a: PlayerAddress, b: PlayerAddress): boolean {
  const x = normalizedAddress(a);
  const y = normalizedAddress(b);
  return ADDRESS_FIELDS.every((field) => x[field] === y[field]);
}

export function isProvinceCode(value: string): value is ProvinceCode {
  return (CA_PROVINCES as readonly string[]).includes(value);
}

/** Whether a player of this country has a province (the province form and its calls are for them only). */
export function hasProvince(countryCode: string | null | undefined): boolean {
  return countryCode === PROVINCE_COUNTRY;
}
