import * as v from 'valibot';
import { loginResponseSchema, type LoginResponse } from './auth';
import { request } from './client';
import { FIELD_CODES } from './errors';
import { opaqueField, text } from './fields';

// The account's second factor (issue 23 "Beyond the spec: the account's own protection"): passkeys
// (WebAuthn) and a TOTP authenticator app, with single-use recovery codes. The platform parses the
// bodies with the schemas below (server/routes/second-factor.ts) and answers the response shapes;
// the app parses every answer with them. All under /player/second_factor:
//
//   GET  /                       -> SecondFactorStatus                         (logged in)
//   POST /totp/enrol             -> { secret, uri }  (a new, unconfirmed secret) (logged in)
//   POST /totp/confirm           { code } -> { recoveryCodes }                (logged in)
//   POST /passkey/options        -> { options }  (WebAuthn creation options)    (logged in)
//   POST /passkey/register       { response } -> { recoveryCodes }            (logged in)
//   POST /challenge              -> { challengeToken, methods }  (a check before disable / new codes) (logged in)
//   POST /challenge/passkey      { challengeToken } -> { options }  (WebAuthn request options)
//   POST /login                  SecondFactorProof -> LoginResponse  (+ the device cookie)
//   POST /verify                 SecondFactorProof -> { ok }  (a withdrawal to a new method)  (logged in)
//   POST /disable                SecondFactorProof -> { ok }                  (logged in)
//   POST /recovery_codes         SecondFactorProof -> { recoveryCodes }       (logged in)
//
// `recoveryCodes` is the list shown once when the first factor turns on (null when codes exist
// already). A login or a withdrawal to a payment method not used before that needs the factor is
// 428 error.second_factor.required with details { challengeToken, methods }; a wrong, reused or
// expired answer 400 error.second_factor.invalid; an unknown or used token 400
// error.second_factor.challenge_invalid; a call in the wrong state 409 error.second_factor.state;
// too many wrong answers the login lock (403 at login, 429 when logged in).

export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

const base64url = (max: number) => v.pipe(text(max), v.regex(/^[A-Za-z0-9_-]*$/, FIELD_CODES.invalid));
const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;

/** A WebAuthn registration answer (RegistrationResponseJSON of @simplewebauthn). */
export const registrationResponseSchema = v.object({
  id: base64url(1400),
  rawId: base64url(1400),
  response: v.object({
    clientDataJSON: base64url(4000),
    attestationObject: base64url(16000),
    authenticatorData: v.optional(base64url(8000)),
    transports: v.optional(v.array(v.picklist(TRANSPORTS))),
    publicKeyAlgorithm: v.optional(v.number()),
    publicKey: v.optional(base64url(4000)),
  }),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: v.pipe(v.looseObject({}), v.transform(() => ({}))),
  type: v.literal('public-key'),
});

/** A WebAuthn authentication answer (AuthenticationResponseJSON of @simplewebauthn). */
export const authenticationResponseSchema = v.object({
  id: base64url(1400),
  rawId: base64url(1400),
  response: v.object({
    clientDataJSON: base64url(4000),
    authenticatorData: base64url(8000),
    signature: base64url(2000),
    userHandle: v.optional(base64url(200)),
  }),
  authenticatorAttachment: v.optional(v.picklist(['platform', 'cross-platform'])),
  clientExtensionResults: v.pipe(v.looseObject({}), v.transform(() => ({}))),
  type: v.literal('public-key'),
});

/** A 6-digit authenticator code (spaces allowed, as apps show them). */
const totpCode = v.pipe(text(12), v.transform((value) => value.replace(/\s+/g, '')), v.regex(/^[0-9]{6}$/, FIELD_CODES.code));
/** A recovery code as shown (xxxxx-xxxxx), any case, spaces or dashes. */
const recoveryCode = v.pipe(text(24), v.transform((value) => value.toLowerCase().replace(/[^a-z0-9]/g, '')), v.regex(/^[a-z0-9]{10}$/, FIELD_CODES.code));

/** What answers a second-factor check: one of the player's factors, for one challenge. */
export const secondFactorProofSchema = v.variant('method', [
  v.object({ challengeToken: opaqueField, method: v.literal('totp'), code: totpCode }),
  v.object({ challengeToken: opaqueField, method: v.literal('recovery'), code: recoveryCode }),
  v.object({ challengeToken: opaqueField, method: v.literal('passkey'), response: authenticationResponseSchema }),
]);
export type SecondFactorProof = v.InferInput<typeof secondFactorProofSchema>;
export type SecondFactorProofParsed = v.InferOutput<typeof secondFactorProofSchema>;

