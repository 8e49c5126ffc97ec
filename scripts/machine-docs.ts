// Writes docs/machines/<flow>.md from the machines themselves: a mermaid state diagram and a table of
// states, tags and invoked actors (CONVENTIONS.md "Comments and names": a diagram a reviewer can read).
//   node --import tsx scripts/machine-docs.ts           write the pages
//   node --import tsx scripts/machine-docs.ts --check   exit 1 when a page is out of date
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AnyStateMachine } from 'xstate';
import { accessCheckMachine } from '../machines/accessCheck.machine';
import { codeVerificationMachine } from '../machines/codeVerification.machine';
import { cookieConsentMachine } from '../machines/cookieConsent.machine';
import { depositMachine } from '../machines/deposit.machine';
import { idleMachine } from '../machines/idle.machine';
import { loginMachine } from '../machines/login.machine';
import { passwordChangeMachine } from '../machines/passwordChange.machine';
import { passwordResetMachine } from '../machines/passwordReset.machine';
import { payAndPlayMachine } from '../machines/payAndPlay.machine';
import { phoneChangeMachine } from '../machines/phoneChange.machine';
import { sessionMachine } from '../machines/session.machine';
import { signupMachine } from '../machines/signup.machine';
import { toastMachine } from '../machines/toast.machine';
import { transactionHistoryMachine } from '../machines/transactionHistory.machine';
import { walletMachine } from '../machines/wallet.machine';
import { withdrawMachine } from '../machines/withdraw.machine';
import { gameLaunchMachine } from '../machines/gameLaunch.machine';
import { activityTimerMachine } from '../machines/activityTimer.machine';
import { exclusionMachine } from '../machines/exclusion.machine';
import { gamblingLimitsMachine } from '../machines/gamblingLimits.machine';

interface Page {
  flow: string;
  title: string;
  machine: AnyStateMachine;
  /** What the flow is for, with the spec section it comes from. */
  summary: string;
}

