// Per-flow models for `npm run paths` (scripts/lib/machinePaths.ts): the input a route and the
// session give the flow, and the sample events the walk tries, taken from the flow's machine path
// test (tests/machines/<flow>.machine.test.ts), so a tester reads one scenario per state and
// transition. Where the test's inputs, answers and `eventsFor` are fixtures of their own
// (tests/machines/lib/<flow>.fixtures.ts, identity.ts, games.ts), the model imports them rather
// than copying them, in a smaller form where the test replays more combinations than a tester
// needs (withdraw). A flow without a model is walked with `{ type }` events only, and its input
// undefined.
import { assign } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE } from '../../machines/lib/accessCodes';
import { CODE_ERROR_CODES } from '../../machines/lib/codeErrors';
import { IDLE_LIMIT_MS, IDLE_WARNING_MS, SESSION_KEEPALIVE_MS } from '../../machines/lib/constants';
import { OLD_PASSWORD_INCORRECT } from '../../machines/passwordChange.machine';
import { ApiError } from '../../src/api/errors';
import { eventsIn as activityTimerEventsIn } from '../../tests/machines/lib/activityTimer.fixtures';
import { eventsIn as bonusCodeEventsIn } from '../../tests/machines/lib/bonusCode.fixtures';
import { CASHIER, CHECK_ROWS, eventsFor as depositEventsFor, PAYOUT_RESTRICTED, PLAYER as DEPOSIT_PLAYER, RETURNING } from '../../tests/machines/lib/deposit.fixtures';
import { eventsFor as gamblingLimitsEventsFor, INPUT as LIMITS_INPUT } from '../../tests/machines/lib/gamblingLimits.fixtures';
import { EVOLUTION_TABLE, gameDetail, SLOT } from '../../tests/machines/lib/games';
import { LOGGED_IN } from '../../tests/machines/lib/identity';
import { callbackInput, cancelledInput, events as PAY_AND_PLAY_EVENTS, startInput } from '../../tests/machines/lib/payAndPlay.fixtures';
import { eventsFor as signupEventsFor, INPUT as SIGNUP_INPUT } from '../../tests/machines/lib/signup.fixtures';
import { eventsFor as transactionHistoryEventsFor } from '../../tests/machines/lib/transactionHistory.fixtures';
import { BRITISH, CHECK_ROWS as WITHDRAW_CHECK_ROWS, eventsFor as withdrawEventsFor, factorRequired, FINNISH, NO_ACCESS, SUSPENDED } from '../../tests/machines/lib/withdraw.fixtures';
import type { PathModel } from './machinePaths';
import { eventsIn as marketingPreferencesEventsIn } from '../../tests/machines/lib/marketingPreferences.fixtures';
import { verificationEventsIn, verificationModalEventsIn } from '../../tests/machines/lib/verification.fixtures';
import { eventsIn as accountClosureEventsIn } from '../../tests/machines/lib/accountClosure.fixtures';
import { eventsIn as languageSettingEventsIn, INPUT as LANGUAGE_SETTING_INPUT } from '../../tests/machines/lib/languageSetting.fixtures';
import { eddEventsIn } from '../../tests/machines/lib/edd.fixtures';
import { secondFactorSetupEventsIn } from '../../tests/machines/lib/secondFactorSetup.fixtures';
import { cookieConsentEventsIn } from '../../tests/machines/lib/cookieConsent.fixtures';
import { addressEventsIn, CANADIAN as CANADIAN_PROVINCE_PLAYER, FINNISH as FINNISH_PROVINCE_PLAYER, provinceEventsIn } from '../../tests/machines/lib/addressChange.fixtures';
import type { EddAnswers } from '../../machines/lib/edd';
import { eventsIn as rewardsEventsIn } from '../../tests/machines/lib/rewards.fixtures';

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
/** A failed call as the app's API client reports it (src/api/errors.ts ApiError: kind, status, code). */
const apiFailed = (id: string, error: ApiError): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;
const offline = new ApiError('network', 0, 'network.error', 'Network Error');

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as Record<string, unknown>;

