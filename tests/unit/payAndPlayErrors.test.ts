import { describe, expect, it } from 'vitest';
import { UPDATE_FIELD_LOCKED } from '../../src/api/payAndPlay';
import { flowErrorMessage, isRetryable, updateFieldErrorMessage } from '../../src/features/payAndPlay/errorMessages';

// src/features/payAndPlay/errorMessages.ts: every code pay and play can meet has its own text; a
// code never reaches the screen raw (CONVENTIONS.md "Text").

const generic = flowErrorMessage('something.nobody.sends').id;

describe('pay-and-play error table', () => {
  it.each([
    'error.paynplay.amount.invalid',
    'error.paynplay.code.invalid',
    'error.paynplay.session.invalid',
    'error.registration.player_already_exists',
    'error.validation',
    'error.country.blocked',
    'error.access.restricted',
    'payAndPlay.identification.cancelled',
    'payAndPlay.identification.failed',
    // Issue 20: the player's limits refused the deposit (bank step or code check).
    'SELF_LIMIT_REACHED',
    'network.error',
    'code:error.timeout.in.progress:days:5',
    'code:error.exclusion.in.progress:days:30',
    'code:error.exclusion.in.progress.indefinitely',
    'code:error.account.deactivated',
    'code:error.account.closed',
    'error.sign.in.attempt.count.exceeded',
  ])('%s has its own message', (code) => {
    expect(flowErrorMessage(code).id).not.toBe(generic);
  });

  it('offers a retry for a lost connection or an unknown failure only', () => {
    expect(isRetryable('network.error')).toBe(true);
    expect(isRetryable('http.500')).toBe(true);
    expect(isRetryable('error.paynplay.code.invalid')).toBe(false);
    expect(isRetryable('SELF_LIMIT_REACHED')).toBe(false);
    expect(isRetryable('code:error.timeout.in.progress:days:5')).toBe(false);
  });

  it('maps the client and platform field codes of the update form', () => {
    expect(updateFieldErrorMessage('email', 'validation.required').id).toBe('field.email.required');
    expect(updateFieldErrorMessage('phonePrefix', 'validation.phone').id).toBe('phone.prefix.invalid');
    expect(updateFieldErrorMessage('email', UPDATE_FIELD_LOCKED).id).toBe('payAndPlay.update.error.emailLocked');
    expect(updateFieldErrorMessage('phoneBody', UPDATE_FIELD_LOCKED).id).toBe('payAndPlay.update.error.phoneLocked');
    expect(updateFieldErrorMessage('phoneBody', 'validation.required').id).toBe('payAndPlay.update.error.phoneRequired');
    expect(updateFieldErrorMessage('email', 'validation.email').id).toBe('payAndPlay.update.error.emailInvalid');
    expect(updateFieldErrorMessage('phoneBody', 'validation.phone').id).toBe('payAndPlay.update.error.phoneInvalid');
    expect(updateFieldErrorMessage('phoneBody', 'error.vonage.validation').id).toBe('payAndPlay.update.error.phoneUndeliverable');
    expect(updateFieldErrorMessage('email', 'error.registration.player_already_exists').id).toBe('payAndPlay.error.emailTaken');
  });
});
