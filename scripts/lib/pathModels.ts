// Per-flow models for `npm run paths` (scripts/lib/machinePaths.ts): the input a route and the
// session give the flow, and the sample events the walk tries, taken from the flow's machine path
// test (tests/machines/<flow>.machine.test.ts) in a smaller form, so a tester reads one scenario
// per state and transition rather than every combination the tests replay. A flow without a model
// is walked with `{ type }` events only, and its input undefined.
import { assign } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { ACCESS_RESTRICTED_CODE, MAINTENANCE_CODE } from '../../machines/lib/accessCodes';
import { CODE_ERROR_CODES } from '../../machines/lib/codeErrors';
import { IDLE_LIMIT_MS, IDLE_WARNING_MS, SESSION_KEEPALIVE_MS } from '../../machines/lib/constants';
import { depositMachine } from '../../machines/deposit.machine';
import { LIMIT_ERROR_CODES, marketRgRules } from '../../machines/lib/responsibleGambling';
import { SIGNUP_ERROR_CODES } from '../../machines/lib/signupErrors';
import { NO_HISTORY_FILTER, OPERATION_RESULTS, operationUiStatus } from '../../machines/lib/wallet';
import { EVOLUTION_TABLE, gameDetail, SLOT } from '../../tests/machines/lib/games';
import { OLD_PASSWORD_INCORRECT } from '../../machines/passwordChange.machine';
import { ApiError } from '../../src/api/errors';
import type { PathModel } from './machinePaths';

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
/** A failed call as the app's API client reports it (src/api/errors.ts ApiError: kind, status, code). */
const apiFailed = (id: string, error: ApiError): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;
const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const conflict = new ApiError('http', 409, 'error.idempotency.conflict', 'Key reused');

const ctx = (snapshot: AnyMachineSnapshot) => snapshot.context as Record<string, unknown>;

// ---- deposit (tests/machines/deposit.machine.test.ts) ----
const PLAYER = { currency: 'EUR', market: 'FI', access: { deposit: true, payout: true, withdrawal: true }, multibrandSuspended: false };
const check = (result: string, extra: Record<string, unknown> = {}) => ({
  result,
  daysLeftToVerifyDocuments: null,
  limitLeft: null,
  limitType: null,
  resetOn: null,
  limitWarning: false,
  ...extra,
});
const METHODS = {
  methods: [
    { id: 'visa', kind: 'card', name: 'Visa', logo: { src: '/logos/visa.svg', width: 64, height: 40 } },
    { id: 'skrill', kind: 'ewallet', name: 'Skrill', logo: { src: '/logos/skrill.svg', width: 64, height: 40 } },
  ],
  // The player's recent methods: one the cashier no longer offers, and Skrill (chosen first).
  recentMethodIds: ['gone', 'skrill'],
};
/** behaviour.md §4's table, row by row, and an unknown result. */
const DEPOSIT_CHECK_RESULTS = [...OPERATION_RESULTS, 'SOMETHING_NEW'];
const LIMIT_RESET = '2026-12-01T00:00:00.000Z';
const REDIRECT = { result: 'SUCCESS', depositId: 'dep-1', redirectUrl: '/api/simulated-payments/pay?payment=dep-1' };
/**
 * The check's answer as the deposit machine takes it: deposit/check's answer itself, or, where the
 * check is the operation-check machine (machines/cashierCheck.machine.ts), its output
 * `{ result: the UI status, answer }`.
 */
const checkIsMachine = 'config' in ((depositMachine.implementations.actors as Record<string, object | undefined>).checkDeposit ?? {});
const checkAnswer = (answer: { result: string }): unknown => (checkIsMachine ? { result: operationUiStatus(answer.result), answer } : answer);
const depositStatus = (status: string, result: string | null = null) => ({ depositId: 'dep-1', status, amount: '50.00', currency: 'EUR', methodId: 'skrill', result });

