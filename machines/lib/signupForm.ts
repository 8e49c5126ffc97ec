// The sign-up form as data (product.md §3 "Registration", behaviour.md §4 "Sign-up", §5): the values
// the form holds, the field rules (valibot; every message is a code the screen translates through
// src/features/signup/errorMessages.ts), and the registration payload built from the values.
// Pure: the sign-up machine, its tests and the screens read it; nothing here touches the world.
import * as v from 'valibot';
import type { RegistrationRequest } from '../../src/api/player';
import { AFFILIATE_PARAMS, DEFAULT_SIGNUP_COUNTRY, SIGNUP_CODE_LENGTH } from './constants';
import { COUNTRIES, COUNTRY_CODES, isCountryCode, joinMobilePhone, type CountryCode } from './countries';
import { LANGUAGES, type LanguageCode } from './markets';
import { emailRule, nameRule, normalizePhoneBody, passwordRule, PHONE_BODY_PATTERN, PHONE_PREFIX_PATTERN } from './rules';

/** What the form holds, as typed (product.md §3 "Registration": the form fields). */
export interface SignupValues {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  countryCode: CountryCode;
  /** The dialing code with its plus sign (+358); follows the country until the player picks another. */
  phonePrefix: string;
  phoneBody: string;
  /** Brazil only: the taxpayer number (CPF), shown when the country is BR. */
  cpf: string;
  termsAndConditions: boolean;
  cookiePolicyAccepted: boolean;
  marketingOptIn: boolean;
}
export type SignupField = keyof SignupValues;

/** Where a field error can be shown: a form field, or the captcha check. */
export type SignupErrorField = SignupField | 'captcha';
/** Field errors as codes (validation.* from here, error.* from the platform). */
export type SignupFieldErrors = Partial<Record<SignupErrorField, string>>;

/** The errors without those of `fields` (a changed field's message goes with the old value). */
export function withoutFieldErrors(errors: SignupFieldErrors, fields: readonly SignupErrorField[]): SignupFieldErrors {
  const removed: readonly string[] = fields;
  return Object.fromEntries(Object.entries(errors).filter(([field]) => !removed.includes(field)));
}

/** The fields of each form step (product.md §2: Details, then ContactInfo). */
export const DETAILS_FIELDS = ['firstName', 'lastName', 'email', 'password'] as const satisfies readonly SignupField[];
export const CONTACT_FIELDS = [
  'countryCode',
  'phonePrefix',
  'phoneBody',
  'cpf',
  'termsAndConditions',
  'cookiePolicyAccepted',
  'marketingOptIn',
] as const satisfies readonly SignupField[];

/** The country whose players give a CPF (behaviour.md §5: a duplicate CPF is a field error on cpf). */
export const CPF_COUNTRY: CountryCode = 'BR';

export function initialSignupValues(overrides: Partial<SignupValues> = {}): SignupValues {
  const countryCode = overrides.countryCode ?? DEFAULT_SIGNUP_COUNTRY;
  return {
    firstName: '',
    lastName: '',
    email: '',
    password: '',
    countryCode,
    phonePrefix: COUNTRIES[countryCode].dialingCode,
    phoneBody: '',
    cpf: '',
    termsAndConditions: false,
    cookiePolicyAccepted: false,
    marketingOptIn: false,
    ...overrides,
  };
}

/**
 * One field changed. A country change moves the phone prefix along when the prefix still is the old
 * country's dialing code (a prefix the player picked on purpose stays).
 */
export function applyFieldChange<K extends SignupField>(values: SignupValues, field: K, value: SignupValues[K]): SignupValues {
  const next: SignupValues = { ...values, [field]: value };
  if (field === 'countryCode' && isCountryCode(String(value)) && values.phonePrefix === COUNTRIES[values.countryCode].dialingCode) {
    next.phonePrefix = COUNTRIES[next.countryCode].dialingCode;
  }
  return next;
}

/** The mobile phone the values describe (prefix joined to body), or null while one part is empty. */
export function mobilePhoneOf(values: Pick<SignupValues, 'phonePrefix' | 'phoneBody'>): string | null {
  return joinMobilePhone(values.phonePrefix, values.phoneBody);
}

// ---------------------------------------------------------------- field rules (behaviour.md §5)

/** The codes the client-side rules produce; the screen's error table translates each. */
export const VALIDATION_CODES = {
  required: 'validation.required',
  name: 'validation.name.invalid',
  email: 'validation.email.invalid',
  passwordShort: 'validation.password.tooShort',
  passwordLong: 'validation.password.tooLong',
  passwordLetter: 'validation.password.letter',
  passwordDigit: 'validation.password.digit',
  country: 'validation.country.invalid',
  phonePrefix: 'validation.phonePrefix.invalid',
  phone: 'validation.phone.invalid',
  cpf: 'validation.cpf.invalid',
  terms: 'validation.terms.required',
  cookiePolicy: 'validation.cookiePolicy.required',
  captcha: 'validation.captcha.required',
  code: 'validation.code.invalid',
} as const;
export type ValidationCode = (typeof VALIDATION_CODES)[keyof typeof VALIDATION_CODES];

const C = VALIDATION_CODES;
const trimmed = v.pipe(v.string(), v.trim());

// The rules are the contract's (machines/lib/rules.ts): the platform checks the same with its codes.
export const detailsSchema = v.object({
  firstName: nameRule({ notText: C.name, required: C.required, tooLong: C.name, invalid: C.name }),
  lastName: nameRule({ notText: C.name, required: C.required, tooLong: C.name, invalid: C.name }),
  email: emailRule({ notText: C.email, required: C.required, tooLong: C.email, invalid: C.email }),
  password: passwordRule({
    notText: C.passwordShort,
    required: C.required,
    tooShort: C.passwordShort,
    tooLong: C.passwordLong,
    letter: C.passwordLetter,
    digit: C.passwordDigit,
  }),
});

