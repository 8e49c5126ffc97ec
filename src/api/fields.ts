import * as v from 'valibot';
import { COUNTRIES } from '../../machines/lib/countries';
import { FIELD_CODES, PASSWORD_RULE_CODES } from '../../machines/lib/errorCodes';
import { emailRule, nameRule, passwordRule, phoneBodyRule } from '../../machines/lib/rules';

// The request fields of the contract (issue 9 "One contract"): the rules of machines/lib/rules.ts with
// the platform's field codes in their messages (`errors: [{ field, code }]`). The request schemas of
// src/api/player.ts and src/api/auth.ts are made of these; the platform parses requests with them.

/** A required, trimmed text field of at most `max` characters. */
export function text(max: number) {
  return v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.nonEmpty(FIELD_CODES.required), v.maxLength(max, FIELD_CODES.tooLong));
}

const FIELD = { required: FIELD_CODES.required, tooLong: FIELD_CODES.tooLong, notText: FIELD_CODES.invalid };

export const emailField = emailRule({ ...FIELD, invalid: FIELD_CODES.email });

export const nameField = nameRule({ ...FIELD, invalid: FIELD_CODES.name });

/**
 * A new password (registration, reset, change), checked by the app and again by the platform; each
 * issue's message is a field-error code.
 */
export const passwordField = passwordRule({
  notText: FIELD_CODES.invalid,
  tooShort: PASSWORD_RULE_CODES.tooShort,
  tooLong: PASSWORD_RULE_CODES.tooLong,
  letter: PASSWORD_RULE_CODES.letterRequired,
  digit: PASSWORD_RULE_CODES.digitRequired,
});

/** The prefixes of the country list (product.md §3): the only ones the phone fields offer. */
const DIALING_CODES: ReadonlySet<string> = new Set(Object.values(COUNTRIES).map((country) => country.dialingCode));

/** An international dialing prefix as the phone prefix field holds it (+358). */
export const phonePrefixField = v.pipe(
  text(5),
  v.check((prefix: string) => DIALING_CODES.has(prefix), FIELD_CODES.phone),
);

/** The national part of a mobile phone: digits, spaces and dashes dropped. */
export const phoneBodyField = phoneBodyRule({ ...FIELD, invalid: FIELD_CODES.phone });

/** Secrets and ids the platform handed out: opaque, bounded. */
export const opaqueField = v.pipe(text(200), v.regex(/^[A-Za-z0-9_-]+$/, FIELD_CODES.invalid));

/** A player id as the platform hands it out (a positive 32-bit integer). */
export const playerIdField = v.pipe(
  v.number(FIELD_CODES.invalid),
  v.integer(FIELD_CODES.invalid),
  v.minValue(1, FIELD_CODES.invalid),
  v.maxValue(2 ** 31 - 1, FIELD_CODES.invalid),
);

/** A one-time code as typed: bounded; a wrong shape is a wrong code, counted like one. */
export const codeField = text(16);

/** A login compares a password, it does not judge it: any length up to this (scrypt's input). */
export const LOGIN_PASSWORD_MAX = 1_024;

/** A password given to be compared (login, the old password of a change). */
export const givenPasswordField = v.pipe(
  v.string(FIELD_CODES.invalid),
  v.nonEmpty(FIELD_CODES.required),
  v.maxLength(LOGIN_PASSWORD_MAX, FIELD_CODES.tooLong),
);

/** A site path segment like en-UN or inen-IN (the unlock link is built on it). */
export const langmarketField = v.pipe(text(12), v.regex(/^[a-z]{2,4}-[A-Z]{2,3}$/, FIELD_CODES.invalid));
