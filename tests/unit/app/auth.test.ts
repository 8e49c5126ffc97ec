import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { LOGIN_ERROR_KEYS, parseLoginErrorCode } from '../../../machines/lib/loginErrors';
import type { LoginError } from '../../../machines/lib/loginErrors';
import { watchActivity, type SessionActor } from '../../../src/app/session';
import { loginErrorMessage, loginFieldErrors } from '../../../src/features/auth/errorMessages';
import { activateEnglish } from './render';

describe('the login error table (behaviour.md §8 "Login")', () => {
  it.each<[string, string]>([
    ['code:error.player.not.found', 'The e-mail or the password is not right. Please try again.'],
    ['code:error.account.deactivated', 'This account has been deactivated. Please contact customer support.'],
    ['code:error.account.closed', 'This account is closed. Please contact customer support.'],
    ['code:error.timeout.in.progress:days:5', 'Your time-out ends in 5 days'],
    ['code:error.timeout.in.progress:days:1', 'Your time-out ends in 1 day'],
    ['code:error.timeout.in.progress', 'Your time-out is still active.'],
    ['code:error.exclusion.in.progress:days:30', 'You have excluded yourself from playing. Your exclusion ends in 30 days'],
    ['code:error.exclusion.in.progress.indefinitely', 'You have excluded yourself from playing indefinitely.'],
    ['code:error.unheard.of', 'The e-mail or the password is not right. Please try again.'],
  ])('%s', (code, text) => {
    activateEnglish();
    expect(loginErrorMessage(i18n, parseLoginErrorCode(code))).toBe(text);
  });

  it('has a message for every key, and none shows a raw code', () => {
    activateEnglish();
    for (const code of LOGIN_ERROR_KEYS) {
      const error: LoginError = { code, additionalInfo: { days: 2 } };
      const text = loginErrorMessage(i18n, error);
      expect(text.length).toBeGreaterThan(10);
      expect(text).not.toMatch(/error\.|code:|login\.error/);
    }
  });

  it('checks the form before sending', () => {
    expect(loginFieldErrors('', '')).toEqual({ email: 'emailRequired', password: 'passwordRequired' });
    expect(loginFieldErrors('player@', 'x')).toEqual({ email: 'emailInvalid' });
    expect(loginFieldErrors(' player@example.com ', 'x')).toEqual({});
  });
});

describe('watchActivity (behaviour.md §4 idle check: pointer, key, scroll)', () => {
  it('sends idle.activity with the time, at most once a second, until stopped', () => {
    const sent: unknown[] = [];
    const session = { send: (event: unknown) => sent.push(event) } as unknown as SessionActor;
    const target = new EventTarget() as unknown as Window;
    let now = 1_000_000;
    const realNow = Date.now;
    Date.now = () => now;
    try {
      const stop = watchActivity(session, target);
      target.dispatchEvent(new Event('pointerdown'));
      target.dispatchEvent(new Event('keydown'));
      now += 999;
      target.dispatchEvent(new Event('scroll'));
      expect(sent).toEqual([{ type: 'idle.activity', at: 1_000_000 }]);
      now += 1;
      target.dispatchEvent(new Event('wheel'));
      expect(sent).toEqual([
        { type: 'idle.activity', at: 1_000_000 },
        { type: 'idle.activity', at: 1_001_000 },
      ]);
      stop();
      now += 5_000;
      target.dispatchEvent(new Event('keydown'));
      expect(sent).toHaveLength(2);
    } finally {
      Date.now = realNow;
    }
  });
});