// ---- deposit (tests/machines/deposit.machine.test.ts; its inputs and events from tests/machines/lib/deposit.fixtures.ts) ----
const deposit: PathModel = {
  input: CASHIER,
  // Back from the provider with the deposit's id; a player who may not deposit; one whose payouts are restricted.
  moreInputs: [RETURNING, { ...CASHIER, player: { ...DEPOSIT_PLAYER, access: { deposit: false, payout: true, withdrawal: true } } }, PAYOUT_RESTRICTED],
  // A key the walk can predict (src/app makes a random one).
  provide: (machine: AnyStateMachine) =>
    machine.provide({
      actions: { assignIdempotencyKey: assign({ idempotencyKey: ({ context }: { context: Record<string, unknown> }) => `key-${String(context.amountText)}-${String(context.methodId)}` }) },
    } as never),
  // The test's eventsFor: every row of behaviour.md §4's check table, the limit notices, the form's
  // refusals and retries, every answer of the request and of the status polls.
  eventsAt: (snapshot) => depositEventsFor(snapshot as never),
};

// ---- bonusCode (tests/machines/bonusCode.machine.test.ts; its events from tests/machines/lib/bonusCode.fixtures.ts) ----
// A code typed with spaces and in lower case, nothing, a malformed one; every answer of the
// validation, the availability check, the claim (the forfeit prompt's two refusals), the lookup and the forfeit.
const bonusCode: PathModel = {
  input: { code: null },
  eventsAt: (snapshot) => bonusCodeEventsIn(String(snapshot.value), snapshot.context as never),
};

// ---- code entry's ends, as the flows that invoke it see them (its own test covers its inside) ----
const codeEntryEnds = (key: string | null, ticket: string): EventObject[] => [
  done('codeVerification', { outcome: 'verified', key }),
  done('codeVerification', { outcome: 'blocked', reason: 'wrongCodes', retryAfterSeconds: null }),
  done('codeVerification', { outcome: 'cancelled', sent: { ticket, sentTo: null } }),
];

// ---- passwordReset (tests/machines/passwordReset.machine.test.ts) ----
const passwordReset: PathModel = {
  events: {
    'email.submit': [{ type: 'email.submit', email: 'reset@example.com' } as EventObject],
    'password.submit': [{ type: 'password.submit', password: 'Aurora-Player-2' } as EventObject],
    'xstate.done.actor.requestReset': [done('requestReset', { smsResetKeyId: 'key-1' })],
    'xstate.error.actor.requestReset': [
      apiFailed('requestReset', new ApiError('http', 404, 'error.player.not.found', 'No such player')),
      apiFailed('requestReset', offline),
    ],
    'xstate.done.actor.codeVerification': codeEntryEnds('reset-key', 'key-1'),
    'xstate.done.actor.setNewPassword': [done('setNewPassword', { ok: true })],
    'xstate.error.actor.setNewPassword': [
      apiFailed('setNewPassword', new ApiError('http', 400, 'error.password.reset', 'Reset key expired')),
      apiFailed('setNewPassword', new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'password', code: 'error.password.too_short' }])),
    ],
  },
};

// ---- phoneChange (tests/machines/phoneChange.machine.test.ts) ----
const phoneChange: PathModel = {
  events: {
    'phone.submit': [{ type: 'phone.submit', phonePrefix: '+358', phoneBody: '401234500' } as EventObject],
    'xstate.done.actor.requestPhoneCode': [done('requestPhoneCode', { smsVerificationId: 'sv-1' })],
    'xstate.error.actor.requestPhoneCode': [
      apiFailed('requestPhoneCode', new ApiError('http', 403, 'error.vonage.validation', 'Phone not valid')),
      apiFailed('requestPhoneCode', new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'phoneBody', code: 'error.phone.invalid' }])),
    ],
    'xstate.done.actor.codeVerification': codeEntryEnds(null, 'sv-1'),
  },
};

// ---- passwordChange (tests/machines/passwordChange.machine.test.ts) ----
const passwordChange: PathModel = {
  events: {
    'form.submit': [{ type: 'form.submit', oldPassword: 'Aurora-Player-1', newPassword: 'Aurora-Player-9' } as EventObject],
    'xstate.done.actor.changePassword': [done('changePassword', { ok: true })],
    'xstate.error.actor.changePassword': [
      apiFailed('changePassword', new ApiError('http', 400, OLD_PASSWORD_INCORRECT, 'Old password incorrect')),
      apiFailed('changePassword', new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'newPassword', code: 'error.password.too_short' }])),
      apiFailed('changePassword', offline),
    ],
  },
};

