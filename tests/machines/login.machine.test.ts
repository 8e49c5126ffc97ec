import { createActor, SimulatedClock } from 'xstate';
import type { DoneActorEvent, ErrorActorEvent, EventFromLogic } from 'xstate';
import { describe, expect, it } from 'vitest';
import { LOGIN_RETRY_ATTEMPTS, LOGIN_RETRY_DELAY_MS } from '../../machines/lib/constants';
import { loginErrorOf } from '../../machines/lib/loginErrors';
import { loginMachine } from '../../machines/login.machine';
import type { AuthenticatedSession, LoginCredentials, SecondFactorAnswer } from '../../machines/login.machine';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';
import { LOGGED_IN } from './lib/identity';

/** The machine's events and the login call's answers (the machine types those through its actor). */
type LoginEvent =
  | EventFromLogic<typeof loginMachine>
  | DoneActorEvent<AuthenticatedSession, 'authenticate'>
  | ErrorActorEvent<unknown, 'authenticate'>
  | DoneActorEvent<AuthenticatedSession, 'verifySecondFactor'>
  | ErrorActorEvent<unknown, 'verifySecondFactor'>
  | DoneActorEvent<unknown, 'sendUnlockLink'>
  | ErrorActorEvent<unknown, 'sendUnlockLink'>;

const session = LOGGED_IN;
const REDIRECT = '/online-casino';
const credentials = { email: 'player@example.com', password: 'Aurora-Player-1' };

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const refused = new ApiError('http', 401, 'code:error.player.not.found', 'Not found');
const locked = new ApiError('http', 403, 'code:error.sign.in.attempt.count.exceeded', 'Locked');
const timeout = new ApiError('http', 403, 'code:error.timeout.in.progress:days:5', 'Time-out');
const serverDown = new ApiError('http', 500, 'error.system.error', 'Internal error');
// Issue 23: the second factor.
const CHALLENGE = { challengeToken: 'challenge-token', methods: ['passkey', 'totp', 'recovery'] };
const factorRequired = new ApiError('http', 428, 'error.second_factor.required', 'Second factor', [], CHALLENGE);
const wrongCode = new ApiError('http', 400, 'error.second_factor.invalid', 'Wrong', [], { attemptsLeft: 3 });
const expiredCheck = new ApiError('http', 400, 'error.second_factor.challenge_invalid', 'Expired');
const TOTP = '123456';
const LANGMARKET = 'fi-FI';

const failed = (error: unknown): LoginEvent => ({ type: 'xstate.error.actor.authenticate', actorId: 'authenticate', error });

const events: LoginEvent[] = [
  // The form trims the e-mail the player typed.
  { type: 'form.submit', email: ` ${credentials.email} `, password: credentials.password },
  { type: 'xstate.done.actor.authenticate', actorId: 'authenticate', output: session },
  failed(offline),
  failed(refused),
  failed(locked),
  failed(timeout),
  failed(serverDown),
  { type: 'login.back' },
  failed(factorRequired),
  { type: 'factor.submit', method: 'totp', code: TOTP },
  { type: 'factor.passkey' },
  { type: 'factor.lost', langmarket: LANGMARKET },
  { type: 'xstate.done.actor.verifySecondFactor', actorId: 'verifySecondFactor', output: session },
  { type: 'xstate.error.actor.verifySecondFactor', actorId: 'verifySecondFactor', error: wrongCode },
  { type: 'xstate.error.actor.verifySecondFactor', actorId: 'verifySecondFactor', error: expiredCheck },
  { type: 'xstate.error.actor.verifySecondFactor', actorId: 'verifySecondFactor', error: locked },
  { type: 'xstate.done.actor.sendUnlockLink', actorId: 'sendUnlockLink', output: { ok: true } },
  { type: 'xstate.error.actor.sendUnlockLink', actorId: 'sendUnlockLink', error: offline },
];

function setupWith(fakes: FakePromises) {
  return {
    machine: loginMachine.provide({
      actors: {
        authenticate: fakes.actor<AuthenticatedSession, LoginCredentials>(),
        verifySecondFactor: fakes.actor<AuthenticatedSession, SecondFactorAnswer>(),
        sendUnlockLink: fakes.actor<unknown, { email: string; langmarket: string }>(),
      },
    }),
    world: undefined,
  };
}

