// The field rules of the identity flows, once (issue 9 "One contract"; ARCHITECTURE.md "machines/lib/
// is the Domain"): limits and patterns as plain values, and valibot pipes that take the codes of the
// side that uses them (the forms' own `validation.*` codes, the platform's catalogue codes). The sign-up
// form (machines/lib/signupForm.ts), the login form, the API contract (src/api/) and the platform's
// request parsing (server/) all build on these. Pure: imports valibot and the spec's constants only.
import * as v from 'valibot';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/** RFC 5321 §4.5.3.1: an address is at most 254 characters (a path of 256 with its brackets). */
export const EMAIL_MAX_LENGTH = 254;
/**
 * A practical e-mail check (delivery has the last word): one @, a dot in the domain, no spaces, no
 * control characters and no lone surrogates (which PostgreSQL refuses, issue 9).
 */
export const EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cs}]+@[^\s@.\p{Cc}\p{Cs}]+(\.[^\s@.\p{Cc}\p{Cs}]+)+$/u;

export function isEmailShape(email: string): boolean {
  const trimmed = email.trim();
  return trimmed.length <= EMAIL_MAX_LENGTH && EMAIL_PATTERN.test(trimmed);
}

/**
 * First and last names: letters (any script) with marks, apostrophes, spaces, dots and dashes, at most
 * 50 characters each. The spec is silent (behaviour.md §5 "field-level rules are not shown"); the form
 * said 50 and the platform 100: the form's figure, the one players were shown, binds both now.
 */
export const NAME_MAX_LENGTH = 50;
export const NAME_PATTERN = /^[\p{L}][\p{L}\p{M}' .-]*$/u;

/** The password rule (OWASP ASVS 2.1.1: at least 8; machines/lib/constants.ts): a letter and a digit. */
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH };
export const PASSWORD_LETTER = /\p{L}/u;
export const PASSWORD_DIGIT = /\p{Nd}/u;

/** An international dialing prefix as typed (+358). */
export const PHONE_PREFIX_PATTERN = /^\+[0-9]{1,4}$/;
/** The national part of a mobile phone once spaces and dashes are dropped. */
export const PHONE_BODY_PATTERN = /^[0-9]{4,14}$/;
/** The longest national part as typed (with spaces and dashes). */
export const PHONE_BODY_MAX_TYPED = 32;

export function normalizePhoneBody(body: string): string {
  return body.replace(/[\s-]/g, '');
}

// ---------------------------------------------------------------- the rules as valibot pipes

/** The codes of a required text's problems, in the side's own words. */
export type TextRuleCodes = { required: string; tooLong: string; invalid: string; notText: string };

/** A required text: trimmed, not empty, at most `max` characters and in `pattern`. */
export function requiredTextRule(max: number, pattern: RegExp, codes: TextRuleCodes) {
  return v.pipe(
    v.string(codes.notText),
    v.trim(),
    v.nonEmpty(codes.required),
    v.maxLength(max, codes.tooLong),
    v.regex(pattern, codes.invalid),
  );
}

/** A name: trimmed, required, the length and the pattern. */
export function nameRule(codes: TextRuleCodes) {
  return requiredTextRule(NAME_MAX_LENGTH, NAME_PATTERN, codes);
}

/** An e-mail address: trimmed, required, the length and the shape. */
export function emailRule(codes: TextRuleCodes) {
  return requiredTextRule(EMAIL_MAX_LENGTH, EMAIL_PATTERN, codes);
}

/** A new password (registration, reset, change): length, a letter and a digit. */
export function passwordRule(codes: { notText: string; required?: string; tooShort: string; tooLong: string; letter: string; digit: string }) {
  return v.pipe(
    v.string(codes.notText),
    // A form says "required" for an empty password first; the platform says "too short".
    v.minLength(codes.required === undefined ? 0 : 1, codes.required ?? codes.tooShort),
    v.minLength(PASSWORD_MIN_LENGTH, codes.tooShort),
    v.maxLength(PASSWORD_MAX_LENGTH, codes.tooLong),
    v.regex(PASSWORD_LETTER, codes.letter),
    v.regex(PASSWORD_DIGIT, codes.digit),
  );
}

/** The national part of a mobile phone: spaces and dashes dropped, then 4 to 14 digits. */
export function phoneBodyRule(codes: TextRuleCodes) {
  return v.pipe(
    v.string(codes.notText),
    v.trim(),
    v.nonEmpty(codes.required),
    v.maxLength(PHONE_BODY_MAX_TYPED, codes.tooLong),
    v.transform(normalizePhoneBody),
    v.regex(PHONE_BODY_PATTERN, codes.invalid),
  );
}