export const totpConfirmSchema = v.object({ code: totpCode });
export const passkeyRegisterSchema = v.object({ response: registrationResponseSchema });
export const challengeTokenSchema = v.object({ challengeToken: opaqueField });

export const secondFactorStatusSchema = v.object({
  /** A confirmed authenticator app. */
  totp: v.boolean(),
  /** How many passkeys are registered. */
  passkeys: v.pipe(v.number(), v.integer(), v.minValue(0)),
  recoveryCodesLeft: v.pipe(v.number(), v.integer(), v.minValue(0)),
});
export type SecondFactorStatus = v.InferOutput<typeof secondFactorStatusSchema>;

export const totpEnrolmentSchema = v.object({ secret: v.pipe(v.string(), v.regex(/^[A-Z2-7]+=*$/)), uri: v.pipe(v.string(), v.startsWith('otpauth://totp/')) });
export type TotpEnrolment = v.InferOutput<typeof totpEnrolmentSchema>;

export const recoveryCodesSchema = v.object({ recoveryCodes: v.nullable(v.array(v.string())) });
export const challengeSchema = v.object({ challengeToken: v.string(), methods: v.array(v.picklist(SECOND_FACTOR_METHODS)) });
export type SecondFactorChallenge = v.InferOutput<typeof challengeSchema>;

/** WebAuthn options as JSON (PublicKeyCredentialCreationOptionsJSON / RequestOptionsJSON); handed to @simplewebauthn/browser as they are. */
const optionsSchema = v.object({ options: v.looseObject({ challenge: v.string() }) });
const okSchema = v.object({ ok: v.literal(true) });

const PATH = '/player/second_factor';

export const secondFactorApi = {
  status: (signal?: AbortSignal): Promise<SecondFactorStatus> => request(PATH, secondFactorStatusSchema, { auth: true, signal }),
  enrolTotp: (signal?: AbortSignal): Promise<TotpEnrolment> => request(`${PATH}/totp/enrol`, totpEnrolmentSchema, { method: 'POST', auth: true, signal }),
  confirmTotp: async (code: string, signal?: AbortSignal): Promise<string[] | null> =>
    (await request(`${PATH}/totp/confirm`, recoveryCodesSchema, { method: 'POST', body: { code }, auth: true, signal })).recoveryCodes,
  passkeyRegistrationOptions: async (signal?: AbortSignal): Promise<Record<string, unknown>> =>
    (await request(`${PATH}/passkey/options`, optionsSchema, { method: 'POST', auth: true, signal })).options,
  registerPasskey: async (response: unknown, signal?: AbortSignal): Promise<string[] | null> =>
    (await request(`${PATH}/passkey/register`, recoveryCodesSchema, { method: 'POST', body: { response }, auth: true, signal })).recoveryCodes,
  challenge: (signal?: AbortSignal): Promise<SecondFactorChallenge> => request(`${PATH}/challenge`, challengeSchema, { method: 'POST', auth: true, signal }),
  passkeyAuthenticationOptions: async (challengeToken: string, signal?: AbortSignal): Promise<Record<string, unknown>> =>
    (await request(`${PATH}/challenge/passkey`, optionsSchema, { method: 'POST', body: { challengeToken }, signal })).options,
  login: (proof: SecondFactorProof, signal?: AbortSignal): Promise<LoginResponse> =>
    request(`${PATH}/login`, loginResponseSchema, { method: 'POST', body: proof, signal }),
  verify: (proof: SecondFactorProof, signal?: AbortSignal) => request(`${PATH}/verify`, okSchema, { method: 'POST', body: proof, auth: true, signal }),
  disable: (proof: SecondFactorProof, signal?: AbortSignal) => request(`${PATH}/disable`, okSchema, { method: 'POST', body: proof, auth: true, signal }),
  newRecoveryCodes: async (proof: SecondFactorProof, signal?: AbortSignal): Promise<string[] | null> =>
    (await request(`${PATH}/recovery_codes`, recoveryCodesSchema, { method: 'POST', body: proof, auth: true, signal })).recoveryCodes,
};
