// Pay and play (behaviour.md §4 "Pay and play", §7 "Pay and play"; product.md §3 "Pay-and-play"):
// a visitor with no account picks an amount, identifies with their bank (a bank-identification
// provider, simulated by the platform) and pays; the provider sends the browser back to
// /{langmarket}/signup/callback with a one-time code. The code is verified; a player whose e-mail
// and phone are known logs straight in, anyone else completes an update form first. Then the login
// runs and the flow ends with the session and the saved target path (or the default one).
//
// The browser leaves the app between the two halves, so one actor runs on /signup/pnp (amount →
// authorize → redirecting) and a fresh one on /signup/callback (verify code → [update form] →
// login). The input says which: `callback` is null on the first page. The target path travels in
// the return URL's query (no web storage).
//
// The rules (amount, fields, country, paths) are machines/lib/payAndPlay.ts. src/app provides the
// actors (loadVisitorContext, authorize, verifyCode, updatePlayer, loginPlayer: the platform's calls)
// and the action redirectToProvider (the browser goes to the provider's page).
import { assign, fromPromise, setup } from 'xstate';
import { errorCodeOf } from './lib/accessCodes';
import {
  UNINITIALIZED_STATUS,
  UNKNOWN_ERROR,
  callbackReturnUrl,
  keptAmountText,
  checkDepositForm,
  defaultLimitDuration,
  depositFormOk,
  fieldErrorsOf,
  hasOneTimeCode,
  identificationErrorOf,
  initialUpdateValues,
  isKnownPlayer,
  payAndPlayTarget,
  targetHref,
  updateErrorsFrom,
  updateRequestValues,
  validateUpdate,
  visitorFor,
  withStatus,
  type AmountError,
  type CallStatus,
  type DepositForm,
  type FirstLimitError,
  type CallbackParams,
  type PayAndPlayCall,
  type PayAndPlayStatus,
  type UpdateErrors,
  type UpdateField,
  type UpdateValues,
  type Visitor,
  type VisitorContext,
} from './lib/payAndPlay';
import type { AuthenticatedSession } from './lib/identity';
import type { LimitDuration } from './lib/responsibleGambling';

export interface PayAndPlayInput {
  /** The route's `{language}-{MARKET}` segment. */
  langmarket: string;
  /** The saved target path (checked again with payAndPlayTarget). */
  target: string | null;
  /** The amount sent to the bank before (from the address; checked again with keptAmountText): the form starts with it. */
  amount: string | null;
  /** Null on /signup/pnp; the provider's answer on /signup/callback. */
  callback: CallbackParams | null;
}

export interface AuthorizeInput {
  amount: number;
  currency: string;
  country: string;
  /** The route's language: a new player's language. */
  language: string;
  returnUrl: string;
  /** The deposit limit a new player brings where the market requires one first (issue 21); null otherwise. */
  limit: { duration: LimitDuration; amount: number } | null;
}
export interface AuthorizeResult {
  sessionId: string;
  /** The provider's page. */
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
export interface UpdatePlayerInput extends UpdateValues {
  playerId: number;
  sessionId: string;
}
export interface LoginPlayerInput {
  sessionId: string;
  metadata: { blackbox: string; ipAddress: string; country: string };
}

/** What the session gets when the flow is done: authorise with `session`, then go to `redirectPath`. */
export interface PayAndPlayOutput {
  session: AuthenticatedSession;
  redirectPath: string;
}

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
  /** The first deposit limit as typed, where the market requires one (visitor.firstLimit). */
  limitText: string;
  /** Its period: the market's required one, or the player's choice where any period will do. */
  limitDuration: LimitDuration;
  limitError: FirstLimitError | null;
  /** The validated limit sent to authorize; null without one. */
  limit: { duration: LimitDuration; amount: number } | null;
  /** The provider session: from authorize on the first page, from the return address on the callback. */
  sessionId: string | null;
  /** The provider page the browser is sent to (also offered as a link while it goes). */
  redirectUrl: string | null;
  /** behaviour.md §4: stored when e-mail or phone is missing. */
  playerId: number | null;
  /** behaviour.md §4: "a flag is set and an update form follows". */
  needsUpdate: boolean;
  /** What the player already has: the form shows it read-only (only missing fields may be filled). */
  known: { email: boolean; phone: boolean };
  update: UpdateValues;
  updateErrors: UpdateErrors;
  /** The last refused call's code (or a client code); null when nothing failed. */
  errorCode: string | null;
  /** The login's answer, the flow's output. */
  session: AuthenticatedSession | null;
}

