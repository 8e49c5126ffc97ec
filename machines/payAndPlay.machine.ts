// Pay and play (behaviour.md §4 "Pay and play", §7 "Pay and play"; product.md §3 "Pay-and-play"):
// a visitor with no account picks an amount, identifies with their bank (a bank-identification
// provider, simulated by the platform) and pays; the provider sends the browser back to
// /{langmarket}/signup/callback with a one-time code. The code is verified; a player whose e-mail
// and phone are known logs straight in, anyone else completes an update form first. Then the login
// runs and the screen redirects to the saved target path, or to PAYNPLAY_DEFAULT_TARGET_PATH.
//
// The browser leaves the app between the two halves, so one actor runs on /signup/pnp (amount →
// authorize → redirecting) and a fresh one on /signup/callback (verify code → [update form] →
// login). The input says which: `callback` is null on the first page. The target path travels in
// the return URL's query (no web storage).
//
// Each of authorize, verify code, update player and login player has its status in
// `context.status` (uninitialized / loading / success / error), besides the state value.
//
// src/ provides: loadVisitorContext (country as the platform sees it, ipAddress, blackbox),
// authorize, verifyCode, updatePlayer, loginPlayer (which also parses the id token's claims).
import { assertEvent, assign, fromPromise, setup } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent } from 'xstate';
import { errorCodeOf } from './lib/accessCodes';
import {
  CURRENCY_MAX_FRACTION_DIGITS,
  DEFAULT_SIGNUP_COUNTRY,
  PAYNPLAY_DEFAULT_TARGET_PATH,
  PAYNPLAY_MAX_DEPOSIT,
  PAYNPLAY_MIN_DEPOSIT,
} from './lib/constants';
import { COUNTRIES, COUNTRY_CODES, isCountryCode, type CountryCode } from './lib/countries';
import type { AuthenticatedSession } from './lib/identity';

// ---------------------------------------------------------------------------------------------
// Pure helpers (exported for the screens and the tests)

/** behaviour.md §4: the status each of the four calls has. */
export type CallStatus = 'uninitialized' | 'loading' | 'success' | 'error';
export type PayAndPlayCall = 'authorize' | 'verifyCode' | 'updatePlayer' | 'loginPlayer';
export type PayAndPlayStatus = Record<PayAndPlayCall, CallStatus>;

export type AmountError = 'required' | 'invalid' | 'fractionDigits' | 'tooLow' | 'tooHigh';
export type AmountCheck = { ok: true; amount: number } | { ok: false; error: AmountError };

const AMOUNT_SHAPE = /^(\d+)(?:[.,](\d+))?$/;

/**
 * Reads a typed deposit amount: digits with an optional decimal point or comma (spaces, as in
 * "1 000", are ignored), a positive number with at most CURRENCY_MAX_FRACTION_DIGITS fraction digits
 * (behaviour.md §9), between PAYNPLAY_MIN_DEPOSIT and PAYNPLAY_MAX_DEPOSIT.
 */
export function checkDepositAmount(text: string): AmountCheck {
  const compact = text.replace(/\s/g, '');
  if (compact === '') return { ok: false, error: 'required' };
  const match = AMOUNT_SHAPE.exec(compact);
  if (!match) return { ok: false, error: 'invalid' };
  const [, whole = '', fraction = ''] = match;
  if (fraction.length > CURRENCY_MAX_FRACTION_DIGITS) return { ok: false, error: 'fractionDigits' };
  const amount = Number(fraction === '' ? whole : `${whole}.${fraction}`);
  if (!Number.isFinite(amount) || amount <= 0) return { ok: false, error: 'invalid' };
  if (amount < PAYNPLAY_MIN_DEPOSIT) return { ok: false, error: 'tooLow' };
  if (amount > PAYNPLAY_MAX_DEPOSIT) return { ok: false, error: 'tooHigh' };
  return { ok: true, amount };
}

export type UpdateField = 'email' | 'phonePrefix' | 'phoneBody';
export type UpdateValues = Record<UpdateField, string>;
/** A field's error: a client code ('required', 'email.invalid', 'phone.invalid', 'prefix.invalid') or a server code. */
export type UpdateErrors = Partial<Record<UpdateField, string>>;

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const EMAIL_MAX_LENGTH = 254;
/** A national number: 4 to 14 digits once spaces and dashes are dropped (E.164 allows 15 with the prefix). */
const PHONE_BODY_SHAPE = /^\d{4,14}$/;
const DIALING_CODES: readonly string[] = COUNTRY_CODES.map((code) => COUNTRIES[code].dialingCode);

