import { assign, createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cashierCheckMachine, type CashierCheckOutput, type OperationAnswer } from '../../machines/cashierCheck.machine';
import type { PaymentMethodsLoad } from '../../machines/deposit.machine';
import { OPERATION_RESULTS, OPERATION_UI_STATUS, operationUiStatus, type CashierPlayer, type OperationUiStatus } from '../../machines/lib/wallet';
import { withdrawMachine, type WithdrawalCancellationResponse, type WithdrawInput } from '../../machines/withdraw.machine';
import { ApiError } from '../../src/api/errors';
import type {
  PaymentMethod,
  Transaction,
  WithdrawalCancellationRequest,
  WithdrawalCheckResponse,
  WithdrawalRequest,
  WithdrawalRequestResponse,
} from '../../src/api/wallet';
import { coverPaths, FakePromises, formatCoverage, mergeCoverage, settle, type PathCoverageResult, type PathEvent } from './lib/pathCoverage';

type WithdrawPathEvent = PathEvent<typeof withdrawMachine>;
type WithdrawSnapshot = SnapshotFrom<typeof withdrawMachine>;

const PLAYER: CashierPlayer = { currency: 'EUR', market: 'FI', access: { deposit: true, payout: true, withdrawal: true }, multibrandSuspended: false };
const FINNISH: WithdrawInput = { player: PLAYER };
const BRITISH: WithdrawInput = { player: { ...PLAYER, currency: 'GBP', market: 'GG' } };
const SUSPENDED: WithdrawInput = { player: { ...PLAYER, multibrandSuspended: true } };
const NO_ACCESS: WithdrawInput = { player: { ...PLAYER, access: { deposit: true, payout: true, withdrawal: false } } };

const method = (id: string, name: string): PaymentMethod => ({ id, kind: 'bank', name, logo: { src: `/logos/${id}.svg`, width: 64, height: 40 } });
const METHODS: PaymentMethodsLoad = { methods: [method('trustly', 'Trustly'), method('visa', 'Visa')], recentMethodIds: ['trustly'] };

const withdrawal = (referenceId: string, amount: string): Transaction => ({
  referenceId,
  amount,
  balanceAfterTransaction: '180.00',
  currency: 'EUR',
  category: 'PAYMENT',
  status: 'PENDING',
  type: 'WITHDRAW',
  transactionDate: '2026-11-20T10:00:00.000Z',
  playerId: 1001,
  walletId: 'w-1001',
});
const PENDING = [withdrawal('wd-1', '-20.00')];

const checked = (result: string, extra: Partial<WithdrawalCheckResponse> = {}): WithdrawalCheckResponse => ({
  result,
  limit: null,
  duration: null,
  originalLimit: null,
  balance: '200.00',
  ...extra,
});
const LIMIT_REACHED = checked('WITHDRAWAL_LIMIT_REACHED', { limit: '500.00', duration: 'weekly', originalLimit: '1000.00' });
const requested = (result: string, referenceId: string | null = null): WithdrawalRequestResponse => ({ result, referenceId, balance: result === 'SUCCESS' ? '150.00' : '200.00' });
const cancelled = (result: string): WithdrawalCancellationResponse => ({ result, balance: result === 'SUCCESS' ? '220.00' : '200.00' });

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const conflict = new ApiError('http', 409, 'error.idempotency.conflict', 'Key reused');
const cancelLimit = new ApiError('http', 400, 'error.withdrawal.cancel.limit_reached', 'Too many cancellations');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as WithdrawPathEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as WithdrawPathEvent;
/** The check machine's end for withdrawal/check's answer (machines/cashierCheck.machine.ts): behaviour.md §4's status and the answer. */
const checkEnd = (answer: WithdrawalCheckResponse): CashierCheckOutput<WithdrawalCheckResponse> => ({ result: operationUiStatus(answer.result), answer });

