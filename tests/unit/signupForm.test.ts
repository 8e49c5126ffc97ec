import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../machines/lib/constants';
import { codeFailure, formFieldOf, registrationFailure, SIGNUP_ERROR_CODES as E } from '../../machines/lib/signupErrors';
import {
  applyFieldChange,
  buildRegistrationRequest,
  initialSignupValues,
  isValidCode,
  isValidCpf,
  validateContact,
  validateDetails,
  VALIDATION_CODES as V,
  type SignupValues,
} from '../../machines/lib/signupForm';
import { ApiError } from '../../src/api/errors';

// The sign-up form's field rules (behaviour.md §5), its payload (product.md §3 "Registration") and
// what each refusal of the platform means (§8 "Sign-up and reset").

const valid: SignupValues = initialSignupValues({
  firstName: 'Aino',
  lastName: 'Virtanen',
  email: 'aino@example.com',
  password: 'Aurora-Player-1',
  phoneBody: '40 123 4567',
  termsAndConditions: true,
  cookiePolicyAccepted: true,
});

describe('details rules', () => {
  it('accepts a complete, valid step', () => {
    expect(validateDetails(valid)).toEqual({});
    expect(validateDetails({ ...valid, firstName: "Anne-Marie O'Neil", lastName: 'Ñúñez da Silva' })).toEqual({});
  });

  it.each([
    ['firstName', '', V.required],
    ['firstName', '   ', V.required],
    ['lastName', '1234', V.name],
    ['lastName', 'x'.repeat(51), V.name],
    ['email', '', V.required],
    ['email', 'aino@', V.email],
    ['email', 'aino example.com', V.email],
    ['email', 'aino@example', V.email],
    ['email', "' OR 1=1 --", V.email],
    ['password', '', V.required],
    ['password', 'Abc-12', V.passwordShort],
    ['password', `A1${'x'.repeat(PASSWORD_MAX_LENGTH)}`, V.passwordLong],
    ['password', '12345678', V.passwordLetter],
    ['password', 'Password-only', V.passwordDigit],
  ] as const)('%s = %j → %s', (field, value, code) => {
    expect(validateDetails({ ...valid, [field]: value })).toEqual({ [field]: code });
  });

  it('takes a password of exactly the minimum length', () => {
    const password = `a1${'b'.repeat(PASSWORD_MIN_LENGTH - 2)}`;
    expect(validateDetails({ ...valid, password })).toEqual({});
  });
});

describe('contact rules', () => {
  it('needs the captcha, and nothing else when the values are valid', () => {
    expect(validateContact(valid, null)).toEqual({ captcha: V.captcha });
    expect(validateContact(valid, 'token')).toEqual({});
  });

  it.each([
    ['phoneBody', '', V.required],
    ['phoneBody', '12', V.phone],
    ['phoneBody', '40 12a 4567', V.phone],
    ['phonePrefix', '358', V.phonePrefix],
    ['termsAndConditions', false, V.terms],
    ['cookiePolicyAccepted', false, V.cookiePolicy],
  ] as const)('%s = %j → %s', (field, value, code) => {
    expect(validateContact({ ...valid, [field]: value }, 'token')).toEqual({ [field]: code });
  });

  it('accepts spaces and dashes in the phone body', () => {
    expect(validateContact({ ...valid, phoneBody: '40-123 45 67' }, 'token')).toEqual({});
  });

  it('refuses a country outside the list', () => {
    expect(validateContact({ ...valid, countryCode: 'SE' as never }, 'token')).toEqual({ countryCode: V.country });
  });

  it('asks for a valid CPF in Brazil only', () => {
    const brazil = { ...valid, countryCode: 'BR' as const, phonePrefix: '+55' };
    expect(validateContact(brazil, 'token')).toEqual({ cpf: V.required });
    expect(validateContact({ ...brazil, cpf: '111.111.111-11' }, 'token')).toEqual({ cpf: V.cpf });
    expect(validateContact({ ...brazil, cpf: '529.982.247-25' }, 'token')).toEqual({});
    expect(validateContact({ ...valid, cpf: '' }, 'token')).toEqual({});
  });

  it('checks both CPF check digits', () => {
    expect(isValidCpf('52998224725')).toBe(true);
    expect(isValidCpf('52998224724')).toBe(false);
    expect(isValidCpf('52998224715')).toBe(false);
    expect(isValidCpf('5299822472')).toBe(false);
    expect(isValidCpf('abc')).toBe(false);
  });

  it('takes a code of six digits', () => {
    expect(isValidCode('123456')).toBe(true);
    expect(isValidCode(' 123456 ')).toBe(true);
    expect(isValidCode('12345')).toBe(false);
    expect(isValidCode('12345a')).toBe(false);
  });
});

describe('field changes', () => {
  it('moves the phone prefix with the country unless the player chose another', () => {
    const norway = applyFieldChange(valid, 'countryCode', 'NO');
    expect(norway.phonePrefix).toBe('+47');
    const chosen = applyFieldChange(applyFieldChange(valid, 'phonePrefix', '+46'), 'countryCode', 'NO');
    expect(chosen.phonePrefix).toBe('+46');
  });
});

