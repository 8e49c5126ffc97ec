import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { CashierResume } from '../../machines/verificationModal.machine';
import { verificationModalMachine } from '../../machines/verificationModal.machine';
import type { VerificationStartPoint } from '../../machines/lib/verification';
import { verificationModalEventsIn } from './lib/verification.fixtures';
import { coverPaths, formatCoverage, type PathEvent } from './lib/pathCoverage';

// The verification modal and the withdrawal-forfeit modal (behaviour.md §4 "Document
// verification"): inactive, notify, uploaded; close, verify-later and terminate close it;
// verify-later and terminate make it inactive, and hand the cashier it was opened from back its
// flow (verify-later postpones a preferred verification, terminate after an upload checks again).

type Machine = typeof verificationModalMachine;
type Snapshot = SnapshotFrom<Machine>;

interface World {
  resumed: { startPoint: VerificationStartPoint; how: CashierResume }[];
}

function setupWith() {
  const world: World = { resumed: [] };
  const machine = verificationModalMachine.provide({
    actions: {
      resumeCashier: (_, params) => {
        world.resumed.push(params);
      },
    },
  });
  return { machine, world };
}

describe('verification modal machine (behaviour.md §4: inactive, notify, uploaded; the withdrawal-forfeit modal)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, World>({
      setup: setupWith,
      events: (snapshot: Snapshot) => verificationModalEventsIn(snapshot) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, world }) => {
        const { context } = snapshot;
        const value = snapshot.value as { verification: string; forfeit: string };
        const before = previous?.value as { verification: string; forfeit: string } | undefined;
        const resumedNow = previous === undefined ? [] : world.resumed;
        switch (event.type) {
          case 'modal.open':
            expect(context.openModal).toBe(true);
            if (before?.verification !== 'uploaded') expect(context).toMatchObject({ startPoint: event.startPoint, reason: event.reason, daysLeft: event.daysLeft ?? null });
            break;
          case 'modal.close':
            // Close hides the modal and keeps its status.
            expect(context.openModal).toBe(false);
            expect(value.verification).toBe(before?.verification);
            break;
          case 'modal.verifyLater':
            expect(context.openModal).toBe(false);
            expect(value.verification).toBe('inactive');
            expect(resumedNow.at(-1)).toEqual({ startPoint: previous?.context.startPoint, how: before?.verification === 'uploaded' ? 'recheck' : 'postpone' });
            break;
          case 'modal.terminate':
            expect(context.openModal).toBe(false);
            expect(value.verification).toBe('inactive');
            if (before?.verification === 'uploaded') expect(resumedNow.at(-1)).toEqual({ startPoint: previous?.context.startPoint, how: 'recheck' });
            break;
          case 'modal.uploaded':
            expect(value.verification).toBe('uploaded');
            break;
          case 'forfeit.open':
            expect(value.forfeit).toBe('open');
            expect(value.verification).toBe(before?.verification);
            break;
          case 'forfeit.close':
            expect(value.forfeit).toBe('closed');
            break;
          default:
            expect(snapshot.value).toEqual({ verification: 'inactive', forfeit: 'closed' });
            expect(context.openModal).toBe(false);
        }
      },
    });
    console.info(formatCoverage('verificationModal', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('terminate without an upload does not touch the cashier', async () => {
    const { createActor } = await import('xstate');
    const { machine, world } = setupWith();
    const actor = createActor(machine).start();
    actor.send({ type: 'modal.open', startPoint: 'withdraw', reason: 'required' });
    actor.send({ type: 'modal.terminate' });
    expect(world.resumed).toEqual([]);
    actor.send({ type: 'modal.open', startPoint: 'deposit', reason: 'required' });
    actor.send({ type: 'modal.uploaded' });
    actor.send({ type: 'modal.terminate' });
    expect(world.resumed).toEqual([{ startPoint: 'deposit', how: 'recheck' }]);
    actor.stop();
  });
});
