import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  gamblingLimitsMachine,
  limitDraftProblem,
  type GamblingLimitsInput,
  type LimitPatchInput,
  type LimitsLoad,
} from '../../machines/gamblingLimits.machine';
import { LIMIT_ERROR_CODES } from '../../machines/lib/responsibleGambling';
import type { ActivitySettings, ActivitySettingsPatch, LimitsResponse } from '../../src/api/responsibleGambling';
import { coverPaths, FakePromises, formatCoverage, settle } from './lib/pathCoverage';
import {
  CANCELLED,
  DELETE_PENDING,
  DEPOSIT,
  DRAFTS,
  eventsFor,
  INPUT,
  limit,
  LOAD,
  PENDING_AT,
  regions,
  response,
  RULES,
  SAVED_PENDING,
  SETTINGS,
  SETTINGS_30,
  SPEND,
  tooHigh,
  type LimitsPathEvent,
  type LimitsSnapshot,
} from './lib/gamblingLimits.fixtures';

interface World {
  /** `activity.settingsChanged` as told to the session (the parent). */
  told: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { told: 0 };
  const machine = gamblingLimitsMachine.provide({
    actors: {
      loadLimits: fakes.actor<LimitsLoad, { market: GamblingLimitsInput['market'] }>(),
      patchLimit: fakes.actor<LimitsResponse, LimitPatchInput>(),
      loadActivitySettings: fakes.actor<ActivitySettings>(),
      patchActivitySettings: fakes.actor<ActivitySettings, ActivitySettingsPatch>(),
    },
    actions: {
      tellSession: () => {
        world.told += 1;
      },
    },
  });
  return { machine, world };
}

const lastCall = (fakes: FakePromises, id: string) => fakes.calls.filter((call) => call.id === id).at(-1)?.input;