const pages: Page[] = [
  {
    flow: 'session',
    title: 'Session',
    machine: sessionMachine,
    summary:
      'The root actor (behaviour.md §4 "Session"): status pending → requested → resolved, with the authorized flag. ' +
      'Created at start-up with the route\'s `langMarket` and put in the router context; the app sends `session.start` once. ' +
      '`restoreSession` re-issues the id token from the HttpOnly session cookie (null: anonymous). ' +
      'Anonymous: `login.open { redirect? }` spawns the `login` machine (stopped on `login.close` or success); its success, ' +
      'or `session.authenticated` from any other login, authorizes and emits `session.loggedIn { redirect }`. ' +
      'Authorized: profile (with the current terms version, for the terms guard), access details and transaction summary load side by side ' +
      '(a failure is recorded in `loadErrors`, the session stays); the `idleTimer` child and the [`wallet`](wallet.md) child (systemId `wallet`) run; ' +
      '`session.logout`, `session.unauthorized` ' +
      '(a 401/403 on an authenticated call), the token\'s expiry (`tokenExpiry`, exp − iat) and the idle timer\'s end lead to loggingOut: ' +
      'the `signOut` call (its answer ignored), then `clearStoredAuthorization`, `endSupportChat`, `endCrmSession`, and `session.loggedOut { reason }`. ' +
      'Always-on children: `accessCheck`, `cookieConsent` and `toast`. Route guards (`machines/session.guards.ts`) wait for `resolved` ' +
      '(and, for the terms guard, the profile). Flows started by routes with `flow.start`: signup, payAndPlay, passwordReset (anyone ' +
      'but a player for the first two), phoneChange, passwordChange, [deposit](deposit.md), [withdraw](withdraw.md) and ' +
      '[transactionHistory](transactionHistory.md) (players only); the cashier flows get `cashierPlayerOf(context)` with their input; ' +
      '[gameLaunch](gameLaunch.md) (anyone: demo for a visitor, real money for a player) gets `gameLaunchInputOf(context, route)`, and its ' +
      '`logout` outcome (an evolution 400) logs the player out. Issue 13: the [`activityTimer`](activityTimer.md) child (systemId ' +
      '`activityTimer`) runs while authorized; its end (Log out in the reality check) logs out, its `activity.openLimits` emits `ui.navigate` ' +
      'to the gambling-limits page, and `activity.settingsChanged` is forwarded to it; the [exclusion](exclusion.md) flow (players only; ' +
      '`{ panic: true }` from the DE panic button) gets `exclusionInputOf(context, route)`, and its end logs the player out at once ' +
      '(reason `break`) with a toast saying until when.',
  },
  {
    flow: 'accessCheck',
    title: 'Access check',
    machine: accessCheckMachine,
    summary:
      'behaviour.md §4 "Other states" and product.md §2 "Route guards": loading, then success clears the restriction, ' +
      'or an error sets `restrictedAccess`. The platform\'s `error.access.restricted` shows the restricted-country page, ' +
      '`error.maintenance` (or an answer with `maintenance: true`) the maintenance page, rechecked every ' +
      '`MAINTENANCE_RECHECK_MS`; any other failure offers a retry. `appGate(value, context)` tells the root component what to render.',
  },
  {
    flow: 'cookieConsent',
    title: 'Cookie consent',
    machine: cookieConsentMachine,
    summary:
      'behaviour.md §4 "Other states" and §9: the notification is shown until the visitor accepts; accepting stores ' +
      'essentials, performanceFunctional and marketing (all true by default; essentials cannot be refused) with ' +
      '`accepted: true` under `COOKIE_CONSENT_STORAGE_KEY`. Options can be updated later, and `consent.load` re-reads ' +
      'storage. Storage is outside the machine: `loadConsent` (actor) and `persistConsent` (action) come from src/.',
  },
  {
    flow: 'toast',
    title: 'Toasts',
    machine: toastMachine,
    summary:
      'product.md §2 "Whole-app screens": one actor holds every toast (success, error, warning). Each closes itself ' +
      'after its duration (`TOAST_DURATION_MS` unless given) through a delayed `toast.expire` it sends itself; ' +
      '`toast.pause` (hover, focus) cancels that timer and `toast.resume` starts it again; `toast.dismiss` ' +
      '(close button, swipe) removes the toast at once.',
  },
  {
    flow: 'login',
    title: 'Login',
    machine: loginMachine,
    summary:
      'The login modal (behaviour.md §4 "Session": loader on, modal open, then error or success; §8 "Login"). Spawned by the session on ' +
      '`login.open { redirect? }`, stopped on `login.close` or success. `form.submit` calls `authenticate` (authApi.login, then parseIdToken); ' +
      'a network failure is retried up to `LOGIN_RETRY_ATTEMPTS` attempts `LOGIN_RETRY_DELAY_MS` apart (§9), never a refused password. ' +
      'Server codes become `{ code, additionalInfo: { days, ... } }` through `machines/lib/loginErrors.ts` (anything unknown: unauthorized); ' +
      '`code:error.sign.in.attempt.count.exceeded` leads to the max-attempts modal. Output on success: `{ idToken, claims, redirect }`.',
  },
  {
    flow: 'idle',
    title: 'Idle logout',
    machine: idleMachine,
    summary:
      'behaviour.md §4 "Session" idle check, with the limit `IDLE_LIMIT_MS` (GLI-19 2.5.4). Invoked by the session while the player is ' +
      'authorized. Every `IDLE_CHECK_MS` it reads the clock (`readClock`, provided by src/) and compares it with the last `idle.activity` ' +
      '(pointer, key, scroll; throttled); from `IDLE_LIMIT_MS − IDLE_WARNING_MS` it is in `warning` (the idle-warning dialog, answered by ' +
      '`idle.stay`), from `IDLE_LIMIT_MS` it ends, and the session logs out: the sign-out call, then the local logout.',
  },
  {
    flow: 'passwordReset',
    title: 'Password reset',
    machine: passwordResetMachine,
    summary:
      'behaviour.md §4 "Password reset" and product.md §2: the steps Email → Verification → Password → Complete, ' +
      'in order, clamped at both ends (no `step.back` at Email; Complete is final), with the `visited` list a ' +
      'step indicator reads. `requestReset` answers the `smsResetKeyId` of the SMS code; the code is entered in the invoked ' +
      '[code-verification](codeVerification.md) machine (resuming that code; its resends are new requests), whose `verified` ' +
      'output carries the `resetKey`; `setNewPassword` ends it (§7). `sms.max.attempts.reached` (code entry ends `blocked`) → ' +
      '`verification.blocked`, where `code.resend` starts code entry again with a new code. Errors of §8, network and validation ' +
      'are kept in `error` with the typed values. Output `{ outcome: \'reset\' }`: the session shows the toast ' +
      '`reset.password.success.toast` and goes to "/". Started by the session on `flow.start` from /reset-password.',
  },
  {
    flow: 'phoneChange',
    title: 'Phone change',
    machine: phoneChangeMachine,
    summary:
      'behaviour.md §4 "Phone change" and §5 (a phone change requires an SMS code): `phone.submit` → `requesting` ' +
      '(the loader) → success opens the SMS code popup (`codePopup`, tag `popup`) with the `smsVerificationId`; a ' +
      'request error closes it and keeps the error. In the popup the code is entered in the invoked ' +
      '[code-verification](codeVerification.md) machine (a wrong code or a lost connection stays answerable there); ' +
      '`sms.max.attempts.reached` closes the popup with that error. A verified code ends the flow with `{ outcome: \'changed\' }` ' +
      '(the session reloads the profile, shows the toast and starts a fresh phone change); `popup.close` resets the flow. ' +
      'Started by the session on `flow.start` from /my-account/account.',
  },
  {
    flow: 'codeVerification',
    title: 'Code verification',
    machine: codeVerificationMachine,
    summary:
      'One-time code entry, invoked by sign-up (per channel, SMS or e-mail), password reset and phone change (behaviour.md §4 ' +
      'pin states uninitialised / sendSuccess / sendFail / verifySuccess / verifyFail; §8 `sms.code.invalid`, ' +
      '`sms.max.attempts.reached`). Input: the `channel`, the `subject` the parent\'s calls name (a registration, an account ' +
      'e-mail, a new phone) and a code already `sent` (then no first send). `sendCode` / `verifyCode` are provided per flow in ' +
      'src/app. A wrong code or no network keeps the typed code with the error; a failed first send waits for `code.resend`. ' +
      'Ends: `verified` (output `{ outcome: \'verified\', key }`), `blocked` (`{ outcome: \'blocked\', reason: ' +
      '\'wrongCodes\' | \'tooManyCodes\' }`), `cancelled` on `code.cancel` (`{ outcome: \'cancelled\', sent }`, so the parent can resume it).',
  },
  {
    flow: 'passwordChange',
    title: 'Password change',
    machine: passwordChangeMachine,
    summary:
      'behaviour.md §7 `/player/password` and §8: `form.submit` → `submitting` → `succeeded` (provided ' +
      '`passwordChanged`: toast, the form empties) or a failure. `error.old_password.incorrect` goes to ' +
      '`oldPasswordIncorrect` and is shown as a toast (`oldPasswordRefused`); other failures go to `failed` (tag ' +
      '`error`, shown by the form). The passwords travel only as the call\'s input, never in the context. Started ' +
      'by /my-account/account.',
  },
  {
    flow: 'payAndPlay',
    title: 'Pay and play',
    machine: payAndPlayMachine,
    summary:
      'behaviour.md §4 "Pay and play", §7 "Pay and play"; product.md §2 `/signup/pnp`, `/signup/callback`. One ' +
      'actor per page, since the browser visits the bank in between. On `/signup/pnp` (input `callback: null`): ' +
      'the amount (presets `PAY_AND_PLAY_PRESET_AMOUNTS` or custom, `PAY_AND_PLAY_MIN_DEPOSIT`..`PAY_AND_PLAY_MAX_DEPOSIT`, ' +
      'at most 2 decimals), then `authorize` in the country of the route\'s market (the country the platform sees ' +
      'in the global market) with the route\'s language and a return path `/{langmarket}/signup/callback?target=…`; ' +
      'entering `redirecting` runs the `redirectToProvider` action (the browser goes to the bank page). ' +
      'On `/signup/callback` (input with `code`, `sessionId` or `error`): `verifyCode`; a player whose e-mail and ' +
      'phone are known goes straight to `loginPlayer`, anyone else keeps the player id (`needsUpdate`) and fills ' +
      'the update form (`updatePlayer`, which only fills fields the player does not have) first. `done` outputs ' +
      '`{ session, redirectPath }`: the saved target (machines/lib/payAndPlay.ts `payAndPlayTarget`, a ' +
      '`sameSitePath` outside sign-up), else `PAY_AND_PLAY_DEFAULT_TARGET_PATH` (the home page). `context.status` ' +
      'holds uninitialized / loading / success / error for authorize, verifyCode, updatePlayer and loginPlayer. ' +
      'Screens read the tags (`loading`, `form`, `error`, and the step: `starting`, `amount`, `update`, ' +
      '`redirecting`, `verifying`, `loggingIn`, `done`) and offer a retry when the flow accepts one.',
  },
  {
    flow: 'signup',
    title: 'Sign-up',
    machine: signupMachine,
    summary:
      'product.md §2 and §3 "Registration", behaviour.md §4 "Sign-up", §5, §8 "Sign-up and reset": Details → ContactInfo → ' +
      'Verification → Complete, `step.next` / `step.back` clamped at both ends, with Unsupported (`error.country.blocked`) and ' +
      'Duplicated (`error.registration.player_already_exists`). Started by the session on `flow.start` from /signup with the route ' +
      'language, the `bonusCode` and the affiliate parameters; the typed values stay in the context through every error. Sending ' +
      'ContactInfo reads the current terms version (`fetchTermsVersion`), then `register`s (payload from `machines/lib/signupForm.ts`: ' +
      'prefix + body as mobilePhone, caf as fr, the captcha token from `solveCaptcha` as header). The platform\'s answer picks SMS, ' +
      'e-mail or no verification; the code is entered in the invoked [code-verification](codeVerification.md) machine, one per ' +
      'channel. Its `blocked` end (`sms.max.attempts.reached`) shows the SMS block with the reason (`context.block`: wrong codes, ' +
      'too many codes, too many phones) and how long to wait (`CODE_BLOCK_MINUTES`); `block.acknowledge` leaves, output ' +
      '`{ outcome: \'left\' }` (the session navigates home). Another phone resets the SMS-sent and max-attempts flags. Back from ' +
      'code entry (its `cancelled` end) keeps the code that is out: an unchanged form resumes it without a send; another phone calls ' +
      '`changeRegistrationPhone` on the same registration (no second registration) and the SMS flags start again. ' +
      '`completeRegistration` is the automatic login: output `{ outcome: \'registered\', session }` (the id token and its parsed claims), ' +
      'which the session authorises.',
  },
  {
    flow: 'wallet',
    title: 'Wallet',
    machine: walletMachine,
    summary:
      'behaviour.md §4 "Wallet", §5 total balance, §7 "Wallet live connection", §8 "General", §9; product.md §3 "Wallet"; issue 11. ' +
      'Invoked by the session in `resolved.authorized` (id and systemId `wallet`): logout stops it, its timers and its socket. ' +
      '**balance**: `fetchWallet` at once and every `WALLET_POLL_MS`; outcomes request / success / notExists (404 `error.wallet.not_found`: ' +
      'no wallet) / error (shown and logged); `context.status` pending / success / error. **live**: `fetchSocketToken` (a 401 is ignored ' +
      'silently: `unavailable`, the poll goes on), then `liveConnection` (src/app: partysocket, token in the `Authorization` query parameter, ' +
      'its own reconnection off); a ping every `WALLET_PING_MS` while open; on close a fresh token and a new connection up to ' +
      '`WALLET_RECONNECT_ATTEMPTS` times `WALLET_RECONNECT_DELAY_MS` apart, then `gaveUp` (tag `stale`, a warning logged; `wallet.reconnect` ' +
      'tries again). Pushes: WALLET_BALANCE carries the whole map and a version (not newer than the shown one: dropped; a skipped version: ' +
      'applied and `wallet.refresh` raised); PLAYER_ATTRIBUTE_CHANGE and PLAYER_LOYALTY_LEVEL are kept and send the session `profile.reload`; ' +
      'ping/pong text (`socket.heartbeat`) is ignored; errors and unreadable messages are only logged (`log`). Header selectors: ' +
      '`walletTotalCents`, `walletCurrency`, `walletIsStale`, `walletStatus`; the session\'s `walletRefOf(snapshot)` gives the ref.',
  },
  {
    flow: 'deposit',
    title: 'Deposit',
    machine: depositMachine,
    summary:
      'behaviour.md §4 "Deposit and withdraw flows", §5, §7; product.md §3; issue 11. Started by the cashier routes with ' +
      '`{ depositId, returnPath }` (the session adds the player: `CashierPlayer`). inactive → loading → a result: not allowed ' +
      '(deposit off, payout restricted, multibrand suspended, or access unknown) → `notAllowed`; back from the provider (a depositId) → ' +
      '`settling` / `waiting` every `DEPOSIT_STATUS_POLL_MS` (at most `DEPOSIT_STATUS_POLLS`) → `succeeded` (the wallet is asked again) | ' +
      '`declined` | `stillPending` | `statusUnknown`; otherwise `checking` (deposit/check with ipAddress and blackbox), whose result goes through ' +
      'OPERATION_UI_STATUS (`context.status`): allowed → `loadingMethods` → `form` → `requesting` → `redirecting` (`redirectToProvider`); ' +
      'verify-document → `verifyDocument` (`verification.postpone` → the form); under-review, required, strict → document states; ' +
      'self-limit-reached → `limitReached` (or, with some limit left, the form capped at it; the notification `limitNotice` only when the check\'s `limitWarning` says the limit is at its 80 % warning, issue 21); restricted; ' +
      'anything else, an unknown result too → `refused`. The form: `amount.change` (CASHIER_LIMITS), `method.select` (the most recent ' +
      'method preselected), `bonus.select` (a seam: `selectBonus` stays false), `deposit.submit`. One idempotency key per attempt ' +
      '(`assignIdempotencyKey`), kept for a resubmit of the same amount and method. `deposit.clear` starts afresh.',
  },
  {
    flow: 'withdraw',
    title: 'Withdraw',
    machine: withdrawMachine,
    summary:
      'behaviour.md §4 "Deposit and withdraw flows" (other withdrawal UI states: suspended, inactive), §6, §7, §8 ' +
      '`error.withdrawal.cancel.limit_reached`; UKGC RTS 14B; issue 11. Started by /my-account/banking/withdraw (the session adds the ' +
      'player). **request**: suspended (multibrand) → `suspended`; no withdrawal access → `notAllowed`; else `checking` (withdrawal/check ' +
      'with ipAddress and blackbox) → OPERATION_UI_STATUS: allowed → `loadingMethods` → `form` (amount within CASHIER_LIMITS and the ' +
      'balance the check named) → `requesting` → `requested` (request success: MAIN → LOCKED, pending; the list and the wallet load again); ' +
      'withdrawal-limit-reached → `limitReached` (limit, duration, originalLimit); the document results and the rest → their states. ' +
      '**pending**: the pending withdrawals; `pending.cancel { referenceId }` → `cancelling` (tag `cancelling`, `cancellingId`) → the list ' +
      'again, or the refusal on the list; never in the GG market (`cancelAllowed` false). `withdraw.clear` starts the request afresh.',
  },
  {
    flow: 'transactionHistory',
    title: 'Transaction history',
    machine: transactionHistoryMachine,
    summary:
      'behaviour.md §4 "Transaction history", §5, §9; product.md §3 "Transactions", "History state"; UKGC RTS 1C; issue 11. Started by ' +
      '/my-account/banking/transactions. **history**: the first page (`TRANSACTION_PAGE_SIZE`, position 0); `history.more` while hasMore ' +
      '(a page of exactly 10), position + 10; pages merged by referenceId, newest first; `history.filter { filter }` (category, from, to, ' +
      'hour 24/72, status) resets the list; `history.clear` returns to the initial state; `history.refresh` merges the first page again. ' +
      '**pending**: the pending withdrawals. **netPosition**: net position and win/loss of the filter\'s period, asked again when it changes. ' +
      '**polling**: every `TRANSACTION_POLL_MS` while on (`polling.stop` / `polling.start`) the pending withdrawals and the history refresh. ' +
      'The screen reads `historyItems(snapshot, dayOf)` (firstInGroup per calendar day).',
  },
  {
    flow: 'gameLaunch',
    title: 'Game launch',
    machine: gameLaunchMachine,
    summary:
      'behaviour.md §4 "Game launch: loading, game, error"; §5 (demo money when logged out, real when logged in; live casino never demo); ' +
      '§7 "Games"; §8 (game detail errors, "No game data returned", token failure, evolution 400 logs out); issue 12. Started by the play ' +
      'routes; the session adds demo/real, language, currency, country and jurisdiction. **loading**: `detail` (game detail, its demo ' +
      'variant for visitors; null → error `noGameData`; another provider than the route\'s → `providerMismatch`; a live table in demo → ' +
      '`demoUnavailable`) → `grant` (real: game token; demo: game ticket; a failure is the spec\'s token error) → `url` (the provider\'s ' +
      'launch call; an evolution 400 for a player → final `loggedOut`, output `logout`). **game**: the frame; a real-money launch posts ' +
      'to the recently played list first (`posting`, failures ignored); `game.frame` messages (checked by the screen: origin and shape) ' +
      'record the game\'s own error or, `close`, end it. **error**: `game.retry` starts again. `game.close` → final `closed`.',
  },
  {
    flow: 'gamblingLimits',
    title: 'Gambling limits',
    machine: gamblingLimitsMachine,
    summary:
      'product.md §2 /my-account/gambling-limits, §3 "Responsible gambling"; behaviour.md §4 "Gambling limits and responsible gambling", ' +
      '§5 (deposit limit errors per period), §7; issue 13. Started by /my-account/gambling-limits with the player\'s market. **limits**: ' +
      '`loading` (deposit and spend limits of D, W, M, and the market\'s rules) → `ready`; one limit at a time: `limit.edit` opens its ' +
      'editor (`editing`; the draft checked with the shared rules: amount in the account currency, LIMIT_MIN_AMOUNT, the market\'s cap, ' +
      'D ≤ W ≤ M) → `limit.save` → `saving` → success (the answer replaces the limits; an increase is pending with the platform\'s date) | ' +
      'error (the draft stays, with the error); `limit.delete` → `deleting` and `limit.cancelPending` → `cancellingPending`, each → success | ' +
      'error (shown on the limit); `limits.refresh` (a pending date or reset passed on the screen) → `refreshing`. **activity**: the ' +
      'reality-check interval (30, 60, 120 minutes or off): `activity.change`, `activity.save` → `saving` → success tells the session ' +
      '(`activity.settingsChanged`) | error. No end: the route stops it.',
  },
  {
    flow: 'activityTimer',
    title: 'Activity timer (reality check)',
    machine: activityTimerMachine,
    summary:
      'behaviour.md §4 "Gambling limits and responsible gambling": "The activity timer starts, stops, and is reset by link, logout or ' +
      'continue. The activity summary opens and closes. The timer is polled every 60 seconds. At zero the summary is fetched and a ' +
      'session-timeout modal is shown."; §9 ACTIVITY_TIMER_POLL_MS; product.md §2 session-timeout modal. Invoked by the session while ' +
      'authorized (systemId `activityTimer`). **timing**: the settings (`loadTimerSettings`; a failure asks again a poll later); off → ' +
      'waits for `activity.settingsChanged`; on → `fetchMinutesRemaining` every `activityPoll` (a failed poll keeps polling; null: off). ' +
      '**due** (tag `realityCheck`): the summary (`fetchActivitySummary`; a failure still shows the modal, without figures), then the ' +
      'modal waits for `activity.continue` or `activity.link` (both → **resetting**, `resetActivityTimer`, then polling again; the link ' +
      'also runs `openLimitsPage`, which tells the session `activity.openLimits`) or `activity.logout` → final `loggedOut` (the session logs out).',
  },
  {
    flow: 'exclusion',
    title: 'Breaks and self-exclusion',
    machine: exclusionMachine,
    summary:
      'behaviour.md §4: "Self-exclusion goes through request, success, error and clean. Timeout goes through request, success and error."; ' +
      'cooling-off from 1 day with initiator PLAYER; indefinite exclusion as 12 months with accountDisableIndefinitely; §7, §9; issue 13. ' +
      'A session flow (players only) started by the gambling-limits page with no input, or by the DE panic button with `{ panic: true }` ' +
      '(GlüStV 2021 §6a: straight to the request of a PANIC_BREAK_DAYS cooling-off, no confirmation; a failure also shows a toast). ' +
      '**loadingChoices**: the market\'s time-out lengths (a failure keeps the built-in ones) → **choosing** (cooling-off days, time-out ' +
      'months, self-exclusion months or indefinite; `exclusion.choose` with an offered length) → **confirming** (`exclusion.confirm` | ' +
      '`exclusion.back`) → **requesting** (`requestBreak` with `breakRequestOf(choice)`) → **started** (final, `{ outcome, kind, until }`: ' +
      'the session logs out at once) | **failed** (`exclusion.retry`, or `exclusion.back`: the clean step).',
  },
];

