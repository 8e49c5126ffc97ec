import * as v from 'valibot';
import { LANGUAGE_CODES } from '../../machines/lib/markets';
import { loginResponseSchema } from './auth';
import { request } from './client';
import { FIELD_CODES, PASSWORD_RULE_CODES } from './errors';
import {
  codeField,
  emailField,
  givenPasswordField,
  nameField,
  opaqueField,
  passwordField,
  phoneBodyField,
  phonePrefixField,
  playerIdField,
  text,
} from './fields';

// The player domain (behaviour.md §7 "Player and account"): profile, access details, transaction
// summary, registration with SMS / e-mail verification, password reset, phone and password change,
// terms acceptance. Wire shapes are shared with the platform: server/ parses every request with the
// request schemas below and answers the response shapes (issue 9 "One contract").
//
// Error codes (behaviour.md §8 "Sign-up and reset"), all as `{ code, message, errors? }`:
//   registration  400 error.validation (errors: [{ field, code }]) | 400 error.signup.unhandled
//                 403 error.captcha.validation | 403 error.vonage.validation | 403 error.country.blocked
//                 409 error.registration.player_already_exists | 409 error.same.customer.info.detected
//                 409 error.cpf.duplicate_found
//   sms / e-mail  400 sms.code.invalid | 429 sms.max.attempts.reached | 400 error.registration.token.invalid
//   reg. phone    400 error.validation | 403 error.vonage.validation | 409 error.same.customer.info.detected
//                 | 429 sms.max.attempts.reached (too many phones) | 400 error.registration.token.invalid
//   completion    400 error.registration.verification.required (the country's SMS / e-mail step not done)
//                 | 400 error.registration.token.invalid
//   field codes   validation.required | .invalid | .too_long | .email | .name | .phone | .country
//                 | .language | .cpf | .terms | .terms_version, and PASSWORD_RULE_CODES for password
//   reset         400 sms.code.invalid | 429 sms.max.attempts.reached | 400 error.password.reset
//   password      400 error.old_password.incorrect
//   phone change  400 sms.code.invalid | 429 sms.max.attempts.reached | 403 error.vonage.validation

// ---------------------------------------------------------------- profile (product.md §3)

export const ACCESS_FLAGS = [
  'payout',
  'casino',
  'liveCasino',
  'sports',
  'virtualSports',
  'bonuses',
  'deposit',
  'withdrawal',
  'volt',
  'affiliateReg',
  'macropay',
  'isWithdrawalReview',
  'crypto',
] as const;
export type AccessFlag = (typeof ACCESS_FLAGS)[number];

export const accessDetailsSchema = v.object({
  payout: v.boolean(),
  casino: v.boolean(),
  liveCasino: v.boolean(),
  sports: v.boolean(),
  virtualSports: v.boolean(),
  bonuses: v.boolean(),
  deposit: v.boolean(),
  withdrawal: v.boolean(),
  volt: v.boolean(),
  affiliateReg: v.boolean(),
  macropay: v.boolean(),
  isWithdrawalReview: v.boolean(),
  crypto: v.boolean(),
});
export type AccessDetails = v.InferOutput<typeof accessDetailsSchema>;

export const playerProfileSchema = v.object({
  playerId: v.number(),
  email: v.nullable(v.string()),
  firstName: v.nullable(v.string()),
  lastName: v.nullable(v.string()),
  phonePrefix: v.nullable(v.string()),
  phoneBody: v.nullable(v.string()),
  languageCode: v.string(),
  currencyCode: v.optional(v.string(), 'EUR'),
  countryCode: v.string(),
  provinceCode: v.nullable(v.string()),
  personid: v.nullable(v.string()),
  kycStatus: v.string(),
  /** Comma-separated list of requested document types. */
  requestDocumentTypeStatus: v.string(),
  firstLogin: v.boolean(),
  firstDepositDate: v.nullable(v.string()),
  termsAndConditionsAcceptedVersion: v.number(),
  loyaltyLevel: v.nullable(v.string()),
  limitLevel: v.nullable(v.string()),
  /** product.md §3 "Player account status". */
  status: v.string(),
  access: accessDetailsSchema,
});
export type PlayerProfile = v.InferOutput<typeof playerProfileSchema>;

export const transactionSummarySchema = v.object({ totalDepositsCount: v.number() });
export type TransactionSummary = v.InferOutput<typeof transactionSummarySchema>;

// ---------------------------------------------------------------- registration (product.md §3)

/** How the platform wants a new registration verified before it logs the player in. */
export const VERIFICATION_METHODS = ['SMS', 'EMAIL', 'NONE'] as const;
export type VerificationMethod = (typeof VERIFICATION_METHODS)[number];