/** behaviour.md §4's table, row by row, and an unknown result; the state each leads to from the check. */
const CHECK_ROWS: readonly { result: string; status: OperationUiStatus; state: string }[] = [
  { result: 'SUCCESS', status: 'allowed', state: 'loadingMethods' },
  { result: 'NOT_ENOUGH_FUNDS', status: 'error', state: 'refused' },
  { result: 'EXCEEDS_KYC_LIMIT', status: 'error', state: 'refused' },
  { result: 'FAILURE', status: 'error', state: 'refused' },
  { result: 'DOCUMENTS_PREFERRED', status: 'verify-document', state: 'verifyDocument' },
  { result: 'DOCUMENTS_UNDER_REVIEW', status: 'under-review', state: 'underReview' },
  { result: 'DOCUMENTS_REQUIRED', status: 'required', state: 'documentsRequired' },
  { result: 'DOCUMENTS_REQUIRED_RESTRICTED', status: 'strict', state: 'documentsStrict' },
  { result: 'WITHDRAWAL_LIMIT_REACHED', status: 'withdrawal-limit-reached', state: 'limitReached' },
  { result: 'SELF_LIMIT_REACHED', status: 'self-limit-reached', state: 'refused' },
  { result: 'RESTRICTED', status: 'restricted', state: 'restricted' },
  { result: 'FORBIDDEN', status: 'error', state: 'refused' },
  { result: 'SELF_SPEND_LIMIT_REACHED', status: 'error', state: 'refused' },
  { result: 'SOMETHING_NEW', status: 'error', state: 'refused' },
];

function regions(snapshot: WithdrawSnapshot): { request: string; pending: string } {
  return snapshot.value;
}

/**
 * The events to try. The pending list is worked while the request still waits for its check (so the
 * two regions do not multiply); the request goes on once the list has loaded, and a request that
 * succeeds has its list answered again.
 */
function eventsFor(snapshot: WithdrawSnapshot): WithdrawPathEvent[] {
  const { context } = snapshot;
  const { request, pending } = regions(snapshot);
  const list: WithdrawPathEvent[] = [];
  if (pending === 'loading') {
    list.push(done('loadPendingWithdrawals', PENDING));
    if (request === 'checking' && context.cancelStatus === null && context.cancelError === null) list.push(failed('loadPendingWithdrawals', offline));
    return list;
  }
  const calm = context.cancellingId === null && context.cancelStatus === null && context.cancelError === null && context.balance === null;
  if (request === 'checking') {
    if (pending === 'failed') return [{ type: 'pending.refresh' }];
    if (pending === 'cancelling') return [done('cancelWithdrawal', cancelled('SUCCESS')), done('cancelWithdrawal', cancelled('FAILURE')), failed('cancelWithdrawal', cancelLimit)];
    if (!calm) return [];
    list.push({ type: 'pending.cancel', referenceId: 'wd-1' }, { type: 'pending.cancel', referenceId: 'not-listed' }, { type: 'pending.refresh' });
    list.push(...CHECK_ROWS.map((row) => done('checkWithdrawal', checkEnd(row.result === 'WITHDRAWAL_LIMIT_REACHED' ? LIMIT_REACHED : checked(row.result)))));
    list.push(failed('checkWithdrawal', offline));
    return list;
  }
  if (pending !== 'loaded') return [];
  const clear: WithdrawPathEvent = { type: 'withdraw.clear' };
  switch (request) {
    case 'loadingMethods':
      return [done('loadPaymentMethods', METHODS), failed('loadPaymentMethods', offline)];
    case 'form': {
      const submit: WithdrawPathEvent = { type: 'withdraw.submit' };
      if (context.error !== null) return context.amountText === '50' ? [submit, { type: 'amount.change', value: '60' }] : [submit];
      if (context.idempotencyKey !== null) return [submit];
      if (context.amountText === '') return [submit, { type: 'amount.change', value: '5' }, { type: 'amount.change', value: '500' }, { type: 'amount.change', value: '50' }];
      if (context.amountText === '50' && context.methodId === 'trustly') return [submit, { type: 'method.select', methodId: 'visa' }];
      return [submit];
    }
    case 'requesting':
      if (context.methodId !== 'trustly') return [done('requestWithdrawal', requested('SUCCESS', 'wd-2')), failed('requestWithdrawal', offline)];
      return [
        done('requestWithdrawal', requested('SUCCESS', 'wd-2')),
        done('requestWithdrawal', requested('WITHDRAWAL_LIMIT_REACHED')),
        done('requestWithdrawal', requested('DOCUMENTS_PREFERRED')),
        done('requestWithdrawal', requested('DOCUMENTS_UNDER_REVIEW')),
        done('requestWithdrawal', requested('DOCUMENTS_REQUIRED')),
        done('requestWithdrawal', requested('DOCUMENTS_REQUIRED_RESTRICTED')),
        done('requestWithdrawal', requested('RESTRICTED')),
        done('requestWithdrawal', requested('NOT_ENOUGH_FUNDS')),
        failed('requestWithdrawal', offline),
        failed('requestWithdrawal', conflict),
      ];
    default:
      return [clear];
  }
}