// The parts of xstate's state nodes this script reads.
interface Transition {
  eventType: string;
  target?: readonly Node[] | undefined;
  guard?: unknown;
  description?: string | undefined;
}
interface Node {
  id: string;
  key: string;
  path: string[];
  type: string;
  states: Record<string, Node>;
  initial?: { target: readonly Node[] } | undefined;
  transitions: Map<string, Transition[]>;
  always?: Transition[] | undefined;
  tags: string[];
  invoke: { id: string; src: unknown }[];
  description?: string | undefined;
}

const mermaidId = (node: Node) => (node.path.length === 0 ? 'root' : node.path.join('_'));

function guardName(guard: unknown): string | null {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'object' && guard !== null && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return guard === undefined ? null : 'guard';
}

function eventLabel(transition: Transition): string {
  const { eventType } = transition;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  const label = done
    ? `${done[1] ?? ''} done`
    : error
      ? `${error[1] ?? ''} failed`
      : after
        ? `after ${after[1] ?? ''}`
        : eventType === ''
          ? 'always'
          : eventType;
  const guard = guardName(transition.guard);
  return guard ? `${label} [${guard}]` : label;
}

function transitionsOf(node: Node): Transition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

function allNodes(node: Node): Node[] {
  return [node, ...Object.values(node.states).flatMap(allNodes)];
}

