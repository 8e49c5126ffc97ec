import { createActor } from 'xstate';
import type { EventObject, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  codeVerificationMachine,
  type CodeCheck,
  type CodeRequest,
  type CodeSent,
  type CodeVerificationInput,
  type CodeVerified,
} from '../../machines/codeVerification.machine';
import { CODE_ERROR_CODES as E } from '../../machines/lib/codeErrors';
import { VALIDATION_CODES } from '../../machines/lib/signupForm';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';

type CodeSnapshot = SnapshotFrom<typeof codeVerificationMachine>;
// The events the paths send: the player's, and the answers of the two calls.
type PathEvent = EventObject & Record<string, unknown>;

const SUBJECT = { kind: 'registration', playerId: 42, token: 'registration-secret' } as const;
const CODE = '123456';
const FIRST: CodeSent = { ticket: 'ticket-1', sentTo: '+358 40 *** 67' };
const SECOND: CodeSent = { ticket: 'ticket-2', sentTo: '+358 40 *** 67' };

const http = (status: number, code: string) => new ApiError('http', status, code, code);
const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const wrongCode = http(400, E.invalid);
const tooMany = http(429, E.maxAttempts);
// The platform may say how long to wait (details.retryAfterSeconds).
const tooManyFor15Minutes = Object.assign(http(429, E.maxAttempts), { details: { retryAfterSeconds: 900 } });
const noCode = http(400, '');
const down = http(500, E.system);

const done = (id: string, output: unknown): PathEvent => ({ type: `xstate.done.actor.${id}`, actorId: id, output });
const failed = (id: string, error: unknown): PathEvent => ({ type: `xstate.error.actor.${id}`, actorId: id, error });

function setupWith(fakes: FakePromises) {
  const machine = codeVerificationMachine.provide({
    actors: { sendCode: fakes.actor<CodeSent, CodeRequest>(), verifyCode: fakes.actor<CodeVerified, CodeCheck>() },
  });
  return { machine, world: undefined };
}

/** The events of each state: the player's everywhere, a call's answers while it runs. */
function eventsIn(snapshot: CodeSnapshot): PathEvent[] {
  const { context } = snapshot;
  const player: PathEvent[] = [
    { type: 'code.change', code: context.code === CODE ? '12a' : CODE },
    { type: 'code.submit' },
    { type: 'code.resend' },
    { type: 'code.cancel' },
  ];
  if (snapshot.matches('sending')) {
    const sent = done('sendCode', context.sent === null ? FIRST : SECOND);
    const answers = [sent, failed('sendCode', offline), failed('sendCode', tooManyFor15Minutes), failed('sendCode', down)];
    // The SMS can be faster than the answer: the code is typed while the send runs (once, to keep the graph small).
    return context.code === '' && context.sent === null ? [...answers, { type: 'code.change', code: CODE }] : answers;
  }
  if (snapshot.matches('verifying')) {
    return [done('verifyCode', { key: 'key-1' }), failed('verifyCode', wrongCode), failed('verifyCode', tooMany), failed('verifyCode', offline), failed('verifyCode', noCode)];
  }
  // Typing in a code again only where it matters: keeps the graph small.
  return context.status === 'sendSuccess' || context.status === 'sendFail' ? player : player.filter((event) => event.type !== 'code.change');
}