interface World {
  walletRefreshes: number;
}

/**
 * The flow with fakes. The path test fakes the check machine itself (its end is the event); the
 * table's tests run the real one (machines/cashierCheck.machine.ts) with withdrawal/check faked:
 * its pending call is `check`.
 */
function setupWith(fakes: FakePromises, checkMachine: 'faked' | 'real' = 'faked') {
  const world: World = { walletRefreshes: 0 };
  const machine = withdrawMachine.provide({
    actors: {
      checkWithdrawal:
        checkMachine === 'real'
          ? cashierCheckMachine.provide({ actors: { check: fakes.actor<OperationAnswer>() } })
          : (fakes.actor<CashierCheckOutput<WithdrawalCheckResponse>>() as never),
      loadPaymentMethods: fakes.actor<PaymentMethodsLoad>(),
      requestWithdrawal: fakes.actor<WithdrawalRequestResponse, WithdrawalRequest>(),
      loadPendingWithdrawals: fakes.actor<Transaction[]>(),
      cancelWithdrawal: fakes.actor<WithdrawalCancellationResponse, WithdrawalCancellationRequest>(),
    },
    actions: {
      refreshWallet: () => {
        world.walletRefreshes += 1;
      },
      // A key the graph can predict: the same attempt always gets the same one here.
      assignIdempotencyKey: assign({ idempotencyKey: ({ context }) => `key-${context.amountText}-${String(context.methodId)}` }),
    },
  });
  return { machine, world };
}

const RESULT_STATES = ['suspended', 'notAllowed', 'limitReached', 'verifyDocument', 'underReview', 'documentsRequired', 'documentsStrict', 'restricted', 'refused', 'requested'];