/** The body of POST /player/registration (header hcaptchaToken). */
export interface RegistrationRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Prefix joined to body (product.md §3). */
  mobilePhone: string;
  phonePrefix: string;
  phoneBody: string;
  countryCode: string;
  /** caf is sent as fr (behaviour.md §5). */
  languageCode: string;
  termsAndConditions: boolean;
  cookiePolicyAccepted: boolean;
  marketingOptIn: boolean;
  allConditions: boolean;
  termsAndConditionsAcceptedVersion: number;
  /** Brazil only: the taxpayer number. */
  cpf?: string;
  /** From the bonusCode query parameter (behaviour.md §4 "Sign-up"). */
  bonusCode?: string;
  /** Affiliate parameters kept with the registration (behaviour.md §9: aff_id, appsflyer_token). */
  affiliate?: { aff_id?: string; appsflyer_token?: string };
}

export const registrationResponseSchema = v.object({
  playerId: v.number(),
  /** A secret for this registration's verification and completion calls (sign-up "details.token"). */
  token: v.string(),
  verification: v.picklist(VERIFICATION_METHODS),
});
export type RegistrationResponse = v.InferOutput<typeof registrationResponseSchema>;

export const codeSentSchema = v.object({
  /** Where the code went, masked for display (+358 40 *** 67, a***@example.com). */
  sentTo: v.string(),
});
export type CodeSent = v.InferOutput<typeof codeSentSchema>;

const okSchema = v.object({ ok: v.literal(true) });

// ---------------------------------------------------------------- password reset, phone, password

/**
 * The password rule of registration, reset and password change, checked by the app and again by
 * the platform (machines/lib/rules.ts; behaviour.md §5: field rules are not shown; OWASP ASVS 2.1.1
 * asks at least 8 characters). Each issue's message is a field-error code.
 */
export { PASSWORD_RULE_CODES };
export const PASSWORD_RULE = passwordField;

export const resetRequestedSchema = v.object({ smsResetKeyId: v.string() });
export const resetVerifiedSchema = v.object({ resetKey: v.string() });
export const phoneCodeSentSchema = v.object({ smsVerificationId: v.string() });

// ---------------------------------------------------------------- request schemas (the platform parses with these)

/** POST /player/registration. A 400 without field errors is error.signup.unhandled (behaviour.md §5). */
export const registrationRequestSchema = v.object({
  firstName: nameField,
  lastName: nameField,
  email: emailField,
  password: passwordField,
  mobilePhone: v.pipe(text(40), v.transform((phone: string) => phone.replace(/[\s()-]/g, ''))),
  phonePrefix: phonePrefixField,
  phoneBody: phoneBodyField,
  countryCode: v.pipe(text(8), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, FIELD_CODES.country)),
  languageCode: v.picklist(LANGUAGE_CODES, FIELD_CODES.language),
  termsAndConditions: v.literal(true, FIELD_CODES.terms),
  cookiePolicyAccepted: v.boolean(FIELD_CODES.invalid),
  marketingOptIn: v.boolean(FIELD_CODES.invalid),
  allConditions: v.boolean(FIELD_CODES.invalid),
  termsAndConditionsAcceptedVersion: v.pipe(v.number(FIELD_CODES.invalid), v.integer(FIELD_CODES.invalid)),
  cpf: v.optional(
    v.pipe(
      v.string(FIELD_CODES.invalid),
      v.maxLength(20, FIELD_CODES.tooLong),
      v.transform((cpf: string) => cpf.replace(/[\s.-]/g, '')),
      v.regex(/^([0-9]{11})?$/, FIELD_CODES.cpf),
    ),
  ),
  bonusCode: v.optional(
    v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.maxLength(64, FIELD_CODES.tooLong), v.regex(/^[A-Za-z0-9_-]*$/, FIELD_CODES.invalid)),
  ),
  affiliate: v.optional(
    v.object({
      aff_id: v.optional(v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.maxLength(128, FIELD_CODES.tooLong))),
      appsflyer_token: v.optional(v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.maxLength(256, FIELD_CODES.tooLong))),
    }),
  ),
});
/** A registration's next calls name it by its player and its secret. */
export const registrationRefSchema = v.object({ playerId: playerIdField, token: opaqueField });
export const registrationCodeSchema = v.object({ playerId: playerIdField, token: opaqueField, code: codeField });
export const registrationPhoneSchema = v.object({ playerId: playerIdField, token: opaqueField, phonePrefix: phonePrefixField, phoneBody: phoneBodyField });

export const resetRequestSchema = v.object({ email: emailField });
export const resetVerifySchema = v.object({ smsResetKeyId: opaqueField, code: codeField });
export const resetNewPasswordSchema = v.object({ resetKey: text(200), password: passwordField });

