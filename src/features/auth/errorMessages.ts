import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { LoginError, LoginErrorInfo, LoginErrorKey } from '../../../machines/lib/loginErrors';
import { isEmailShape } from '../../../machines/lib/rules';
import { registerListedMessage, registerUnavailableMessage } from '../../ui/selfExclusionRegisterMessages';

// The login's one error table (CONVENTIONS.md "Text"; behaviour.md §8 "Login"): every key the
// login machine can report maps to a translated message, with the days of a time-out or an
// exclusion. A raw server code never reaches the player.


const LOGIN_ERROR_MESSAGES: Readonly<Record<LoginErrorKey, (info: LoginErrorInfo) => MessageDescriptor>> = {
  unauthorized: () => msg({ id: 'login.error.unauthorized', message: 'The e-mail or the password is not right. Please try again.' }),
  blacklisted: () =>
    msg({ id: 'login.error.blacklisted', message: 'This account has been deactivated. Please contact customer support.' }),
  maxAttempt: () =>
    msg({
      id: 'login.error.maxAttempt',
      message: 'Too many failed log-in attempts. Your account is locked for a while: try again later or reset your password.',
    }),
  closed: () => msg({ id: 'login.error.closed', message: 'This account is closed. Please contact customer support.' }),
  // A cooling-off (issue 13: a short break, or the DE panic button's day) is a time-out the platform
  // marks isCooling (behaviour.md §4 "Session" additionalInfo): the player chose "cooling-off".
  timeout: ({ days, isCooling }) =>
    isCooling === true && days !== undefined
      ? msg({
          id: 'login.error.coolingOff',
          message: plural(days, { one: 'Your cooling-off ends in # day', other: 'Your cooling-off ends in # days' }),
        })
      : days === undefined
        ? msg({ id: 'login.error.timeout.active', message: 'Your time-out is still active.' })
        : msg({
            id: 'login.error.timeout',
            message: plural(days, { one: 'Your time-out ends in # day', other: 'Your time-out ends in # days' }),
          }),
  exclusion: ({ days }) =>
    days === undefined
      ? msg({ id: 'login.error.exclusion.active', message: 'You have excluded yourself from playing.' })
      : msg({
          id: 'login.error.exclusion',
          message: plural(days, {
            one: 'You have excluded yourself from playing. Your exclusion ends in # day',
            other: 'You have excluded yourself from playing. Your exclusion ends in # days',
          }),
        }),
  exclusionIndefinitely: () =>
    msg({ id: 'login.error.exclusion.indefinitely', message: 'You have excluded yourself from playing indefinitely.' }),
  // Issue 23: the national self-exclusion register of the player's market, named with how to leave it.
  registerListed: ({ register }) => registerListedMessage(register),
  registerUnavailable: ({ register }) => registerUnavailableMessage(register),
  network: () =>
    msg({ id: 'error.network', message: 'We could not reach the server. Check your connection and try again.' }),
};

/**
 * Issue 8: after a wrong password the platform tells how many attempts are left before log-in locks
 * (server/services/throttle.ts); the form says it, so the last attempt comes with a warning.
 */
function attemptsLeftMessage(attemptsLeft: number): MessageDescriptor {
  return msg({
    id: 'login.error.attemptsLeft',
    message: plural(attemptsLeft, {
      one: 'You have # attempt left before log-in is locked.',
      other: 'You have # attempts left before log-in is locked.',
    }),
  });
}

/** How long a lock or a delay lasts, as the platform tells it (issue 8: say for how long). */
export function loginWaitMessage(retryAfterSeconds: number): MessageDescriptor {
  if (retryAfterSeconds < 60) {
    return msg({
      id: 'login.wait.seconds',
      message: plural(retryAfterSeconds, { one: 'You can try again in # second.', other: 'You can try again in # seconds.' }),
    });
  }
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return msg({
    id: 'login.wait.minutes',
    message: plural(minutes, { one: 'You can try again in # minute.', other: 'You can try again in # minutes.' }),
  });
}

/** The translated message for a refused login, with the attempts left or the wait when the platform told them. */
export function loginErrorMessage(i18n: I18n, error: LoginError): string {
  const text = i18n._(LOGIN_ERROR_MESSAGES[error.code](error.additionalInfo));
  const { attemptsLeft, retryAfterSeconds } = error.additionalInfo;
  if (error.code === 'unauthorized' && attemptsLeft !== undefined && attemptsLeft > 0) return `${text} ${i18n._(attemptsLeftMessage(attemptsLeft))}`;
  if (error.code === 'maxAttempt' && retryAfterSeconds !== undefined) return `${text} ${i18n._(loginWaitMessage(retryAfterSeconds))}`;
  return text;
}

/** The form's own checks, before anything is sent. */
export const LOGIN_FIELD_MESSAGES = {
  emailRequired: msg({ id: 'field.email.required', message: 'Enter your e-mail address.' }),
  emailInvalid: msg({ id: 'field.email.invalid', message: 'Enter a valid e-mail address, like name@example.com.' }),
  passwordRequired: msg({ id: 'login.field.password.required', message: 'Enter your password.' }),
} as const satisfies Record<string, MessageDescriptor>;

export type LoginFieldMessage = keyof typeof LOGIN_FIELD_MESSAGES;


export function loginFieldErrors(email: string, password: string): { email?: LoginFieldMessage; password?: LoginFieldMessage } {
  const trimmed = email.trim();
  return {
    ...(trimmed === '' ? { email: 'emailRequired' as const } : isEmailShape(trimmed) ? {} : { email: 'emailInvalid' as const }),
    ...(password === '' ? { password: 'passwordRequired' as const } : {}),
  };
}