// ---- withdraw (tests/machines/withdraw.machine.test.ts; its inputs and events from tests/machines/lib/withdraw.fixtures.ts) ----
const ONE_ROW_PER_STATUS = WITHDRAW_CHECK_ROWS.filter((row, index) => WITHDRAW_CHECK_ROWS.findIndex((other) => other.status === row.status) === index);
const withdraw: PathModel = {
  input: FINNISH,
  // A British player (no cancellation, UKGC RTS 14B), a suspended one, one without withdrawal access.
  moreInputs: [BRITISH, SUSPENDED, NO_ACCESS],
  provide: (machine: AnyStateMachine) =>
    machine.provide({
      actions: { assignIdempotencyKey: assign({ idempotencyKey: ({ context }: { context: Record<string, unknown> }) => `key-${String(context.amountText)}-${String(context.methodId)}` }) },
    } as never),
  // The test's eventsFor (the pending list is worked while the request waits for its check, the
  // request goes on once the list has loaded), less what adds paths but no state or transition: one
  // check result per UI status of behaviour.md §4 (the test tries every row), no cancellation of a
  // row not listed, no amount above the balance, no lost request for the second method (which the
  // platform asks the second factor for, issue 23).
  eventsAt: (snapshot) =>
    withdrawEventsFor(snapshot as never).filter((event) => {
      const sample = event as { output?: { answer: { result: string } }; referenceId?: string; value?: string; error?: unknown };
      switch (event.type) {
        case 'xstate.done.actor.checkWithdrawal':
          return ONE_ROW_PER_STATUS.some((row) => row.result === sample.output?.answer.result);
        case 'pending.cancel':
          return sample.referenceId === 'wd-1';
        case 'amount.change':
          return sample.value !== '500';
        case 'xstate.error.actor.requestWithdrawal':
          return ctx(snapshot).methodId === 'trustly' || sample.error === factorRequired;
        default:
          return true;
      }
    }),
};

// ---- exclusion (tests/machines/exclusion.machine.test.ts) ----
const exclusion: PathModel = {
  // From the gambling-limits page in Ontario (time-outs narrowed by the platform's rules); the DE panic button.
  input: { panic: false, market: 'CA' },
  moreInputs: [{ panic: true, market: 'JJ' }],
  eventsAt: (snapshot) => {
    if (snapshot.status === 'done') return [];
    if (snapshot.matches('loadingChoices')) return [done('loadTimeoutChoices', [1, 3]), apiFailed('loadTimeoutChoices', offline)];
    if (snapshot.matches('requesting')) {
      const choice = ctx(snapshot).choice as { kind: string; months?: unknown } | null;
      const until = choice?.kind === 'exclusion' && choice.months === 'indefinite' ? null : '2026-12-25T12:00:00.000Z';
      return [
        done('requestBreak', { status: choice?.kind === 'exclusion' ? 'SELF_EXCLUDED' : 'TIMEOUT', until }),
        apiFailed('requestBreak', offline),
        apiFailed('requestBreak', new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'months', code: 'validation.invalid' }])),
      ];
    }
    const choices = [
      { kind: 'coolingOff', days: 7 },
      { kind: 'timeout', months: 3 },
      // Two months: the built-in choice the platform's rules took away, refused once they are read.
      { kind: 'timeout', months: 2 },
      { kind: 'exclusion', months: 6 },
      { kind: 'exclusion', months: 'indefinite' },
    ].map((choice) => ({ type: 'exclusion.choose', choice }) as EventObject);
    return [...choices, { type: 'exclusion.confirm' }, { type: 'exclusion.back' }, { type: 'exclusion.retry' }];
  },
};

// ---- gamblingLimits (tests/machines/gamblingLimits.machine.test.ts; its input and events from tests/machines/lib/gamblingLimits.fixtures.ts) ----
const gamblingLimits: PathModel = {
  // A German player (JJ): the monthly deposit limit is capped at 1,000 EUR (GlüStV 2021).
  input: LIMITS_INPUT,
  // The test's eventsFor: the reality check is worked while the limits still load (so the two
  // regions do not multiply); every answer of a limit call ends its path.
  eventsAt: (snapshot) => gamblingLimitsEventsFor(snapshot as never),
};