describe('login machine (behaviour.md §4 "Session" login state and retry, §8 "Login")', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({
      setup: setupWith,
      input: { redirect: REDIRECT },
      events,
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        expect(context.redirect).toBe(REDIRECT);
        // The typed e-mail is kept whatever happens.
        if (context.attempt > 0) expect(context.email).toBe(credentials.email);
        const error = event.type === 'xstate.error.actor.authenticate' ? event.error : null;
        const factorFailure = event.type === 'xstate.error.actor.verifySecondFactor' || event.type === 'xstate.error.actor.sendUnlockLink' ? event.error : null;
        // Issue 23: the factor step keeps the platform's challenge, no password, and no session.
        if (snapshot.hasTag('secondFactor')) {
          expect(context.challenge).toEqual(CHALLENGE);
          expect(context.password).toBe('');
          expect(context.session).toBeNull();
        }
        if (snapshot.matches({ secondFactor: 'choosing' })) {
          expect(snapshot.hasTag('loading')).toBe(false);
          // A wrong answer shows its text and the attempts left; a failed unlock e-mail the network text.
          if (factorFailure === wrongCode) expect(context.factorError).toEqual({ code: 'invalid', attemptsLeft: 3 });
          else if (factorFailure === offline) expect(context.factorError).toEqual({ code: 'network' });
          else expect(context.factorError).toBeNull();
        }
        if (snapshot.matches({ secondFactor: 'verifying' })) {
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(fakes.isPending('verifySecondFactor')).toBe(true);
          const expected = event.type === 'factor.passkey' ? { challengeToken: CHALLENGE.challengeToken, method: 'passkey' } : { challengeToken: CHALLENGE.challengeToken, method: 'totp', code: TOTP };
          expect(fakes.calls.at(-1)?.input).toEqual(expected);
        }
        if (snapshot.matches({ secondFactor: 'expired' })) expect(context.factorError).toEqual({ code: 'expired' });
        if (snapshot.matches({ secondFactor: 'sendingUnlock' })) {
          expect(fakes.isPending('sendUnlockLink')).toBe(true);
          expect(fakes.calls.at(-1)?.input).toEqual({ email: credentials.email, langmarket: LANGMARKET });
        }
        if (snapshot.matches({ secondFactor: 'unlockSent' })) expect(context.factorError).toBeNull();
        switch (snapshot.value) {
          case 'editing':
            expect(snapshot.hasTag('form')).toBe(true);
            expect(snapshot.hasTag('loading') || snapshot.hasTag('error')).toBe(false);
            expect(context.error).toBeNull();
            // Back from the factor step: the check is dropped.
            expect(context.challenge).toBeNull();
            break;
          case 'submitting': {
            expect(snapshot.hasTag('loading') && snapshot.hasTag('form')).toBe(true);
            expect(fakes.isPending('authenticate')).toBe(true);
            // The call gets what the player typed (trimmed e-mail), and attempts never exceed the limit.
            expect(fakes.calls.at(-1)?.input).toEqual(credentials);
            expect(context.attempt).toBeGreaterThanOrEqual(1);
            expect(context.attempt).toBeLessThanOrEqual(LOGIN_RETRY_ATTEMPTS);
            expect(context.error).toBeNull();
            if (previous?.value === 'retrying') expect(context.attempt).toBe(previous.context.attempt + 1);
            else expect(context.attempt).toBe(1);
            break;
          }
          case 'retrying':
            // Only a network failure is retried, and only while attempts remain.
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(error).toBe(offline);
            expect(context.attempt).toBeLessThan(LOGIN_RETRY_ATTEMPTS);
            expect(fakes.isPending('authenticate')).toBe(false);
            break;
          case 'failed':
            expect(snapshot.hasTag('error') && snapshot.hasTag('form')).toBe(true);
            expect(context.error).toEqual(loginErrorOf(error));
            // A refused password is never retried; a network failure only after the last attempt.
            if (error === offline) expect(context.attempt).toBe(LOGIN_RETRY_ATTEMPTS);
            // The password is not kept once the call has answered.
            expect(context.password).toBe('');
            break;
          case 'maxAttempts':
            expect(snapshot.hasTag('maxAttempts')).toBe(true);
            expect(context.error?.code).toBe('maxAttempt');
            expect(context.password).toBe('');
            break;
          case 'success':
            expect(snapshot.status).toBe('done');
            expect(snapshot.output).toEqual({ ...session, redirect: REDIRECT });
            expect(context.password).toBe('');
            break;
        }
      },
    });
    console.info(formatCoverage('login', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it(`retries a network failure up to ${String(LOGIN_RETRY_ATTEMPTS)} attempts, ${String(LOGIN_RETRY_DELAY_MS)} ms apart`, async () => {
    const fakes = new FakePromises();
    const clock = new SimulatedClock();
    const actor = createActor(setupWith(fakes).machine, { clock, input: { redirect: null } }).start();
    actor.send({ type: 'form.submit', ...credentials });
    for (let attempt = 1; attempt < LOGIN_RETRY_ATTEMPTS; attempt += 1) {
      fakes.reject('authenticate', offline);
      await settle();
      expect(actor.getSnapshot().value).toBe('retrying');
      clock.increment(LOGIN_RETRY_DELAY_MS - 1);
      expect(fakes.calls).toHaveLength(attempt);
      clock.increment(1);
      expect(fakes.calls).toHaveLength(attempt + 1);
    }
    fakes.reject('authenticate', offline);
    await settle();
    expect(actor.getSnapshot().value).toBe('failed');
    expect(actor.getSnapshot().context.error).toEqual({ code: 'network', additionalInfo: {} });
    expect(fakes.calls).toHaveLength(LOGIN_RETRY_ATTEMPTS);
    expect(actor.getSnapshot().context.redirect).toBeNull();
  });

  it('never retries a refused password, and a network retry can still succeed', async () => {
    const fakes = new FakePromises();
    const clock = new SimulatedClock();
    const actor = createActor(setupWith(fakes).machine, { clock, input: { redirect: '/live-casino-online' } }).start();
    actor.send({ type: 'form.submit', ...credentials, password: 'wrong' });
    fakes.reject('authenticate', refused);
    await settle();
    clock.increment(LOGIN_RETRY_DELAY_MS * LOGIN_RETRY_ATTEMPTS);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(fakes.calls).toHaveLength(1);

    actor.send({ type: 'form.submit', ...credentials });
    fakes.reject('authenticate', offline);
    await settle();
    clock.increment(LOGIN_RETRY_DELAY_MS);
    fakes.resolve('authenticate', session);
    await settle();
    expect(actor.getSnapshot().status).toBe('done');
    expect(actor.getSnapshot().output).toEqual({ ...session, redirect: '/live-casino-online' });
  });
});