function verifyStep(
  snapshot: WithdrawSnapshot,
  step: { event: WithdrawPathEvent | { type: 'xstate.init' }; previous: WithdrawSnapshot | undefined; fakes: FakePromises; world: World },
) {
  const { context } = snapshot;
  const { event, previous, fakes, world } = step;
  const { request, pending } = regions(snapshot);
  // UKGC RTS 14B: no cancellation in GG.
  expect(context.cancelAllowed).toBe(context.player.market !== 'GG');
  expect(snapshot.hasTag('form')).toBe(request === 'form');
  expect(snapshot.hasTag('result')).toBe(RESULT_STATES.includes(request));
  expect(snapshot.hasTag('cancelling')).toBe(pending === 'cancelling');
  expect(snapshot.hasTag('pendingLoading')).toBe(pending === 'loading');

  if (event.type === 'xstate.done.actor.checkWithdrawal') {
    const { answer } = event.output as CashierCheckOutput<WithdrawalCheckResponse>;
    expect(context.status).toBe(operationUiStatus(answer.result));
    expect(request).toBe(CHECK_ROWS.find((row) => row.result === answer.result)?.state);
    expect(context.balance).toBe('200.00');
    if (answer === LIMIT_REACHED) expect(context).toMatchObject({ limit: '500.00', duration: 'weekly', originalLimit: '1000.00' });
  }
  switch (request) {
    case 'suspended':
    case 'notAllowed':
      expect(fakes.calls.some((call) => call.id === 'checkWithdrawal')).toBe(false);
      expect(request).toBe(context.player.multibrandSuspended ? 'suspended' : 'notAllowed');
      break;
    case 'checking':
      expect(fakes.isPending('checkWithdrawal')).toBe(true);
      break;
    case 'form':
      if (event.type === 'withdraw.submit') {
        expect(context.amountProblem).toBe({ '': 'invalid', '5': 'tooLow', '500': 'overBalance' }[context.amountText]);
      }
      if (event.type === 'xstate.error.actor.requestWithdrawal') {
        expect(context.idempotencyKey).toBe(event.error === conflict ? null : previous?.context.idempotencyKey);
      }
      break;
    case 'requesting': {
      const sent = fakes.calls.filter((call) => call.id === 'requestWithdrawal').at(-1)?.input as WithdrawalRequest;
      expect(sent).toEqual({ amount: `${context.amountText}.00`, methodId: context.methodId, idempotencyKey: context.idempotencyKey });
      if (previous?.context.idempotencyKey != null) expect(context.idempotencyKey).toBe(previous.context.idempotencyKey);
      break;
    }
    case 'requested':
      // Request success: the reference and the balance left; the list and the wallet load again.
      expect(context).toMatchObject({ status: 'allowed', referenceId: 'wd-2', balance: '150.00', idempotencyKey: null });
      if (event.type === 'xstate.done.actor.requestWithdrawal') {
        expect(pending).toBe('loading');
        expect(world.walletRefreshes).toBe(1);
      }
      break;
  }

  switch (pending) {
    case 'loaded':
      if (event.type === 'xstate.done.actor.loadPendingWithdrawals') expect(context.pending).toEqual(PENDING);
      if (event.type === 'pending.cancel') {
        // Not offered in GG, nor for a withdrawal not on the list.
        expect(context.player.market === 'GG' || event.referenceId === 'not-listed').toBe(true);
        expect(context.cancellingId).toBeNull();
      }
      if (event.type === 'xstate.done.actor.cancelWithdrawal') expect(context.cancelStatus).toBe('error');
      if (event.type === 'xstate.error.actor.cancelWithdrawal') expect(context.cancelError?.code).toBe('error.withdrawal.cancel.limit_reached');
      break;
    case 'cancelling':
      // Never in GG; cancel with loading: the row being cancelled, its positive amount, by the player.
      expect(context.player.market).not.toBe('GG');
      expect(context.cancellingId).toBe('wd-1');
      expect(fakes.calls.at(-1)).toEqual({ id: 'cancelWithdrawal', input: { pendingWithdrawalId: 'wd-1', amount: '20.00', cancelByPlayer: true } });
      break;
    case 'loading':
      if (event.type === 'xstate.done.actor.cancelWithdrawal') {
        expect(context.cancellingId).toBeNull();
        expect(context.balance).toBe('220.00');
        expect(world.walletRefreshes).toBe(1);
      }
      expect(fakes.isPending('loadPendingWithdrawals')).toBe(true);
      break;
  }
  if (event.type === 'withdraw.clear') {
    expect(request === 'checking' || request === 'suspended' || request === 'notAllowed').toBe(true);
    expect(context).toMatchObject({ amountText: '', idempotencyKey: null, status: null, referenceId: null });
    expect(context.pending).toBe(previous?.context.pending);
  }
}

describe('withdraw machine (behaviour.md §4 "Deposit and withdraw flows", UKGC RTS 14B)', () => {
  it('reaches every state and transition (a Finnish and a British player, a suspended one, one without withdrawal access)', async () => {
    const results: PathCoverageResult[] = [];
    for (const input of [FINNISH, BRITISH, SUSPENDED, NO_ACCESS]) {
      results.push(await coverPaths({ setup: setupWith, input, events: eventsFor, check: verifyStep }));
    }
    const result = mergeCoverage(results);
    console.info(formatCoverage('withdraw', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 120_000);

  it('covers every result the platform names', () => {
    expect(CHECK_ROWS.map((row) => row.result)).toEqual([...OPERATION_RESULTS, 'SOMETHING_NEW']);
  });
  it.each(CHECK_ROWS)('withdrawal/check $result → $status ($state)', async ({ result, status: expected, state }) => {
    expect(OPERATION_UI_STATUS[result as keyof typeof OPERATION_UI_STATUS] ?? 'error').toBe(expected);
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes, 'real').machine, { input: FINNISH }).start();
    fakes.resolve('check', checked(result));
    await settle();
    expect(regions(actor.getSnapshot()).request).toBe(state);
    expect(actor.getSnapshot().context.status).toBe(expected);
    actor.stop();
  });

  it('offers no cancellation in GG (UKGC RTS 14B)', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: BRITISH }).start();
    fakes.resolve('loadPendingWithdrawals', PENDING);
    await settle();
    expect(actor.getSnapshot().context.cancelAllowed).toBe(false);
    expect(actor.getSnapshot().can({ type: 'pending.cancel', referenceId: 'wd-1' })).toBe(false);
    actor.send({ type: 'pending.cancel', referenceId: 'wd-1' });
    expect(fakes.calls.some((call) => call.id === 'cancelWithdrawal')).toBe(false);
    actor.stop();
  });
});
