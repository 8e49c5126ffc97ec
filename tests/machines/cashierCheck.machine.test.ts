import { createActor, setup } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cashierCheckMachine, cashierResultGuards, type CashierCheckOutput, type OperationAnswer } from '../../machines/cashierCheck.machine';
import { OPERATION_RESULTS, OPERATION_UI_STATUS, operationUiStatus, type OperationUiStatus } from '../../machines/lib/wallet';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle, type PathEvent } from './lib/pathCoverage';

// The cashier's operation check (behaviour.md §4's table, issue 22 "Rules written once"): the
// deposit and withdraw flows invoke it; their own tests fake its end, this one runs it.

type CheckPathEvent = PathEvent<typeof cashierCheckMachine>;
type CheckSnapshot = SnapshotFrom<typeof cashierCheckMachine>;

/** behaviour.md §4's table, row by row, and an unknown result: the UI status and the state the check ends in. */
const ROWS: readonly { result: string; status: OperationUiStatus; state: string }[] = [
  { result: 'SUCCESS', status: 'allowed', state: 'allowed' },
  { result: 'NOT_ENOUGH_FUNDS', status: 'error', state: 'refused' },
  { result: 'EXCEEDS_KYC_LIMIT', status: 'error', state: 'refused' },
  { result: 'FAILURE', status: 'error', state: 'refused' },
  { result: 'DOCUMENTS_PREFERRED', status: 'verify-document', state: 'verifyDocument' },
  { result: 'DOCUMENTS_UNDER_REVIEW', status: 'under-review', state: 'underReview' },
  { result: 'DOCUMENTS_REQUIRED', status: 'required', state: 'documentsRequired' },
  { result: 'DOCUMENTS_REQUIRED_RESTRICTED', status: 'strict', state: 'documentsStrict' },
  { result: 'WITHDRAWAL_LIMIT_REACHED', status: 'withdrawal-limit-reached', state: 'withdrawalLimitReached' },
  { result: 'SELF_LIMIT_REACHED', status: 'self-limit-reached', state: 'selfLimitReached' },
  { result: 'RESTRICTED', status: 'restricted', state: 'restricted' },
  { result: 'FORBIDDEN', status: 'error', state: 'refused' },
  { result: 'SELF_SPEND_LIMIT_REACHED', status: 'error', state: 'refused' },
  { result: 'SOMETHING_NEW', status: 'error', state: 'refused' },
];

/** An answer with the operation's own fields (a deposit's limit left), carried as it came. */
const answerOf = (result: string): OperationAnswer & { limitLeft: string } => ({ result, limitLeft: '10.00' });
const done = (output: unknown) => ({ type: 'xstate.done.actor.check', actorId: 'check', output }) as CheckPathEvent;

function setupWith(fakes: FakePromises) {
  return { machine: cashierCheckMachine.provide({ actors: { check: fakes.actor<OperationAnswer>() } }), world: undefined };
}

describe('cashier check machine (behaviour.md §4 "Deposit and withdraw flows")', () => {
  it('reaches every state and transition: each result of the table ends in its own state', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events: (snapshot: CheckSnapshot) => (snapshot.value === 'checking' ? ROWS.map((row) => done(answerOf(row.result))) : []),
      check: (snapshot, { event }) => {
        expect(snapshot.status).toBe(snapshot.value === 'checking' ? 'active' : 'done');
        if (event.type !== 'xstate.done.actor.check') return;
        const answer = (event as { output: OperationAnswer }).output;
        const row = ROWS.find((candidate) => candidate.result === answer.result);
        expect(snapshot.value).toBe(row?.state);
        expect(snapshot.output).toEqual({ result: row?.status, answer });
      },
    });
    console.info(formatCoverage('cashierCheck', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('covers every result the platform names', () => {
    expect(ROWS.map((row) => row.result)).toEqual([...OPERATION_RESULTS, 'SOMETHING_NEW']);
  });

  it.each(ROWS)('$result → $status ($state), the answer carried as it came', async ({ result, status, state }) => {
    expect(OPERATION_UI_STATUS[result as keyof typeof OPERATION_UI_STATUS] ?? 'error').toBe(status);
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    expect(fakes.isPending('check')).toBe(true);
    const answer = answerOf(result);
    fakes.resolve('check', answer);
    await settle();
    expect(actor.getSnapshot().value).toBe(state);
    expect(actor.getSnapshot().output).toEqual({ result: status, answer } satisfies CashierCheckOutput);
  });

  it('names each result of the table by one guard, the flows\' edges out of the check', () => {
    for (const row of ROWS) {
      const taken = Object.entries(cashierResultGuards)
        .filter(([, guard]) => guard(undefined, { status: operationUiStatus(row.result) }))
        .map(([name]) => name);
      // The table's error (and any result it does not name) is the flows' unguarded last edge.
      expect(taken).toEqual(row.state === 'refused' ? [] : [row.state]);
    }
  });

  it('ends with the call\'s error when the call fails: the flow that invoked it takes it (its `failed` edge)', async () => {
    const offline = new ApiError('network', 0, 'network.error', 'Network Error');
    const fakes = new FakePromises();
    const parent = setup({ actors: { checkDeposit: setupWith(fakes).machine } }).createMachine({
      initial: 'checking',
      states: {
        checking: {
          invoke: { id: 'checkDeposit', src: 'checkDeposit', onDone: 'checked', onError: { target: 'failed', actions: ({ event }) => void (failure = event.error) } },
        },
        checked: {},
        failed: {},
      },
    });
    let failure: unknown = null;
    const actor = createActor(parent).start();
    fakes.reject('check', offline);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(failure).toBe(offline);
    actor.stop();
  });
});
