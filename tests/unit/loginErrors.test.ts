import { describe, expect, it } from 'vitest';
import { isNetworkFailure, LOGIN_ERROR_KEYS, loginErrorOf, parseLoginErrorCode } from '../../machines/lib/loginErrors';
import type { LoginError } from '../../machines/lib/loginErrors';
import { ApiError } from '../../src/api/errors';

describe('parseLoginErrorCode (behaviour.md §8 "Login")', () => {
  it.each<[string, LoginError]>([
    ['code:error.player.not.found', { code: 'unauthorized', additionalInfo: {} }],
    ['code:error.account.deactivated', { code: 'blacklisted', additionalInfo: {} }],
    ['code:error.sign.in.attempt.count.exceeded', { code: 'maxAttempt', additionalInfo: {} }],
    ['code:error.account.closed', { code: 'closed', additionalInfo: {} }],
    ['code:error.timeout.in.progress:days:5', { code: 'timeout', additionalInfo: { days: 5 } }],
    ['code:error.timeout.in.progress:days:1', { code: 'timeout', additionalInfo: { days: 1 } }],
    ['code:error.timeout.in.progress', { code: 'timeout', additionalInfo: {} }],
    ['code:error.exclusion.in.progress:days:180', { code: 'exclusion', additionalInfo: { days: 180 } }],
    ['code:error.exclusion.in.progress.indefinitely', { code: 'exclusionIndefinitely', additionalInfo: {} }],
    // Without the `code:` prefix, and with surrounding spaces.
    ['error.timeout.in.progress:days:3', { code: 'timeout', additionalInfo: { days: 3 } }],
    [' code:error.account.closed ', { code: 'closed', additionalInfo: {} }],
    // behaviour.md §4: additionalInfo holds days, playerId, isCooling, cooldown time left, initiator.
    [
      'code:error.timeout.in.progress:days:2:playerId:1001:isCooling:true:cooldownTimeLeft:3600:initiator:PLAYER',
      { code: 'timeout', additionalInfo: { days: 2, playerId: 1001, isCooling: true, cooldownTimeLeft: 3600, initiator: 'PLAYER' } },
    ],
    // Malformed or unknown facts are left out, never guessed.
    ['code:error.timeout.in.progress:days:five', { code: 'timeout', additionalInfo: {} }],
    ['code:error.timeout.in.progress:days:-2', { code: 'timeout', additionalInfo: {} }],
    ['code:error.timeout.in.progress:days', { code: 'timeout', additionalInfo: {} }],
    ['code:error.timeout.in.progress:colour:blue:days:4', { code: 'timeout', additionalInfo: { days: 4 } }],
    ['code:error.timeout.in.progress:isCooling:maybe', { code: 'timeout', additionalInfo: {} }],
    // Anything else is shown as unauthorized (behaviour.md §8).
    ['code:error.something.new', { code: 'unauthorized', additionalInfo: {} }],
    ['error.system.error', { code: 'unauthorized', additionalInfo: {} }],
    ['', { code: 'unauthorized', additionalInfo: {} }],
    ['code:toString', { code: 'unauthorized', additionalInfo: {} }],
    ['code:__proto__', { code: 'unauthorized', additionalInfo: {} }],
  ])('%s', (serverCode, expected) => {
    expect(parseLoginErrorCode(serverCode)).toEqual(expected);
  });

  it('only produces the UI keys of the one message table', () => {
    for (const code of ['code:error.player.not.found', 'code:error.account.closed', 'x']) {
      expect(LOGIN_ERROR_KEYS).toContain(parseLoginErrorCode(code).code);
    }
  });
});

describe('loginErrorOf (a failed login call)', () => {
  it.each<[string, unknown, LoginError]>([
    ['a network failure', new ApiError('network', 0, 'network.error', 'Network Error'), { code: 'network', additionalInfo: {} }],
    ['a refused password', new ApiError('http', 401, 'code:error.player.not.found', ''), { code: 'unauthorized', additionalInfo: {} }],
    ['a time-out', new ApiError('http', 403, 'code:error.timeout.in.progress:days:5', ''), { code: 'timeout', additionalInfo: { days: 5 } }],
    ['a server error', new ApiError('http', 500, 'error.system.error', ''), { code: 'unauthorized', additionalInfo: {} }],
    ['a plain body', { code: 'code:error.account.deactivated' }, { code: 'blacklisted', additionalInfo: {} }],
    ['no code at all', new Error('boom'), { code: 'unauthorized', additionalInfo: {} }],
    ['not an object', 'boom', { code: 'unauthorized', additionalInfo: {} }],
    // Issue 8: the attempts left and the lock's length, from the answer's details.
    [
      'a wrong password with attempts left',
      new ApiError('http', 401, 'code:error.player.not.found', '', [], { attemptsLeft: 1 }),
      { code: 'unauthorized', additionalInfo: { attemptsLeft: 1 } },
    ],
    [
      'a lock with its length',
      new ApiError('http', 403, 'code:error.sign.in.attempt.count.exceeded', '', [], { attemptsLeft: 0, retryAfterSeconds: 1800 }),
      { code: 'maxAttempt', additionalInfo: { attemptsLeft: 0, retryAfterSeconds: 1800 } },
    ],
    [
      'details that are not counts',
      { code: 'code:error.sign.in.attempt.count.exceeded', details: { attemptsLeft: -1, retryAfterSeconds: '60' } },
      { code: 'maxAttempt', additionalInfo: {} },
    ],
  ])('%s', (_name, error, expected) => {
    expect(loginErrorOf(error)).toEqual(expected);
  });

  it('retries only what never reached the platform', () => {
    expect(isNetworkFailure(new ApiError('network', 0, 'network.error', ''))).toBe(true);
    expect(isNetworkFailure(new ApiError('http', 503, 'error.maintenance', ''))).toBe(false);
    expect(isNetworkFailure(new ApiError('aborted', 0, 'aborted', ''))).toBe(false);
    expect(isNetworkFailure(null)).toBe(false);
  });
});