function coverFrom(input: CodeVerificationInput) {
  return coverPaths({
    setup: setupWith,
    input,
    events: eventsIn as never,
    check: (snapshot, { event, previous, fakes }) => {
      const { context } = snapshot;
      const last = fakes.calls.at(-1);
      const type = (event as EventObject).type;
      // The tags say what the screen shows.
      expect(snapshot.hasTag('loading')).toBe(snapshot.matches('sending') || snapshot.matches('verifying'));
      expect(snapshot.hasTag('form')).toBe(snapshot.matches('awaitingCode'));
      expect(snapshot.hasTag('error')).toBe(snapshot.matches('sendFailed'));
      if (snapshot.matches('sending')) {
        expect(snapshot.hasTag('sending')).toBe(true);
        expect(last).toEqual({ id: 'sendCode', input: { channel: input.channel, subject: SUBJECT } });
      }
      if (snapshot.matches('verifying')) {
        expect(snapshot.hasTag('verifying')).toBe(true);
        // The code as typed, named by the ticket of the last code that went out.
        expect(last).toEqual({ id: 'verifyCode', input: { channel: input.channel, subject: SUBJECT, ticket: context.sent?.ticket ?? null, code: CODE } });
      }
      if (snapshot.matches('awaitingCode')) {
        // Something to type a code for, always.
        expect(context.sent).not.toBeNull();
        expect(['sendSuccess', 'sendFail', 'verifyFail']).toContain(context.status);
      }
      // A resend that replaced an earlier code says so; the first code does not.
      if (type === 'xstate.done.actor.sendCode') {
        expect(snapshot.hasTag('resent')).toBe(previous?.context.sent !== null);
        // What was typed while the code was on its way stays (issue 21: it was wiped).
        expect(context).toMatchObject({ status: 'sendSuccess', code: previous?.context.code, codeError: null, formError: null });
      }
      // A new code asked for: what was typed for the old one goes.
      if (type === 'code.resend' && previous?.matches('awaitingCode')) expect(context.code).toBe('');
      if (type === 'code.change' && previous?.matches('sending')) {
        expect(snapshot.matches('sending')).toBe(true);
        expect(context.code).toBe(CODE);
      }
      if (type === 'code.submit' && previous?.matches('awaitingCode') && !snapshot.matches('verifying')) {
        expect(context.codeError).toBe(previous.context.code === '' ? VALIDATION_CODES.required : VALIDATION_CODES.code);
        expect(fakes.calls.at(-1)?.id).not.toBe('verifyCode');
      }
      if (type === 'xstate.error.actor.verifyCode' && snapshot.matches('awaitingCode')) {
        // The typed code stays to be corrected; the error names what happened.
        expect(context.code).toBe(previous?.context.code);
        expect(context.status).toBe('verifyFail');
        const error = (event as unknown as { error: ApiError }).error;
        if (error === wrongCode) expect(context.codeError).toBe(E.invalid);
        if (error === noCode) expect(context.codeError).toBe(E.noCode);
        if (error === offline) expect(context.formError).toBe('network');
      }
      if (type === 'xstate.error.actor.sendCode' && !snapshot.matches('blocked')) {
        expect(context.status).toBe('sendFail');
        // A first send that failed leaves nothing to type; a failed resend keeps the earlier code.
        expect(snapshot.matches('sendFailed')).toBe(previous?.context.sent === null);
      }
      if (snapshot.status === 'done') {
        if (snapshot.matches('verified')) expect(snapshot.output).toEqual({ outcome: 'verified', key: 'key-1' });
        if (snapshot.matches('blocked')) {
          // behaviour.md §8: why no more codes may be tried.
          expect(snapshot.output).toEqual({
            outcome: 'blocked',
            reason: type === 'xstate.error.actor.verifyCode' ? 'wrongCodes' : 'tooManyCodes',
            retryAfterSeconds: type === 'xstate.error.actor.sendCode' ? 900 : null,
          });
        }
        if (snapshot.matches('cancelled')) expect(snapshot.output).toEqual({ outcome: 'cancelled', sent: previous?.context.sent ?? null });
      }
    },
  });
}

describe('code-verification machine (behaviour.md §4 pin states, §8 sms.code.invalid / sms.max.attempts.reached)', () => {
  it('from a code still to send and from one already out, reaches every state and transition; each state shows what it promises', async () => {
    // Two starts: a code to send first (sign-up), and a code the parent's own call already sent or
    // that the player comes back to (password reset, phone change, sign-up after Back).
    const fresh = await coverFrom({ channel: 'sms', subject: SUBJECT });
    const resumed = await coverFrom({ channel: 'email', subject: SUBJECT, sent: FIRST });
    const uncoveredStates = fresh.uncoveredStates.filter((id) => resumed.uncoveredStates.includes(id));
    const uncoveredTransitions = fresh.uncoveredTransitions.filter((key) => resumed.uncoveredTransitions.includes(key));
    const result = {
      ...fresh,
      statesCovered: fresh.statesTotal - uncoveredStates.length,
      transitionsCovered: fresh.transitionsTotal - uncoveredTransitions.length,
      paths: [...fresh.paths, ...resumed.paths],
      uncoveredStates,
      uncoveredTransitions,
    };
    console.info(formatCoverage('codeVerification', result));
    expect(uncoveredStates).toEqual([]);
    expect(uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 60_000);

  // Issue 21 item 8 ("the code field empties itself"): a code typed from an SMS that arrived before
  // the platform's answer was wiped by that answer.
  it('keeps a code typed while the send is still answered, and sends that code', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: { channel: 'sms', subject: SUBJECT } }).start();
    expect(actor.getSnapshot().matches('sending')).toBe(true);
    actor.send({ type: 'code.change', code: CODE });
    expect(actor.getSnapshot().context.code).toBe(CODE);
    fakes.resolve('sendCode', FIRST);
    await settle();
    expect(actor.getSnapshot().matches('awaitingCode')).toBe(true);
    expect(actor.getSnapshot().context.code).toBe(CODE);
    actor.send({ type: 'code.submit' });
    expect(fakes.calls.at(-1)).toMatchObject({ id: 'verifyCode', input: { code: CODE } });
  });

  it('walks the pin states of behaviour.md §4: send fail, send success, verify fail, verify success', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: { channel: 'sms', subject: SUBJECT } }).start();
    const status = () => actor.getSnapshot().context.status;
    expect(status()).toBe('uninitialised');
    fakes.reject('sendCode', offline);
    await settle();
    expect(status()).toBe('sendFail');
    actor.send({ type: 'code.resend' });
    fakes.resolve('sendCode', FIRST);
    await settle();
    expect(status()).toBe('sendSuccess');
    actor.send({ type: 'code.change', code: '000000' });
    actor.send({ type: 'code.submit' });
    fakes.reject('verifyCode', wrongCode);
    await settle();
    expect(status()).toBe('verifyFail');
    actor.send({ type: 'code.change', code: ` ${CODE} ` });
    actor.send({ type: 'code.submit' });
    expect(fakes.calls.at(-1)?.input).toMatchObject({ code: CODE, ticket: FIRST.ticket });
    fakes.resolve('verifyCode', { key: null });
    await settle();
    expect(status()).toBe('verifySuccess');
    expect(actor.getSnapshot().output).toEqual({ outcome: 'verified', key: null });
  });
});
