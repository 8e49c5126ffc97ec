import { ERROR_CODES } from './errorCodes';
import { rawCodeOf } from './flowErrors';

// The account's second factor (issue 23) as the machines read the platform's answers
// (src/api/secondFactor.ts): a login or a withdrawal answered 428 error.second_factor.required
// carries a challenge (`details.challengeToken`, `details.methods`); a wrong answer carries the
// attempts left. Pure functions: the machines receive errors as `unknown` (an ApiError at run time,
// a plain object in tests).

export const SECOND_FACTOR_METHODS = ['passkey', 'totp', 'recovery'] as const;
export type SecondFactorMethod = (typeof SECOND_FACTOR_METHODS)[number];

/** A second-factor check the platform asked for. */
export interface SecondFactorChallenge {
  challengeToken: string;
  /** The factors the player can answer with, passkey first when registered. */
  methods: SecondFactorMethod[];
}

/**
 * An answer of the player to a check: a typed code, or "use my passkey" (the app runs the browser's
 * prompt and makes the proof the platform checks, src/app/secondFactor/ceremonies.ts proofOf).
 */
export type SecondFactorAnswer = { challengeToken: string; method: 'totp' | 'recovery'; code: string } | { challengeToken: string; method: 'passkey' };

/** What the factor step shows after a failed answer. */
export type SecondFactorErrorKey =
  /** A wrong, reused or expired code or passkey answer. */
  | 'invalid'
  /** The check expired or was used: log in again. */
  | 'expired'
  /** The browser's passkey prompt was cancelled or failed. */
  | 'passkey'
  /** The platform could not be reached. */
  | 'network'
  /** Anything else. */
  | 'unknown';

export interface SecondFactorError {
  code: SecondFactorErrorKey;
  /** Wrong answers left before the login lock (the platform's details.attemptsLeft). */
  attemptsLeft?: number;
}

function detailsOf(error: unknown): Record<string, unknown> {
  if (typeof error !== 'object' || error === null || !('details' in error)) return {};
  const { details } = error;
  return typeof details === 'object' && details !== null ? { ...details } : {};
}

function isMethod(value: unknown): value is SecondFactorMethod {
  return typeof value === 'string' && (SECOND_FACTOR_METHODS as readonly string[]).includes(value);
}

/** The challenge of a 428 error.second_factor.required answer, or null for any other failure. */
export function secondFactorChallengeOf(error: unknown): SecondFactorChallenge | null {
  if (rawCodeOf(error) !== ERROR_CODES.secondFactorRequired) return null;
  const details = detailsOf(error);
  const token = details.challengeToken;
  if (typeof token !== 'string' || token.length === 0) return null;
  const methods = Array.isArray(details.methods) ? details.methods.filter(isMethod) : [];
  return { challengeToken: token, methods };
}

/** A failed answer to a check, as the factor step shows it. */
export function secondFactorErrorOf(error: unknown): SecondFactorError {
  if (typeof error === 'object' && error !== null && 'kind' in error && error.kind === 'network') return { code: 'network' };
  const code = rawCodeOf(error);
  if (code === ERROR_CODES.secondFactorChallengeInvalid) return { code: 'expired' };
  if (code === ERROR_CODES.secondFactorInvalid || code === ERROR_CODES.validation) {
    const attemptsLeft = detailsOf(error).attemptsLeft;
    return typeof attemptsLeft === 'number' && Number.isInteger(attemptsLeft) && attemptsLeft >= 0 ? { code: 'invalid', attemptsLeft } : { code: 'invalid' };
  }
  // The browser's WebAuthn errors (NotAllowedError when the prompt is cancelled) have no platform
  // code; @simplewebauthn/browser's WebAuthnError has its own (ERROR_CEREMONY_ABORTED, ...).
  if ((code === null || code.startsWith('ERROR_')) && error instanceof Error) return { code: 'passkey' };
  return { code: 'unknown' };
}

/** The check expired or was used (the login starts again). */
export function isExpiredChallenge(error: unknown): boolean {
  return rawCodeOf(error) === ERROR_CODES.secondFactorChallengeInvalid;
}

/** A 6-digit authenticator code (spaces as apps show them allowed). */
export function isTotpCode(code: string): boolean {
  return /^[0-9]{6}$/.test(code.replace(/\s+/g, ''));
}

/** A recovery code as shown (xxxxx-xxxxx), any case, with or without its dash. */
export function isRecoveryCode(code: string): boolean {
  return /^[a-z0-9]{10}$/.test(code.toLowerCase().replace(/[^a-z0-9]/g, ''));
}