// ---- gameLaunch (tests/machines/gameLaunch.machine.test.ts; its game details from tests/machines/lib/games.ts) ----
const LAUNCH_BASE = { lobby: 'casino', channel: 'mobile', language: 'en', currency: 'EUR', country: 'FI', jurisdiction: 'FI' };
const LAUNCH_VISITOR = { ...LAUNCH_BASE, provider: 'pragmaticplay', game: 'aurora-slot', demo: true };
const LAUNCH_PLAYER_LIVE = { ...LAUNCH_BASE, lobby: 'live-casino', provider: 'evolution', game: 'lightning-roulette', demo: false };

const gameLaunch: PathModel = {
  // A visitor's demo slot; a player's real-money slot; a player's and a visitor's live table.
  input: LAUNCH_VISITOR,
  moreInputs: [{ ...LAUNCH_VISITOR, demo: false }, LAUNCH_PLAYER_LIVE, { ...LAUNCH_PLAYER_LIVE, demo: true }],
  eventsAt: (snapshot) => {
    const context = snapshot.context as { input: { demo: boolean; lobby: string }; frameError: unknown; failure: { step: string } | null };
    const real = !context.input.demo;
    const live = context.input.lobby === 'live-casino';
    const value = snapshot.value as string | Record<string, string>;
    const where = typeof value === 'string' ? value : Object.entries(value).map(([parent, child]) => `${parent}.${child}`)[0];
    switch (where) {
      case 'loading.detail':
        if (live) return [done('loadGameDetail', EVOLUTION_TABLE)];
        return [
          done('loadGameDetail', SLOT),
          done('loadGameDetail', null),
          done('loadGameDetail', gameDetail({ gameProvider: 'quickspin' })),
          apiFailed('loadGameDetail', new ApiError('http', 451, 'error.game.restricted', 'Restricted')),
        ];
      case 'loading.grant':
        return [done('fetchGrant', real ? 'game-token' : 'game-ticket'), apiFailed('fetchGrant', new ApiError('http', 401, 'error.token.expired', 'Token expired'))];
      case 'loading.url':
        return live
          ? [apiFailed('resolveLaunchUrl', new ApiError('http', 400, 'error.request.invalid', 'Bad request'))]
          : [done('resolveLaunchUrl', 'http://games.localhost:4173/play/t1'), apiFailed('resolveLaunchUrl', offline)];
      case 'game.posting':
        return [done('recordRecentGame', null), apiFailed('recordRecentGame', offline)];
      case 'game.shown':
        return context.frameError === null
          ? [
              { type: 'game.frame', message: { kind: 'error', code: 'NOT_ENOUGH_FUNDS' } } as EventObject,
              { type: 'game.frame', message: { kind: 'round-ended' } } as EventObject,
            ]
          : [{ type: 'game.frame', message: { kind: 'close' } } as EventObject, { type: 'game.close' }];
      case 'error':
        return context.failure?.step === 'grant' ? [{ type: 'game.retry' }, { type: 'game.close' }] : [{ type: 'game.close' }];
      default:
        return [];
    }
  },
};

// ---- transactionHistory (tests/machines/transactionHistory.machine.test.ts; its events from tests/machines/lib/transactionHistory.fixtures.ts) ----
const transactionHistory: PathModel = {
  // The test's eventsFor: the side regions (pending, net position, polling) are worked before the
  // first page arrives; the history then moves with them loaded and the interval on.
  eventsAt: (snapshot) => transactionHistoryEventsFor(snapshot as never),
};

// ---- signup (tests/machines/signup.machine.test.ts; its input and events from tests/machines/lib/signup.fixtures.ts) ----
const signup: PathModel = {
  // Canadian French on the route (sent as fr, behaviour.md §5), a bonus code and an affiliate.
  input: SIGNUP_INPUT,
  // The test's eventsFor: a few field changes stand for the player's typing, the refusals are tried
  // where they first can happen.
  eventsAt: (snapshot) => signupEventsFor(snapshot as never),
};

// ---- payAndPlay (tests/machines/payAndPlay.machine.test.ts; its inputs and events from tests/machines/lib/payAndPlay.fixtures.ts) ----
const payAndPlay: PathModel = {
  // The start page; back from the bank with a code; back from a cancelled identification.
  input: startInput,
  moreInputs: [callbackInput, cancelledInput],
  eventsAt: () => PAY_AND_PLAY_EVENTS,
};

