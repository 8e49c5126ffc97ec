import { createActor } from 'xstate';
import type { SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  PAY_AND_PLAY_DEFAULT_TARGET_PATH,
  PAY_AND_PLAY_MAX_DEPOSIT,
  PAY_AND_PLAY_MIN_DEPOSIT,
  PAY_AND_PLAY_PRESET_AMOUNTS,
} from '../../machines/lib/constants';
import {
  IDENTIFICATION_CANCELLED,
  IDENTIFICATION_FAILED,
  IDENTIFICATION_LIMIT_REACHED,
  callbackReturnUrl,
  checkDepositAmount,
  isPayAndPlayReturnPath,
  payAndPlayTarget,
  splitMobilePhone,
  targetHref,
  validateUpdate,
  type PayAndPlayStatus,
  type VisitorContext,
} from '../../machines/lib/payAndPlay';
import type { AuthenticatedSession } from '../../machines/lib/identity';
import { payAndPlayMachine } from '../../machines/payAndPlay.machine';
import type {
  AuthorizeInput,
  AuthorizeResult,
  LoginPlayerInput,
  UpdatePlayerInput,
  VerifyCodeInput,
  PayAndPlayInput,
  VerifyCodeResult,
} from '../../machines/payAndPlay.machine';
import { ApiError } from '../../src/api/errors';
import { UPDATE_FIELD_LOCKED } from '../../src/api/payAndPlay';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';
import type { PathCoverageResult } from './lib/pathCoverage';
import {
  authorized,
  callbackInput,
  cancelledInput,
  emailTaken,
  events,
  knownPlayer,
  login,
  newPlayer,
  startInput,
  visitor,
} from './lib/payAndPlay.fixtures';

/** What a path step may be: an event the screen sends, or a synthetic done/error event of an invoked actor. */
type StepEvent = { type: string; error?: unknown };
type PayAndPlaySnapshot = SnapshotFrom<typeof payAndPlayMachine>;

interface World {
  /** The state values this replay went through, in order. */
  visited: string[];
  /** The provider pages the flow sent the browser to (the redirectToProvider action). */
  redirects: string[];
}

function setupWith(fakes: FakePromises) {
  const world: World = { visited: [], redirects: [] };
  const machine = payAndPlayMachine.provide({
    actors: {
      loadVisitorContext: fakes.actor<VisitorContext, { langmarket: string }>(),
      authorize: fakes.actor<AuthorizeResult, AuthorizeInput>(),
      verifyCode: fakes.actor<VerifyCodeResult, VerifyCodeInput>(),
      updatePlayer: fakes.actor<unknown, UpdatePlayerInput>(),
      loginPlayer: fakes.actor<AuthenticatedSession, LoginPlayerInput>(),
    },
    actions: {
      redirectToProvider: (_, { url }) => {
        world.redirects.push(url);
      },
    },
  });
  return { machine, world };
}

const statusOf = (snapshot: PayAndPlaySnapshot): PayAndPlayStatus => snapshot.context.status;

/** The input of the one pending call of the fake with `id` (the last call made). */
function lastCallInput(fakes: FakePromises, id: string): unknown {
  return fakes.calls.filter((call) => call.id === id).at(-1)?.input;
}

