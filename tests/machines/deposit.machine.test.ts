import { assign, createActor, SimulatedClock } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cashierCheckMachine, type CashierCheckOutput, type OperationAnswer } from '../../machines/cashierCheck.machine';
import { depositMachine, type PaymentMethodsLoad } from '../../machines/deposit.machine';
import {
  DEPOSIT_STATUS_POLL_MS,
  DEPOSIT_STATUS_POLLS,
  OPERATION_RESULTS,
  OPERATION_UI_STATUS,
  operationUiStatus,
  type CashierPlayer,
} from '../../machines/lib/wallet';
import type { Reward } from '../../src/api/bonuses';
import type { DepositCheckResponse, DepositRequest, DepositRequestResponse, DepositStatusResponse } from '../../src/api/wallet';
import { coverPaths, FakePromises, formatCoverage, mergeCoverage, settle, type PathCoverageResult } from './lib/pathCoverage';
import {
  CASHIER,
  check,
  CHECK_ROWS,
  conflict,
  ELIGIBLE,
  eventsFor,
  FIRST_DEPOSIT_BONUS,
  LIMIT_CAP,
  LIMIT_NOTICE,
  METHODS,
  PAYOUT_RESTRICTED,
  PLAYER,
  PREFERRED,
  RETURNING,
  status,
  type DepositPathEvent,
  type DepositSnapshot,
} from './lib/deposit.fixtures';

interface World {
  redirects: string[];
  walletRefreshes: number;
  keys: number;
}

/**
 * The flow with fakes. The path test fakes the check machine itself (its end is the event); the
 * other tests run the real one (machines/cashierCheck.machine.ts) with deposit/check faked: its
 * pending call is `check`.
 */
function setupWith(fakes: FakePromises, checkMachine: 'faked' | 'real' = 'faked') {
  const world: World = { redirects: [], walletRefreshes: 0, keys: 0 };
  const machine = depositMachine.provide({
    actors: {
      checkDeposit:
        checkMachine === 'real'
          ? cashierCheckMachine.provide({ actors: { check: fakes.actor<OperationAnswer>() } })
          : (fakes.actor<CashierCheckOutput<DepositCheckResponse>>() as never),
      loadPaymentMethods: fakes.actor<PaymentMethodsLoad>(),
      requestDeposit: fakes.actor<DepositRequestResponse, DepositRequest>(),
      depositStatus: fakes.actor<DepositStatusResponse, { depositId: string }>(),
      loadDepositBonuses: fakes.actor<Reward[]>(),
    },
    actions: {
      redirectToProvider: (_, { url }) => world.redirects.push(url),
      refreshWallet: () => {
        world.walletRefreshes += 1;
      },
      // A key the graph can predict: the same attempt always gets the same one here.
      assignIdempotencyKey: assign({
        idempotencyKey: ({ context }) => {
          world.keys += 1;
          return `key-${context.amountText}-${String(context.methodId)}`;
        },
      }),
    },
  });
  return { machine, world };
}

const RESULT_STATES = ['notAllowed', 'verifyDocument', 'underReview', 'documentsRequired', 'documentsStrict', 'limitReached', 'restricted', 'refused', 'stillPending', 'succeeded', 'declined'];