describe('registration payload (product.md §3)', () => {
  const extras = { languageCode: 'caf' as const, termsVersion: 4, bonusCode: null, affiliate: {} };

  it('joins prefix and body, trims names, sends caf as fr and the terms version', () => {
    const body = buildRegistrationRequest({ ...valid, firstName: ' Aino ', email: ' aino@example.com ' }, extras);
    expect(body).toEqual({
      firstName: 'Aino',
      lastName: 'Virtanen',
      email: 'aino@example.com',
      password: 'Aurora-Player-1',
      mobilePhone: '+358401234567',
      phonePrefix: '+358',
      phoneBody: '401234567',
      countryCode: 'FI',
      languageCode: 'fr',
      termsAndConditions: true,
      cookiePolicyAccepted: true,
      marketingOptIn: false,
      allConditions: false,
      termsAndConditionsAcceptedVersion: 4,
    });
  });

  it('sets allConditions when every box is ticked, and sends the bonus code and affiliate parameters given', () => {
    const body = buildRegistrationRequest(
      { ...valid, marketingOptIn: true },
      { ...extras, bonusCode: ' SPRING ', affiliate: { aff_id: 'a1', appsflyer_token: ' ' } },
    );
    expect(body).toMatchObject({ allConditions: true, bonusCode: 'SPRING', affiliate: { aff_id: 'a1' } });
    expect(body.affiliate).not.toHaveProperty('appsflyer_token');
  });

  it('sends the CPF, digits only, for Brazil only', () => {
    expect(buildRegistrationRequest({ ...valid, countryCode: 'BR', cpf: '529.982.247-25' }, extras).cpf).toBe('52998224725');
    expect(buildRegistrationRequest({ ...valid, cpf: '529.982.247-25' }, extras)).not.toHaveProperty('cpf');
  });
});

describe('what a refused registration means (behaviour.md §8)', () => {
  const http = (status: number, code: string, fieldErrors: { field: string; code: string }[] = []) =>
    new ApiError('http', status, code, code, fieldErrors);

  it.each([
    [http(409, E.playerAlreadyExists), { kind: 'duplicated' }],
    [http(403, E.countryBlocked), { kind: 'unsupported' }],
    [http(409, E.cpfDuplicate), { kind: 'fields', fieldErrors: { cpf: E.cpfDuplicate } }],
    [http(403, E.vonage), { kind: 'fields', fieldErrors: { phoneBody: E.vonage } }],
    [http(403, E.captcha), { kind: 'form', formError: E.captcha, resetCaptcha: true }],
    [http(409, E.sameCustomerInfo), { kind: 'form', formError: E.sameCustomerInfo, resetCaptcha: false }],
    [http(500, E.system), { kind: 'form', formError: E.system, resetCaptcha: false }],
    [http(503, 'http.503'), { kind: 'form', formError: E.system, resetCaptcha: false }],
    [http(400, 'error.validation'), { kind: 'form', formError: E.unhandled, resetCaptcha: false }],
    [http(400, 'error.whatever'), { kind: 'form', formError: E.unhandled, resetCaptcha: false }],
    [http(418, 'error.teapot'), { kind: 'form', formError: 'unknown', resetCaptcha: false }],
    [new ApiError('network', 0, 'network.error', 'Network Error'), { kind: 'form', formError: 'network', resetCaptcha: false }],
    ['socket hang up', { kind: 'form', formError: 'unknown', resetCaptcha: false }],
  ] as const)('%o', (error, expected) => {
    expect(registrationFailure(error)).toEqual(expected);
  });

  it('puts 400 field errors on the form fields, the phone under the phone body', () => {
    const error = http(400, 'error.validation', [
      { field: 'email', code: 'error.validation.email' },
      { field: 'mobilePhone', code: 'error.validation.phone' },
      { field: 'email', code: 'error.validation.other' },
      { field: 'languageCode', code: 'error.validation.language' },
    ]);
    expect(registrationFailure(error)).toEqual({
      kind: 'fields',
      fieldErrors: { email: 'error.validation.email', phoneBody: 'error.validation.phone' },
    });
    expect(formFieldOf('termsAndConditionsAcceptedVersion')).toBe('termsAndConditions');
    expect(formFieldOf('bonusCode')).toBeNull();
  });

  it('reads the code refusals: max attempts, by code, no code, no answer', () => {
    expect(codeFailure(http(429, E.smsMaxAttempts))).toEqual({ kind: 'maxAttempts' });
    expect(codeFailure(http(400, E.smsCodeInvalid))).toEqual({ kind: 'code', codeError: E.smsCodeInvalid });
    expect(codeFailure(http(400, 'sms.code.expired'))).toEqual({ kind: 'code', codeError: 'sms.code.expired' });
    expect(codeFailure(http(400, ''))).toEqual({ kind: 'code', codeError: E.noCode });
    expect(codeFailure(http(400, E.registrationTokenInvalid))).toEqual({ kind: 'form', formError: E.registrationTokenInvalid });
    expect(codeFailure(http(500, E.system))).toEqual({ kind: 'form', formError: E.system });
    expect(codeFailure(new ApiError('network', 0, 'network.error', 'Network Error'))).toEqual({ kind: 'form', formError: 'network' });
  });
});