export const phoneCodeRequestSchema = v.object({ phonePrefix: phonePrefixField, phoneBody: phoneBodyField });
export const phoneCodeVerifySchema = v.object({ smsVerificationId: opaqueField, code: codeField });

/** POST /player/password: the old password is compared first (and counted), the new one judged after. */
export const passwordChangeSchema = v.object({ oldPassword: givenPasswordField, newPassword: v.string(FIELD_CODES.invalid) });
export const newPasswordSchema = v.object({ newPassword: passwordField });

export const termsAcceptSchema = v.object({
  version: v.pipe(v.number(FIELD_CODES.termsVersion), v.integer(FIELD_CODES.termsVersion), v.minValue(1, FIELD_CODES.termsVersion)),
});

export const playerApi = {
  profile: (signal?: AbortSignal) => request('/player/profile', playerProfileSchema, { auth: true, signal }),
  accessDetails: (signal?: AbortSignal) => request('/player/access/details', accessDetailsSchema, { auth: true, signal }),
  transactionSummary: (signal?: AbortSignal) =>
    request('/player/transaction-summary', transactionSummarySchema, { auth: true, signal }),
  /** POST /player/update_term_and_condition_version { version }: the accepted terms version is saved. */
  acceptTerms: (version: number, signal?: AbortSignal) =>
    request('/player/update_term_and_condition_version', okSchema, { method: 'POST', body: { version }, auth: true, signal }),

  // Registration (behaviour.md §4 "Sign-up", §7).
  register: (body: RegistrationRequest, captchaToken: string, signal?: AbortSignal) =>
    request('/player/registration', registrationResponseSchema, {
      method: 'POST',
      body,
      headers: { hcaptchaToken: captchaToken },
      signal,
    }),
  smsRequest: (body: { playerId: number; token: string }, signal?: AbortSignal) =>
    request('/player/registration/sms_request', codeSentSchema, { method: 'POST', body, signal }),
  smsVerification: (body: { playerId: number; token: string; code: string }, signal?: AbortSignal) =>
    request('/player/registration/sms_verification', okSchema, { method: 'POST', body, signal }),
  emailRequest: (body: { playerId: number; token: string }, signal?: AbortSignal) =>
    request('/player/registration/email_request', codeSentSchema, { method: 'POST', body, signal }),
  emailVerification: (body: { playerId: number; token: string; code: string }, signal?: AbortSignal) =>
    request('/player/registration/email_verification', okSchema, { method: 'POST', body, signal }),
  /**
   * POST /player/registration/phone: another phone for a registration not completed yet; the codes
   * sent to the old one stop verifying and the SMS counts start afresh (behaviour.md §4 "Sign-up").
   */
  changeRegistrationPhone: (body: { playerId: number; token: string; phonePrefix: string; phoneBody: string }, signal?: AbortSignal) =>
    request('/player/registration/phone', okSchema, { method: 'POST', body, signal }),
  /**
   * PUT /player/registration: completes the registration once the verification it asked for is done
   * (or at once for NONE) and logs the player in (sets the session cookie): the sign-up automatic login.
   */
  completeRegistration: (body: { playerId: number; token: string }, signal?: AbortSignal) =>
    request('/player/registration', loginResponseSchema, { method: 'PUT', body, signal }),

  // Password reset (behaviour.md §4 "Password reset", §7: email, resetKey, smsResetKeyId).
  resetRequest: (body: { email: string }, signal?: AbortSignal) =>
    request('/player/password_reset', resetRequestedSchema, { method: 'POST', body, signal }),
  resetVerify: (body: { smsResetKeyId: string; code: string }, signal?: AbortSignal) =>
    request('/player/password_reset/sms_verification', resetVerifiedSchema, { method: 'POST', body, signal }),
  resetPassword: (body: { resetKey: string; password: string }, signal?: AbortSignal) =>
    request('/player/password_reset/new_password', okSchema, { method: 'POST', body, signal }),

  // Phone change (behaviour.md §4 "Phone change"; a phone change requires an SMS code, §5).
  phoneRequest: (body: { phonePrefix: string; phoneBody: string }, signal?: AbortSignal) =>
    request('/player/phone_number/sms_request', phoneCodeSentSchema, { method: 'POST', body, auth: true, signal }),
  phoneVerify: (body: { smsVerificationId: string; code: string }, signal?: AbortSignal) =>
    request('/player/phone_number/sms_verification', okSchema, { method: 'POST', body, auth: true, signal }),

  /** POST /player/password; 400 error.old_password.incorrect is shown as a toast (§8). */
  changePassword: (body: { oldPassword: string; newPassword: string }, signal?: AbortSignal) =>
    request('/player/password', okSchema, { method: 'POST', body, auth: true, signal }),
};
