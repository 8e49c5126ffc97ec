// Per-flow models for `npm run paths` (scripts/lib/machinePaths.ts): the input a route and the
// session give the flow, and the sample events the walk tries, taken from the flow's machine path
// test (tests/machines/<flow>.machine.test.ts) in a smaller form, so a tester reads one scenario
// per state and transition rather than every combination the tests replay. A flow without a model
// is walked with `{ type }` events only, and its input undefined.
import { assign } from 'xstate';
import type { AnyMachineSnapshot, AnyStateMachine, EventObject } from 'xstate';
import { depositMachine } from '../../machines/deposit.machine';
import { operationUiStatus } from '../../machines/lib/wallet';
import { OLD_PASSWORD_INCORRECT } from '../../machines/passwordChange.machine';
import { ApiError } from '../../src/api/errors';
import type { PathModel } from './machinePaths';

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
/** A failed call as the app's API client reports it (src/api/errors.ts ApiError: kind, status, code). */
const failed = (id: string, code = 'network.error'): EventObject =>
  ({ type: `xstate.error.actor.${id}`, actorId: id, error: Object.assign(new Error(code), { name: 'ApiError', kind: code === 'network.error' ? 'network' : 'http', status: code === 'network.error' ? 0 : 409, code }) }) as EventObject;

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
  recentMethodIds: [] as string[],
};
/**
 * The check's answer as the deposit machine takes it: deposit/check's answer itself, or, where the
 * check is the operation-check machine (machines/cashierCheck.machine.ts), its output
 * `{ result: the UI status, answer }`.
 */
const checkIsMachine = 'config' in ((depositMachine.implementations.actors as Record<string, object | undefined>).checkDeposit ?? {});
const checkAnswer = (answer: { result: string }): unknown => (checkIsMachine ? { result: operationUiStatus(answer.result), answer } : answer);
const depositStatus = (status: string, result: string | null = null) => ({ depositId: 'dep-1', status, amount: '50.00', currency: 'EUR', methodId: 'visa', result });

const DEPOSIT_INPUT = { depositId: null, returnPath: '/en-UN/deposit', player: PLAYER };
const deposit: PathModel = {
  input: DEPOSIT_INPUT,
  // Back from the provider with the deposit's id; a player who may not deposit.
  moreInputs: [
    { ...DEPOSIT_INPUT, depositId: 'dep-1' },
    { ...DEPOSIT_INPUT, player: { ...PLAYER, access: { deposit: false, payout: true, withdrawal: true } } },
  ],
  // A key the walk can predict (src/app makes a random one).
  provide: (machine: AnyStateMachine) =>
    machine.provide({
      actions: { assignIdempotencyKey: assign({ idempotencyKey: ({ context }: { context: Record<string, unknown> }) => `key-${String(context.amountText)}-${String(context.methodId)}` }) },
    } as never),
  events: {
    'xstate.done.actor.checkDeposit': [
      done('checkDeposit', checkAnswer(check('SUCCESS'))),
      done('checkDeposit', checkAnswer(check('DOCUMENTS_PREFERRED', { daysLeftToVerifyDocuments: 12 }))),
      done('checkDeposit', checkAnswer(check('DOCUMENTS_UNDER_REVIEW'))),
      done('checkDeposit', checkAnswer(check('DOCUMENTS_REQUIRED'))),
      done('checkDeposit', checkAnswer(check('DOCUMENTS_REQUIRED_RESTRICTED'))),
      done('checkDeposit', checkAnswer(check('SELF_LIMIT_REACHED', { limitLeft: '0.00', limitType: 'deposit', resetOn: '2026-12-01T00:00:00.000Z' }))),
      done('checkDeposit', checkAnswer(check('RESTRICTED'))),
      done('checkDeposit', checkAnswer(check('NOT_ENOUGH_FUNDS'))),
    ],
    'xstate.error.actor.checkDeposit': [failed('checkDeposit')],
    'xstate.done.actor.loadPaymentMethods': [done('loadPaymentMethods', METHODS)],
    'xstate.error.actor.loadPaymentMethods': [failed('loadPaymentMethods')],
    // The form: an amount, then a method, then submit; a refused submit first (nothing typed).
    'amount.change': (snapshot) => (ctx(snapshot).amountText === '' ? [{ type: 'amount.change', value: '50' }] : []),
    'method.select': (snapshot) => (ctx(snapshot).methodId === null && ctx(snapshot).amountText !== '' ? [{ type: 'method.select', methodId: 'visa' }] : []),
    'bonus.select': [],
    'xstate.done.actor.requestDeposit': [
      done('requestDeposit', { result: 'SUCCESS', depositId: 'dep-1', redirectUrl: '/api/simulated-payments/pay?payment=dep-1' }),
      done('requestDeposit', { result: 'NOT_ENOUGH_FUNDS', depositId: null, redirectUrl: null }),
    ],
    'xstate.error.actor.requestDeposit': [failed('requestDeposit')],
    'xstate.done.actor.depositStatus': (snapshot) =>
      ctx(snapshot).statusPolls === 0
        ? [done('depositStatus', depositStatus('SUCCESS')), done('depositStatus', depositStatus('PENDING')), done('depositStatus', depositStatus('FAILED', 'FAILURE'))]
        : [done('depositStatus', depositStatus('PENDING'))],
    'xstate.error.actor.depositStatus': [failed('depositStatus')],
  },
};

// ---- code entry's ends, as the flows that invoke it see them (its own test covers its inside) ----
const codeEntryEnds = (key: string | null, ticket: string): EventObject[] => [
  done('codeVerification', { outcome: 'verified', key }),
  done('codeVerification', { outcome: 'blocked', reason: 'wrongCodes', retryAfterSeconds: null }),
  done('codeVerification', { outcome: 'cancelled', sent: { ticket, sentTo: null } }),
];
const apiFailed = (id: string, error: ApiError): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;
const offline = new ApiError('network', 0, 'network.error', 'Network Error');

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

export const PATH_MODELS: Readonly<Record<string, PathModel>> = {
  deposit,
  passwordReset,
  phoneChange,
  passwordChange,
};