function verifyStep(snapshot: DepositSnapshot, step: { event: DepositPathEvent | { type: 'xstate.init' }; previous: DepositSnapshot | undefined; fakes: FakePromises; world: World }) {
  const { context } = snapshot;
  const { event, previous, fakes, world } = step;
  const state = snapshot.value as string;
  // The player and the return path never change.
  expect(context.player).toEqual(previous?.context.player ?? context.player);
  expect(context.returnPath).toBe('/en-UN/deposit');
  // Issue 24: a choice of bonuses only when a deposit bonus is offered, and on the form only an offered one (or none)
  // chosen (a resume keeps the choice until the offers are read again).
  expect(context.selectBonus).toBe(context.bonuses.length > 0);
  if (state === 'form') expect(context.selectedBonusId === null || context.bonuses.some((bonus) => bonus.campaignId === context.selectedBonusId)).toBe(true);
  // Tags: what the screen shows.
  expect(snapshot.hasTag('form')).toBe(state === 'form');
  expect(snapshot.hasTag('result')).toBe(RESULT_STATES.includes(state));
  expect(snapshot.hasTag('loading')).toBe(['checking', 'loadingMethods', 'loadingBonuses', 'requesting', 'redirecting', 'settling', 'waiting'].includes(state));

  // behaviour.md §4: a check result's UI status is the table's, and the state is the row's.
  if (event.type === 'xstate.done.actor.checkDeposit') {
    const { answer } = event.output as CashierCheckOutput<DepositCheckResponse>;
    expect(context.status).toBe(operationUiStatus(answer.result));
    expect(context.result).toBe(answer.result);
    const row = CHECK_ROWS.find((candidate) => candidate.result === answer.result);
    const notice = answer === LIMIT_NOTICE;
    const capped = answer === LIMIT_CAP;
    expect(state).toBe(notice || capped ? 'loadingMethods' : row?.state);
    // Issue 21: the notice only at the limit's warning; the cap either way.
    expect(context.notification).toBe(notice ? 'limitNotice' : null);
    expect(context.limitLeft).toBe(answer.limitLeft);
    if (answer.limitType !== null) expect(context.isSpendLimit).toBe(answer.limitType === 'loss');
    if (answer === PREFERRED) expect(context.daysLeftToVerifyDocuments).toBe(12);
  }
  switch (state) {
    case 'notAllowed':
      expect(fakes.calls).toEqual([]);
      break;
    case 'checking':
      expect(fakes.isPending('checkDeposit')).toBe(true);
      expect(context.status).toBeNull();
      // A fresh check has nothing typed; a resumed one (issue 23) keeps what was.
      expect(context.amountText).toBe(event.type === 'deposit.resume' ? previous?.context.amountText : '');
      break;
    case 'loadingBonuses':
      expect(fakes.isPending('loadDepositBonuses')).toBe(true);
      // The method the player had chosen stays (a postponed request, a resume); else the most recent one still offered.
      if (previous?.value === 'loadingMethods') expect(context.methodId).toBe(previous.context.methodId ?? (context.recentMethodIds.length > 0 ? 'skrill' : null));
      break;
    case 'form':
      expect(context.methods).toEqual(METHODS.methods);
      if (event.type === 'xstate.done.actor.loadDepositBonuses') {
        // Only what a deposit triggers is offered, and nothing is chosen for the player (a resume keeps the player's choice).
        expect(context.bonuses).toEqual([FIRST_DEPOSIT_BONUS]);
        expect(context.selectedBonusId).toBe(previous?.context.selectedBonusId ?? null);
        if (previous?.context.amountText === '') expect(context.selectedBonusId).toBeNull();
      }
      if (event.type === 'xstate.error.actor.loadDepositBonuses') expect(context).toMatchObject({ bonuses: [], selectBonus: false, selectedBonusId: null });
      if (event.type === 'bonus.select') {
        expect(context.selectedBonusId).toBe(event.bonusId);
        expect(context.idempotencyKey).toBeNull();
      }
      if (event.type === 'deposit.submit') {
        // Refused on the form: the problem is named, nothing was sent.
        expect(context.amountProblem !== null || context.methodMissing).toBe(true);
        if (context.amountText === '5') expect(context.amountProblem).toBe('tooLow');
        if (context.amountText === '60' || context.amountText === '40') expect(context.amountProblem).toBe('overLimit');
        if (context.amountText === '') expect(context.amountProblem).toBe('invalid');
      }
      if (event.type === 'xstate.error.actor.requestDeposit') {
        expect(context.error?.code).toBe(event.error === conflict ? 'error.idempotency.conflict' : 'network');
        // A lost answer keeps the key for the retry; a conflict drops it.
        expect(context.idempotencyKey).toBe(event.error === conflict ? null : previous?.context.idempotencyKey);
      }
      if (event.type === 'amount.change' || event.type === 'method.select') expect(context.idempotencyKey).toBeNull();
      break;
    case 'requesting': {
      expect(fakes.isPending('requestDeposit')).toBe(true);
      const sent = fakes.calls.filter((call) => call.id === 'requestDeposit').at(-1)?.input as DepositRequest;
      expect(sent).toEqual({
        amount: `${context.amountText}.00`,
        methodId: context.methodId,
        idempotencyKey: context.idempotencyKey,
        returnPath: '/en-UN/deposit',
        // Issue 24: the bonus chosen goes with the request; none chosen, no field.
        ...(context.selectedBonusId === null ? {} : { selectedBonusId: context.selectedBonusId }),
      });
      // The same amount and method again: the same key; a new attempt: a new one.
      if (previous?.context.idempotencyKey != null) expect(context.idempotencyKey).toBe(previous.context.idempotencyKey);
      else expect(context.idempotencyKey).toBe(`key-${context.amountText}-${String(context.methodId)}`);
      break;
    }
    case 'redirecting':
      expect(world.redirects).toEqual(['/api/simulated-payments/pay?payment=dep-1']);
      expect(context.depositId).toBe('dep-1');
      expect(snapshot.hasTag('redirecting')).toBe(true);
      break;
    case 'settling':
      expect(fakes.calls.at(-1)).toEqual({ id: 'depositStatus', input: { depositId: 'dep-1' } });
      break;
    case 'waiting':
      expect(context.deposit?.status).toBe('PENDING');
      expect(context.statusPolls).toBeLessThan(DEPOSIT_STATUS_POLLS);
      break;
    case 'stillPending':
      expect(context.deposit?.status).toBe('PENDING');
      if (event.type === 'xstate.done.actor.depositStatus') expect(context.statusPolls).toBe(DEPOSIT_STATUS_POLLS - 1);
      break;
    case 'succeeded':
      expect(context.status).toBe('allowed');
      expect(world.walletRefreshes).toBe(1);
      break;
    case 'declined':
      // Declined or timed out: the table's error, nothing refreshed.
      expect(context.status).toBe('error');
      expect(world.walletRefreshes).toBe(0);
      break;
    case 'statusUnknown':
    case 'failed':
      expect(context.error?.code).toBe('network');
      break;
  }
  if (event.type === 'deposit.resume') {
    // Issue 23: checked again, the amount and the method as the player typed them; a new attempt.
    expect(snapshot.value).toBe('checking');
    expect(context).toMatchObject({ amountText: previous?.context.amountText, methodId: previous?.context.methodId, idempotencyKey: null, depositId: null, status: null });
  }
  if (event.type === 'deposit.clear') {
    expect(context.amountText).toBe('');
    expect(context.idempotencyKey).toBeNull();
    expect(context.depositId).toBeNull();
  }
}