/** What each state promises (behaviour.md §4 "Pay and play"), asserted after every step of every path. */
function check(snapshot: PayAndPlaySnapshot, { fakes, world, event }: { fakes: FakePromises; world: World; event: StepEvent }) {
  const { context } = snapshot;
  const status = statusOf(snapshot);
  const value = snapshot.value;
  world.visited.push(value);
  switch (value) {
    case 'starting':
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(fakes.isPending('loadVisitorContext')).toBe(true);
      expect(status).toEqual({ authorize: 'uninitialized', verifyCode: 'uninitialized', updatePlayer: 'uninitialized', loginPlayer: 'uninitialized' });
      break;
    case 'amount':
      expect(snapshot.hasTag('form')).toBe(true);
      expect(['uninitialized', 'error']).toContain(status.authorize);
      expect(status).toMatchObject({ verifyCode: 'uninitialized', updatePlayer: 'uninitialized', loginPlayer: 'uninitialized' });
      // The currency follows the visitor's country (FI, or FI by default when it could not be read).
      expect(context.visitor).toMatchObject({ country: 'FI', currency: 'EUR' });
      if (event.type === 'xstate.error.actor.authorize') {
        expect(status.authorize).toBe('error');
        expect(context.errorCode).toBe('error.paynplay.amount.invalid');
        // The amount typed is kept.
        expect(context.amountText).toBe('20');
      }
      if (event.type === 'amount.submit') {
        // An invalid amount stays on the form with its error.
        expect(context.amountError).not.toBeNull();
      }
      break;
    case 'authorizing':
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(status).toEqual({ authorize: 'loading', verifyCode: 'uninitialized', updatePlayer: 'uninitialized', loginPlayer: 'uninitialized' });
      expect(fakes.isPending('authorize')).toBe(true);
      expect(lastCallInput(fakes, 'authorize')).toEqual({
        amount: 20,
        currency: 'EUR',
        country: 'FI',
        language: 'en',
        // The target and the amount come back with the answer: a new start shows the amount again.
        returnUrl: '/en-FI/signup/callback?target=%2Fonline-casino&amount=20',
        // Finland requires no deposit limit before the first deposit: none is sent.
        limit: null,
      });
      break;
    case 'redirecting':
      expect(snapshot.hasTag('redirecting')).toBe(true);
      // The flow itself sends the browser to the provider page, once.
      expect(world.redirects).toEqual([authorized.redirectUrl]);
      expect(status.authorize).toBe('success');
      expect(context).toMatchObject({ sessionId: authorized.sessionId, redirectUrl: authorized.redirectUrl, amount: 20 });
      break;
    case 'identificationFailed':
      expect(snapshot.hasTag('error')).toBe(true);
      expect(status).toEqual({ authorize: 'error', verifyCode: 'uninitialized', updatePlayer: 'uninitialized', loginPlayer: 'uninitialized' });
      expect(context.errorCode).toBe(IDENTIFICATION_CANCELLED);
      expect(fakes.calls.map((call) => call.id)).toEqual(['loadVisitorContext']);
      break;
    case 'verifyingCode':
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(status).toEqual({ authorize: 'success', verifyCode: 'loading', updatePlayer: 'uninitialized', loginPlayer: 'uninitialized' });
      expect(fakes.isPending('verifyCode')).toBe(true);
      expect(lastCallInput(fakes, 'verifyCode')).toEqual({
        oneTimeCode: '123456',
        sessionId: 'pnp-session-1',
        ipAddress: context.visitor.ipAddress,
        blackbox: context.visitor.blackbox,
      });
      break;
    case 'verificationFailed':
      expect(snapshot.hasTag('error')).toBe(true);
      expect(status).toMatchObject({ verifyCode: 'error', updatePlayer: 'uninitialized', loginPlayer: 'uninitialized' });
      expect(context.errorCode).toBe('error.paynplay.code.invalid');
      break;
    case 'updateForm':
      expect(snapshot.hasTag('form')).toBe(true);
      expect(status).toMatchObject({ authorize: 'success', verifyCode: 'success', loginPlayer: 'uninitialized' });
      expect(['uninitialized', 'error']).toContain(status.updatePlayer);
      // The unknown-player branch keeps the player id and sets the flag.
      expect(context).toMatchObject({ playerId: newPlayer.playerId, needsUpdate: true });
      if (event.type === 'xstate.error.actor.updatePlayer') {
        expect(status.updatePlayer).toBe('error');
        // What was typed is kept on every error.
        expect(context.update).toMatchObject({ email: 'new@example.com', phonePrefix: '+358', phoneBody: '40 123 4567' });
        if (event.error === emailTaken) expect(context.updateErrors.email).toBe('error.registration.player_already_exists');
        else expect(context.errorCode).toBe('network.error');
      }
      if (event.type === 'update.submit') expect(Object.values(context.updateErrors).some(Boolean)).toBe(true);
      break;
    case 'updatingPlayer':
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(status).toMatchObject({ verifyCode: 'success', updatePlayer: 'loading', loginPlayer: 'uninitialized' });
      expect(lastCallInput(fakes, 'updatePlayer')).toEqual({
        playerId: newPlayer.playerId,
        sessionId: 'pnp-session-1',
        email: 'new@example.com',
        phonePrefix: '+358',
        phoneBody: '401234567',
      });
      break;
    case 'loggingIn':
      expect(snapshot.hasTag('loading')).toBe(true);
      expect(status).toMatchObject({ authorize: 'success', verifyCode: 'success', loginPlayer: 'loading' });
      expect(lastCallInput(fakes, 'loginPlayer')).toEqual({
        sessionId: 'pnp-session-1',
        metadata: { blackbox: context.visitor.blackbox, ipAddress: context.visitor.ipAddress, country: 'FI' },
      });
      if (context.needsUpdate) {
        expect(status.updatePlayer).toBe('success');
        expect(world.visited).toContain('updateForm');
      } else {
        // The known-player branch skips the update form.
        expect(status.updatePlayer).toBe('uninitialized');
        expect(world.visited).not.toContain('updateForm');
        expect(fakes.calls.some((call) => call.id === 'updatePlayer')).toBe(false);
        expect(context.playerId).toBe(knownPlayer.playerId);
      }
      break;
    case 'loginFailed':
      expect(snapshot.hasTag('error')).toBe(true);
      expect(status).toMatchObject({ verifyCode: 'success', loginPlayer: 'error' });
      expect(context.errorCode).toBe('network.error');
      break;
    case 'done':
      expect(snapshot.status).toBe('done');
      expect(status).toMatchObject({ authorize: 'success', verifyCode: 'success', loginPlayer: 'success' });
      expect(status.updatePlayer).toBe(context.needsUpdate ? 'success' : 'uninitialized');
      expect(snapshot.output).toEqual({ session: login, redirectPath: '/en-FI/online-casino' });
      break;
    default:
      throw new Error(`unexpected state ${JSON.stringify(value)}`);
  }
}