// ======== The machines a tester meets outside the flows' registry ========

// ---- login (tests/machines/login.machine.test.ts) ----
const loginFailed = (error: ApiError) => apiFailed('authenticate', error);
const FACTOR_REQUIRED = new ApiError('http', 428, 'error.second_factor.required', 'Second factor', [], { challengeToken: 'challenge-token', methods: ['passkey', 'totp', 'recovery'] });
const login: PathModel = {
  // Sent on to the live casino after the login.
  input: { redirect: '/online-casino' },
  eventsAt: () => [
    // The form trims the e-mail the player typed.
    { type: 'form.submit', email: ' player@example.com ', password: 'Aurora-Player-1' } as EventObject,
    done('authenticate', LOGGED_IN),
    loginFailed(offline),
    loginFailed(new ApiError('http', 401, 'code:error.player.not.found', 'Not found')),
    loginFailed(new ApiError('http', 403, 'code:error.sign.in.attempt.count.exceeded', 'Locked')),
    loginFailed(new ApiError('http', 403, 'code:error.timeout.in.progress:days:5', 'Time-out')),
    loginFailed(new ApiError('http', 500, 'error.system.error', 'Internal error')),
    { type: 'login.back' },
    // Issue 23: the second factor, asked of a browser the platform does not remember.
    loginFailed(FACTOR_REQUIRED),
    { type: 'factor.submit', method: 'totp', code: '123456' } as EventObject,
    { type: 'factor.passkey' },
    { type: 'factor.lost', langmarket: 'fi-FI' } as EventObject,
    done('verifySecondFactor', LOGGED_IN),
    apiFailed('verifySecondFactor', new ApiError('http', 400, 'error.second_factor.invalid', 'Wrong', [], { attemptsLeft: 3 })),
    apiFailed('verifySecondFactor', new ApiError('http', 400, 'error.second_factor.challenge_invalid', 'Expired')),
    apiFailed('verifySecondFactor', new ApiError('http', 403, 'code:error.sign.in.attempt.count.exceeded', 'Locked')),
    done('sendUnlockLink', { ok: true }),
    apiFailed('sendUnlockLink', offline),
  ],
};

// ---- codeVerification (tests/machines/codeVerification.machine.test.ts) ----
const CODE = '123456';
const CODE_SENT = { ticket: 'ticket-1', sentTo: '+358 40 *** 67' };
const codeRefusal = (status: number, code: string) => new ApiError('http', status, code, code);
const codeVerification: PathModel = {
  // A fresh SMS code for a registration; an e-mail code already sent (code entry resumed).
  input: { channel: 'sms', subject: { kind: 'registration', playerId: 42, token: 'registration-secret' } },
  moreInputs: [{ channel: 'email', subject: { kind: 'registration', playerId: 42, token: 'registration-secret' }, sent: CODE_SENT }],
  eventsAt: (snapshot) => {
    const context = snapshot.context as { code: string; sent: unknown; status: string | null };
    const player: EventObject[] = [
      { type: 'code.change', code: context.code === CODE ? '12a' : CODE } as EventObject,
      { type: 'code.submit' },
      { type: 'code.resend' },
      { type: 'code.cancel' },
    ];
    if (snapshot.matches('sending')) {
      const answers = [
        done('sendCode', context.sent === null ? CODE_SENT : { ticket: 'ticket-2', sentTo: '+358 40 *** 67' }),
        apiFailed('sendCode', offline),
        // The platform may say how long to wait (details.retryAfterSeconds).
        apiFailed('sendCode', Object.assign(codeRefusal(429, CODE_ERROR_CODES.maxAttempts), { details: { retryAfterSeconds: 900 } })),
        apiFailed('sendCode', codeRefusal(500, CODE_ERROR_CODES.system)),
      ];
      // The SMS can be faster than the answer: the code is typed while the send runs.
      return context.code === '' && context.sent === null ? [...answers, { type: 'code.change', code: CODE } as EventObject] : answers;
    }
    if (snapshot.matches('verifying')) {
      return [
        done('verifyCode', { key: 'key-1' }),
        apiFailed('verifyCode', codeRefusal(400, CODE_ERROR_CODES.invalid)),
        apiFailed('verifyCode', codeRefusal(429, CODE_ERROR_CODES.maxAttempts)),
        apiFailed('verifyCode', offline),
        apiFailed('verifyCode', codeRefusal(400, '')),
      ];
    }
    return context.status === 'sendSuccess' || context.status === 'sendFail' ? player : player.filter((event) => event.type !== 'code.change');
  },
};