describe('deposit machine (behaviour.md §4 "Deposit and withdraw flows", §5)', () => {
  it('reaches every state and transition (the cashier, the way back from the provider, a payout-restricted player)', async () => {
    const results: PathCoverageResult[] = [];
    for (const input of [CASHIER, RETURNING, PAYOUT_RESTRICTED]) {
      results.push(await coverPaths({ setup: setupWith, input, events: eventsFor, check: verifyStep }));
    }
    const result = mergeCoverage(results);
    console.info(formatCoverage('deposit', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 120_000);

  // behaviour.md §4: the operation result → UI status table, one test per row and an unknown result.
  it('covers every result the platform names', () => {
    expect(CHECK_ROWS.map((row) => row.result)).toEqual([...OPERATION_RESULTS, 'SOMETHING_NEW']);
  });
  it.each(CHECK_ROWS)('deposit/check $result → $status ($state)', async ({ result, status: expected, state }) => {
    expect(OPERATION_UI_STATUS[result as keyof typeof OPERATION_UI_STATUS] ?? 'error').toBe(expected);
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes, 'real').machine, { input: CASHIER }).start();
    fakes.resolve('check', check(result));
    await settle();
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().context.status).toBe(expected);
    actor.stop();
  });

  // Issue 21: "You are close to your deposit limit" with nothing used. The check names the limit's
  // 80 % warning; below it the form is capped at what is left and says nothing of being close.
  it.each([
    { name: 'below the warning', answer: LIMIT_CAP, notification: null },
    { name: 'at the warning', answer: LIMIT_NOTICE, notification: 'limitNotice' },
  ])('a self-limit that leaves some of it caps the form; the notice only $name', async ({ answer, notification }) => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes, 'real').machine, { input: CASHIER }).start();
    fakes.resolve('check', answer);
    await settle();
    fakes.resolve('loadPaymentMethods', METHODS);
    await settle();
    fakes.resolve('loadDepositBonuses', ELIGIBLE);
    await settle();
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.notification).toBe(notification);
    const over = (Number(answer.limitLeft) + 10).toFixed(0);
    actor.send({ type: 'amount.change', value: over });
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.amountProblem).toBe('overLimit');
    actor.send({ type: 'amount.change', value: answer.limitLeft ?? '' });
    actor.send({ type: 'deposit.submit' });
    expect(actor.getSnapshot().value).toBe('requesting');
    actor.stop();
  });

  it('resumes after the documents with the amount and the method typed, not the recent method (issue 23)', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes, 'real').machine, { input: CASHIER }).start();
    fakes.resolve('check', PREFERRED);
    await settle();
    actor.send({ type: 'verification.postpone' });
    fakes.resolve('loadPaymentMethods', METHODS);
    await settle();
    fakes.resolve('loadDepositBonuses', ELIGIBLE);
    await settle();
    // The player postponed, chose Visa (Skrill is the recent one) and typed 25, then sent the documents.
    actor.send({ type: 'method.select', methodId: 'visa' });
    actor.send({ type: 'amount.change', value: '25' });
    actor.send({ type: 'deposit.resume' });
    expect(actor.getSnapshot().value).toBe('checking');
    fakes.resolve('check', check('SUCCESS'));
    await settle();
    fakes.resolve('loadPaymentMethods', METHODS);
    await settle();
    fakes.resolve('loadDepositBonuses', ELIGIBLE);
    await settle();
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '25', methodId: 'visa', notification: null });
    // A method no longer offered falls back to the recent one; the amount stays.
    actor.send({ type: 'deposit.resume' });
    fakes.resolve('check', check('SUCCESS'));
    await settle();
    fakes.resolve('loadPaymentMethods', { methods: METHODS.methods.filter((method) => method.id !== 'visa'), recentMethodIds: METHODS.recentMethodIds });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ amountText: '25', methodId: 'skrill' });
    actor.stop();
  });

  it('offers the deposit bonuses with none chosen, keeps the choice across a resume, and sends it with the request (issue 24)', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes, 'real').machine, { input: CASHIER }).start();
    fakes.resolve('check', check('SUCCESS'));
    await settle();
    fakes.resolve('loadPaymentMethods', METHODS);
    await settle();
    fakes.resolve('loadDepositBonuses', ELIGIBLE);
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ selectBonus: true, bonuses: [FIRST_DEPOSIT_BONUS], selectedBonusId: null });
    // A campaign not offered (the cashback) cannot be chosen.
    actor.send({ type: 'bonus.select', bonusId: 'cashback-daily' });
    expect(actor.getSnapshot().context.selectedBonusId).toBeNull();
    actor.send({ type: 'bonus.select', bonusId: 'bonus-1' });
    actor.send({ type: 'amount.change', value: '50' });
    actor.send({ type: 'deposit.resume' });
    fakes.resolve('check', check('SUCCESS'));
    await settle();
    fakes.resolve('loadPaymentMethods', METHODS);
    await settle();
    fakes.resolve('loadDepositBonuses', ELIGIBLE);
    await settle();
    expect(actor.getSnapshot().context.selectedBonusId).toBe('bonus-1');
    actor.send({ type: 'deposit.submit' });
    expect(fakes.calls.at(-1)).toMatchObject({ id: 'requestDeposit', input: { amount: '50.00', selectedBonusId: 'bonus-1' } });
    actor.stop();
    // A choice no longer offered after a resume is dropped.
    const again = new FakePromises();
    const second = createActor(setupWith(again, 'real').machine, { input: CASHIER }).start();
    again.resolve('check', check('SUCCESS'));
    await settle();
    again.resolve('loadPaymentMethods', METHODS);
    await settle();
    again.resolve('loadDepositBonuses', ELIGIBLE);
    await settle();
    second.send({ type: 'bonus.select', bonusId: 'bonus-1' });
    second.send({ type: 'deposit.resume' });
    again.resolve('check', check('SUCCESS'));
    await settle();
    again.resolve('loadPaymentMethods', METHODS);
    await settle();
    again.resolve('loadDepositBonuses', []);
    await settle();
    expect(second.getSnapshot().context).toMatchObject({ selectBonus: false, selectedBonusId: null });
    second.stop();
  });

  it('is not allowed when deposit is off, payout is restricted, the multibrand account is suspended, or access is unknown', () => {
    const players: CashierPlayer[] = [
      { ...PLAYER, access: { deposit: false, payout: true, withdrawal: true } },
      { ...PLAYER, access: { deposit: true, payout: false, withdrawal: true } },
      { ...PLAYER, multibrandSuspended: true },
      { ...PLAYER, access: null },
    ];
    for (const player of players) {
      const fakes = new FakePromises();
      const actor = createActor(setupWith(fakes, 'real').machine, { input: { ...CASHIER, player } }).start();
      expect(actor.getSnapshot().value).toBe('notAllowed');
      expect(fakes.calls).toEqual([]);
      actor.stop();
    }
  });

  it('asks the status every DEPOSIT_STATUS_POLL_MS on a simulated clock until the deposit is settled', async () => {
    const clock = new SimulatedClock();
    const fakes = new FakePromises();
    const { machine, world } = setupWith(fakes, 'real');
    const actor = createActor(machine, { input: RETURNING, clock }).start();
    for (let i = 0; i < 3; i += 1) {
      fakes.resolve('depositStatus', status('PENDING'));
      await settle();
      expect(actor.getSnapshot().value).toBe('waiting');
      clock.increment(DEPOSIT_STATUS_POLL_MS - 1);
      expect(fakes.isPending('depositStatus')).toBe(false);
      clock.increment(1);
      expect(fakes.isPending('depositStatus')).toBe(true);
    }
    fakes.resolve('depositStatus', status('SUCCESS'));
    await settle();
    expect(actor.getSnapshot().value).toBe('succeeded');
    expect(world.walletRefreshes).toBe(1);
    // A new deposit after the settled one: the check again, the old deposit forgotten.
    actor.send({ type: 'deposit.clear' });
    expect(actor.getSnapshot().value).toBe('checking');
    expect(actor.getSnapshot().context.deposit).toBeNull();
    actor.stop();
  });
});