/** Several inputs (the two pages) share one machine: a state or transition counts when any run reached it. */
function merge(results: PathCoverageResult[]): PathCoverageResult {
  const [first, ...rest] = results;
  if (!first) throw new Error('no results');
  const uncoveredStates = first.uncoveredStates.filter((id) => rest.every((r) => r.uncoveredStates.includes(id)));
  const uncoveredTransitions = first.uncoveredTransitions.filter((key) => rest.every((r) => r.uncoveredTransitions.includes(key)));
  return {
    statesTotal: first.statesTotal,
    transitionsTotal: first.transitionsTotal,
    statesCovered: first.statesTotal - uncoveredStates.length,
    transitionsCovered: first.transitionsTotal - uncoveredTransitions.length,
    paths: results.flatMap((r) => r.paths),
    uncoveredStates,
    uncoveredTransitions,
  };
}

describe('pay-and-play machine (behaviour.md §4 "Pay and play")', () => {
  it('reaches every state and transition from both pages, and each state shows what it promises', async () => {
    const results: PathCoverageResult[] = [];
    for (const input of [startInput, callbackInput, cancelledInput]) {
      results.push(await coverPaths({ setup: setupWith, input, events, check }));
    }
    const result = merge(results);
    console.info(formatCoverage('payAndPlay', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('fills the update form with what the bank already knows and the country\'s prefix', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: { ...callbackInput, langmarket: 'en-PP' } }).start();
    fakes.resolve('loadVisitorContext', { country: 'FI', ipAddress: '', blackbox: 'fp' });
    await settle();
    fakes.resolve('verifyCode', { email: 'half@example.com', mobilePhone: null, playerId: 9 });
    await settle();
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('updateForm');
    expect(context.update).toEqual({ email: 'half@example.com', phonePrefix: '+46', phoneBody: '' });
    // What the player has is shown read-only; only the missing phone is asked for.
    expect(context.known).toEqual({ email: true, phone: false });
    expect(context).toMatchObject({ playerId: 9, needsUpdate: true });
    actor.stop();
  });

  it('shows the platform\'s refusals of the update on the field they concern, keeping what was typed', async () => {
    const cases = [
      { error: new ApiError('http', 403, 'error.vonage.validation', 'Undeliverable'), field: 'phoneBody', code: 'error.vonage.validation' },
      {
        error: new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'mobilePhone', code: 'validation.phone' }]),
        field: 'phoneBody',
        code: 'validation.phone',
      },
      { error: emailTaken, field: 'email', code: 'error.registration.player_already_exists' },
    ] as const;
    for (const { error, field, code } of cases) {
      const fakes = new FakePromises();
      const actor = createActor(setupWith(fakes).machine, { input: callbackInput }).start();
      fakes.resolve('loadVisitorContext', visitor);
      await settle();
      fakes.resolve('verifyCode', newPlayer);
      await settle();
      actor.send({ type: 'update.change', field: 'email', value: 'new@example.com' });
      actor.send({ type: 'update.change', field: 'phoneBody', value: '401234567' });
      actor.send({ type: 'update.submit' });
      fakes.reject('updatePlayer', error);
      await settle();
      const { value, context } = actor.getSnapshot();
      expect(value).toBe('updateForm');
      expect(context.updateErrors[field]).toBe(code);
      expect(context.errorCode).toBeNull();
      expect(context.update).toEqual({ email: 'new@example.com', phonePrefix: '+358', phoneBody: '401234567' });
      // Editing the field clears its error.
      actor.send({ type: 'update.change', field, value: 'x' });
      expect(actor.getSnapshot().context.updateErrors[field]).toBeUndefined();
      actor.stop();
    }
  });

  it('in the global market, takes the pay-and-play country the platform sees, else the default sign-up country', async () => {
    for (const [seen, expected] of [
      ['SE', { country: 'SE', currency: 'SEK', language: 'en' }],
      ['MT', { country: 'FI', currency: 'EUR', language: 'en' }],
      ['NO', { country: 'FI', currency: 'EUR', language: 'en' }],
    ] as const) {
      const fakes = new FakePromises();
      const actor = createActor(setupWith(fakes).machine, { input: { ...startInput, langmarket: 'en-UN', target: null } }).start();
      fakes.resolve('loadVisitorContext', { country: seen, ipAddress: '203.0.113.9', blackbox: 'fp' });
      await settle();
      expect(actor.getSnapshot().context.visitor).toMatchObject({ ...expected, ipAddress: '203.0.113.9', blackbox: 'fp' });
      actor.send({ type: 'amount.change', value: String(PAY_AND_PLAY_PRESET_AMOUNTS[1]) });
      if (seen === 'SE') actor.send({ type: 'limit.change', value: '500' });
      actor.send({ type: 'amount.submit' });
      expect(lastCallInput(fakes, 'authorize')).toEqual({
        amount: PAY_AND_PLAY_PRESET_AMOUNTS[1],
        ...expected,
        // No target saved: the return address carries none, only the amount.
        returnUrl: `/en-UN/signup/callback?amount=${String(PAY_AND_PLAY_PRESET_AMOUNTS[1])}`,
        // Sweden: a deposit limit first (any period; the monthly one unless the player chooses).
        limit: seen === 'SE' ? { duration: 'M', amount: 500 } : null,
      });
      actor.stop();
    }
  });

  it('issue 21: a German visitor gives a monthly deposit limit of at most 1,000 EUR with the amount, and the amount may not exceed it', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: { ...startInput, langmarket: 'de-JJ', target: null } }).start();
    fakes.resolve('loadVisitorContext', { country: 'FI', ipAddress: '', blackbox: 'fp' });
    await settle();
    expect(actor.getSnapshot().context.visitor).toMatchObject({
      country: 'DE',
      currency: 'EUR',
      language: 'de',
      firstLimit: { durations: ['M'], max: { M: 1_000 } },
    });
    expect(actor.getSnapshot().context.limitDuration).toBe('M');
    const submitWith = (amount: string, limit: string) => {
      actor.send({ type: 'amount.change', value: amount });
      actor.send({ type: 'limit.change', value: limit });
      actor.send({ type: 'amount.submit' });
      return actor.getSnapshot();
    };
    expect(submitWith('50', '')).toMatchObject({ value: 'amount', context: { limitError: 'required', amountError: null } });
    expect(submitWith('50', '1000.01')).toMatchObject({ value: 'amount', context: { limitError: 'tooHigh' } });
    expect(submitWith('50', '0.5')).toMatchObject({ value: 'amount', context: { limitError: 'tooLow' } });
    expect(submitWith('50', '1,2,3')).toMatchObject({ value: 'amount', context: { limitError: 'invalid' } });
    expect(submitWith('200', '100')).toMatchObject({ value: 'amount', context: { amountError: 'overLimit', limitError: null } });
    // A weekly limit is not Germany's required one.
    actor.send({ type: 'limit.duration', duration: 'W' });
    expect(submitWith('50', '300')).toMatchObject({ value: 'amount', context: { limitError: 'period' } });
    actor.send({ type: 'limit.duration', duration: 'M' });
    expect(submitWith('100', '1000')).toMatchObject({ value: 'authorizing' });
    expect(lastCallInput(fakes, 'authorize')).toEqual({
      amount: 100,
      currency: 'EUR',
      country: 'DE',
      language: 'de',
      returnUrl: '/de-JJ/signup/callback?amount=100',
      limit: { duration: 'M', amount: 1000 },
    });
    actor.stop();
  });

  it('issue 21: the market rules the platform answers (an operator\'s override) decide the first limit', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: { ...startInput, langmarket: 'fi-FI', target: null } }).start();
    fakes.resolve('loadVisitorContext', {
      country: 'FI',
      ipAddress: '',
      blackbox: 'fp',
      marketRules: { market: 'FI', rules: { requiredDepositLimit: 'W', maxDepositLimit: { W: 300 } } },
    });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ limitDuration: 'W', visitor: { firstLimit: { durations: ['W'], max: { W: 300 } } } });
    actor.stop();
    // Rules of another market than the visitor's are not theirs: the market's defaults apply.
    const other = new FakePromises();
    const german = createActor(setupWith(other).machine, { input: { ...startInput, langmarket: 'de-JJ', target: null } }).start();
    other.resolve('loadVisitorContext', { country: 'DE', ipAddress: '', blackbox: 'fp', marketRules: { market: 'FI', rules: { requiredDepositLimit: null, maxDepositLimit: {} } } });
    await settle();
    expect(german.getSnapshot().context.visitor.firstLimit).toMatchObject({ durations: ['M'], max: { M: 1_000 } });
    german.stop();
  });


  // issue 8: a new player in a Finnish flow got Malta (the platform's default country for the
  // visitor) and English. The route's market and language decide, and the phone prefix follows.
  it('a fi-FI flow deposits in Finland, in Finnish, and offers the Finnish prefix, whatever country the platform sees', async () => {
    const fakes = new FakePromises();
    const input: PayAndPlayInput = { langmarket: 'fi-FI', target: null, amount: null, callback: null };
    const actor = createActor(setupWith(fakes).machine, { input }).start();
    fakes.resolve('loadVisitorContext', { country: 'MT', ipAddress: '', blackbox: 'fp' });
    await settle();
    actor.send({ type: 'amount.change', value: '50' });
    actor.send({ type: 'amount.submit' });
    expect(lastCallInput(fakes, 'authorize')).toMatchObject({ currency: 'EUR', country: 'FI', language: 'fi' });
    actor.stop();

    const callbackFakes = new FakePromises();
    const callback = createActor(setupWith(callbackFakes).machine, { input: { ...callbackInput, langmarket: 'fi-FI' } }).start();
    callbackFakes.resolve('loadVisitorContext', { country: 'MT', ipAddress: '', blackbox: 'fp' });
    await settle();
    callbackFakes.resolve('verifyCode', newPlayer);
    await settle();
    expect(callback.getSnapshot().context.update.phonePrefix).toBe('+358');
    callback.send({ type: 'update.change', field: 'email', value: 'uusi@example.com' });
    callback.send({ type: 'update.change', field: 'phoneBody', value: '401234567' });
    callback.send({ type: 'update.submit' });
    callbackFakes.resolve('updatePlayer', { ok: true });
    await settle();
    expect(lastCallInput(callbackFakes, 'loginPlayer')).toMatchObject({ metadata: { country: 'FI' } });
    callback.stop();
  });

  it('a new start after the bank shows the amount sent before; an amount the form would refuse is dropped', async () => {
    for (const [amount, shown] of [
      ['20', '20'],
      ['35.5', '35.5'],
      [null, ''],
      ['abc', ''],
      ['0', ''],
      ['99999999', ''],
      ['<b>20</b>', ''],
    ] as const) {
      const fakes = new FakePromises();
      const actor = createActor(setupWith(fakes).machine, { input: { ...startInput, amount } }).start();
      fakes.resolve('loadVisitorContext', { country: 'FI', ipAddress: '', blackbox: 'fp' });
      await settle();
      expect(actor.getSnapshot().context.amountText, String(amount)).toBe(shown);
      actor.stop();
    }
    // The callback keeps it too, for Start again.
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: cancelledInput }).start();
    fakes.resolve('loadVisitorContext', { country: 'FI', ipAddress: '', blackbox: 'fp' });
    await settle();
    expect(actor.getSnapshot().context.amountText).toBe('20');
    actor.stop();
  });

  it('shows a refused change of an e-mail or phone the player already has on its field', async () => {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: callbackInput }).start();
    fakes.resolve('loadVisitorContext', visitor);
    await settle();
    fakes.resolve('verifyCode', { email: 'old@example.com', mobilePhone: null, playerId: 9 });
    await settle();
    actor.send({ type: 'update.change', field: 'email', value: 'new@example.com' });
    actor.send({ type: 'update.change', field: 'phoneBody', value: '401234567' });
    actor.send({ type: 'update.submit' });
    fakes.reject('updatePlayer', new ApiError('http', 409, UPDATE_FIELD_LOCKED, 'Locked', [{ field: 'email', code: UPDATE_FIELD_LOCKED }]));
    await settle();
    const { value, context } = actor.getSnapshot();
    expect(value).toBe('updateForm');
    expect(context.updateErrors).toEqual({ email: UPDATE_FIELD_LOCKED });
    expect(context.errorCode).toBeNull();
    actor.stop();
  });

  it('a callback without a code or with a provider error other than cancel is a failed identification', async () => {
    for (const callback of [
      { code: null, sessionId: null, error: null },
      { code: '123', sessionId: 's', error: 'denied' },
    ]) {
      const fakes = new FakePromises();
      const actor = createActor(setupWith(fakes).machine, { input: { ...callbackInput, callback } }).start();
      fakes.resolve('loadVisitorContext', visitor);
      await settle();
      expect(actor.getSnapshot().value).toBe('identificationFailed');
      expect(actor.getSnapshot().context.errorCode).toBe(IDENTIFICATION_FAILED);
      actor.stop();
    }
  });

  // Issue 20: the player's limits refuse the deposit at the bank step (the bank sends the spec's
  // result back) or at the code check (409 SELF_LIMIT_REACHED): one code, one text, no retry.
  it('a deposit the limits refuse at the bank or at the code check fails with SELF_LIMIT_REACHED', async () => {
    const atBank = new FakePromises();
    const refusedAtBank = createActor(setupWith(atBank).machine, {
      input: { ...callbackInput, callback: { code: null, sessionId: 'pnp-session-1', error: 'SELF_LIMIT_REACHED' } },
    }).start();
    atBank.resolve('loadVisitorContext', visitor);
    await settle();
    expect(refusedAtBank.getSnapshot().value).toBe('identificationFailed');
    expect(refusedAtBank.getSnapshot().context.errorCode).toBe(IDENTIFICATION_LIMIT_REACHED);
    refusedAtBank.stop();

    const atCode = new FakePromises();
    const refusedAtCode = createActor(setupWith(atCode).machine, { input: callbackInput }).start();
    atCode.resolve('loadVisitorContext', visitor);
    await settle();
    atCode.reject('verifyCode', new ApiError('http', 409, 'SELF_LIMIT_REACHED', 'Limits', [], { limitLeft: '30.00', limitType: 'deposit', resetOn: null }));
    await settle();
    expect(refusedAtCode.getSnapshot().value).toBe('verificationFailed');
    expect(refusedAtCode.getSnapshot().context.errorCode).toBe(IDENTIFICATION_LIMIT_REACHED);
    refusedAtCode.stop();
  });

  it('goes to the default path (the home page) when no target was saved, and never to an unsafe one', async () => {
    for (const target of [null, '//evil.example', 'https://evil.example', '/signup/pnp']) {
      const fakes = new FakePromises();
      const actor = createActor(setupWith(fakes).machine, { input: { ...callbackInput, target } }).start();
      fakes.resolve('loadVisitorContext', visitor);
      await settle();
      fakes.resolve('verifyCode', knownPlayer);
      await settle();
      fakes.resolve('loginPlayer', login);
      await settle();
      expect(actor.getSnapshot().output?.redirectPath).toBe('/en-FI');
      actor.stop();
    }
    expect(PAY_AND_PLAY_DEFAULT_TARGET_PATH).toBe('/');
  });
});