function diagram(root: Node): string {
  const lines = ['stateDiagram-v2'];
  const declare = (node: Node, indent: string) => {
    const initial = node.initial?.target[0];
    if (initial) lines.push(`${indent}[*] --> ${mermaidId(initial)}`);
    for (const child of Object.values(node.states)) {
      if (Object.keys(child.states).length > 0) {
        lines.push(`${indent}state ${mermaidId(child)} {`);
        declare(child, `${indent}  `);
        lines.push(`${indent}}`);
      } else {
        lines.push(`${indent}state "${child.key}" as ${mermaidId(child)}`);
      }
    }
  };
  declare(root, '  ');
  for (const node of allNodes(root)) {
    if (node === root) continue;
    for (const transition of transitionsOf(node)) {
      for (const target of transition.target ?? [node]) {
        lines.push(`  ${mermaidId(node)} --> ${mermaidId(target)} : ${eventLabel(transition)}`);
      }
    }
  }
  return lines.join('\n');
}

/** A description as one table cell: one line, pipes escaped. */
const cell = (text: string | undefined) => (text ?? '').replace(/\s+/g, ' ').replace(/\|/g, '\\|');

function page({ flow, title, machine, summary }: Page): string {
  const root = machine.root as unknown as Node;
  const everywhere = transitionsOf(root).map((transition) => {
    const targets = (transition.target ?? []).map((target) => `\`${target.path.join('.')}\``).join(', ');
    return `- \`${eventLabel(transition)}\`${targets ? ` → ${targets}` : ' (stays in the current state)'}`;
  });
  const rows = allNodes(root)
    .filter((node) => node !== root)
    .map((node) => {
      const tags = node.tags.map((tag) => `\`${tag}\``).join(', ');
      const invokes = node.invoke.map((invoke) => `\`${invoke.id}\``).join(', ');
      return `| \`${node.path.join('.')}\` | ${tags} | ${invokes} | ${cell(node.description)} |`;
    });
  // The transitions a reviewer should understand (CONVENTIONS.md: they carry a description).
  const explained = allNodes(root).flatMap((node) =>
    transitionsOf(node)
      .filter((transition) => transition.description !== undefined)
      .map((transition) => {
        const from = node === root ? '(any state)' : `\`${node.path.join('.')}\``;
        const targets = (transition.target ?? []).map((target) => `\`${target.path.join('.')}\``).join(', ');
        return `- ${from} \`${eventLabel(transition)}\`${targets ? ` → ${targets}` : ''}: ${transition.description ?? ''}`;
      }),
  );
  return [
    `# ${title}`,
    '',
    `<!-- Generated by scripts/machine-docs.ts from machines/${flow}.machine.ts. Do not edit by hand. -->`,
    '',
    summary,
    '',
    '```mermaid',
    diagram(root),
    '```',
    '',
    ...(everywhere.length > 0 ? ['Handled in every state:', '', ...everywhere, ''] : []),
    '| State | Tags | Invokes | What it means |',
    '|---|---|---|---|',
    ...rows,
    '',
    ...(explained.length > 0 ? ['Transitions explained:', '', ...explained, ''] : []),
  ].join('\n');
}

const docsDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'machines');
const check = process.argv.includes('--check');
mkdirSync(docsDir, { recursive: true });
let stale = 0;
for (const entry of pages) {
  const file = join(docsDir, `${entry.flow}.md`);
  const text = page(entry);
  if (check) {
    let current = '';
    try {
      current = readFileSync(file, 'utf8');
    } catch {
      // missing counts as stale
    }
    if (current !== text) {
      stale += 1;
      console.error(`out of date: docs/machines/${entry.flow}.md (run node --import tsx scripts/machine-docs.ts)`);
    }
  } else {
    writeFileSync(file, text);
    console.info(`wrote docs/machines/${entry.flow}.md`);
  }
}
if (stale > 0) process.exitCode = 1;