const DEPOSIT_INPUT = { depositId: null, returnPath: '/en-UN/deposit', player: PLAYER };
const deposit: PathModel = {
  input: DEPOSIT_INPUT,
  // Back from the provider with the deposit's id; a player who may not deposit; one whose payouts are restricted.
  moreInputs: [
    { ...DEPOSIT_INPUT, depositId: 'dep-1' },
    { ...DEPOSIT_INPUT, player: { ...PLAYER, access: { deposit: false, payout: true, withdrawal: true } } },
    { ...DEPOSIT_INPUT, player: { ...PLAYER, access: { deposit: true, payout: false, withdrawal: true } } },
  ],
  // A key the walk can predict (src/app makes a random one).
  provide: (machine: AnyStateMachine) =>
    machine.provide({
      actions: { assignIdempotencyKey: assign({ idempotencyKey: ({ context }: { context: Record<string, unknown> }) => `key-${String(context.amountText)}-${String(context.methodId)}` }) },
    } as never),
  // The test's eventsFor: every row of behaviour.md §4's check table, the limit notices, the form's
  // refusals and retries, every answer of the request and of the status polls.
  eventsAt: (snapshot) => {
    const context = snapshot.context as {
      notification: string | null;
      limitLeft: string | null;
      amountText: string;
      methodId: string | null;
      error: unknown;
      idempotencyKey: string | null;
      selectedBonusId: string | null;
      statusPolls: number;
    };
    const clear = { type: 'deposit.clear' };
    const submit = { type: 'deposit.submit' };
    const amount = (value: string) => ({ type: 'amount.change', value }) as EventObject;
    switch (snapshot.value) {
      case 'checking':
        return [
          ...DEPOSIT_CHECK_RESULTS.map((result) => done('checkDeposit', checkAnswer(result === 'DOCUMENTS_PREFERRED' ? check(result, { daysLeftToVerifyDocuments: 12 }) : check(result)))),
          // At the limit's 80 % warning (a notice); a limit that caps the amount (no notice); a loss limit reached.
          done('checkDeposit', checkAnswer(check('SELF_LIMIT_REACHED', { limitLeft: '50.00', limitType: 'deposit', resetOn: LIMIT_RESET, limitWarning: true }))),
          done('checkDeposit', checkAnswer(check('SELF_LIMIT_REACHED', { limitLeft: '30.00', limitType: 'deposit', resetOn: LIMIT_RESET, limitWarning: false }))),
          done('checkDeposit', checkAnswer(check('SELF_LIMIT_REACHED', { limitLeft: '0.00', limitType: 'loss', resetOn: LIMIT_RESET }))),
          apiFailed('checkDeposit', offline),
        ];
      case 'loadingMethods':
        return [done('loadPaymentMethods', context.notification === null && context.limitLeft === null ? METHODS : { ...METHODS, recentMethodIds: [] }), apiFailed('loadPaymentMethods', offline)];
      case 'form': {
        // With a notice (self-limit left or verification postponed) only what the notice changes.
        if (context.notification === 'limitNotice') return context.amountText === '' ? [amount('60'), submit] : [submit];
        // Capped without a notice: more than is left is refused, what is left is sent.
        if (context.limitLeft !== null) {
          if (context.amountText === '') return [amount('40'), amount('30')];
          return context.methodId === null ? [{ type: 'method.select', methodId: 'visa' } as EventObject] : [submit];
        }
        if (context.notification !== null) return context.methodId === null && context.amountText === '' ? [amount('50'), submit] : [submit];
        // After a failed request: the same again, or another amount (a new attempt).
        if (context.error !== null) return context.amountText === '50' ? [submit, amount('75')] : [submit];
        if (context.idempotencyKey !== null) return [submit];
        const list: EventObject[] = [submit];
        if (context.amountText === '') list.push(amount('5'), amount('50'));
        if (context.amountText === '50' && context.methodId === 'skrill') list.push({ type: 'method.select', methodId: 'visa' } as EventObject);
        if (context.amountText === '' && context.selectedBonusId === null) list.push({ type: 'bonus.select', bonusId: 'bonus-1' } as EventObject);
        return list;
      }
      case 'requesting':
        if (context.amountText !== '50' || context.methodId !== 'skrill') return [done('requestDeposit', REDIRECT), apiFailed('requestDeposit', offline)];
        return [
          done('requestDeposit', REDIRECT),
          ...['SUCCESS', 'DOCUMENTS_PREFERRED', 'DOCUMENTS_UNDER_REVIEW', 'DOCUMENTS_REQUIRED', 'DOCUMENTS_REQUIRED_RESTRICTED', 'SELF_LIMIT_REACHED', 'RESTRICTED', 'NOT_ENOUGH_FUNDS'].map(
            (result) => done('requestDeposit', { result, depositId: null, redirectUrl: null }),
          ),
          apiFailed('requestDeposit', offline),
          apiFailed('requestDeposit', conflict),
        ];
      case 'settling':
        return context.statusPolls === 0
          ? [
              done('depositStatus', depositStatus('SUCCESS')),
              done('depositStatus', depositStatus('PENDING')),
              done('depositStatus', depositStatus('FAILED', 'FAILURE')),
              done('depositStatus', depositStatus('CANCELLED', 'FAILURE')),
              apiFailed('depositStatus', offline),
            ]
          : [done('depositStatus', depositStatus('PENDING'))];
      case 'verifyDocument':
        return [{ type: 'verification.postpone' }, clear];
      case 'stillPending':
      case 'statusUnknown':
        return [{ type: 'deposit.refresh' }, clear];
      case 'waiting':
        return [];
      default:
        return [clear];
    }
  },
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

// ---- withdraw (tests/machines/withdraw.machine.test.ts) ----
const withdrawMethod = (id: string, name: string) => ({ id, kind: 'bank', name, logo: { src: `/logos/${id}.svg`, width: 64, height: 40 } });
const WITHDRAW_METHODS = { methods: [withdrawMethod('trustly', 'Trustly'), withdrawMethod('visa', 'Visa')], recentMethodIds: ['trustly'] };
const PENDING_WITHDRAWALS = [
  {
    referenceId: 'wd-1',
    amount: '-20.00',
    balanceAfterTransaction: '180.00',
    currency: 'EUR',
    category: 'PAYMENT',
    status: 'PENDING',
    type: 'WITHDRAW',
    transactionDate: '2026-11-20T10:00:00.000Z',
    playerId: 1001,
    walletId: 'w-1001',
  },
];
const withdrawalChecked = (result: string, extra: Record<string, unknown> = {}) => ({ result, limit: null, duration: null, originalLimit: null, balance: '200.00', ...extra });
const WITHDRAW_CHECK_RESULTS = [
  'SUCCESS',
  'NOT_ENOUGH_FUNDS',
  'DOCUMENTS_PREFERRED',
  'DOCUMENTS_UNDER_REVIEW',
  'DOCUMENTS_REQUIRED',
  'DOCUMENTS_REQUIRED_RESTRICTED',
  'WITHDRAWAL_LIMIT_REACHED',
  'SELF_LIMIT_REACHED',
  'RESTRICTED',
];
const withdrawCheckEnd = (result: string) => {
  const answer = result === 'WITHDRAWAL_LIMIT_REACHED' ? withdrawalChecked(result, { limit: '500.00', duration: 'weekly', originalLimit: '1000.00' }) : withdrawalChecked(result);
  return done('checkWithdrawal', { result: operationUiStatus(answer.result), answer });
};
const withdrawalRequested = (result: string, referenceId: string | null = null) => ({ result, referenceId, balance: result === 'SUCCESS' ? '150.00' : '200.00' });
const withdrawalCancelled = (result: string) => ({ result, balance: result === 'SUCCESS' ? '220.00' : '200.00' });

const WITHDRAW_INPUT = { player: PLAYER };
const withdraw: PathModel = {
  input: WITHDRAW_INPUT,
  // A British player (no cancellation, UKGC RTS 14B), a suspended one, one without withdrawal access.
  moreInputs: [
    { player: { ...PLAYER, currency: 'GBP', market: 'GG' } },
    { player: { ...PLAYER, multibrandSuspended: true } },
    { player: { ...PLAYER, access: { deposit: true, payout: true, withdrawal: false } } },
  ],
  provide: (machine: AnyStateMachine) =>
    machine.provide({
      actions: { assignIdempotencyKey: assign({ idempotencyKey: ({ context }: { context: Record<string, unknown> }) => `key-${String(context.amountText)}-${String(context.methodId)}` }) },
    } as never),
  // The test's eventsFor: the pending list is worked while the request waits for its check, the
  // request goes on once the list has loaded.
  eventsAt: (snapshot) => {
    const context = ctx(snapshot);
    const { request, pending } = snapshot.value as { request: string; pending: string };
    if (pending === 'loading') {
      const list = [done('loadPendingWithdrawals', PENDING_WITHDRAWALS)];
      if (request === 'checking' && context.cancelStatus === null && context.cancelError === null) list.push(apiFailed('loadPendingWithdrawals', offline));
      return list;
    }
    const calm = context.cancellingId === null && context.cancelStatus === null && context.cancelError === null && context.balance === null;
    if (request === 'checking') {
      if (pending === 'failed') return [{ type: 'pending.refresh' }];
      if (pending === 'cancelling') {
        return [
          done('cancelWithdrawal', withdrawalCancelled('SUCCESS')),
          done('cancelWithdrawal', withdrawalCancelled('FAILURE')),
          apiFailed('cancelWithdrawal', new ApiError('http', 400, 'error.withdrawal.cancel.limit_reached', 'Too many cancellations')),
        ];
      }
      if (!calm) return [];
      return [
        { type: 'pending.cancel', referenceId: 'wd-1' } as EventObject,
        { type: 'pending.refresh' },
        ...WITHDRAW_CHECK_RESULTS.map(withdrawCheckEnd),
        apiFailed('checkWithdrawal', offline),
      ];
    }
    if (pending !== 'loaded') return [];
    switch (request) {
      case 'loadingMethods':
        return [done('loadPaymentMethods', WITHDRAW_METHODS), apiFailed('loadPaymentMethods', offline)];
      case 'form': {
        const submit = { type: 'withdraw.submit' };
        if (context.error !== null) return context.amountText === '50' ? [submit, { type: 'amount.change', value: '60' } as EventObject] : [submit];
        if (context.idempotencyKey !== null) return [submit];
        if (context.amountText === '') return [submit, { type: 'amount.change', value: '5' } as EventObject, { type: 'amount.change', value: '50' } as EventObject];
        if (context.amountText === '50' && context.methodId === 'trustly') return [submit, { type: 'method.select', methodId: 'visa' } as EventObject];
        return [submit];
      }
      case 'requesting':
        if (context.methodId !== 'trustly') return [done('requestWithdrawal', withdrawalRequested('SUCCESS', 'wd-2'))];
        return [
          done('requestWithdrawal', withdrawalRequested('SUCCESS', 'wd-2')),
          done('requestWithdrawal', withdrawalRequested('WITHDRAWAL_LIMIT_REACHED')),
          done('requestWithdrawal', withdrawalRequested('DOCUMENTS_PREFERRED')),
          done('requestWithdrawal', withdrawalRequested('DOCUMENTS_UNDER_REVIEW')),
          done('requestWithdrawal', withdrawalRequested('DOCUMENTS_REQUIRED')),
          done('requestWithdrawal', withdrawalRequested('DOCUMENTS_REQUIRED_RESTRICTED')),
          done('requestWithdrawal', withdrawalRequested('RESTRICTED')),
          done('requestWithdrawal', withdrawalRequested('NOT_ENOUGH_FUNDS')),
          apiFailed('requestWithdrawal', offline),
          apiFailed('requestWithdrawal', conflict),
        ];
      default:
        return [{ type: 'withdraw.clear' }];
    }
  },
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

// ---- gamblingLimits (tests/machines/gamblingLimits.machine.test.ts) ----
// A German player (JJ): the monthly deposit limit is capped at 1,000 EUR (GlüStV 2021).
const LIMIT_STARTED = '2026-11-20T10:00:00.000Z';
const LIMIT_PENDING_AT = '2026-11-21T12:00:00.000Z';
const limit = (duration: string, value: string | null, extra: Record<string, unknown> = {}) => ({
  duration,
  value,
  used: '0.00',
  remaining: value,
  startedAt: value === null ? null : LIMIT_STARTED,
  resetAt: value === null ? null : '2026-11-21T10:00:00.000Z',
  updatedAt: value === null ? null : LIMIT_STARTED,
  pendingValue: null,
  pendingDelete: false,
  pendingDate: null,
  locked: false,
  warning: false,
  ...extra,
});
const limitsOf = (limits: unknown[]) => ({ currency: 'EUR', limits });
/** No daily deposit limit, 100 a week, 400 a month; the monthly loss limit of 200 has a pending raise to 300 (80 % used). */
const DEPOSIT_LIMITS = limitsOf([limit('D', null), limit('W', '100.00'), limit('M', '400.00')]);
const SPEND_LIMITS = limitsOf([
  limit('D', null),
  limit('W', null),
  limit('M', '200.00', { used: '170.00', remaining: '30.00', warning: true, pendingValue: '300.00', pendingDate: LIMIT_PENDING_AT }),
]);
const LIMITS_LOAD = { deposit: DEPOSIT_LIMITS, spend: SPEND_LIMITS, rules: marketRgRules('JJ') };
const LIMITS_CANCELLED = limitsOf([limit('D', null), limit('W', null), limit('M', '200.00', { used: '170.00', remaining: '30.00', warning: true })]);
const ACTIVITY_SETTINGS = { intervalMinutes: 120, activityTimerOn: true };

const gamblingLimits: PathModel = {
  input: { market: 'JJ' },
  // The test's eventsFor: the reality check is worked while the limits still load (so the two
  // regions do not multiply); every answer of a limit call ends its path.
  eventsAt: (snapshot) => {
    const context = snapshot.context as {
      activity: { intervalMinutes: number } | null;
      activitySaved: boolean;
      activityError: unknown;
      activityDraft: number | null;
      success: unknown;
      failure: unknown;
      limits: { spend: unknown; deposit: unknown };
      editor: { duration: string; draft: string; problem: unknown } | null;
    };
    const value = snapshot.value as { limits: string | { ready: string }; activity: string };
    const limits = typeof value.limits === 'string' ? value.limits : `ready.${value.limits.ready}`;
    const { activity } = value;
    const calm = activity === 'ready' && !context.activitySaved && context.activityError === null && context.activityDraft === context.activity?.intervalMinutes;
    if (limits === 'loading') {
      switch (activity) {
        case 'loading':
          return [done('loadActivitySettings', ACTIVITY_SETTINGS), apiFailed('loadActivitySettings', offline)];
        case 'failed':
          return [{ type: 'activity.retry' }];
        case 'saving':
          return [done('patchActivitySettings', { intervalMinutes: 30, activityTimerOn: true }), apiFailed('patchActivitySettings', offline)];
        default:
          if (calm) return [{ type: 'activity.change', intervalMinutes: 30 } as EventObject, done('loadLimits', LIMITS_LOAD), apiFailed('loadLimits', offline)];
          if (!context.activitySaved && context.activityError === null) return [{ type: 'activity.save' }];
          return [];
      }
    }
    if (!calm) return [];
    const fresh = context.success === null && context.failure === null && context.limits.spend === SPEND_LIMITS.limits && context.limits.deposit === DEPOSIT_LIMITS.limits;
    const ev = (type: string, extra: Record<string, unknown> = {}): EventObject => ({ type, ...extra });
    switch (limits) {
      case 'failed':
        return [ev('limits.retry')];
      case 'ready.viewing':
        if (!fresh) return [];
        return [
          ev('limit.edit', { kind: 'deposit', duration: 'D' }),
          ev('limit.delete', { kind: 'deposit', duration: 'W' }),
          ev('limit.cancelPending', { kind: 'spend', duration: 'M' }),
          ev('limits.refresh'),
        ];
      case 'ready.editing': {
        const { editor } = context;
        if (editor === null || editor.problem !== null || context.failure !== null) return [];
        if (editor.duration === 'D' && editor.draft === '') {
          return [
            ev('limit.save'),
            ev('limit.change', { value: '0.5' }),
            ev('limit.change', { value: '150' }),
            ev('limit.change', { value: '50' }),
            ev('limit.close'),
            ev('limit.edit', { kind: 'deposit', duration: 'M' }),
          ];
        }
        if (editor.duration === 'M' && editor.draft === '400') return [ev('limit.change', { value: '2000' }), ev('limit.change', { value: '50' })];
        return [ev('limit.save')];
      }
      case 'saving':
        return [
          done('saveLimit', limitsOf([limit('D', '50.00'), limit('W', '100.00'), limit('M', '400.00')])),
          done('saveLimit', limitsOf([limit('D', '50.00', { pendingValue: '80.00', pendingDate: LIMIT_PENDING_AT }), limit('W', '100.00'), limit('M', '400.00')])),
          apiFailed('saveLimit', new ApiError('http', 400, LIMIT_ERROR_CODES.tooHigh, 'Too high')),
          apiFailed('saveLimit', offline),
        ];
      case 'deleting':
        return [
          done('deleteLimit', limitsOf([limit('D', null), limit('W', '100.00', { pendingDelete: true, pendingDate: LIMIT_PENDING_AT }), limit('M', '400.00')])),
          apiFailed('deleteLimit', new ApiError('http', 409, LIMIT_ERROR_CODES.locked, 'Locked')),
        ];
      case 'cancellingPending':
        return [done('cancelPendingLimit', LIMITS_CANCELLED), apiFailed('cancelPendingLimit', offline)];
      case 'refreshing':
        return [done('refreshLimits', { ...LIMITS_LOAD, spend: LIMITS_CANCELLED }), apiFailed('refreshLimits', offline)];
      default:
        return [];
    }
  },
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

// ---- transactionHistory (tests/machines/transactionHistory.machine.test.ts) ----
/** Transaction n happened 10 n hours before 2026-11-25 12:00 UTC (two or three a day, newest first). */
const transaction = (n: number, status = 'SUCCESS') => ({
  referenceId: `t${String(n).padStart(2, '0')}`,
  amount: '-1.00',
  balanceAfterTransaction: '100.00',
  currency: 'EUR',
  category: 'CASINO',
  status,
  type: 'BET',
  transactionDate: new Date(Date.UTC(2026, 10, 25, 12) - n * 3_600_000 * 10).toISOString(),
  playerId: 1001,
  walletId: 'w-1001',
});
const transactions = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => transaction(from + i));
const PAGE_1 = transactions(1, 10);
const SHORT_PAGE = transactions(1, 3);
const NET_POSITION = { from: null, to: null, currency: 'EUR', netPosition: '150.00', winLoss: '-25.00' };
const PENDING_PAYOUTS = [transaction(30, 'PENDING')];
/** The refresh: a new transaction, and the newest one changed. */
const REFRESHED = [transaction(0), transaction(1, 'REVERTED'), ...transactions(2, 9)];

const transactionHistory: PathModel = {
  // The test's eventsFor: the side regions (pending, net position, polling) are worked before the
  // first page arrives; the history then moves with them loaded and the interval on.
  eventsAt: (snapshot) => {
    const context = snapshot.context as { list: unknown[]; filterApplied: boolean; error: unknown; position: number };
    const { history, pending, netPosition, polling } = snapshot.value as { history: string; pending: string; netPosition: string; polling: string };
    const untouched = history === 'loading' && context.list.length === 0 && !context.filterApplied && context.error === null;
    if (untouched) {
      const list: EventObject[] = [];
      if (pending === 'loading') list.push(done('loadPendingWithdrawals', PENDING_PAYOUTS), apiFailed('loadPendingWithdrawals', offline));
      else list.push({ type: 'pending.refresh' });
      if (netPosition === 'loading') list.push(done('loadNetPosition', NET_POSITION), apiFailed('loadNetPosition', offline));
      else list.push({ type: 'netPosition.refresh' });
      list.push(polling === 'on' ? { type: 'polling.stop' } : { type: 'polling.start' });
      if (pending === 'loaded' && netPosition === 'loaded' && polling === 'on') {
        list.push(done('loadTransactions', PAGE_1), done('loadTransactions', SHORT_PAGE), apiFailed('loadTransactions', offline));
      }
      return list;
    }
    if (pending === 'loading') return [done('loadPendingWithdrawals', PENDING_PAYOUTS)];
    if (netPosition === 'loading') return [done('loadNetPosition', NET_POSITION)];
    switch (history) {
      case 'loading':
        return [done('loadTransactions', context.filterApplied ? SHORT_PAGE : PAGE_1)];
      case 'loaded': {
        const list: EventObject[] = [{ type: 'history.more' }];
        if (context.position === 0 && !context.filterApplied && context.error === null) {
          // Payments of the last 72 hours (the filters' defaults otherwise).
          list.push({ type: 'history.refresh' }, { type: 'history.filter', filter: { ...NO_HISTORY_FILTER, category: 'PAYMENT', hour: 72 } } as EventObject, { type: 'history.clear' });
        }
        return list;
      }
      case 'loadingMore':
        return context.position === 0 ? [done('loadTransactions', transactions(11, 20)), apiFailed('loadTransactions', offline)] : [done('loadTransactions', transactions(21, 24))];
      case 'refreshing':
        return context.list.length === PAGE_1.length ? [done('loadTransactions', REFRESHED), apiFailed('loadTransactions', offline)] : [done('loadTransactions', REFRESHED)];
      case 'failed':
        return [{ type: 'history.retry' }, { type: 'history.refresh' }];
      default:
        return [];
    }
  },
};

// ---- signup (tests/machines/signup.machine.test.ts) ----
/** Valid values the player has typed in both form steps (the captcha is still to solve). */
const TYPED = {
  firstName: 'Aino',
  lastName: 'Virtanen',
  email: 'aino@example.com',
  password: 'Aurora-Player-1',
  countryCode: 'FI',
  phonePrefix: '+358',
  phoneBody: '40 123 4567',
  cpf: '',
  termsAndConditions: true,
  cookiePolicyAccepted: true,
  marketingOptIn: false,
};
const BAD_EMAIL = 'aino@';
const OTHER_PHONE = '50 765 4321';
const SIGNUP_SESSION = {
  idToken: 'eyJhbGciOiJIUzI1NiJ9.eyJwbGF5ZXJfaWQiOjQyfQ.c2ln',
  claims: {
    countryCode: 'FI',
    playerId: 42,
    playerAccessId: 'access-42',
    email: 'aino@example.com',
    language: 'en',
    iat: 1_700_000_000,
    loginMethod: 'DEFAULT',
    zendeskJwtToken: null,
    registrationDate: null,
    multibrand: null,
    provinceCode: null,
    exp: null,
  },
};
const registered = (verification: string) => ({ playerId: 42, token: 'registration-secret', verification });
const http = (status: number, code: string, fieldErrors: { field: string; code: string }[] = []) => new ApiError('http', status, code, code, fieldErrors);
/** Every refusal of POST /player/registration that behaviour.md §8 names, and then some. */
const REGISTRATION_ERRORS = [
  http(409, SIGNUP_ERROR_CODES.playerAlreadyExists),
  http(409, SIGNUP_ERROR_CODES.cpfDuplicate),
  http(409, SIGNUP_ERROR_CODES.sameCustomerInfo),
  http(403, SIGNUP_ERROR_CODES.countryBlocked),
  http(403, SIGNUP_ERROR_CODES.captcha),
  http(403, SIGNUP_ERROR_CODES.vonage),
  http(500, SIGNUP_ERROR_CODES.system),
  http(400, 'error.validation'),
  http(400, 'error.validation', [{ field: 'email', code: 'error.validation.email' }]),
  http(400, 'error.validation', [{ field: 'mobilePhone', code: 'error.validation.phone' }]),
  http(400, 'error.validation', [{ field: 'languageCode', code: 'error.validation.language' }]),
  http(400, 'error.something.new'),
  http(502, 'error.gateway'),
  offline,
];
/** Refusals of another phone for the registration (POST /player/registration/phone). */
const PHONE_CHANGE_ERRORS = [http(403, SIGNUP_ERROR_CODES.vonage), http(409, SIGNUP_ERROR_CODES.sameCustomerInfo), http(429, SIGNUP_ERROR_CODES.smsMaxAttempts), offline];
const SIGNUP_CODE_ENDS = [
  { outcome: 'verified', key: null },
  { outcome: 'blocked', reason: 'wrongCodes', retryAfterSeconds: null },
  // The platform may say how long to wait (details.retryAfterSeconds).
  { outcome: 'blocked', reason: 'tooManyCodes', retryAfterSeconds: 600 },
  { outcome: 'cancelled', sent: { ticket: null, sentTo: '+358 40 *** 67' } },
];
const change = (field: string, value: unknown) => ({ type: 'field.change', field, value }) as EventObject;

const signup: PathModel = {
  // Canadian French on the route (sent as fr, behaviour.md §5), a bonus code and an affiliate.
  input: { languageCode: 'caf', bonusCode: ' WELCOME100 ', affiliate: { aff_id: 'aff-77', appsflyer_token: 'af-token-1' }, values: TYPED },
  // The test's eventsFor: a few field changes stand for the player's typing, the refusals are tried
  // where they first can happen.
  eventsAt: (snapshot) => {
    const context = snapshot.context as {
      registration: { verification: string } | null;
      termsVersion: number | null;
      formError: unknown;
      fieldErrors: Record<string, unknown>;
      values: typeof TYPED;
      captchaToken: string | null;
      registeredBody: { phoneBody: string } | null;
      sms: { sent: unknown; maxAttempts: boolean };
      email: { sent: unknown; maxAttempts: boolean };
    };
    const firstPass = context.registration === null && context.termsVersion === null;
    const clean = context.formError === null && Object.keys(context.fieldErrors).length === 0;
    const common: EventObject[] = [{ type: 'step.next' }, { type: 'step.back' }];
    if (snapshot.matches('details')) {
      if (!firstPass) return common;
      // The site's language switcher: the registration follows it (here: stays Canadian French).
      return [...common, change('email', context.values.email === BAD_EMAIL ? TYPED.email : BAD_EMAIL), { type: 'language.change', languageCode: 'caf' } as EventObject];
    }
    if (snapshot.matches({ contactInfo: 'editing' })) {
      const events = [...common];
      if (context.captchaToken === null) events.push({ type: 'captcha.solve' });
      else if (firstPass) events.push({ type: 'captcha.reset' });
      if (context.registration !== null && clean && context.captchaToken !== null) {
        events.push(change('phoneBody', context.values.phoneBody === TYPED.phoneBody ? OTHER_PHONE : TYPED.phoneBody));
        events.push(change('marketingOptIn', !context.values.marketingOptIn));
      }
      return events;
    }
    if (snapshot.matches({ contactInfo: 'solvingCaptcha' })) {
      const answers = [done('solveCaptcha', 'captcha-token-1')];
      if (firstPass && clean) answers.push(apiFailed('solveCaptcha', offline), apiFailed('solveCaptcha', http(500, SIGNUP_ERROR_CODES.system)));
      // Create account pressed before the captcha answered (issue 21).
      if (firstPass && clean && snapshot.matches({ contactInfo: { solvingCaptcha: 'solving' } })) answers.push({ type: 'step.next' });
      if (snapshot.matches({ contactInfo: { solvingCaptcha: 'submitQueued' } })) answers.push(apiFailed('solveCaptcha', offline));
      return answers;
    }
    if (snapshot.matches({ submitting: 'readingTerms' })) {
      return firstPass ? [done('fetchTermsVersion', 3), apiFailed('fetchTermsVersion', offline)] : [done('fetchTermsVersion', 3)];
    }
    if (snapshot.matches({ submitting: 'registering' })) {
      const answers = [done('register', registered('SMS'))];
      if (context.registration === null) {
        answers.push(done('register', registered('EMAIL')), done('register', registered('NONE')));
        answers.push(...REGISTRATION_ERRORS.map((error) => apiFailed('register', error)));
      }
      return answers;
    }
    if (snapshot.matches('changingPhone')) {
      const accepted = done('changeRegistrationPhone', { ok: true });
      // The refusals on the first move away from the registered phone of an SMS registration.
      const first = context.registration?.verification === 'SMS' && context.registeredBody?.phoneBody === TYPED.phoneBody.replace(/\s/g, '') && !context.sms.maxAttempts;
      return first ? [accepted, ...PHONE_CHANGE_ERRORS.map((error) => apiFailed('changeRegistrationPhone', error))] : [accepted];
    }
    for (const channel of ['sms', 'email'] as const) {
      if (snapshot.matches({ verification: channel })) {
        const flags = context[channel];
        const first = flags.sent === null && !flags.maxAttempts && context.values.phoneBody === TYPED.phoneBody && !context.values.marketingOptIn;
        const ends = SIGNUP_CODE_ENDS.map((end) => done('codeVerification', end));
        return first ? ends : ends.slice(0, 1);
      }
    }
    if (snapshot.matches('smsBlocked')) return [{ type: 'block.acknowledge' }, { type: 'step.back' }];
    if (snapshot.matches('completing')) {
      return context.formError === null
        ? [done('completeRegistration', SIGNUP_SESSION), apiFailed('completeRegistration', offline)]
        : [done('completeRegistration', SIGNUP_SESSION)];
    }
    if (snapshot.matches('completionFailed')) return [{ type: 'complete.retry' }];
    if (snapshot.matches('duplicated') || snapshot.matches('unsupported')) return common;
    return [];
  },
};

// ---- payAndPlay (tests/machines/payAndPlay.machine.test.ts) ----
const PNP_INPUT = { langmarket: 'en-FI', target: '/online-casino', callback: null };
const PNP_LOGIN = {
  idToken: 'header.payload.signature',
  claims: {
    countryCode: 'FI',
    playerId: 77,
    playerAccessId: 'access-77',
    email: 'new@example.com',
    language: 'en',
    iat: 1_700_000_000,
    loginMethod: 'PAYNPLAY',
    zendeskJwtToken: null,
    registrationDate: null,
    multibrand: null,
    provinceCode: null,
    exp: 1_700_003_600,
  },
};
const PAY_AND_PLAY_EVENTS: readonly EventObject[] = [
  done('loadVisitorContext', { country: 'FI', ipAddress: '', blackbox: 'fp1:abc' }),
  // The fingerprint script failed (a plain error, not the API client's).
  { type: 'xstate.error.actor.loadVisitorContext', actorId: 'loadVisitorContext', error: new Error('no fingerprint') } as EventObject,
  { type: 'amount.change', value: '20' } as EventObject,
  { type: 'amount.change', value: '20.505' } as EventObject,
  // The first limit's fields (a Finnish visitor's form has none; the transitions are the form's all the same).
  { type: 'limit.change', value: '500' } as EventObject,
  { type: 'limit.duration', duration: 'W' } as EventObject,
  { type: 'amount.submit' },
  done('authorize', { sessionId: 'pnp-session-1', redirectUrl: '/api/bankid/authorize?session=pnp-session-1' }),
  apiFailed('authorize', new ApiError('http', 400, 'error.paynplay.amount.invalid', 'Amount out of range')),
  done('verifyCode', { email: 'player@example.com', mobilePhone: '+358401234567', playerId: 1 }),
  done('verifyCode', { email: null, mobilePhone: null, playerId: 77 }),
  apiFailed('verifyCode', new ApiError('http', 400, 'error.paynplay.code.invalid', 'Code already used')),
  { type: 'verify.retry' },
  { type: 'update.change', field: 'email', value: 'new@example.com' } as EventObject,
  { type: 'update.change', field: 'phoneBody', value: '40 123 4567' } as EventObject,
  { type: 'update.submit' },
  done('updatePlayer', { ok: true }),
  apiFailed('updatePlayer', new ApiError('http', 409, 'error.registration.player_already_exists', 'E-mail in use')),
  apiFailed('updatePlayer', offline),
  done('loginPlayer', PNP_LOGIN),
  apiFailed('loginPlayer', offline),
  { type: 'login.retry' },
];

const payAndPlay: PathModel = {
  // The start page; back from the bank with a code; back from a cancelled identification.
  input: PNP_INPUT,
  moreInputs: [
    { ...PNP_INPUT, callback: { code: '123456', sessionId: 'pnp-session-1', error: null } },
    { ...PNP_INPUT, target: null, callback: { code: null, sessionId: 'pnp-session-1', error: 'cancelled' } },
  ],
  eventsAt: () => PAY_AND_PLAY_EVENTS,
};

// ======== The machines a tester meets outside the flows' registry ========

const LOGGED_IN = {
  idToken: 'header.payload.signature',
  claims: {
    countryCode: 'FI',
    playerId: 1001,
    playerAccessId: 'access-1001',
    email: 'player@example.com',
    language: 'fi',
    iat: 1_700_000_000,
    loginMethod: 'DEFAULT',
    zendeskJwtToken: null,
    registrationDate: '2024-01-31',
    multibrand: { suspended: false },
    provinceCode: null,
    exp: 1_700_003_600,
  },
};

// ---- login (tests/machines/login.machine.test.ts) ----
const loginFailed = (error: ApiError) => apiFailed('authenticate', error);
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
  eventsAt: (snapshot) => (snapshot.value === 'checking' ? DEPOSIT_CHECK_RESULTS.map((result) => done('check', { result, limitLeft: '10.00' })) : []),
};

// ---- activityTimer (tests/machines/activityTimer.machine.test.ts) ----
const TIMER_ON = { intervalMinutes: 60, activityTimerOn: true };
const timerFailed = (id: string) => apiFailed(id, offline);
const activityTimer: PathModel = {
  // The pending call's answers and the reality-check modal's buttons; a settings change everywhere.
  eventsAt: (snapshot) => {
    if (snapshot.status === 'done') return [];
    const changed = { type: 'activity.settingsChanged' };
    const buttons = [{ type: 'activity.continue' }, { type: 'activity.link' }, { type: 'activity.logout' }];
    if (snapshot.matches({ timing: 'loadingSettings' })) {
      return [done('loadTimerSettings', TIMER_ON), done('loadTimerSettings', { intervalMinutes: null, activityTimerOn: false }), timerFailed('loadTimerSettings'), changed];
    }
    if (snapshot.matches({ timing: 'checking' })) {
      return [
        done('fetchMinutesRemaining', { minutesRemaining: 0 }),
        done('fetchMinutesRemaining', { minutesRemaining: null }),
        done('fetchMinutesRemaining', { minutesRemaining: 25 }),
        timerFailed('fetchMinutesRemaining'),
        changed,
      ];
    }
    if (snapshot.matches({ due: 'fetchingSummary' })) {
      const summary = {
        settings: TIMER_ON,
        currency: 'EUR',
        sessionStartedAt: '2026-11-25T12:00:00.000Z',
        turnover: '120.00',
        winnings: '95.50',
        delta: '-24.50',
        limitWarnings: [],
      };
      return [done('fetchActivitySummary', summary), timerFailed('fetchActivitySummary'), ...buttons, changed];
    }
    if (snapshot.matches('resetting')) return [done('resetActivityTimer', { minutesRemaining: 60 }), timerFailed('resetActivityTimer'), ...buttons, changed];
    return [...buttons, changed];
  },
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

// ---- cookieConsent (tests/machines/cookieConsent.machine.test.ts) ----
const COOKIE_EVENTS: readonly EventObject[] = [
  done('loadConsent', null),
  done('loadConsent', { essentials: true, performanceFunctional: false, marketing: true, accepted: true }),
  done('loadConsent', { essentials: true, performanceFunctional: true, marketing: false, accepted: false }),
  // What JSON.parse throws for a corrupt stored value.
  { type: 'xstate.error.actor.loadConsent', actorId: 'loadConsent', error: new SyntaxError('Unexpected token') } as EventObject,
  { type: 'consent.accept' },
  // Essentials cannot be refused, whatever the caller sends.
  { type: 'consent.accept', options: { essentials: false, marketing: false } } as EventObject,
  { type: 'consent.update', options: { performanceFunctional: false } } as EventObject,
  { type: 'consent.update', options: { performanceFunctional: true, marketing: false } } as EventObject,
  { type: 'consent.load' },
];
const cookieConsent: PathModel = { eventsAt: () => COOKIE_EVENTS };

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

export const PATH_MODELS: Readonly<Record<string, PathModel>> = {
  deposit,
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
};
