import { createActor } from 'xstate';
import type { EventFromLogic, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  passwordResetMachine,
  RESET_STEPS,
  resetStepAt,
  type ResetRequested,
  type ResetStep,
  type ResetVerified,
} from '../../machines/passwordReset.machine';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

type ResetEvent = EventFromLogic<typeof passwordResetMachine>;
type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

const EMAIL = 'reset@example.com';
const CODE = '123456';
const PASSWORD = 'Aurora-Player-2';

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const codeInvalid = new ApiError('http', 400, 'sms.code.invalid', 'Wrong code');
const maxAttempts = new ApiError('http', 429, 'sms.max.attempts.reached', 'Too many attempts');
const resetRefused = new ApiError('http', 400, 'error.password.reset', 'Reset key expired');
const tooShort = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'password', code: 'error.password.too_short' }]);
const unknownEmail = new ApiError('http', 404, 'error.player.not.found', 'No such player');

const done = <TId extends string, TOutput>(id: TId, output: TOutput) =>
  ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as const;
const failed = <TId extends string>(id: TId, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as const;

/** The step a snapshot is on: the top-level state. */
function stepOf(snapshot: Pick<ResetSnapshot, 'value'>): ResetStep {
  const { value } = snapshot;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as ResetStep;
}

/** The events the outside world can produce in each state (calls answer only while they run). */
function eventsIn(snapshot: ResetSnapshot): ResetEvent[] {
  const player: ResetEvent[] = [
    { type: 'email.submit', email: ` ${EMAIL} ` },
    { type: 'code.submit', code: CODE },
    { type: 'code.resend' },
    { type: 'password.submit', password: PASSWORD },
    { type: 'step.back' },
  ];
  if (snapshot.matches({ email: 'requesting' })) {
    return [...player, done('requestReset', { smsResetKeyId: 'key-1' }), failed('requestReset', unknownEmail), failed('requestReset', offline)];
  }
  if (snapshot.matches({ verification: 'resending' })) {
    return [...player, done('resendCode', { smsResetKeyId: 'key-2' }), failed('resendCode', maxAttempts), failed('resendCode', offline)];
  }
  if (snapshot.matches({ verification: 'verifying' })) {
    return [
      ...player,
      done('verifyResetCode', { resetKey: 'reset-key' }),
      failed('verifyResetCode', codeInvalid),
      failed('verifyResetCode', maxAttempts),
    ];
  }
  if (snapshot.matches({ password: 'saving' })) {
    return [...player, done('setNewPassword', { ok: true }), failed('setNewPassword', resetRefused), failed('setNewPassword', tooShort)];
  }
  return player;
}

interface World {
  completed: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { completed: 0 };
  const machine = passwordResetMachine.provide({
    actors: {
      requestReset: fakes.actor<ResetRequested, { email: string }>(),
      verifyResetCode: fakes.actor<ResetVerified, { smsResetKeyId: string; code: string }>(),
      setNewPassword: fakes.actor<unknown, { resetKey: string; password: string }>(),
    },
  });
  return { machine, world };
}

describe('password reset machine (behaviour.md §4 "Password reset")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events: eventsIn,
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const step = stepOf(snapshot);
        const before = previous?.context;

        // The visited list: unique, in the order of the steps, and always holding the current step
        // (the steps cannot be skipped, so it is a prefix of RESET_STEPS).
        expect(context.visited).toEqual(RESET_STEPS.slice(0, context.visited.length));
        expect(context.visited).toContain(step);
        if (before) expect(context.visited.slice(0, before.visited.length)).toEqual(before.visited);

        // Stepping back moves exactly one step, clamped at Email.
        if (event.type === 'step.back' && previous) expect(step).toBe(resetStepAt(stepOf(previous), -1));

        // Values are kept on every error.
        if (event.type.startsWith('xstate.error.actor.') && before) {
          expect(context).toMatchObject({ email: before.email, code: before.code, password: before.password });
          expect(context.error).not.toBeNull();
        }

        // The e-mail is sent trimmed, and the calls get what the previous steps gave.
        const last = fakes.calls.at(-1);
        if (snapshot.hasTag('loading')) expect(last).toBeDefined();

        switch (step) {
          case 'email':
            expect(context.smsResetKeyId === null || context.visited.includes('verification')).toBe(true);
            if (snapshot.matches({ email: 'editing' })) expect(snapshot.hasTag('form')).toBe(true);
            if (snapshot.matches({ email: 'requesting' })) {
              expect(snapshot.hasTag('loading')).toBe(true);
              expect(fakes.isPending('requestReset')).toBe(true);
              expect(last).toEqual({ id: 'requestReset', input: { email: EMAIL } });
            }
            if (event.type === 'xstate.error.actor.requestReset') {
              expect(context.error?.code).toBe(event.error === offline ? 'network' : 'unknown');
            }
            break;
          case 'verification':
            // The code sent is named by smsResetKeyId; no key before a code is verified.
            expect(context.smsResetKeyId).toMatch(/^key-/);
            expect(context.resetKey).toBeNull();
            if (event.type === 'xstate.done.actor.requestReset' || event.type === 'xstate.done.actor.resendCode') {
              expect(context.smsResetKeyId).toBe(event.output.smsResetKeyId);
              expect(context.code).toBe('');
              expect(context.error).toBeNull();
            }
            // A resent code is announced (the platform may answer the same id); nothing else is.
            expect(snapshot.hasTag('resent')).toBe(event.type === 'xstate.done.actor.resendCode');
            if (snapshot.hasTag('resent')) expect(snapshot.hasTag('form')).toBe(true);
            if (snapshot.matches({ verification: 'editing' })) expect(snapshot.hasTag('form')).toBe(true);
            if (snapshot.matches({ verification: 'verifying' })) {
              expect(fakes.isPending('verifyResetCode')).toBe(true);
              expect(last).toEqual({ id: 'verifyResetCode', input: { smsResetKeyId: context.smsResetKeyId, code: CODE } });
            }
            if (snapshot.matches({ verification: 'resending' })) {
              expect(fakes.isPending('resendCode')).toBe(true);
              expect(last).toEqual({ id: 'resendCode', input: { email: EMAIL } });
            }
            if (snapshot.matches({ verification: 'blocked' })) {
              // sms.max.attempts.reached: no code may be entered; a new code or going back remain.
              expect(snapshot.hasTag('blocked')).toBe(true);
              expect(snapshot.hasTag('form')).toBe(false);
              expect(context.error?.code).toBe('sms.max.attempts.reached');
              expect(snapshot.can({ type: 'code.submit', code: CODE })).toBe(false);
              expect(snapshot.can({ type: 'code.resend' })).toBe(true);
            }
            if (event.type === 'xstate.error.actor.verifyResetCode' && event.error === codeInvalid) {
              expect(context.error).toEqual({ code: 'sms.code.invalid', fieldErrors: [] });
              expect(snapshot.matches({ verification: 'editing' })).toBe(true);
            }
            break;
          case 'password':
            expect(context.resetKey).toBe('reset-key');
            if (snapshot.matches({ password: 'saving' })) {
              expect(fakes.isPending('setNewPassword')).toBe(true);
              expect(last).toEqual({ id: 'setNewPassword', input: { resetKey: 'reset-key', password: PASSWORD } });
            }
            if (event.type === 'xstate.error.actor.setNewPassword') {
              expect(context.error).toEqual(
                event.error === tooShort
                  ? { code: 'validation', fieldErrors: [{ field: 'password', code: 'error.password.too_short' }] }
                  : { code: 'error.password.reset', fieldErrors: [] },
              );
            }
            break;
          case 'complete':
            // Clamped at the last step: the flow is over, src/ was told exactly once, no secret stays.
            expect(snapshot.status).toBe('done');
            expect(context.visited).toEqual([...RESET_STEPS]);
            expect(snapshot.output).toEqual({ outcome: 'reset' });
            expect(context).toMatchObject({ password: '', code: '', resetKey: null, smsResetKeyId: null, error: null });
            break;
        }
        if (step !== 'complete') expect(snapshot.status).toBe('active');
        // Step back is offered everywhere but at the ends.
        expect(snapshot.can({ type: 'step.back' })).toBe(step !== 'email' && step !== 'complete');
        // Going back from Password drops the key: the code must be verified again.
        if (event.type === 'step.back' && previous && stepOf(previous) === 'password') {
          expect(context.resetKey).toBeNull();
          expect(context.code).toBe('');
        }
      },
    });
    console.info(formatCoverage('passwordReset', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('is clamped at Email: stepping back there changes nothing', () => {
    const actor = createActor(setupWith(new FakePromises()).machine).start();
    const before = actor.getSnapshot();
    actor.send({ type: 'step.back' });
    expect(actor.getSnapshot()).toBe(before);
    expect(actor.getSnapshot().context.visited).toEqual(['email']);
    actor.stop();
  });

  it('keeps the visited list when the player goes back and forth', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.resolve('requestReset', { smsResetKeyId: 'key-1' });
    await settle();
    actor.send({ type: 'code.submit', code: CODE });
    fakes.resolve('verifyResetCode', { resetKey: 'reset-key' });
    await settle();
    expect(actor.getSnapshot().context.visited).toEqual(['email', 'verification', 'password']);
    actor.send({ type: 'step.back' });
    actor.send({ type: 'step.back' });
    expect(stepOf(actor.getSnapshot())).toBe('email');
    // Going back forgets nothing the player typed, and nothing the player reached.
    expect(actor.getSnapshot().context).toMatchObject({ email: EMAIL, visited: ['email', 'verification', 'password'] });
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.resolve('requestReset', { smsResetKeyId: 'key-3' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ smsResetKeyId: 'key-3', visited: ['email', 'verification', 'password'] });
    actor.stop();
  });

  it('stepping back abandons a call in flight', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine).start();
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.resolve('requestReset', { smsResetKeyId: 'key-1' });
    await settle();
    actor.send({ type: 'code.submit', code: CODE });
    actor.send({ type: 'step.back' });
    // The late answer of the abandoned call does not move the flow.
    fakes.resolve('verifyResetCode', { resetKey: 'late' });
    await settle();
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.resetKey).toBeNull();
    actor.stop();
  });
});