function verifyStep(
  snapshot: LimitsSnapshot,
  step: { event: LimitsPathEvent | { type: 'xstate.init' }; previous: LimitsSnapshot | undefined; fakes: FakePromises; world: World },
) {
  const { context } = snapshot;
  const { event, previous, fakes, world } = step;
  const { limits, activity } = regions(snapshot);

  // The screen reads these tags.
  expect(snapshot.hasTag('limitsLoading')).toBe(limits === 'loading');
  expect(snapshot.hasTag('limitsFailed')).toBe(limits === 'failed');
  expect(snapshot.hasTag('editing')).toBe(limits === 'ready.editing');
  expect(snapshot.hasTag('busy')).toBe(['saving', 'deleting', 'cancellingPending'].includes(limits));
  expect(snapshot.hasTag('activityLoading')).toBe(activity === 'loading');
  expect(snapshot.hasTag('activityFailed')).toBe(activity === 'failed');
  expect(snapshot.hasTag('activitySaving')).toBe(activity === 'saving');
  // One editor and one call at a time; a call is what `busy` shows.
  expect(context.call !== null).toBe(snapshot.hasTag('busy'));
  expect(context.editor !== null).toBe(limits === 'ready.editing' || limits === 'saving');
  // The session hears of a saved interval once, on the save's success only.
  expect(world.told).toBe(context.activitySaved ? 1 : 0);

  switch (limits) {
    case 'loading':
      expect(lastCall(fakes, 'loadLimits')).toEqual({ market: 'JJ' });
      break;
    case 'failed':
      expect(context.loadError).toEqual({ code: 'network', fieldErrors: [] });
      break;
    case 'ready.viewing':
      if (event.type === 'xstate.done.actor.loadLimits') {
        expect(context).toMatchObject({ currency: 'EUR', limits: { deposit: DEPOSIT.limits, spend: SPEND.limits }, rules: RULES, loadError: null });
      }
      if (event.type === 'limit.close') expect(context.editor).toBeNull();
      if (event.type === 'limit.delete' || event.type === 'limit.cancelPending') {
        // Refused by the guard: nothing was sent, nothing changed.
        expect(snapshot.value).toEqual(previous?.value);
        expect(fakes.calls.some((call) => call.id === 'deleteLimit' || call.id === 'cancelPendingLimit')).toBe(false);
      }
      break;
    case 'ready.editing': {
      const editor = context.editor;
      if (editor === null) throw new Error('editing without an editor');
      expect(editor.kind).toBe('deposit');
      if (event.type === 'limit.edit')
        expect(editor).toEqual({ kind: 'deposit', duration: event.duration, draft: event.duration === 'D' ? '' : '400', problem: null });
      if (event.type === 'limit.change') expect(editor.problem).toBeNull();
      if (event.type === 'limit.save') {
        // Refused here with the shared rules; nothing was sent.
        expect(editor.problem).toBe(DRAFTS[`${editor.duration}:${editor.draft}`]?.problem);
        expect(limitDraftProblem(context, editor, editor.draft)).toBe(editor.problem);
        expect(fakes.calls.some((call) => call.id === 'saveLimit')).toBe(false);
      }
      if (event.type === 'xstate.error.actor.saveLimit') {
        // Error: what was typed stays, with the error for that limit.
        expect(editor.draft).toBe('50');
        expect(context.call).toBeNull();
        expect(context.failure).toEqual({
          kind: 'deposit',
          duration: 'D',
          operation: 'save',
          error: { code: event.error === tooHigh ? LIMIT_ERROR_CODES.tooHigh : 'network', fieldErrors: [] },
        });
        expect(context.limits.deposit).toBe(DEPOSIT.limits);
      }
      break;
    }
    case 'saving':
      expect(context.call).toEqual({ kind: 'deposit', duration: 'D', operation: 'save' });
      expect(lastCall(fakes, 'saveLimit')).toEqual({ kind: 'deposit', patch: { duration: 'D', limit: '50.00' } });
      break;
    case 'deleting':
      expect(context.call).toEqual({ kind: 'deposit', duration: 'W', operation: 'delete' });
      expect(lastCall(fakes, 'deleteLimit')).toEqual({ kind: 'deposit', patch: { duration: 'W', deleteLimit: true } });
      break;
    case 'cancellingPending':
      expect(context.call).toEqual({ kind: 'spend', duration: 'M', operation: 'cancelPending' });
      expect(lastCall(fakes, 'cancelPendingLimit')).toEqual({ kind: 'spend', patch: { duration: 'M', cancelPendingLimit: true } });
      break;
    case 'refreshing':
      // What is shown stays until the answer.
      expect(context.limits).toEqual(previous?.context.limits);
      expect(lastCall(fakes, 'refreshLimits')).toEqual({ market: 'JJ' });
      break;
  }

  // Success: the answer replaces that kind's limits; whether the change waits is the answer's.
  switch (event.type) {
    case 'xstate.done.actor.saveLimit': {
      const answer = event.output as LimitsResponse;
      expect(context.limits.deposit).toBe(answer.limits);
      expect(context.limits.spend).toBe(SPEND.limits);
      expect(context.success).toEqual({ kind: 'deposit', duration: 'D', operation: 'save', pending: answer === SAVED_PENDING });
      expect(context.editor).toBeNull();
      break;
    }
    case 'xstate.done.actor.deleteLimit':
      expect(context.limits.deposit).toBe(DELETE_PENDING.limits);
      expect(context.success).toEqual({ kind: 'deposit', duration: 'W', operation: 'delete', pending: true });
      break;
    case 'xstate.error.actor.deleteLimit':
      expect(context.failure).toEqual({ kind: 'deposit', duration: 'W', operation: 'delete', error: { code: LIMIT_ERROR_CODES.locked, fieldErrors: [] } });
      expect(context.limits.deposit).toBe(DEPOSIT.limits);
      break;
    case 'xstate.done.actor.cancelPendingLimit':
      expect(context.limits.spend).toBe(CANCELLED.limits);
      expect(context.success).toEqual({ kind: 'spend', duration: 'M', operation: 'cancelPending', pending: false });
      break;
    case 'xstate.error.actor.cancelPendingLimit':
      expect(context.failure).toMatchObject({ kind: 'spend', duration: 'M', operation: 'cancelPending', error: { code: 'network' } });
      expect(context.limits.spend).toBe(SPEND.limits);
      break;
    case 'xstate.done.actor.refreshLimits':
      expect(context.limits.spend).toBe(CANCELLED.limits);
      break;
    case 'xstate.error.actor.refreshLimits':
      expect(context.limits).toEqual(previous?.context.limits);
      break;
  }

  switch (activity) {
    case 'ready':
      if (event.type === 'xstate.done.actor.loadActivitySettings')
        expect(context).toMatchObject({ activity: SETTINGS, activityDraft: 120, activityError: null });
      if (event.type === 'activity.change') expect(context).toMatchObject({ activity: SETTINGS, activityDraft: 30, activitySaved: false });
      if (event.type === 'xstate.done.actor.patchActivitySettings')
        expect(context).toMatchObject({ activity: SETTINGS_30, activityDraft: 30, activitySaved: true });
      if (event.type === 'xstate.error.actor.patchActivitySettings') {
        // The chosen interval stays, with the error; the one in force is unchanged.
        expect(context).toMatchObject({ activity: SETTINGS, activityDraft: 30, activitySaved: false, activityError: { code: 'network' } });
      }
      break;
    case 'failed':
      expect(context.activityError).toEqual({ code: 'network', fieldErrors: [] });
      break;
    case 'saving':
      expect(lastCall(fakes, 'patchActivitySettings')).toEqual({ intervalMinutes: 30 });
      break;
  }
}