export type PayAndPlayEvent =
  | { type: 'amount.change'; value: string }
  | { type: 'amount.submit' }
  | { type: 'limit.change'; value: string }
  | { type: 'limit.duration'; duration: LimitDuration }
  | { type: 'update.change'; field: UpdateField; value: string }
  | { type: 'update.submit' }
  | { type: 'verify.retry' }
  | { type: 'login.retry' };

/**
 * What the screen shows. loading: a call runs; form: a form takes input; error: a failure (the
 * screen offers the retry the flow accepts, `snapshot.can`); starting, amount, update, redirecting,
 * verifying, loggingIn, done: which step and which progress text.
 */
export type PayAndPlayTag =
  | 'loading'
  | 'form'
  | 'error'
  | 'starting'
  | 'amount'
  | 'update'
  | 'redirecting'
  | 'verifying'
  | 'loggingIn'
  | 'done';

/** The amount form's fields as the shared rule reads them. */
const depositFormOf = (context: PayAndPlayContext): DepositForm => ({
  amountText: context.amountText,
  limitText: context.limitText,
  limitDuration: context.limitDuration,
});

export const payAndPlayMachine = setup({
  types: {
    context: {} as PayAndPlayContext,
    events: {} as PayAndPlayEvent,
    input: {} as PayAndPlayInput,
    output: {} as PayAndPlayOutput,
    tags: {} as PayAndPlayTag,
  },
  actors: {
    loadVisitorContext: fromPromise<VisitorContext, { langmarket: string }>(() =>
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
    loginPlayer: fromPromise<AuthenticatedSession, LoginPlayerInput>(() =>
      Promise.reject(new Error('payAndPlayMachine: provide the loginPlayer actor')),
    ),
  },
  actions: {
    /** The browser goes to the provider's page (src/app provides window.location.assign). */
    redirectToProvider: (_, params: { url: string }) => {
      throw new Error(`payAndPlayMachine: provide the redirectToProvider action (to ${params.url})`);
    },
    setStatus: assign(({ context }, params: { call: PayAndPlayCall; status: CallStatus }) => ({
      status: withStatus(context.status, params.call, params.status),
    })),
    assignVisitor: assign(({ context }, params: { visitor: VisitorContext | null }) => {
      const visitor = visitorFor(context.langmarket, params.visitor);
      return { visitor, limitDuration: defaultLimitDuration(visitor.firstLimit) };
    }),
    assignProviderSession: assign((_, params: { sessionId: string | null }) => ({ sessionId: params.sessionId })),
    assignError: assign((_, params: { code: string }) => ({ errorCode: params.code })),
    clearError: assign({ errorCode: null }),
    assignAmountText: assign((_, params: { value: string }) => ({ amountText: params.value, amountError: null })),
    // A changed limit may make the amount fit it again: both lose their errors.
    assignLimitText: assign((_, params: { value: string }) => ({ limitText: params.value, limitError: null, amountError: null })),
    assignLimitDuration: assign((_, params: { duration: LimitDuration }) => ({ limitDuration: params.duration, limitError: null, amountError: null })),
    assignAmount: assign(({ context }) => {
      const check = checkDepositForm(depositFormOf(context), context.visitor.firstLimit);
      return {
        amount: check.amount.ok ? check.amount.amount : null,
        limit: check.limit?.ok === true ? { duration: check.limit.duration, amount: check.limit.limit } : null,
        amountError: null,
        limitError: null,
        errorCode: null,
      };
    }),
    assignAmountError: assign(({ context }) => {
      const check = checkDepositForm(depositFormOf(context), context.visitor.firstLimit);
      return {
        amountError: check.amount.ok ? null : check.amount.error,
        limitError: check.limit === null || check.limit.ok ? null : check.limit.error,
      };
    }),
    assignAuthorized: assign((_, params: { sessionId: string; redirectUrl: string }) => ({
      sessionId: params.sessionId,
      redirectUrl: params.redirectUrl,
    })),
    assignKnownPlayer: assign((_, params: { playerId: number }) => ({ playerId: params.playerId, needsUpdate: false })),
    assignUnknownPlayer: assign(({ context }, params: VerifyCodeResult) => ({
      playerId: params.playerId,
      needsUpdate: true,
      known: { email: (params.email ?? '') !== '', phone: (params.mobilePhone ?? '') !== '' },
      update: initialUpdateValues(context.visitor.country, params),
      updateErrors: {},
    })),
    assignUpdateValue: assign(({ context }, params: { field: UpdateField; value: string }) => ({
      update: { ...context.update, [params.field]: params.value },
      // The field being edited loses its error; the others keep theirs until the next submit.
      updateErrors: { ...context.updateErrors, [params.field]: undefined },
      errorCode: null,
    })),
    assignUpdateInvalid: assign(({ context }) => ({ updateErrors: validateUpdate(context.update) })),
    clearUpdateErrors: assign({ updateErrors: {}, errorCode: null }),
    assignUpdateRefusal: assign((_, params: { code: string; updateErrors: UpdateErrors }) => ({
      updateErrors: params.updateErrors,
      // A refusal that names a field is shown on that field; anything else above the form.
      errorCode: Object.keys(params.updateErrors).length > 0 ? null : params.code,
    })),
    assignSession: assign((_, params: { session: AuthenticatedSession }) => ({ session: params.session })),
  },
  guards: {
    hasOneTimeCode: ({ context }) => hasOneTimeCode(context.callback),
    isCallback: ({ context }) => context.callback !== null,
    isAmountValid: ({ context }) => depositFormOk(checkDepositForm(depositFormOf(context), context.visitor.firstLimit)),
    isKnownPlayer: (_, params: { email: string | null; mobilePhone: string | null }) => isKnownPlayer(params),
    isUpdateValid: ({ context }) => Object.keys(validateUpdate(context.update)).length === 0,
  },
}).createMachine({
  id: 'payAndPlay',
  description:
    'behaviour.md §4 "Pay and play", §7 "Pay and play"; product.md §2 `/signup/pnp`, `/signup/callback`. One ' +
    'actor per page, since the browser visits the bank in between. On `/signup/pnp` (input `callback: ' +
    'null`): the amount (presets `PAY_AND_PLAY_PRESET_AMOUNTS` or custom, ' +
    '`PAY_AND_PLAY_MIN_DEPOSIT`..`PAY_AND_PLAY_MAX_DEPOSIT`, at most 2 decimals) and, where the country\'s ' +
    'market requires a deposit limit first (SE, DE: `firstLimitRule`), that limit, which the amount may not ' +
    'exceed; then `authorize` in a pay-and-play country (`PAY_AND_PLAY_COUNTRIES`: the route\'s market\'s, ' +
    'else the one the platform sees, else the default) with the route\'s language and a return path `/{langmarket}/signup/callback?target=…`; entering `redirecting` runs the ' +
    '`redirectToProvider` action (the browser goes to the bank page). On `/signup/callback` (input with ' +
    '`code`, `sessionId` or `error`): `verifyCode`; a player whose e-mail and phone are known goes straight ' +
    'to `loginPlayer`, anyone else keeps the player id (`needsUpdate`) and fills the update form ' +
    '(`updatePlayer`, which only fills fields the player does not have) first. `done` outputs `{ session, ' +
    'redirectPath }`: the saved target (machines/lib/payAndPlay.ts `payAndPlayTarget`, a `sameSitePath` ' +
    'outside sign-up), else `PAY_AND_PLAY_DEFAULT_TARGET_PATH` (the home page). `context.status` holds ' +
    'uninitialized / loading / success / error for authorize, verifyCode, updatePlayer and loginPlayer. ' +
    'Screens read the tags (`loading`, `form`, `error`, and the step: `starting`, `amount`, `update`, ' +
    '`redirecting`, `verifying`, `loggingIn`, `done`) and offer a retry when the flow accepts one.',
  context: ({ input }) =>
    ({
      langmarket: input.langmarket,
      target: payAndPlayTarget(input.target),
      callback: input.callback,
      visitor: visitorFor(input.langmarket, null),
      status: UNINITIALIZED_STATUS,
      amountText: keptAmountText(input.amount),
      amountError: null,
      amount: null,
      limitText: '',
      limitDuration: defaultLimitDuration(visitorFor(input.langmarket, null).firstLimit),
      limitError: null,
      limit: null,
      sessionId: null,
      redirectUrl: null,
      playerId: null,
      needsUpdate: false,
      known: { email: false, phone: false },
      update: initialUpdateValues(visitorFor(input.langmarket, null).country, null),
      updateErrors: {},
      errorCode: null,
      session: null,
    }) satisfies PayAndPlayContext,
  initial: 'starting',
  states: {
    starting: {
      description:
        "Reads the visitor's device fingerprint, the country the platform sees (the route's market decides the country when it has one) and the rules of its market (a deposit limit first?), then goes where the input says: the amount form, or, on the callback, the code check or the identification failure.",
      tags: ['loading', 'starting'],
      invoke: {
        id: 'loadVisitorContext',
        src: 'loadVisitorContext',
        input: ({ context }) => ({ langmarket: context.langmarket }),
        onDone: [
          {
            guard: 'hasOneTimeCode',
            target: 'verifyingCode',
            actions: [
              { type: 'assignVisitor', params: ({ event }) => ({ visitor: event.output }) },
              { type: 'setStatus', params: { call: 'authorize', status: 'success' } },
              { type: 'assignProviderSession', params: ({ context }) => ({ sessionId: context.callback?.sessionId ?? null }) },
            ],
          },
          {
            guard: 'isCallback',
            target: 'identificationFailed',
            actions: [
              { type: 'assignVisitor', params: ({ event }) => ({ visitor: event.output }) },
              { type: 'setStatus', params: { call: 'authorize', status: 'error' } },
              { type: 'assignError', params: ({ context }) => ({ code: identificationErrorOf(context.callback) }) },
            ],
          },
          { target: 'amount', actions: { type: 'assignVisitor', params: ({ event }) => ({ visitor: event.output }) } },
        ],
        onError: [
          {
            guard: 'hasOneTimeCode',
            target: 'verifyingCode',
            description: 'The visitor details could not be read: go on with the route market country and no metadata.',
            actions: [
              { type: 'assignVisitor', params: { visitor: null } },
              { type: 'setStatus', params: { call: 'authorize', status: 'success' } },
              { type: 'assignProviderSession', params: ({ context }) => ({ sessionId: context.callback?.sessionId ?? null }) },
            ],
          },
          {
            guard: 'isCallback',
            target: 'identificationFailed',
            actions: [
              { type: 'assignVisitor', params: { visitor: null } },
              { type: 'setStatus', params: { call: 'authorize', status: 'error' } },
              { type: 'assignError', params: ({ context }) => ({ code: identificationErrorOf(context.callback) }) },
            ],
          },
          { target: 'amount', actions: { type: 'assignVisitor', params: { visitor: null } } },
        ],
      },
    },
    amount: {
      description:
        'The amount form: preset amounts or a typed one, within the deposit bounds; where the market requires a deposit limit before the first deposit (Sweden, Germany), the limit too, and the amount may not exceed it.',
      tags: ['form', 'amount'],
      on: {
        'amount.change': { actions: { type: 'assignAmountText', params: ({ event }) => ({ value: event.value }) } },
        'limit.change': { actions: { type: 'assignLimitText', params: ({ event }) => ({ value: event.value }) } },
        'limit.duration': { actions: { type: 'assignLimitDuration', params: ({ event }) => ({ duration: event.duration }) } },
        'amount.submit': [
          { guard: 'isAmountValid', target: 'authorizing', actions: 'assignAmount' },
          { description: 'An invalid amount stays on the form with its error.', actions: 'assignAmountError' },
        ],
      },
    },
    authorizing: {
      description: "Opens a provider session for the amount in the visitor's currency and country, with the first deposit limit where the market requires one.",
      tags: ['loading', 'amount'],
      entry: { type: 'setStatus', params: { call: 'authorize', status: 'loading' } },
      invoke: {
        id: 'authorize',
        src: 'authorize',
        input: ({ context }) => ({
          amount: context.amount ?? 0,
          currency: context.visitor.currency,
          country: context.visitor.country,
          language: context.visitor.language,
          returnUrl: callbackReturnUrl(context.langmarket, context.target, context.amount),
          limit: context.limit,
        }),
        onDone: {
          target: 'redirecting',
          actions: [
            { type: 'setStatus', params: { call: 'authorize', status: 'success' } },
            { type: 'assignAuthorized', params: ({ event }) => event.output },
          ],
        },
        onError: {
          target: 'amount',
          description: 'Back to the form, amount kept, with the refusal shown above it.',
          actions: [
            { type: 'setStatus', params: { call: 'authorize', status: 'error' } },
            { type: 'assignError', params: ({ event }) => ({ code: errorCodeOf(event.error) ?? UNKNOWN_ERROR }) },
          ],
        },
      },
    },
    redirecting: {
      description: "The browser goes to the provider's page; the app unloads and comes back on /signup/callback.",
      tags: ['loading', 'redirecting'],
      entry: { type: 'redirectToProvider', params: ({ context }) => ({ url: context.redirectUrl ?? '' }) },
    },
    identificationFailed: {
      description: 'The provider came back without a code (cancelled at the bank, or failed): the screen offers a new start.',
      tags: ['error'],
    },
    verifyingCode: {
      description: "Checks the provider's one-time code; the platform finds or creates the player and books the deposit.",
      tags: ['loading', 'verifying'],
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
            guard: { type: 'isKnownPlayer', params: ({ event }) => event.output },
            target: 'loggingIn',
            description: 'behaviour.md §4: e-mail and phone known, the flow goes on to the login.',
            actions: [
              { type: 'setStatus', params: { call: 'verifyCode', status: 'success' } },
              { type: 'assignKnownPlayer', params: ({ event }) => ({ playerId: event.output.playerId }) },
            ],
          },
          {
            target: 'updateForm',
            description: 'behaviour.md §4: the player id is stored, a flag set, and the update form follows.',
            actions: [
              { type: 'setStatus', params: { call: 'verifyCode', status: 'success' } },
              { type: 'assignUnknownPlayer', params: ({ event }) => event.output },
            ],
          },
        ],
        onError: {
          target: 'verificationFailed',
          actions: [
            { type: 'setStatus', params: { call: 'verifyCode', status: 'error' } },
            { type: 'assignError', params: ({ event }) => ({ code: errorCodeOf(event.error) ?? UNKNOWN_ERROR }) },
          ],
        },
      },
    },
    verificationFailed: {
      description: 'A refused or unreachable code check. A one-time code cannot be replayed, so the screen offers a new identification; a retry asks again for a request that never arrived.',
      tags: ['error'],
      on: { 'verify.retry': 'verifyingCode' },
    },
    updateForm: {
      description: "The update form: the e-mail and mobile phone the player does not have yet, prefilled with what is known and the country's prefix.",
      tags: ['form', 'update'],
      on: {
        'update.change': {
          actions: { type: 'assignUpdateValue', params: ({ event }) => ({ field: event.field, value: event.value }) },
        },
        'update.submit': [
          { guard: 'isUpdateValid', target: 'updatingPlayer', actions: 'clearUpdateErrors' },
          { description: 'The form rules refuse: each field shows its error.', actions: 'assignUpdateInvalid' },
        ],
      },
    },
    updatingPlayer: {
      description: "Saves the e-mail and phone on the player (the platform only fills fields the player does not have).",
      tags: ['loading', 'update'],
      entry: { type: 'setStatus', params: { call: 'updatePlayer', status: 'loading' } },
      invoke: {
        id: 'updatePlayer',
        src: 'updatePlayer',
        input: ({ context }) => ({
          playerId: context.playerId ?? 0,
          sessionId: context.sessionId ?? '',
          ...updateRequestValues(context.update),
        }),
        onDone: {
          target: 'loggingIn',
          actions: { type: 'setStatus', params: { call: 'updatePlayer', status: 'success' } },
        },
        onError: {
          target: 'updateForm',
          description: 'Back to the form with everything typed kept and the refusal shown on its field.',
          actions: [
            { type: 'setStatus', params: { call: 'updatePlayer', status: 'error' } },
            {
              type: 'assignUpdateRefusal',
              params: ({ event }) => ({
                code: errorCodeOf(event.error) ?? UNKNOWN_ERROR,
                updateErrors: updateErrorsFrom(errorCodeOf(event.error), fieldErrorsOf(event.error)),
              }),
            },
          ],
        },
      },
    },
    loggingIn: {
      description: 'Logs the identified player in; the answer is the id token and its claims.',
      tags: ['loading', 'loggingIn'],
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
          actions: [
            { type: 'setStatus', params: { call: 'loginPlayer', status: 'success' } },
            { type: 'assignSession', params: ({ event }) => ({ session: event.output }) },
          ],
        },
        onError: {
          target: 'loginFailed',
          actions: [
            { type: 'setStatus', params: { call: 'loginPlayer', status: 'error' } },
            { type: 'assignError', params: ({ event }) => ({ code: errorCodeOf(event.error) ?? UNKNOWN_ERROR }) },
          ],
        },
      },
    },
    loginFailed: {
      description: 'The login was refused or did not arrive; a retry logs in again with the same session.',
      tags: ['error'],
      on: { 'login.retry': 'loggingIn' },
    },
    done: {
      description: 'Logged in: the output carries the session and where to go (the saved target, else the default path).',
      type: 'final',
      tags: ['done'],
    },
  },
  output: ({ context }) => {
    // `done` is only reached through the login's success, which stores the session.
    if (context.session === null) throw new Error('payAndPlayMachine: done without a login');
    return { session: context.session, redirectPath: targetHref(context.langmarket, context.target) };
  },
});
