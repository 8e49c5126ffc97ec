// behaviour.md §8 "Login": the platform's login codes, and what the login form makes of them. A code
// carries extra facts after the base code, as `:name:value` pairs (`code:error.timeout.in.progress:days:5`);
// behaviour.md §4 "Session" names them: days, playerId, isCooling, cooldown time left, initiator.
// Pure functions: the login machine reads a failed call through them (it receives the error as
// `unknown`: an ApiError at run time, a plain object in tests).

import { ERROR_CODES } from './errorCodes';
import { isSelfExclusionRegister, type SelfExclusionRegister } from './selfExclusionRegisters';

/**
 * The UI keys (behaviour.md §8: login.error.unauthorized, blacklisted, maxAttempt and closed, plus the
 * timeout and exclusion texts with their days). `network` is the app's own: the platform could not be
 * reached even after the retries (no server code to show).
 */
export const LOGIN_ERROR_KEYS = [
  'unauthorized',
  'blacklisted',
  'maxAttempt',
  'closed',
  'timeout',
  'exclusion',
  'exclusionIndefinitely',
  // Issue 23: a national self-exclusion register lists the player, or could not be asked.
  'registerListed',
  'registerUnavailable',
  'network',
] as const;
export type LoginErrorKey = (typeof LOGIN_ERROR_KEYS)[number];

/** behaviour.md §4 "Session": the login error's additionalInfo. */
export interface LoginErrorInfo {
  /** Days left of a time-out or an exclusion. */
  days?: number;
  playerId?: number;
  isCooling?: boolean;
  /** Cooling-off time left, as the platform sends it (a number). */
  cooldownTimeLeft?: number;
  initiator?: string;
  /** Wrong passwords left before the lock (issue 8: warn before the last attempt); the platform's `details`. */
  attemptsLeft?: number;
  /** Seconds until a lock or a delay ends (issue 8: say for how long); the platform's `details`. */
  retryAfterSeconds?: number;
  /** The national self-exclusion register that refused or could not be asked (issue 23). */
  register?: SelfExclusionRegister;
}

export interface LoginError {
  code: LoginErrorKey;
  additionalInfo: LoginErrorInfo;
}

/** A catalogue code without its `code:` prefix (the form the table below is keyed by). */
function bare(code: string): string {
  return code.replace(/^code:/, '');
}

/** The max-attempts code: the account is locked after repeated failures (GLI-19 2.5.3, server side). */
export const MAX_ATTEMPTS_CODE = bare(ERROR_CODES.loginAttemptsExceeded);

/**
 * behaviour.md §8 "Login", base code → UI key. The deactivated-to-blacklisted pairing is the spec's
 * own inference; anything not listed is shown as unauthorized.
 */
export const LOGIN_ERROR_CODES: Readonly<Record<string, LoginErrorKey>> = {
  [bare(ERROR_CODES.playerNotFound)]: 'unauthorized',
  [bare(ERROR_CODES.accountDeactivated)]: 'blacklisted',
  [MAX_ATTEMPTS_CODE]: 'maxAttempt',
  [bare(ERROR_CODES.accountClosed)]: 'closed',
  'error.timeout.in.progress': 'timeout',
  'error.exclusion.in.progress': 'exclusion',
  [bare(ERROR_CODES.exclusionIndefinite)]: 'exclusionIndefinitely',
  [bare(ERROR_CODES.registerListed)]: 'registerListed',
  [bare(ERROR_CODES.registerUnavailable)]: 'registerUnavailable',
};

const NON_NEGATIVE_INTEGER = /^[0-9]{1,9}$/;
const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;

/** Reads the `:name:value` pairs after the base code; unknown names and malformed values are left out. */
function additionalInfoOf(pairs: readonly string[]): LoginErrorInfo {
  const info: LoginErrorInfo = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) {
    const name = pairs[i];
    const value = pairs[i + 1] ?? '';
    switch (name) {
      case 'days':
        if (NON_NEGATIVE_INTEGER.test(value)) info.days = Number(value);
        break;
      case 'playerId':
        if (NON_NEGATIVE_INTEGER.test(value)) info.playerId = Number(value);
        break;
      case 'isCooling':
        if (value === 'true' || value === 'false') info.isCooling = value === 'true';
        break;
      case 'cooldownTimeLeft':
        if (NUMBER.test(value)) info.cooldownTimeLeft = Number(value);
        break;
      case 'initiator':
        if (value !== '') info.initiator = value;
        break;
      case 'register':
        if (isSelfExclusionRegister(value)) info.register = value;
        break;
      default:
        break;
    }
  }
  return info;
}

/**
 * A server code (`code:error.timeout.in.progress:days:5`, with or without the `code:` prefix) as the
 * key and facts the login form shows. Any code it does not know is `unauthorized` (behaviour.md §8).
 */
export function parseLoginErrorCode(serverCode: string): LoginError {
  const [base = '', ...pairs] = serverCode.trim().replace(/^code:/, '').split(':');
  const code = Object.hasOwn(LOGIN_ERROR_CODES, base) ? LOGIN_ERROR_CODES[base] : undefined;
  if (code === undefined) return { code: 'unauthorized', additionalInfo: {} };
  return { code, additionalInfo: additionalInfoOf(pairs) };
}

/** Issue 23: a self-exclusion register's refusal (listed, or could not be asked), as sign-up and pay and play read it too. */
export function isRegisterRefusal(serverCode: string): boolean {
  const { code } = parseLoginErrorCode(serverCode);
  return code === 'registerListed' || code === 'registerUnavailable';
}

/** True when no answer arrived (ApiError kind "network"): the only failure a login retries. */
export function isNetworkFailure(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'kind' in error && error.kind === 'network';
}

/** A whole number of at least 0, or undefined. */
function countOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined;
}

/** The attempts left and the wait an error answer's `details` tell (src/api/errors.ts ErrorDetails). */
function detailsOf(error: object): Pick<LoginErrorInfo, 'attemptsLeft' | 'retryAfterSeconds'> {
  const details = 'details' in error && typeof error.details === 'object' && error.details !== null ? error.details : {};
  const attemptsLeft = countOf('attemptsLeft' in details ? details.attemptsLeft : undefined);
  const retryAfterSeconds = countOf('retryAfterSeconds' in details ? details.retryAfterSeconds : undefined);
  return { ...(attemptsLeft === undefined ? {} : { attemptsLeft }), ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }) };
}

/** A failed login call as the form shows it: network, or the server's code parsed, with its details. */
export function loginErrorOf(error: unknown): LoginError {
  if (isNetworkFailure(error)) return { code: 'network', additionalInfo: {} };
  if (typeof error !== 'object' || error === null) return { code: 'unauthorized', additionalInfo: {} };
  const code = 'code' in error ? error.code : null;
  if (typeof code !== 'string') return { code: 'unauthorized', additionalInfo: {} };
  const parsed = parseLoginErrorCode(code);
  return { code: parsed.code, additionalInfo: { ...parsed.additionalInfo, ...detailsOf(error) } };
}