// ---- cashierCheck (tests/machines/cashierCheck.machine.test.ts) ----
const cashierCheck: PathModel = {
  // Each row of behaviour.md §4's table (an answer with the operation's own fields, a deposit's limit left).
  eventsAt: (snapshot) => (snapshot.value === 'checking' ? CHECK_ROWS.map(({ result }) => done('check', { result, limitLeft: '10.00' })) : []),
};

// ---- activityTimer (tests/machines/activityTimer.machine.test.ts; its events from tests/machines/lib/activityTimer.fixtures.ts) ----
const activityTimer: PathModel = {
  // The test's eventsIn: the pending call's answers and the reality-check modal's buttons; a settings change everywhere.
  eventsAt: (snapshot) => activityTimerEventsIn(snapshot as never),
};

// ---- idle (tests/machines/idle.machine.test.ts) ----
/** Times the clock answers (ms since the epoch): the start, a keep-alive later, the warning, the limit. */
const T0 = 1_700_000_000_000;
const IDLE_EVENTS: readonly EventObject[] = [
  done('readClock', T0),
  done('readClock', T0 + SESSION_KEEPALIVE_MS),
  done('readClock', T0 + IDLE_LIMIT_MS - IDLE_WARNING_MS),
  done('readClock', T0 + IDLE_LIMIT_MS),
  { type: 'xstate.error.actor.readClock', actorId: 'readClock', error: new Error('no clock') } as EventObject,
  { type: 'idle.activity', at: T0 + 5_000 } as EventObject,
  { type: 'idle.stay' },
];
const idle: PathModel = { eventsAt: () => IDLE_EVENTS };

// ---- accessCheck (tests/machines/accessCheck.machine.test.ts) ----
const ACCESS_EVENTS: readonly EventObject[] = [
  done('fetchAccessContext', { countryCode: 'FI', maintenance: false }),
  done('fetchAccessContext', { countryCode: 'FI', maintenance: true }),
  apiFailed('fetchAccessContext', new ApiError('http', 403, ACCESS_RESTRICTED_CODE, 'Access restricted')),
  apiFailed('fetchAccessContext', new ApiError('http', 503, MAINTENANCE_CODE, 'Maintenance')),
  apiFailed('fetchAccessContext', offline),
  // Whatever else a broken client might throw: no code to read.
  { type: 'xstate.error.actor.fetchAccessContext', actorId: 'fetchAccessContext', error: 'socket hang up' } as EventObject,
  { type: 'access.retry' },
];
const accessCheck: PathModel = { eventsAt: () => ACCESS_EVENTS };

// ---- cookieConsent (tests/machines/cookieConsent.machine.test.ts; its events from tests/machines/lib/cookieConsent.fixtures.ts) ----
// The stored answer's readings, the notice's answers and the account's change; the session's login and
// logout; the platform's answers at login (none, earlier, later, an older policy's) and to a save.
const cookieConsent: PathModel = { eventsAt: (snapshot) => cookieConsentEventsIn(snapshot as never) };

// ---- toast (tests/machines/toast.machine.test.ts) ----
const toast: PathModel = {
  // A default-length success toast, then an error toast with its own length, and one with a
  // caller-chosen id (shown again, it replaces the toast). `toast.expire` is the toast's own timer,
  // offered when exactly one timer runs.
  eventsAt: (snapshot) => {
    const context = snapshot.context as { nextId: number; toasts: { id: string; paused: boolean }[] };
    const shows: EventObject[] = [];
    if (context.nextId === 0) shows.push({ type: 'toast.show', kind: 'success', message: 'passwordChange.done' } as EventObject);
    if (context.nextId === 1) shows.push({ type: 'toast.show', kind: 'error', message: 'passwordChange.oldPasswordRefused', durationMs: 10_000 } as EventObject);
    const named = { type: 'toast.show', id: 'connection', kind: 'warning', message: 'session.idleLoggedOut' } as EventObject;
    const running = context.toasts.filter((item) => !item.paused);
    const perToast = context.toasts.flatMap((item) => [
      { type: 'toast.dismiss', id: item.id } as EventObject,
      { type: 'toast.pause', id: item.id } as EventObject,
      { type: 'toast.resume', id: item.id } as EventObject,
      ...(running.length === 1 && running[0]?.id === item.id ? [{ type: 'toast.expire', id: item.id } as EventObject] : []),
    ]);
    return [...shows, named, ...perToast];
  },
};

