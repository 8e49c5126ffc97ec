import type { DoneActorEvent, ErrorActorEvent, EventFromLogic, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { OLD_PASSWORD_INCORRECT, passwordChangeMachine, type PasswordChangeInput } from '../../machines/passwordChange.machine';
import type { ToastKind, ToastMessage } from '../../machines/lib/toasts';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage } from './lib/pathCoverage';

/** The form's event and the call's answers (the graph walks them all). */
type ChangeEvent =
  | EventFromLogic<typeof passwordChangeMachine>
  | DoneActorEvent<unknown, 'changePassword'>
  | ErrorActorEvent<unknown, 'changePassword'>;
type ChangeSnapshot = SnapshotFrom<typeof passwordChangeMachine>;

const OLD = 'Aurora-Player-1';
const NEW = 'Aurora-Player-2';

const oldIncorrect = new ApiError('http', 400, OLD_PASSWORD_INCORRECT, 'Old password incorrect');
const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const tooShort = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'newPassword', code: 'error.password.too_short' }]);
const serverDown = new ApiError('http', 500, 'error.system.error', 'Internal error');

function eventsIn(snapshot: ChangeSnapshot): ChangeEvent[] {
  const submit: ChangeEvent = { type: 'form.submit', oldPassword: OLD, newPassword: NEW };
  if (snapshot.status === 'done') return [];
  if (!snapshot.matches('submitting')) return [submit];
  return [
    submit,
    { type: 'xstate.done.actor.changePassword', actorId: 'changePassword', output: { ok: true } },
    { type: 'xstate.error.actor.changePassword', actorId: 'changePassword', error: oldIncorrect },
    { type: 'xstate.error.actor.changePassword', actorId: 'changePassword', error: offline },
    { type: 'xstate.error.actor.changePassword', actorId: 'changePassword', error: tooShort },
    { type: 'xstate.error.actor.changePassword', actorId: 'changePassword', error: serverDown },
  ];
}

interface World {
  /** The toasts the flow asked for (the session's toast actor shows them). */
  announced: { kind: ToastKind; message: ToastMessage }[];
  /** How many of them the checks have looked at. */
  seen: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { announced: [], seen: 0 };
  const machine = passwordChangeMachine.provide({
    actors: { changePassword: fakes.actor<unknown, PasswordChangeInput>() },
    actions: {
      announce: (_, params: { kind: ToastKind; message: ToastMessage }) => {
        world.announced.push(params);
      },
    },
  });
  return { machine, world };
}

describe('password change machine (behaviour.md §7, §8 error.old_password.incorrect as a toast)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events: eventsIn,
      check: (snapshot, { event, fakes, world }) => {
        const { context } = snapshot;
        // The passwords are never kept in the machine.
        expect(JSON.stringify(context)).not.toContain(OLD);
        expect(JSON.stringify(context)).not.toContain(NEW);
        // The refusal's toast is asked for exactly once, on the answer that calls for it.
        const fresh = world.announced.slice(world.seen);
        world.seen = world.announced.length;
        const refusedNow = event.type === 'xstate.error.actor.changePassword' && event.error === oldIncorrect;
        expect(fresh).toEqual(refusedNow ? [{ kind: 'error', message: 'passwordChange.oldPasswordRefused' }] : []);
        switch (snapshot.value) {
          case 'idle':
            expect(context).toEqual({ error: null });
            break;
          case 'submitting':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(context.error).toBeNull();
            expect(fakes.isPending('changePassword')).toBe(true);
            expect(fakes.calls.at(-1)).toEqual({ id: 'changePassword', input: { oldPassword: OLD, newPassword: NEW } });
            break;
          case 'changed':
            // The end: the session shows the success toast and starts a fresh flow.
            expect(snapshot.status).toBe('done');
            expect(snapshot.output).toEqual({ outcome: 'changed' });
            expect(context.error).toBeNull();
            break;
          case 'oldPasswordIncorrect':
            // A toast, not an inline message: no error tag; the toast was asked for once per refusal.
            expect(snapshot.hasTag('error')).toBe(false);
            expect(context.error).toEqual({ code: OLD_PASSWORD_INCORRECT, fieldErrors: [] });
            break;
          case 'failed': {
            expect(snapshot.hasTag('error')).toBe(true);
            const error = event.type === 'xstate.error.actor.changePassword' ? event.error : null;
            expect(context.error).toEqual(
              error === tooShort
                ? { code: 'validation', fieldErrors: [{ field: 'newPassword', code: 'error.password.too_short' }] }
                : { code: error === offline ? 'network' : 'unknown', fieldErrors: [] },
            );
            break;
          }
        }
      },
    });
    console.info(formatCoverage('passwordChange', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });
});