/** The update form's client-side rules; an empty object when the values may be sent. */
export function validateUpdate(values: UpdateValues): UpdateErrors {
  const errors: UpdateErrors = {};
  const email = values.email.trim();
  if (email === '') errors.email = 'required';
  else if (email.length > EMAIL_MAX_LENGTH || !EMAIL_SHAPE.test(email)) errors.email = 'email.invalid';
  if (!DIALING_CODES.includes(values.phonePrefix)) errors.phonePrefix = 'prefix.invalid';
  const body = values.phoneBody.replace(/[\s-]/g, '');
  if (body === '') errors.phoneBody = 'required';
  else if (!PHONE_BODY_SHAPE.test(body)) errors.phoneBody = 'phone.invalid';
  return errors;
}

/** Splits a stored mobilePhone ("+358401234567") into the form's prefix and body (longest known prefix). */
export function splitMobilePhone(mobilePhone: string | null, fallbackPrefix: string): { phonePrefix: string; phoneBody: string } {
  if (mobilePhone === null || mobilePhone === '') return { phonePrefix: fallbackPrefix, phoneBody: '' };
  const prefix = [...DIALING_CODES].sort((a, b) => b.length - a.length).find((code) => mobilePhone.startsWith(code));
  return prefix === undefined
    ? { phonePrefix: fallbackPrefix, phoneBody: mobilePhone.replace(/^\+/, '') }
    : { phonePrefix: prefix, phoneBody: mobilePhone.slice(prefix.length) };
}

/**
 * A target path the app may redirect to after login: a path under the langmarket ("/online-casino"),
 * never another origin ("//evil", "/\evil", "https://…") and never back into sign-up. Null otherwise.
 */
