import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { isRegisterRefusal, loginErrorOf, parseLoginErrorCode } from '../../../machines/lib/loginErrors';
import { identificationErrorOf } from '../../../machines/lib/payAndPlay';
import { SELF_EXCLUSION_REGISTERS } from '../../../machines/lib/selfExclusionRegisters';
import { registrationFailure } from '../../../machines/lib/signupErrors';
import { ApiError } from '../../../src/api/errors';
import { loginErrorMessage } from '../../../src/features/auth/errorMessages';
import { flowErrorMessage, isRetryable } from '../../../src/features/payAndPlay/errorMessages';
import { formErrorMessage } from '../../../src/features/signup/errorMessages';
import { activateEnglish } from './render';

// Issue 23: a national self-exclusion register's refusal reaches the player of each flow (login,
// sign-up, pay and play) as a translated text that names the register and how to leave it.

const listed = (register: string) => `code:error.self_exclusion.register.listed:register:${register}`;
const unavailable = (register: string) => `code:error.self_exclusion.register.unavailable:register:${register}`;

const HOW_TO_LEAVE = { SPELPAUS: 'spelpaus.se', OASIS: 'Regierungspräsidium Darmstadt', GAMSTOP: 'gamstop.co.uk' } as const;
const NAMES = { SPELPAUS: 'Spelpaus', OASIS: 'OASIS', GAMSTOP: 'GAMSTOP' } as const;

describe.each(SELF_EXCLUSION_REGISTERS)('%s', (register) => {
  it('the login code carries the register', () => {
    expect(parseLoginErrorCode(listed(register))).toEqual({ code: 'registerListed', additionalInfo: { register } });
    const down = loginErrorOf(new ApiError('http', 503, unavailable(register), '', [], { retryAfterSeconds: 60 }));
    expect(down).toEqual({ code: 'registerUnavailable', additionalInfo: { register, retryAfterSeconds: 60 } });
    expect(isRegisterRefusal(listed(register))).toBe(true);
  });

  it('login, sign-up and pay and play show the same text, naming the register and how to leave it', () => {
    activateEnglish();
    const login = loginErrorMessage(i18n, parseLoginErrorCode(listed(register)));
    expect(login).toContain(NAMES[register]);
    expect(login).toContain(HOW_TO_LEAVE[register]);
    const signup = registrationFailure(new ApiError('http', 403, listed(register), ''));
    expect(signup).toEqual({ kind: 'form', formError: `register.listed.${register}`, resetCaptcha: false });
    if (signup.kind !== 'form') throw new Error('a form error');
    expect(formErrorMessage(i18n, signup.formError)).toBe(login);
    expect(i18n._(flowErrorMessage(listed(register)))).toBe(login);
  });

  it('a register that cannot be asked says so, with its name, and asks to try again later', () => {
    activateEnglish();
    const text = `We could not check ${NAMES[register]}, the national self-exclusion register, just now, so we cannot let you in yet. Please try again in a few minutes.`;
    expect(loginErrorMessage(i18n, parseLoginErrorCode(unavailable(register)))).toBe(text);
    const signup = registrationFailure(new ApiError('http', 503, unavailable(register), ''));
    if (signup.kind !== 'form') throw new Error('a form error');
    expect(formErrorMessage(i18n, signup.formError)).toBe(text);
    expect(i18n._(flowErrorMessage(unavailable(register)))).toBe(text);
  });

  it('pay and play: the bank sends the refusal back; it is not retried as it is', () => {
    expect(identificationErrorOf({ code: null, sessionId: 's', error: listed(register) })).toBe(listed(register));
    expect(isRetryable(listed(register))).toBe(false);
  });
});

it('an unknown register is not trusted: the generic texts, and sign-up its unknown error', () => {
  activateEnglish();
  expect(parseLoginErrorCode(listed('ELSEWHERE'))).toEqual({ code: 'registerListed', additionalInfo: {} });
  expect(loginErrorMessage(i18n, parseLoginErrorCode(listed('ELSEWHERE')))).toBe(
    'You are registered in a national self-exclusion register, so you cannot play with us.',
  );
  expect(registrationFailure(new ApiError('http', 403, listed('ELSEWHERE'), ''))).toEqual({ kind: 'form', formError: 'unknown', resetCaptcha: false });
  expect(identificationErrorOf({ code: null, sessionId: 's', error: 'code:error.exclusion.in.progress.indefinitely' })).toBe('payAndPlay.identification.failed');
});
