import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { ToastMessage } from '../../machines/lib/toasts';

/** The one table that turns a toast's key (machines/lib/toasts.ts) into its translated text. */
export const TOAST_TEXTS: Record<ToastMessage, MessageDescriptor> = {
  // behaviour.md §4: the toast with the key reset.password.success.toast.
  'passwordReset.done': msg({
    id: 'reset.password.success.toast',
    message: 'Your password has been reset. You can log in with your new password.',
  }),
  'phoneChange.done': msg({ id: 'account.phone.changed.toast', message: 'Your mobile phone number has been changed.' }),
  'passwordChange.done': msg({ id: 'account.password.changed.toast', message: 'Your password has been changed.' }),
  'passwordChange.oldPasswordRefused': msg({
    id: 'account.password.error.oldIncorrect',
    message: 'Your current password is not correct.',
  }),
  'session.idleLoggedOut': msg({ id: 'idle.loggedOut', message: 'You have been logged out because you were inactive.' }),
  // Issue 13: the break took effect at once; `until` is an ISO instant, formatted in the player's locale and time zone.
  'break.started': msg({
    id: 'breaks.started.toast',
    message: 'Your break has started and you have been logged out. You can log in again from {until, date, long}, {until, time, short}.',
  }),
  'exclusion.started': msg({
    id: 'breaks.exclusion.started.toast',
    message: 'Your self-exclusion has started and you have been logged out. It ends on {until, date, long}.',
  }),
  'exclusion.startedIndefinitely': msg({
    id: 'breaks.exclusion.indefinite.toast',
    message: 'Your self-exclusion has started and you have been logged out. It has no end date.',
  }),
  'exclusion.failed': msg({ id: 'breaks.error.toast', message: 'Your break could not be started. Please try again.' }),
};