export function safeTargetPath(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length > 512) return null;
  if (!/^\/(?![/\\])[^\s\\]*$/.test(raw) || raw.includes('://')) return null;
  if (/^\/signup(?:[/?#]|$)/.test(raw)) return null;
  return raw;
}

/** Where the player lands: `/{langmarket}{target}`, the home page for the default "/". */
export function targetHref(langmarket: string, target: string | null): string {
  const path = target ?? PAYNPLAY_DEFAULT_TARGET_PATH;
  return path === '/' ? `/${langmarket}` : `/${langmarket}${path}`;
}

/**
 * The provider's return address: /{langmarket}/signup/callback, with the saved target as a query
 * parameter. A path, not a URL: the platform only sends the one-time code back to its own site.
 */
export function callbackReturnUrl(langmarket: string, target: string | null): string {
  const base = `/${langmarket}/signup/callback`;
  return target === null ? base : `${base}?${new URLSearchParams({ target }).toString()}`;
}

// ---------------------------------------------------------------------------------------------
// Types

/** What src/ knows about the visitor (the platform sees the IP address; '' when it is not known). */
export interface VisitorContext {
  /** The visitor's country as the platform sees it (the access check). */
  country: string;
  ipAddress: string;
  /** A device fingerprint for the platform's fraud checks. */
  blackbox: string;
}

export interface Visitor {
  /** A country of machines/lib/countries.ts; DEFAULT_SIGNUP_COUNTRY when the visitor's is not one. */
  country: CountryCode;
  currency: string;
  ipAddress: string;
  blackbox: string;
}

/** What the provider put on the return address (product.md §2 /signup/callback). */
export interface CallbackParams {
  code: string | null;
  sessionId: string | null;
  /** e.g. 'cancelled' when the visitor cancelled at the bank. */
  error: string | null;
}

export interface PayAndPlayInput {
  /** The route's `{language}-{MARKET}` segment. */
  langmarket: string;
  /** The saved target path (validated with safeTargetPath). */
  target: string | null;
  /** Null on /signup/pnp; the provider's answer on /signup/callback. */
  callback: CallbackParams | null;
}

export interface AuthorizeInput {
  amount: number;
  currency: string;
  country: string;
  returnUrl: string;
}
export interface AuthorizeResult {
  sessionId: string;
  redirectUrl: string;
}
export interface VerifyCodeInput {
  oneTimeCode: string;
  sessionId: string;
  ipAddress: string;
  blackbox: string;
}
export interface VerifyCodeResult {
  email: string | null;
  mobilePhone: string | null;
  playerId: number;
}
export interface UpdatePlayerInput {
  playerId: number;
  sessionId: string;
  email: string;
  phonePrefix: string;
  phoneBody: string;
}
export interface LoginPlayerInput {
  sessionId: string;
  metadata: { blackbox: string; ipAddress: string; country: string };
}
/** The login's answer: the id token and its claims (parsed by src/ with parseIdToken). */
export type LoginPlayerResult = AuthenticatedSession;

/** The flow's end, for the session: authorise the player, then go to redirectPath. */
export interface PayAndPlayOutput {
  session: AuthenticatedSession;
  redirectPath: string;
}

/** The client-side codes for an identification that did not come back with a code. */
export const IDENTIFICATION_CANCELLED = 'paynplay.identification.cancelled';
export const IDENTIFICATION_FAILED = 'paynplay.identification.failed';
/** A failure without a code of its own. */
export const UNKNOWN_ERROR = 'unknown.error';

export interface PayAndPlayContext {
  langmarket: string;
  target: string | null;
  callback: CallbackParams | null;
  visitor: Visitor;
  status: PayAndPlayStatus;
  /** The amount field as typed (kept on every error). */
  amountText: string;
  amountError: AmountError | null;
  /** The validated amount sent to authorize. */
  amount: number | null;
  /** The provider session: from authorize on the first page, from the return address on the callback. */
  sessionId: string | null;
  /** The provider page the screen sends the browser to. */
  redirectUrl: string | null;
  /** behaviour.md §4: stored when e-mail or phone is missing. */
  playerId: number | null;
  /** behaviour.md §4: "a flag is set and an update form follows". */
  needsUpdate: boolean;
  update: UpdateValues;
  updateErrors: UpdateErrors;
  /** The last refused call's code (or a client code above); null when nothing failed. */
  errorCode: string | null;
  login: LoginPlayerResult | null;
}

export type PayAndPlayEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'amount.submit' }
  | { type: 'update.change'; field: UpdateField; value: string }
  | { type: 'update.submit' }
  | { type: 'verify.retry' }
  | { type: 'login.retry' };

type PayAndPlayActorEvent =
  | DoneActorEvent<VisitorContext, 'loadVisitorContext'>
  | ErrorActorEvent<unknown, 'loadVisitorContext'>
  | DoneActorEvent<AuthorizeResult, 'authorize'>
  | ErrorActorEvent<unknown, 'authorize'>
  | DoneActorEvent<VerifyCodeResult, 'verifyCode'>
  | ErrorActorEvent<unknown, 'verifyCode'>
  | DoneActorEvent<unknown, 'updatePlayer'>
  | ErrorActorEvent<unknown, 'updatePlayer'>
  | DoneActorEvent<LoginPlayerResult, 'loginPlayer'>
  | ErrorActorEvent<unknown, 'loginPlayer'>;

/**
 * loading: a call runs (announce progress); form: the amount or update form takes input;
 * redirect: the screen sends the browser to `context.redirectUrl`; error: a failure with a retry.
 */
export type PayAndPlayTag = 'loading' | 'form' | 'redirect' | 'error';

const UNINITIALIZED: PayAndPlayStatus = {
  authorize: 'uninitialized',
  verifyCode: 'uninitialized',
  updatePlayer: 'uninitialized',
  loginPlayer: 'uninitialized',
};

function visitorFrom(context: VisitorContext | null): Visitor {
  const country: CountryCode = context !== null && isCountryCode(context.country) ? context.country : DEFAULT_SIGNUP_COUNTRY;
  return {
    country,
    currency: COUNTRIES[country].currency,
    ipAddress: context?.ipAddress ?? '',
    blackbox: context?.blackbox ?? '',
  };
}

/** Maps the server's field names onto the form's (mobilePhone is the joined phone). */
function updateErrorsFrom(error: unknown): UpdateErrors {
  const code = errorCodeOf(error);
  // 409: the e-mail belongs to another player (src/api/paynplay.ts).
  if (code === 'error.registration.player_already_exists') return { email: code };
  // 403: the SMS provider cannot deliver to the number (behaviour.md §8 error.vonage.validation).
  if (code === 'error.vonage.validation') return { phoneBody: code };
  const fieldErrors =
    typeof error === 'object' && error !== null && 'fieldErrors' in error && Array.isArray(error.fieldErrors)
      ? (error.fieldErrors as unknown[])
      : [];
  const errors: UpdateErrors = {};
  for (const entry of fieldErrors) {
    if (typeof entry !== 'object' || entry === null || !('field' in entry) || !('code' in entry)) continue;
    const { field, code: fieldCode } = entry;
    if (typeof fieldCode !== 'string') continue;
    if (field === 'email') errors.email = fieldCode;
    else if (field === 'phonePrefix') errors.phonePrefix = fieldCode;
    else if (field === 'phoneBody' || field === 'mobilePhone') errors.phoneBody = fieldCode;
  }
  return errors;
}

/** The flow's result; `done` is only reached through the login's success, which stores it. */
function outputOf(context: PayAndPlayContext): PayAndPlayOutput {
  if (context.login === null) throw new Error('payAndPlayMachine: done without a login');
  return { session: context.login, redirectPath: targetHref(context.langmarket, context.target) };
}

const withStatus = (status: PayAndPlayStatus, call: PayAndPlayCall, value: CallStatus): PayAndPlayStatus => ({
  ...status,
  [call]: value,
});

// ---------------------------------------------------------------------------------------------
// The machine

export const payAndPlayMachine = setup({
  types: {
    context: {} as PayAndPlayContext,
    events: {} as PayAndPlayEvent | PayAndPlayActorEvent,
    input: {} as PayAndPlayInput,
    output: {} as PayAndPlayOutput,
    tags: {} as PayAndPlayTag,
  },
  actors: {
    loadVisitorContext: fromPromise<VisitorContext>(() =>
      Promise.reject(new Error('payAndPlayMachine: provide the loadVisitorContext actor')),
    ),
    authorize: fromPromise<AuthorizeResult, AuthorizeInput>(() =>
      Promise.reject(new Error('payAndPlayMachine: provide the authorize actor')),
    ),
    verifyCode: fromPromise<VerifyCodeResult, VerifyCodeInput>(() =>
      Promise.reject(new Error('payAndPlayMachine: provide the verifyCode actor')),
    ),
    updatePlayer: fromPromise<unknown, UpdatePlayerInput>(() =>
      Promise.reject(new Error('payAndPlayMachine: provide the updatePlayer actor')),
    ),
    loginPlayer: fromPromise<LoginPlayerResult, LoginPlayerInput>(() =>
      Promise.reject(new Error('payAndPlayMachine: provide the loginPlayer actor')),
    ),
  },
  actions: {
    setStatus: assign(({ context }, params: { call: PayAndPlayCall; status: CallStatus }) => ({
      status: withStatus(context.status, params.call, params.status),
    })),
    assignVisitor: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loadVisitorContext');
      return { visitor: visitorFrom(event.output) };
    }),
    // The visitor's details could not be read: go on with the default country and no metadata.
    assignDefaultVisitor: assign({ visitor: () => visitorFrom(null) }),
    // On the callback the provider has authorized (a code came back) or not (an error came back).
    assignProviderAuthorized: assign(({ context }) => ({
      status: withStatus(context.status, 'authorize', 'success'),
      sessionId: context.callback?.sessionId ?? null,
    })),
    assignIdentificationError: assign(({ context }) => ({
      status: withStatus(context.status, 'authorize', 'error'),
      errorCode: context.callback?.error === 'cancelled' ? IDENTIFICATION_CANCELLED : IDENTIFICATION_FAILED,
    })),
    assignAmountText: assign(({ event }) => {
      assertEvent(event, 'amount.change');
      return { amountText: event.value, amountError: null };
    }),
    assignAmount: assign(({ context }) => {
      const check = checkDepositAmount(context.amountText);
      return { amount: check.ok ? check.amount : null, amountError: null, errorCode: null };
    }),
    assignAmountError: assign(({ context }) => {
      const check = checkDepositAmount(context.amountText);
      return { amountError: check.ok ? null : check.error };
    }),
    assignAuthorized: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.authorize');
      return { sessionId: event.output.sessionId, redirectUrl: event.output.redirectUrl };
    }),
    assignError: assign(({ event }) => {
      assertEvent(event, [
        'xstate.error.actor.authorize',
        'xstate.error.actor.verifyCode',
        'xstate.error.actor.loginPlayer',
      ]);
      return { errorCode: errorCodeOf(event.error) ?? UNKNOWN_ERROR };
    }),
    clearError: assign({ errorCode: null }),
    assignKnownPlayer: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.verifyCode');
      return { playerId: event.output.playerId, needsUpdate: false };
    }),
    // behaviour.md §4: the player id is stored and a flag set; what is known pre-fills the form.
    assignUnknownPlayer: assign(({ context, event }) => {
      assertEvent(event, 'xstate.done.actor.verifyCode');
      const { email, mobilePhone, playerId } = event.output;
      const phone = splitMobilePhone(mobilePhone, COUNTRIES[context.visitor.country].dialingCode);
      return { playerId, needsUpdate: true, update: { email: email ?? '', ...phone }, updateErrors: {} };
    }),
    assignUpdateValue: assign(({ context, event }) => {
      assertEvent(event, 'update.change');
      // The field being edited loses its error; the others keep theirs until the next submit.
      const updateErrors: UpdateErrors = { ...context.updateErrors, [event.field]: undefined };
      return { update: { ...context.update, [event.field]: event.value }, updateErrors, errorCode: null };
    }),
    assignUpdateInvalid: assign(({ context }) => ({ updateErrors: validateUpdate(context.update) })),
    clearUpdateErrors: assign({ updateErrors: {}, errorCode: null }),
    assignUpdateError: assign(({ event }) => {
      assertEvent(event, 'xstate.error.actor.updatePlayer');
      const updateErrors = updateErrorsFrom(event.error);
      const code = errorCodeOf(event.error) ?? UNKNOWN_ERROR;
      // A refusal that names a field is shown on that field; anything else above the form.
      return { updateErrors, errorCode: Object.keys(updateErrors).length > 0 ? null : code };
    }),
    assignLogin: assign(({ event }) => {
      assertEvent(event, 'xstate.done.actor.loginPlayer');
      return { login: event.output };
    }),
  },
  guards: {
    hasOneTimeCode: ({ context }) =>
      context.callback !== null &&
      context.callback.error === null &&
      (context.callback.code ?? '') !== '' &&
      (context.callback.sessionId ?? '') !== '',
    isCallback: ({ context }) => context.callback !== null,
    isAmountValid: ({ context }) => checkDepositAmount(context.amountText).ok,
    // behaviour.md §4: "if both email and phone are known the flow continues to the next step".
    isKnownPlayer: ({ event }) => {
      assertEvent(event, 'xstate.done.actor.verifyCode');
      return (event.output.email ?? '') !== '' && (event.output.mobilePhone ?? '') !== '';
    },
    isUpdateValid: ({ context }) => Object.keys(validateUpdate(context.update)).length === 0,
  },
}).createMachine({
  id: 'payAndPlay',
  context: ({ input }) =>
    ({
      langmarket: input.langmarket,
      target: safeTargetPath(input.target),
      callback: input.callback,
      visitor: visitorFrom(null),
      status: UNINITIALIZED,
      amountText: '',
      amountError: null,
      amount: null,
      sessionId: null,
      redirectUrl: null,
      playerId: null,
      needsUpdate: false,
      update: { email: '', phonePrefix: COUNTRIES[visitorFrom(null).country].dialingCode, phoneBody: '' },
      updateErrors: {},
      errorCode: null,
      login: null,
    }) satisfies PayAndPlayContext,
  initial: 'starting',
  states: {
    // Reads the visitor's country, IP address and device fingerprint, then goes where the input
    // says: the amount form, or (on the callback) the code check or the identification failure.
    starting: {
      tags: 'loading',
      invoke: {
        id: 'loadVisitorContext',
        src: 'loadVisitorContext',
        onDone: [
          { guard: 'hasOneTimeCode', target: 'verifyingCode', actions: ['assignVisitor', 'assignProviderAuthorized'] },
          { guard: 'isCallback', target: 'identificationFailed', actions: ['assignVisitor', 'assignIdentificationError'] },
          { target: 'amount', actions: 'assignVisitor' },
        ],
        onError: [
          { guard: 'hasOneTimeCode', target: 'verifyingCode', actions: ['assignDefaultVisitor', 'assignProviderAuthorized'] },
          { guard: 'isCallback', target: 'identificationFailed', actions: ['assignDefaultVisitor', 'assignIdentificationError'] },
          { target: 'amount', actions: 'assignDefaultVisitor' },
        ],
      },
    },
    amount: {
      tags: 'form',
      on: {
        'amount.change': { actions: 'assignAmountText' },
        'amount.submit': [
          { guard: 'isAmountValid', target: 'authorizing', actions: 'assignAmount' },
          { actions: 'assignAmountError' },
        ],
      },
    },
    authorizing: {
      tags: 'loading',
      entry: { type: 'setStatus', params: { call: 'authorize', status: 'loading' } },
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({
          amount: context.amount ?? 0,
          currency: context.visitor.currency,
          country: context.visitor.country,
          returnUrl: callbackReturnUrl(context.langmarket, context.target),
        }),
        onDone: {
          target: 'redirecting',
          actions: [{ type: 'setStatus', params: { call: 'authorize', status: 'success' } }, 'assignAuthorized'],
        },
        // Back to the form, amount kept, with the refusal shown above it.
        onError: {
          target: 'amount',
          actions: [{ type: 'setStatus', params: { call: 'authorize', status: 'error' } }, 'assignError'],
        },
      },
    },
    // The screen sends the browser to the provider page (context.redirectUrl); the app unloads.
    redirecting: { tags: 'redirect' },
    // The provider came back without a code (cancelled at the bank, or failed): the screen offers
    // to start again on /signup/pnp.
    identificationFailed: { tags: 'error' },
    verifyingCode: {
      tags: 'loading',
      entry: [{ type: 'setStatus', params: { call: 'verifyCode', status: 'loading' } }, 'clearError'],
      invoke: {
        id: 'verifyCode',
        src: 'verifyCode',
        input: ({ context }) => ({
          oneTimeCode: context.callback?.code ?? '',
          sessionId: context.sessionId ?? '',
          ipAddress: context.visitor.ipAddress,
          blackbox: context.visitor.blackbox,
        }),
        onDone: [
          {
            guard: 'isKnownPlayer',
            target: 'loggingIn',
            actions: [{ type: 'setStatus', params: { call: 'verifyCode', status: 'success' } }, 'assignKnownPlayer'],
          },
          {
            target: 'updateForm',
            actions: [{ type: 'setStatus', params: { call: 'verifyCode', status: 'success' } }, 'assignUnknownPlayer'],
          },
        ],
        onError: {
          target: 'verificationFailed',
          actions: [{ type: 'setStatus', params: { call: 'verifyCode', status: 'error' } }, 'assignError'],
        },
      },
    },
    // A refused or unreachable code check. A one-time code cannot be replayed, so the screen offers
    // a new identification; `verify.retry` asks again (for a request that never arrived).
    verificationFailed: {
      tags: 'error',
      on: { 'verify.retry': 'verifyingCode' },
    },
    updateForm: {
      tags: 'form',
      on: {
        'update.change': { actions: 'assignUpdateValue' },
        'update.submit': [
          { guard: 'isUpdateValid', target: 'updatingPlayer', actions: 'clearUpdateErrors' },
          { actions: 'assignUpdateInvalid' },
        ],
      },
    },
    updatingPlayer: {
      tags: 'loading',
      entry: { type: 'setStatus', params: { call: 'updatePlayer', status: 'loading' } },
      invoke: {
        id: 'updatePlayer',
        src: 'updatePlayer',
        input: ({ context }) => ({
          playerId: context.playerId ?? 0,
          sessionId: context.sessionId ?? '',
          email: context.update.email.trim(),
          phonePrefix: context.update.phonePrefix,
          phoneBody: context.update.phoneBody.replace(/[\s-]/g, ''),
        }),
        onDone: {
          target: 'loggingIn',
          actions: { type: 'setStatus', params: { call: 'updatePlayer', status: 'success' } },
        },
        // Back to the form with everything typed kept and the refusal shown.
        onError: {
          target: 'updateForm',
          actions: [{ type: 'setStatus', params: { call: 'updatePlayer', status: 'error' } }, 'assignUpdateError'],
        },
      },
    },
    loggingIn: {
      tags: 'loading',
      entry: [{ type: 'setStatus', params: { call: 'loginPlayer', status: 'loading' } }, 'clearError'],
      invoke: {
        id: 'loginPlayer',
        src: 'loginPlayer',
        input: ({ context }) => ({
          sessionId: context.sessionId ?? '',
          metadata: {
            blackbox: context.visitor.blackbox,
            ipAddress: context.visitor.ipAddress,
            country: context.visitor.country,
          },
        }),
        onDone: {
          target: 'done',
          actions: [{ type: 'setStatus', params: { call: 'loginPlayer', status: 'success' } }, 'assignLogin'],
        },
        onError: {
          target: 'loginFailed',
          actions: [{ type: 'setStatus', params: { call: 'loginPlayer', status: 'error' } }, 'assignError'],
        },
      },
    },
    loginFailed: {
      tags: 'error',
      on: { 'login.retry': 'loggingIn' },
    },
    // The screen sends session.authenticated with the output and goes to output.redirectPath.
    done: { type: 'final' },
  },
  output: ({ context }) => outputOf(context),
});