/** CPF: 11 digits (dots and a dash allowed), not all the same, with both check digits right. */
export function isValidCpf(input: string): boolean {
  if (!/^[0-9.\-\s]+$/.test(input)) return false;
  const digits = input.replace(/\D/g, '');
  if (digits.length !== 11 || /^(\d)\1{10}$/.test(digits)) return false;
  const numbers = Array.from(digits, (digit) => Number(digit));
  const check = (length: number) => {
    const sum = numbers.slice(0, length).reduce((total, digit, i) => total + digit * (length + 1 - i), 0);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return check(9) === numbers[9] && check(10) === numbers[10];
}

export const contactSchema = v.pipe(
  v.object({
    countryCode: v.picklist(COUNTRY_CODES, C.country),
    phonePrefix: v.pipe(trimmed, v.nonEmpty(C.required), v.regex(PHONE_PREFIX_PATTERN, C.phonePrefix)),
    phoneBody: v.pipe(
      v.string(),
      v.transform(normalizePhoneBody),
      v.nonEmpty(C.required),
      v.regex(PHONE_BODY_PATTERN, C.phone),
    ),
    cpf: v.string(),
    termsAndConditions: v.literal(true, C.terms),
    cookiePolicyAccepted: v.literal(true, C.cookiePolicy),
    marketingOptIn: v.boolean(),
  }),
  v.forward(
    v.partialCheck(
      [['countryCode'], ['cpf']],
      (input) => input.countryCode !== CPF_COUNTRY || isValidCpf(input.cpf),
      C.cpf,
    ),
    ['cpf'],
  ),
);

function firstIssues(result: v.SafeParseResult<v.GenericSchema>): SignupFieldErrors {
  if (result.success) return {};
  const nested = v.flatten(result.issues).nested ?? {};
  const errors: SignupFieldErrors = {};
  for (const [field, messages] of Object.entries(nested)) {
    const [first] = messages ?? [];
    if (first !== undefined) errors[field as SignupField] = first;
  }
  return errors;
}

/** Errors of the Details step's fields (empty when the step may be left). */
export function validateDetails(values: SignupValues): SignupFieldErrors {
  return firstIssues(v.safeParse(detailsSchema, values));
}

/** Errors of the ContactInfo step's fields, the captcha included (empty when it may be sent). */
export function validateContact(values: SignupValues, captchaToken: string | null): SignupFieldErrors {
  const errors = firstIssues(v.safeParse(contactSchema, values));
  // The CPF is asked for Brazil only; an empty CPF elsewhere is fine (the check above ignores it).
  if (values.countryCode === CPF_COUNTRY && values.cpf.trim() === '') errors.cpf = C.required;
  if (captchaToken === null) errors.captcha = C.captcha;
  return errors;
}

/** A verification code as the player types it: exactly SIGNUP_CODE_LENGTH digits. */
export function isValidCode(code: string): boolean {
  return new RegExp(`^[0-9]{${String(SIGNUP_CODE_LENGTH)}}$`).test(code.trim());
}

// ---------------------------------------------------------------- the payload (product.md §3)

export type AffiliateParam = (typeof AFFILIATE_PARAMS)[number];
export type AffiliateParams = Partial<Record<AffiliateParam, string>>;

export interface RegistrationExtras {
  /** The route's language; sent as its API language (behaviour.md §5: caf → fr). */
  languageCode: LanguageCode;
  /** behaviour.md §5: the accepted terms version comes from the current terms. */
  termsVersion: number;
  /** From the bonusCode query parameter (behaviour.md §4 "Sign-up"). */
  bonusCode: string | null;
  /** behaviour.md §9: aff_id and appsflyer_token are kept with the registration. */
  affiliate: AffiliateParams;
}

/** POST /player/registration's body, exactly as product.md §3 "Registration" and §7 describe it. */
export function buildRegistrationRequest(values: SignupValues, extras: RegistrationExtras): RegistrationRequest {
  const phoneBody = values.phoneBody.replace(/[\s-]/g, '');
  const phonePrefix = values.phonePrefix.trim();
  const { termsAndConditions, cookiePolicyAccepted, marketingOptIn } = values;
  const body: RegistrationRequest = {
    firstName: values.firstName.trim(),
    lastName: values.lastName.trim(),
    email: values.email.trim(),
    password: values.password,
    mobilePhone: joinMobilePhone(phonePrefix, phoneBody) ?? '',
    phonePrefix,
    phoneBody,
    countryCode: values.countryCode,
    languageCode: LANGUAGES[extras.languageCode].apiLanguage,
    termsAndConditions,
    cookiePolicyAccepted,
    marketingOptIn,
    allConditions: termsAndConditions && cookiePolicyAccepted && marketingOptIn,
    termsAndConditionsAcceptedVersion: extras.termsVersion,
  };
  if (values.countryCode === CPF_COUNTRY) body.cpf = values.cpf.replace(/\D/g, '');
  const bonusCode = extras.bonusCode?.trim() ?? '';
  if (bonusCode !== '') body.bonusCode = bonusCode;
  const affiliate = Object.fromEntries(
    AFFILIATE_PARAMS.flatMap((name) => {
      const value = extras.affiliate[name]?.trim() ?? '';
      return value === '' ? [] : [[name, value]];
    }),
  ) as AffiliateParams;
  if (Object.keys(affiliate).length > 0) body.affiliate = affiliate;
  return body;
}
