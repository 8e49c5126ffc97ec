// The SMS-code step the password reset and the phone change share (behaviour.md §4 "Password reset"
// Verification step and "Phone change" code popup; §5: both need an SMS code). At such a step the
// player types the code or asks for a new one:
//
//   editing --code.submit--> verifying   (the machine's verify call: on, or back with the error)
//   editing --code.resend--> resending   (its request call again) --> resent
//
// `resent` is `editing` that also says a new code is on its way (a resend may keep the same id, so
// the state, not a new id, tells the news): both take the same two events the same way, below.

/** What the player does at a code step. */
export type CodeEntryEvent =
  /** The code as typed (the machine trims it). */
  | { type: 'code.submit'; code: string }
  /** Sends a new code to the same account or number. */
  | { type: 'code.resend' };

/**
 * The `on` of a code step's `editing` and `resent` states. The machine has the sibling states
 * `verifying` and `resending`, and the actions `assignCode` (keeps the trimmed code, clears the
 * error) and `clearError`.
 */
export const CODE_ENTRY_TRANSITIONS = {
  'code.submit': { target: 'verifying', actions: 'assignCode' },
  'code.resend': { target: 'resending', actions: 'clearError' },
} as const;
