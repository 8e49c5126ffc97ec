// The toasts the actor system shows (product.md §2 "toast container"; behaviour.md §8 "General").
// A toast carries one of these keys, not a text: machines have no i18n, and src/ui/toastMessages.ts
// translates each key (one table). The session sends most of them when a flow ends.
/** behaviour.md §8 "General": toast kinds success, error, warning. */
export type ToastKind = 'success' | 'error' | 'warning';

export const TOAST_MESSAGES = [
  /** behaviour.md §4 "Password reset": reset.password.success.toast after success. */
  'passwordReset.done',
  /** behaviour.md §4 "Phone change": the verified number is the player's. */
  'phoneChange.done',
  'passwordChange.done',
  /** behaviour.md §8 "Sign-up and reset": error.old_password.incorrect is shown as a toast. */
  'passwordChange.oldPasswordRefused',
  /** behaviour.md §4 "Session": the idle check logged the player out. */
  'session.idleLoggedOut',
  /** Issue 13: a cooling-off or time-out started (the player is logged out); values { until } (ISO). */
  'break.started',
  /** Issue 13: a self-exclusion started (the player is logged out); values { until } (ISO). */
  'exclusion.started',
  /** Issue 13: an indefinite self-exclusion started (the player is logged out). */
  'exclusion.startedIndefinitely',
  /** Issue 13: the panic button's break could not be started (the button may be on any page). */
  'exclusion.failed',
] as const;

export type ToastMessage = (typeof TOAST_MESSAGES)[number];

/**
 * What a toast's text fills in (`{until}`), as the machine knows it: a date travels as its ISO
 * string and the text formats it (Lingui's `{until, date, long}`), since machines have no i18n.
 */
export type ToastValues = Readonly<Record<string, string | number>>;
