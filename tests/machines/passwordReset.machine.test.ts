import { createActor } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  codeVerificationMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeVerificationInput,
  type CodeVerificationOutput,
  type CodeVerified,
} from '../../machines/codeVerification.machine';
import { passwordResetMachine, RESET_STEPS, resetStepAt, type ResetRequested, type ResetStep } from '../../machines/passwordReset.machine';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

type ResetEvent = EventObject & Record<string, unknown>;
type ResetSnapshot = SnapshotFrom<typeof passwordResetMachine>;

const EMAIL = 'reset@example.com';
const CODE = '123456';
const PASSWORD = 'Aurora-Player-2';

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const codeInvalid = new ApiError('http', 400, 'sms.code.invalid', 'Wrong code');
const maxAttempts = new ApiError('http', 429, 'sms.max.attempts.reached', 'Too many attempts');
const codeEntryEnds: CodeVerificationOutput[] = [
  { outcome: 'verified', key: 'reset-key' },
  { outcome: 'blocked', reason: 'wrongCodes', retryAfterSeconds: null },
  { outcome: 'cancelled', sent: { ticket: 'key-1', sentTo: null } },
];
const resetRefused = new ApiError('http', 400, 'error.password.reset', 'Reset key expired');
const tooShort = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'password', code: 'error.password.too_short' }]);
const unknownEmail = new ApiError('http', 404, 'error.player.not.found', 'No such player');

const done = (id: string, output: unknown): ResetEvent => ({ type: `xstate.done.actor.${id}`, actorId: id, output });
const failed = (id: string, error: unknown): ResetEvent => ({ type: `xstate.error.actor.${id}`, actorId: id, error });

/** The step a snapshot is on: the top-level state. */
function stepOf(snapshot: Pick<ResetSnapshot, 'value'>): ResetStep {
  const { value } = snapshot;
  return (typeof value === 'string' ? value : Object.keys(value)[0]) as ResetStep;
}

/** The events the outside world can produce in each state (calls answer only while they run). */
function eventsIn(snapshot: ResetSnapshot): ResetEvent[] {
  const player: ResetEvent[] = [
    { type: 'email.submit', email: ` ${EMAIL} ` },
    { type: 'code.resend' },
    { type: 'password.submit', password: PASSWORD },
    { type: 'step.back' },
  ];
  if (snapshot.matches({ email: 'requesting' })) {
    return [...player, done('requestReset', { smsResetKeyId: 'key-1' }), failed('requestReset', unknownEmail), failed('requestReset', offline)];
  }
  if (snapshot.matches({ verification: 'entering' })) return [...player, ...codeEntryEnds.map((output) => done('codeVerification', output))];
  if (snapshot.matches({ password: 'saving' })) {
    return [...player, done('setNewPassword', { ok: true }), failed('setNewPassword', resetRefused), failed('setNewPassword', tooShort)];
  }
  return player;
}

/** The flow with fakes; code entry itself is a fake whose end each path picks (its own test covers it). */
function setupWith(fakes: FakePromises) {
  const machine = passwordResetMachine.provide({
    actors: {
      requestReset: fakes.actor<ResetRequested, { email: string }>(),
      setNewPassword: fakes.actor<unknown, { resetKey: string; password: string }>(),
      codeVerification: fakes.actor<CodeVerificationOutput, CodeVerificationInput>() as never,
    },
  });
  return { machine, world: undefined };
}

/** The flow with its real code entry, the platform faked. */
function setupReal(fakes: FakePromises) {
  return passwordResetMachine.provide({
    actors: {
      requestReset: fakes.actor<ResetRequested, { email: string }>(),
      setNewPassword: fakes.actor<unknown, { resetKey: string; password: string }>(),
      codeVerification: codeVerificationMachine.provide({
        actors: { sendCode: fakes.actor<CodeSent, CodeRequest>(), verifyCode: fakes.actor<CodeVerified, CodeCheck>() },
      }),
    },
  });
}