describe('pay-and-play rules', () => {
  it.each([
    ['', { ok: false, error: 'required' }],
    ['  ', { ok: false, error: 'required' }],
    ['abc', { ok: false, error: 'invalid' }],
    ['-20', { ok: false, error: 'invalid' }],
    ['1e3', { ok: false, error: 'invalid' }],
    ['0', { ok: false, error: 'invalid' }],
    ['20.505', { ok: false, error: 'fractionDigits' }],
    [String(PAY_AND_PLAY_MIN_DEPOSIT - 0.01), { ok: false, error: 'tooLow' }],
    [String(PAY_AND_PLAY_MAX_DEPOSIT + 0.01), { ok: false, error: 'tooHigh' }],
    ['20', { ok: true, amount: 20 }],
    ['20,5', { ok: true, amount: 20.5 }],
    ['1 000.25', { ok: true, amount: 1000.25 }],
    [String(PAY_AND_PLAY_MIN_DEPOSIT), { ok: true, amount: PAY_AND_PLAY_MIN_DEPOSIT }],
    [String(PAY_AND_PLAY_MAX_DEPOSIT), { ok: true, amount: PAY_AND_PLAY_MAX_DEPOSIT }],
  ])('amount %j', (text, expected) => {
    expect(checkDepositAmount(text)).toEqual(expected);
  });

  it('every preset amount is within the bounds', () => {
    for (const amount of PAY_AND_PLAY_PRESET_AMOUNTS) expect(checkDepositAmount(String(amount)).ok).toBe(true);
  });

  it('validates the update form with the field codes the platform uses', () => {
    expect(validateUpdate({ email: 'a@b.fi', phonePrefix: '+358', phoneBody: '40 123-4567' })).toEqual({});
    expect(validateUpdate({ email: '', phonePrefix: '+358', phoneBody: '' })).toEqual({
      email: 'validation.required',
      phoneBody: 'validation.required',
    });
    expect(validateUpdate({ email: 'no-at', phonePrefix: '+999', phoneBody: '12ab' })).toEqual({
      email: 'validation.email',
      phonePrefix: 'validation.phone',
      phoneBody: 'validation.phone',
    });
  });

  it('splits a stored phone on the longest known prefix', () => {
    expect(splitMobilePhone('+358401234567', '+47')).toEqual({ phonePrefix: '+358', phoneBody: '401234567' });
    expect(splitMobilePhone('+15551234', '+358')).toEqual({ phonePrefix: '+1', phoneBody: '5551234' });
    expect(splitMobilePhone(null, '+358')).toEqual({ phonePrefix: '+358', phoneBody: '' });
  });

  it('keeps only same-site targets outside sign-up and builds the return and landing addresses', () => {
    expect(payAndPlayTarget('/online-casino?x=1')).toBe('/online-casino?x=1');
    expect(payAndPlayTarget('/online-casino/./x')).toBe('/online-casino/x');
    for (const unsafe of ['//evil', '/.//evil.example', '/\\evil', 'https://evil', 'online-casino', '/a b', '/signup', '/signup/pnp', '/x/../signup', 1]) {
      expect(payAndPlayTarget(unsafe)).toBeNull();
    }
    expect(targetHref('fi-FI', null)).toBe('/fi-FI');
    expect(targetHref('fi-FI', '/online-casino')).toBe('/fi-FI/online-casino');
    expect(callbackReturnUrl('fi-FI', '/a?b=c', null)).toBe('/fi-FI/signup/callback?target=%2Fa%3Fb%3Dc');
    expect(callbackReturnUrl('fi-FI', null, null)).toBe('/fi-FI/signup/callback');
    expect(callbackReturnUrl('fi-FI', '/a', 20.5)).toBe('/fi-FI/signup/callback?target=%2Fa&amount=20.5');
    expect(isPayAndPlayReturnPath(callbackReturnUrl('fi-FI', '/a', 20))).toBe(true);
    expect(isPayAndPlayReturnPath('/fi-FI/signup/callback?target=%2Fa')).toBe(true);
    expect(isPayAndPlayReturnPath('/fi-FI/online-casino')).toBe(false);
    expect(isPayAndPlayReturnPath('/xx-YY/signup/callback')).toBe(false);
  });
});