describe('gambling limits machine (behaviour.md §4 "Gambling limits and responsible gambling", §5)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths({ setup: setupWith, input: INPUT, events: eventsFor, check: verifyStep });
    console.info(formatCoverage('gamblingLimits', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  }, 120_000);

  /** A flow with the limits and the check loaded. */
  async function loaded(load: LimitsLoad = LOAD) {
    const fakes = new FakePromises();
    const actor = createActor(setupWith(fakes).machine, { input: INPUT }).start();
    fakes.resolve('loadLimits', load);
    fakes.resolve('loadActivitySettings', SETTINGS);
    await settle();
    return { actor, fakes };
  }

  it('never removes a limit the market requires (locked), nor one already being removed', async () => {
    const deposit = response([
      limit('D', null),
      limit('W', '100.00', { pendingDelete: true, pendingDate: PENDING_AT }),
      limit('M', '400.00', { locked: true }),
    ]);
    const { actor, fakes } = await loaded({ ...LOAD, deposit });
    for (const duration of ['D', 'W', 'M'] as const) {
      expect(actor.getSnapshot().can({ type: 'limit.delete', kind: 'deposit', duration })).toBe(false);
    }
    // The pending removal can be cancelled.
    actor.send({ type: 'limit.cancelPending', kind: 'deposit', duration: 'W' });
    expect(lastCall(fakes, 'cancelPendingLimit')).toEqual({ kind: 'deposit', patch: { duration: 'W', cancelPendingLimit: true } });
    actor.stop();
  });

  it('sends what was typed in the account currency, with a decimal comma made a point by the screen', async () => {
    const { actor, fakes } = await loaded({ ...LOAD, deposit: { ...DEPOSIT, currency: 'JPY' } });
    actor.send({ type: 'limit.edit', kind: 'deposit', duration: 'D' });
    actor.send({ type: 'limit.change', value: '50.5' });
    actor.send({ type: 'limit.save' });
    // JPY has no minor units: 50.5 is not an amount of it.
    expect(actor.getSnapshot().context.editor?.problem).toBe('invalid');
    actor.send({ type: 'limit.change', value: '50' });
    actor.send({ type: 'limit.save' });
    expect(lastCall(fakes, 'saveLimit')).toEqual({ kind: 'deposit', patch: { duration: 'D', limit: '50' } });
    actor.stop();
  });

  it('checks a spend limit against the spend limits only, and caps only deposit limits by the market', () => {
    const context = { limits: { deposit: DEPOSIT.limits, spend: SPEND.limits }, rules: RULES, currency: 'EUR' as const };
    // Deposit W is 100, spend W none: a daily spend limit of 150 is fine, a daily deposit limit is not.
    expect(limitDraftProblem(context, { kind: 'spend', duration: 'D' }, '150')).toBeNull();
    expect(limitDraftProblem(context, { kind: 'deposit', duration: 'D' }, '150')).toBe('tooHigh');
    // JJ caps the monthly deposit limit at 1,000 EUR; the monthly loss limit is not capped (only by LIMIT_MAX_AMOUNT).
    expect(limitDraftProblem(context, { kind: 'deposit', duration: 'M' }, '1000')).toBeNull();
    expect(limitDraftProblem(context, { kind: 'deposit', duration: 'M' }, '1000.01')).toBe('aboveMaximum');
    expect(limitDraftProblem(context, { kind: 'spend', duration: 'M' }, '5000')).toBeNull();
    // Without the market's rules (their load failed) the platform's cap still decides.
    expect(limitDraftProblem({ ...context, rules: null }, { kind: 'deposit', duration: 'M' }, '5000')).toBeNull();
  });

  it('a new editor replaces the open one, with the other limit’s value', async () => {
    const { actor } = await loaded();
    actor.send({ type: 'limit.edit', kind: 'deposit', duration: 'D' });
    actor.send({ type: 'limit.change', value: '20' });
    actor.send({ type: 'limit.edit', kind: 'spend', duration: 'M' });
    expect(actor.getSnapshot().context.editor).toEqual({ kind: 'spend', duration: 'M', draft: '200', problem: null });
    actor.stop();
  });
});
