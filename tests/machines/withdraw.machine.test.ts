import { assign, createActor, fromCallback } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cashierCheckMachine, type CashierCheckOutput, type OperationAnswer } from '../../machines/cashierCheck.machine';
import type { PaymentMethodsLoad } from '../../machines/deposit.machine';
import type { SecondFactorAnswer } from '../../machines/lib/secondFactor';
import { OPERATION_RESULTS, OPERATION_UI_STATUS, operationUiStatus } from '../../machines/lib/wallet';
import { withdrawMachine, type WithdrawalCancellationResponse } from '../../machines/withdraw.machine';
import type { Reward } from '../../src/api/bonuses';
import type { Transaction, WithdrawalCancellationRequest, WithdrawalCheckResponse, WithdrawalRequest, WithdrawalRequestResponse } from '../../src/api/wallet';
import { ACTIVE_CASINO } from './lib/bonusCode.fixtures';
import { coverPaths, FakePromises, formatCoverage, mergeCoverage, settle, type PathCoverageResult } from './lib/pathCoverage';
import {
  BRITISH,
  CHALLENGE,
  checked,
  CHECK_ROWS,
  conflict,
  eventsFor,
  expiredCheck,
  factorRequired,
  FINNISH,
  LIMIT_REACHED,
  NO_ACCESS,
  PENDING,
  regions,
  SUSPENDED,
  TOTP_CODE,
  wrongCode,
  type WithdrawPathEvent,
  type WithdrawSnapshot,
} from './lib/withdraw.fixtures';

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
      loadActiveBonuses: fakes.actor<Reward[]>(),
      requestWithdrawal: fakes.actor<WithdrawalRequestResponse, WithdrawalRequest>(),
      loadPendingWithdrawals: fakes.actor<Transaction[]>(),
      cancelWithdrawal: fakes.actor<WithdrawalCancellationResponse, WithdrawalCancellationRequest>(),
      verifySecondFactor: fakes.actor<unknown, SecondFactorAnswer>(),
      // The operator's decision is the path's own `documents.reviewed` event here (src/app hears the wallet).
      watchReview: fromCallback(() => undefined),
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
    case 'loadingBonuses':
      expect(fakes.isPending('loadActiveBonuses')).toBe(true);
      expect(snapshot.hasTag('loading')).toBe(true);
      break;
    case 'form':
      // Issue 24: the active bonuses the warning names (the forfeited one left out); null when they could not be read.
      if (event.type === 'xstate.done.actor.loadActiveBonuses') expect(context.activeBonuses).toEqual([ACTIVE_CASINO]);
      if (event.type === 'xstate.error.actor.loadActiveBonuses') expect(context.activeBonuses).toBeNull();
      if (event.type === 'withdraw.submit') {
        expect(context.amountProblem).toBe({ '': 'invalid', '5': 'tooLow', '500': 'overBalance' }[context.amountText]);
      }
      if (event.type === 'xstate.error.actor.requestWithdrawal') {
        expect(context.idempotencyKey).toBe(event.error === conflict ? null : previous?.context.idempotencyKey);
      }
      // Issue 23: out of the factor step the amount, the method and the key stay as they were.
      if (event.type === 'factor.cancel' || event.type === 'xstate.error.actor.verifySecondFactor') {
        expect(context).toMatchObject({ amountText: previous?.context.amountText, methodId: previous?.context.methodId, idempotencyKey: previous?.context.idempotencyKey, challenge: null });
        if (event.type === 'factor.cancel') expect(context.factorError).toBeNull();
        else if (event.error === expiredCheck) expect(context.factorError?.code).toBe('expired');
        else expect(context.error?.code).toBe('code:error.sign.in.attempt.count.exceeded');
      }
      break;
    case 'requesting': {
      const sent = fakes.calls.filter((call) => call.id === 'requestWithdrawal').at(-1)?.input as WithdrawalRequest;
      expect(sent).toEqual({ amount: `${context.amountText}.00`, methodId: context.methodId, idempotencyKey: context.idempotencyKey });
      if (previous?.context.idempotencyKey != null) expect(context.idempotencyKey).toBe(previous.context.idempotencyKey);
      break;
    }
    case 'secondFactor.choosing':
      // Issue 23: the check the platform asked for is held; nothing was booked, the attempt's key stays.
      expect(context.challenge).toEqual(CHALLENGE);
      expect(context.factorAnswer).toBeNull();
      expect(context.idempotencyKey).toBe(`key-${context.amountText}-${String(context.methodId)}`);
      expect(snapshot.hasTag('secondFactor')).toBe(true);
      if (event.type === 'xstate.error.actor.verifySecondFactor') {
        expect(context.factorError?.code).toBe(event.error === wrongCode ? 'invalid' : 'passkey');
        if (event.error === wrongCode) expect(context.factorError?.attemptsLeft).toBe(3);
      }
      break;
    case 'secondFactor.verifying': {
      // The answer with the check's token, as second_factor/verify takes it.
      const sent = fakes.calls.filter((call) => call.id === 'verifySecondFactor').at(-1)?.input as SecondFactorAnswer;
      const answer = context.factorAnswer;
      expect(sent).toEqual(answer?.method === 'passkey' ? { challengeToken: CHALLENGE.challengeToken, method: 'passkey' } : { challengeToken: CHALLENGE.challengeToken, ...answer });
      expect(snapshot.hasTag('loading')).toBe(true);
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
  if (event.type === 'withdraw.resume' || event.type === 'documents.reviewed') {
    // Issue 23: checked again, the amount and the method as the player typed them; a new attempt.
    expect(request).toBe('checking');
    expect(context).toMatchObject({ amountText: previous?.context.amountText, methodId: previous?.context.methodId, idempotencyKey: null, status: null, result: null });
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

  it('asks for the second factor before a new method: a wrong code keeps the amount, the right one sends the same withdrawal again', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes, 'real').machine, { input: FINNISH }).start();
    fakes.resolve('loadPendingWithdrawals', []);
    fakes.resolve('check', checked('SUCCESS'));
    await settle();
    fakes.resolve('loadPaymentMethods', { methods: [{ id: 'trustly', kind: 'bank', name: 'Trustly', logo: { src: '/t.svg', width: 1, height: 1 } }, { id: 'visa', kind: 'card', name: 'Visa', logo: { src: '/v.svg', width: 1, height: 1 } }], recentMethodIds: ['trustly'] });
    await settle();
    fakes.resolve('loadActiveBonuses', []);
    await settle();
    actor.send({ type: 'method.select', methodId: 'visa' });
    actor.send({ type: 'amount.change', value: '50' });
    actor.send({ type: 'withdraw.submit' });
    fakes.reject('requestWithdrawal', factorRequired);
    await settle();
    expect(regions(actor.getSnapshot()).request).toBe('secondFactor.choosing');
    actor.send({ type: 'factor.submit', method: 'totp', code: '000000' });
    fakes.reject('verifySecondFactor', wrongCode);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '50', methodId: 'visa', factorError: { code: 'invalid', attemptsLeft: 3 } });
    actor.send({ type: 'factor.submit', method: 'totp', code: TOTP_CODE });
    fakes.resolve('verifySecondFactor', { ok: true });
    await settle();
    const sent = fakes.calls.filter((call) => call.id === 'requestWithdrawal');
    expect(sent).toHaveLength(2);
    expect(sent[1]?.input).toEqual(sent[0]?.input);
    fakes.resolve('requestWithdrawal', { result: 'SUCCESS', referenceId: 'wd-9', balance: '150.00' });
    await settle();
    expect(regions(actor.getSnapshot()).request).toBe('requested');
    actor.stop();
  });

  it('resumes after the documents with the amount and the method typed, not the recent method', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes, 'real').machine, { input: FINNISH }).start();
    const methods = { methods: [{ id: 'trustly', kind: 'bank' as const, name: 'Trustly', logo: { src: '/t.svg', width: 1, height: 1 } }, { id: 'visa', kind: 'card' as const, name: 'Visa', logo: { src: '/v.svg', width: 1, height: 1 } }], recentMethodIds: ['trustly'] };
    fakes.resolve('loadPendingWithdrawals', []);
    fakes.resolve('check', checked('SUCCESS'));
    await settle();
    fakes.resolve('loadPaymentMethods', methods);
    await settle();
    fakes.resolve('loadActiveBonuses', []);
    await settle();
    actor.send({ type: 'method.select', methodId: 'visa' });
    actor.send({ type: 'amount.change', value: '40' });
    actor.send({ type: 'withdraw.submit' });
    fakes.resolve('requestWithdrawal', { result: 'DOCUMENTS_REQUIRED', referenceId: null, balance: '200.00' });
    await settle();
    expect(regions(actor.getSnapshot()).request).toBe('documentsRequired');
    actor.send({ type: 'withdraw.resume' });
    fakes.resolve('check', checked('SUCCESS'));
    await settle();
    fakes.resolve('loadPaymentMethods', methods);
    await settle();
    fakes.resolve('loadActiveBonuses', []);
    await settle();
    expect(regions(actor.getSnapshot()).request).toBe('form');
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '40', methodId: 'visa', idempotencyKey: null });
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