// ---- wallet (tests/machines/wallet.machine.test.ts) ----
const walletBalances = (main: string) => ({ MAIN: { cash: main }, LOCKED: { cash: '20.00' }, BONUS: [{ vertical: 'CASINO', bonus: '5.50' }] });
/** A wallet of version `version`: 100.00 main, 20.00 locked, 5.50 casino bonus. */
const walletOf = (version: number) => ({ currency: 'EUR', version, balanceMap: walletBalances('100.00') });
/** A pushed balance: 80.00 main after a bet of 20. */
const pushOf = (version: number) => ({ type: 'WALLET_BALANCE', currency: 'EUR', version, balanceMap: walletBalances('80.00') });
const SHOWN_VERSION = 5;
const TOKEN_GIVEN = done('fetchSocketToken', { token: 'live.token.signature' });
const walletServerDown = new ApiError('http', 500, 'error.system.error', 'Internal error');
const wallet: PathModel = {
  // The test's eventsFor: every balance answer before anything is live; then the socket's events
  // and pushes while version 5 is shown; the reconnect chain with failing tokens until it gives up.
  eventsAt: (snapshot) => {
    const context = snapshot.context as { token: string | null; reconnectAttempts: number; stale: boolean; version: number | null; attributes: unknown; loyaltyLevelUp: unknown };
    const { balance, live } = snapshot.value as { balance: string; live: string | { connection: string } };
    const untouched = live === 'fetchingToken' && context.token === null && context.reconnectAttempts === 0 && !context.stale;
    if (untouched) {
      const list: EventObject[] = [];
      if (balance === 'requesting') {
        // A first answer (5), or after one, an older one (3) that a push overtook.
        list.push(done('fetchWallet', walletOf(SHOWN_VERSION)), apiFailed('fetchWallet', new ApiError('http', 404, 'error.wallet.not_found', 'No wallet')), apiFailed('fetchWallet', walletServerDown));
        if (context.version === SHOWN_VERSION) list.push(done('fetchWallet', walletOf(3)));
      } else {
        list.push({ type: 'wallet.refresh' });
      }
      if (balance === 'loaded' && context.version === SHOWN_VERSION) {
        list.push(TOKEN_GIVEN, apiFailed('fetchSocketToken', new ApiError('http', 401, 'error.unauthorized', 'Unauthorized')), apiFailed('fetchSocketToken', walletServerDown));
      }
      return list;
    }
    if (balance === 'requesting') return [done('fetchWallet', walletOf(context.version ?? SHOWN_VERSION))];
    const list: EventObject[] = [];
    if (live === 'fetchingToken') list.push(context.stale ? TOKEN_GIVEN : apiFailed('fetchSocketToken', walletServerDown));
    if (typeof live === 'object') {
      list.push({ type: 'socket.closed', code: 1001, reason: 'going away' } as EventObject);
      if (live.connection === 'opening') list.push({ type: 'socket.opened' });
      const plain = context.version === SHOWN_VERSION && context.attributes === null && context.loyaltyLevelUp === null && !context.stale;
      if (live.connection === 'open' && plain) {
        const message = (pushed: unknown) => ({ type: 'socket.message', message: pushed }) as EventObject;
        list.push(
          { type: 'socket.failed', message: 'connection error' } as EventObject,
          { type: 'socket.unreadable', text: 'not json', problem: 'notJson' } as EventObject,
          { type: 'socket.heartbeat', text: 'pong' } as EventObject,
          message(pushOf(4)),
          message(pushOf(6)),
          message(pushOf(9)),
          message({ type: 'PLAYER_ATTRIBUTE_CHANGE', attributes: { kycStatus: 'FULLY VERIFIED' } }),
          message({ type: 'PLAYER_LOYALTY_LEVEL', playerId: 1001, isLevelUp: true }),
        );
      }
    }
    if (live === 'gaveUp') list.push({ type: 'wallet.reconnect' });
    return list;
  },
};