describe('password reset machine (behaviour.md §4 "Password reset")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      events: eventsIn as never,
      check: (snapshot, { event: stepEvent, previous, fakes }) => {
        const event = stepEvent as ResetEvent;
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
          expect(context).toMatchObject({ email: before.email, password: before.password });
          expect(context.error).not.toBeNull();
        }

        const last = fakes.calls.at(-1);
        if (snapshot.hasTag('loading')) expect(last).toBeDefined();

        switch (step) {
          case 'email':
            if (snapshot.matches({ email: 'editing' })) expect(snapshot.hasTag('form')).toBe(true);
            if (snapshot.matches({ email: 'requesting' })) {
              expect(snapshot.hasTag('loading')).toBe(true);
              expect(fakes.isPending('requestReset')).toBe(true);
              // The e-mail is sent trimmed.
              expect(last).toEqual({ id: 'requestReset', input: { email: EMAIL } });
            }
            if (event.type === 'xstate.error.actor.requestReset') {
              expect(context.error?.code).toBe(event.error === offline ? 'network' : 'unknown');
            }
            break;
          case 'verification':
            // No key before a code is verified.
            expect(context.resetKey).toBeNull();
            if (event.type === 'xstate.done.actor.requestReset') {
              expect(context.smsResetKeyId).toBe('key-1');
              expect(context.error).toBeNull();
            }
            if (snapshot.matches({ verification: 'entering' })) {
              // Code entry for the account, resuming the code the request named, or sending a new one after a block.
              expect(snapshot.hasTag('codeEntry')).toBe(true);
              expect(last).toEqual({
                id: 'codeVerification',
                input: {
                  channel: 'sms',
                  subject: { kind: 'passwordReset', email: EMAIL },
                  sent: context.smsResetKeyId === null ? null : { ticket: context.smsResetKeyId, sentTo: null },
                },
              });
              if (previous?.matches({ verification: 'blocked' })) expect(context.smsResetKeyId).toBeNull();
            }
            if (snapshot.matches({ verification: 'blocked' })) {
              // sms.max.attempts.reached: no code may be entered; a new code or going back remain.
              expect(snapshot.hasTag('blocked')).toBe(true);
              expect(snapshot.hasTag('form')).toBe(false);
              expect(context.error?.code).toBe('sms.max.attempts.reached');
              expect(snapshot.can({ type: 'code.resend' })).toBe(true);
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
            // Clamped at the last step: the flow is over with its output for the session, no secret stays.
            expect(snapshot.status).toBe('done');
            expect(snapshot.output).toEqual({ outcome: 'reset' });
            expect(context.visited).toEqual([...RESET_STEPS]);
            expect(context).toMatchObject({ password: '', resetKey: null, smsResetKeyId: null, error: null });
            break;
        }
        if (step !== 'complete') expect(snapshot.output).toBeUndefined();
        // Step back is offered everywhere but at the ends.
        expect(snapshot.can({ type: 'step.back' })).toBe(step !== 'email' && step !== 'complete');
        // Going back from Password drops the key: the code must be verified again.
        if (event.type === 'step.back' && previous && stepOf(previous) === 'password') expect(context.resetKey).toBeNull();
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
    const actor = createActor(setupReal(fakes)).start();
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.resolve('requestReset', { smsResetKeyId: 'key-1' });
    await settle();
    const code = actor.getSnapshot().children.codeVerification;
    code?.send({ type: 'code.change', code: CODE });
    code?.send({ type: 'code.submit' });
    expect(fakes.calls.at(-1)).toEqual({
      id: 'verifyCode',
      input: { channel: 'sms', subject: { kind: 'passwordReset', email: EMAIL }, ticket: 'key-1', code: CODE },
    });
    fakes.resolve('verifyCode', { key: 'reset-key' });
    await settle();
    expect(actor.getSnapshot().context.resetKey).toBe('reset-key');
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
    const actor = createActor(setupReal(fakes)).start();
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.resolve('requestReset', { smsResetKeyId: 'key-1' });
    await settle();
    const code = actor.getSnapshot().children.codeVerification;
    code?.send({ type: 'code.change', code: CODE });
    code?.send({ type: 'code.submit' });
    actor.send({ type: 'step.back' });
    // The late answer of the abandoned call does not move the flow.
    fakes.resolve('verifyCode', { key: 'late' });
    await settle();
    expect(actor.getSnapshot().matches({ email: 'editing' })).toBe(true);
    expect(actor.getSnapshot().context.resetKey).toBeNull();
    actor.stop();
  });

  it('a wrong code stays to correct; too many block the code until a new one is asked for', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupReal(fakes)).start();
    actor.send({ type: 'email.submit', email: EMAIL });
    fakes.resolve('requestReset', { smsResetKeyId: 'key-1' });
    await settle();
    const code = () => actor.getSnapshot().children.codeVerification;
    code()?.send({ type: 'code.change', code: '000000' });
    code()?.send({ type: 'code.submit' });
    fakes.reject('verifyCode', codeInvalid);
    await settle();
    expect(code()?.getSnapshot().context).toMatchObject({ code: '000000', codeError: 'sms.code.invalid' });
    code()?.send({ type: 'code.submit' });
    fakes.reject('verifyCode', maxAttempts);
    await settle();
    expect(actor.getSnapshot().matches({ verification: 'blocked' })).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe('sms.max.attempts.reached');
    actor.send({ type: 'code.resend' });
    // A new code goes out through code entry, for the same account.
    expect(fakes.calls.at(-1)).toEqual({ id: 'sendCode', input: { channel: 'sms', subject: { kind: 'passwordReset', email: EMAIL } } });
    fakes.resolve('sendCode', { ticket: 'key-2', sentTo: null });
    await settle();
    code()?.send({ type: 'code.change', code: CODE });
    code()?.send({ type: 'code.submit' });
    expect(fakes.calls.at(-1)?.input).toMatchObject({ ticket: 'key-2', code: CODE });
    actor.stop();
  });
});
