import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { accountClosureMachine, type AccountClosureInput, type AccountClosurePayout } from '../../machines/accountClosure.machine';
import { CLOSED_ANSWER, eventsIn, offline, PAYOUT, tooManyAttempts, wrongPassword } from './lib/accountClosure.fixtures';
import { coverPaths, FakePromises, formatCoverage, type PathEvent } from './lib/pathCoverage';

// The account closure (issue 23; product.md §3 "Player account status" CLOSED; behaviour.md §8
// "Login" code:error.account.closed), walked to every state and transition: the dialog opens and
// closes, the closure is sent with the password or without one, a refusal stays in the dialog for a
// retry, and the end carries the payout for the session (which logs the player out).

type Machine = typeof accountClosureMachine;
type Snapshot = SnapshotFrom<Machine>;

function setupWith(fakes: FakePromises) {
  const machine = accountClosureMachine.provide({
    actors: { closeAccount: fakes.actor<{ payout: AccountClosurePayout | null }, AccountClosureInput>() },
  });
  return { machine, world: {} };
}

describe('account closure machine (issue 23 "Account closure")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, object>({
      setup: setupWith,
      events: (snapshot: Snapshot) => eventsIn(snapshot.value) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const error = event.type.startsWith('xstate.error.actor.') ? (event as { error: unknown }).error : null;
        switch (snapshot.value) {
          case 'idle':
            // The dialog is closed; a cancel forgets the last error.
            expect(snapshot.hasTag('open')).toBe(false);
            expect(context.error).toBeNull();
            expect(context.payout).toBeNull();
            break;
          case 'confirming':
            expect(snapshot.hasTag('open')).toBe(true);
            expect(snapshot.hasTag('closing')).toBe(false);
            expect(context.error).toBeNull();
            break;
          case 'closing': {
            // The confirmation is sent, with the password only when one was typed; never kept in the context.
            expect(snapshot.hasTag('closing')).toBe(true);
            expect(context.error).toBeNull();
            const typed = (event as { password?: string }).password;
            expect(fakes.calls.at(-1)).toEqual({ id: 'closeAccount', input: typed ? { confirm: true, password: typed } : { confirm: true } });
            expect(JSON.stringify(context)).not.toContain('Aurora-Player-1');
            break;
          }
          case 'failed':
            // The refusal stays in the dialog, worded by its code.
            expect(snapshot.hasTag('open')).toBe(true);
            expect(snapshot.hasTag('failed')).toBe(true);
            expect(context.error).toEqual({
              code: error === offline ? 'network' : error === wrongPassword ? 'error.old_password.incorrect' : error === tooManyAttempts ? 'code:error.sign.in.attempt.count.exceeded' : 'unknown',
              fieldErrors: [],
            });
            break;
          case 'closed':
            // The end: the payout for the session, which logs the player out.
            expect(snapshot.status).toBe('done');
            expect(snapshot.output).toEqual({ outcome: 'closed', payout: PAYOUT });
            expect(previous?.value).toBe('closing');
            break;
          default:
            throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
        }
      },
    });
    console.info(formatCoverage('accountClosure', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('a retry after a wrong password closes the account with the new one', async () => {
    const { createActor } = await import('xstate');
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    actor.send({ type: 'closure.open' });
    actor.send({ type: 'closure.submit', password: 'wrong' });
    fakes.reject('closeAccount', wrongPassword);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().value).toBe('failed');
    actor.send({ type: 'closure.submit', password: 'Aurora-Player-1' });
    expect(fakes.calls.at(-1)).toEqual({ id: 'closeAccount', input: { confirm: true, password: 'Aurora-Player-1' } });
    fakes.resolve('closeAccount', CLOSED_ANSWER);
    await new Promise((resolve) => setImmediate(resolve));
    expect(actor.getSnapshot().output).toEqual({ outcome: 'closed', payout: PAYOUT });
  });
});