// ---- marketingPreferences (tests/machines/marketingPreferences.machine.test.ts; its events from tests/machines/lib/marketingPreferences.fixtures.ts) ----
// The load's and the save's answers where one is pending, the player's choices and Save elsewhere.
const marketingPreferences: PathModel = { eventsAt: (snapshot) => marketingPreferencesEventsIn(String(snapshot.value)) };

// ---- accountClosure (tests/machines/accountClosure.machine.test.ts; its events from tests/machines/lib/accountClosure.fixtures.ts) ----
// Open, the confirmation with and without a password, cancel; the closure's answers while it runs.
const accountClosure: PathModel = { eventsAt: (snapshot) => accountClosureEventsIn(String(snapshot.value)) };

// ---- languageSetting (tests/machines/languageSetting.machine.test.ts; its events from tests/machines/lib/languageSetting.fixtures.ts) ----
// A Canadian player: the market's two languages and one of another market, Save; the save's answers while it runs.
const languageSetting: PathModel = { input: LANGUAGE_SETTING_INPUT, eventsAt: (snapshot) => languageSettingEventsIn(String(snapshot.value)) };

// ---- edd (tests/machines/edd.machine.test.ts; its events from tests/machines/lib/edd.fixtures.ts) ----
// Each standing of the questionnaire at load; the typing (each field once), Send, the send's answers; Edit under review.
const edd: PathModel = { input: { language: 'de' }, eventsAt: (snapshot) => eddEventsIn(String(snapshot.value), ctx(snapshot).answers as EddAnswers) };

// ---- verification, verificationModal (tests/machines/verification*.machine.test.ts; their events from tests/machines/lib/verification.fixtures.ts) ----
// The documents' and the upload's answers where one runs; the steps, types, methods, file and Upload elsewhere.
const verification: PathModel = { eventsAt: (snapshot) => verificationEventsIn(snapshot) };
// Opened from the deposit, the withdrawal and the account; uploaded; close, verify later, terminate; the forfeit modal.
const verificationModal: PathModel = { eventsAt: (snapshot) => verificationModalEventsIn(snapshot) };

// ---- secondFactorSetup (tests/machines/secondFactorSetup.machine.test.ts; its events from tests/machines/lib/secondFactorSetup.fixtures.ts) ----
const secondFactorSetup: PathModel = { eventsAt: (snapshot) => secondFactorSetupEventsIn(snapshot as never) };

// ---- addressChange, provinceChange (tests/machines/addressChange.machine.test.ts, provinceChange.machine.test.ts; their events from tests/machines/lib/addressChange.fixtures.ts) ----
// A Finnish player's address: a valid one, a Canadian postal code, nothing typed; the load's and the save's answers.
const addressChange: PathModel = { eventsAt: (snapshot) => addressEventsIn(String(snapshot.value)) };
// A Canadian player's province (Quebec, Ontario, a code not in the list, Save); a Finnish player has no form.
const provinceChange: PathModel = { input: CANADIAN_PROVINCE_PLAYER, moreInputs: [FINNISH_PROVINCE_PLAYER], eventsAt: (snapshot) => provinceEventsIn(String(snapshot.value)) };

// ---- rewards (tests/machines/rewards.machine.test.ts; its events from tests/machines/lib/rewards.fixtures.ts) ----
// The two lists' answers, one action of each kind on its reward, every call's answers and refusals, the forfeit prompt.
const rewards: PathModel = { eventsAt: (snapshot) => rewardsEventsIn(snapshot as never) };

export const PATH_MODELS: Readonly<Record<string, PathModel>> = {
  deposit,
  bonusCode,
  passwordReset,
  phoneChange,
  passwordChange,
  withdraw,
  exclusion,
  gamblingLimits,
  gameLaunch,
  transactionHistory,
  signup,
  payAndPlay,
  login,
  codeVerification,
  cashierCheck,
  activityTimer,
  idle,
  wallet,
  accessCheck,
  cookieConsent,
  toast,
  marketingPreferences,
  accountClosure,
  languageSetting,
  edd,
  verification,
  verificationModal,
  secondFactorSetup,
  addressChange,
  provinceChange,
  rewards,
};
