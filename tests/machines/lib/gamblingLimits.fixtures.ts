// The gambling-limits page's fixtures (tests/machines/gamblingLimits.machine.test.ts): a German
// player's limits, the platform's answers, and the events its path test tries in each state
// (`eventsFor`). `npm run paths gamblingLimits` walks the same events (scripts/lib/pathModels.ts).
import type { SnapshotFrom } from 'xstate';
import type { gamblingLimitsMachine, GamblingLimitsInput, LimitsLoad } from '../../../machines/gamblingLimits.machine';
import { LIMIT_ERROR_CODES, marketRgRules, type LimitDuration } from '../../../machines/lib/responsibleGambling';
import type { ActivitySettings, Limit, LimitsResponse } from '../../../src/api/responsibleGambling';
import { ApiError } from '../../../src/api/errors';
import type { PathEvent } from './pathCoverage';

export type LimitsPathEvent = PathEvent<typeof gamblingLimitsMachine>;
export type LimitsSnapshot = SnapshotFrom<typeof gamblingLimitsMachine>;

/** A German player (JJ): the monthly deposit limit is capped at 1,000 EUR (GlüStV 2021). */
export const INPUT: GamblingLimitsInput = { market: 'JJ' };
export const RULES = marketRgRules('JJ');

const STARTED = '2026-11-20T10:00:00.000Z';
export const limit = (duration: LimitDuration, value: string | null, extra: Partial<Limit> = {}): Limit => ({
  duration,
  value,
  used: '0.00',
  remaining: value,
  startedAt: value === null ? null : STARTED,
  resetAt: value === null ? null : '2026-11-21T10:00:00.000Z',
  updatedAt: value === null ? null : STARTED,
  pendingValue: null,
  pendingDelete: false,
  pendingDate: null,
  locked: false,
  warning: false,
  ...extra,
});
export const response = (limits: Limit[]): LimitsResponse => ({ currency: 'EUR', limits });

/** No daily deposit limit, 100 a week, 400 a month; the monthly loss limit of 200 has a pending raise to 300 (80 % used). */
export const DEPOSIT = response([limit('D', null), limit('W', '100.00'), limit('M', '400.00')]);
export const PENDING_AT = '2026-11-21T12:00:00.000Z';
export const SPEND = response([
  limit('D', null),
  limit('W', null),
  limit('M', '200.00', { used: '170.00', remaining: '30.00', warning: true, pendingValue: '300.00', pendingDate: PENDING_AT }),
]);
export const LOAD: LimitsLoad = { deposit: DEPOSIT, spend: SPEND, rules: RULES };

/** The platform's answers to the calls. */
const SAVED_AT_ONCE = response([limit('D', '50.00'), limit('W', '100.00'), limit('M', '400.00')]);
export const SAVED_PENDING = response([limit('D', '50.00', { pendingValue: '80.00', pendingDate: PENDING_AT }), limit('W', '100.00'), limit('M', '400.00')]);
export const DELETE_PENDING = response([limit('D', null), limit('W', '100.00', { pendingDelete: true, pendingDate: PENDING_AT }), limit('M', '400.00')]);
export const CANCELLED = response([limit('D', null), limit('W', null), limit('M', '200.00', { used: '170.00', remaining: '30.00', warning: true })]);
const REFRESHED: LimitsLoad = { ...LOAD, spend: CANCELLED };

export const SETTINGS: ActivitySettings = { intervalMinutes: 120, activityTimerOn: true };
export const SETTINGS_30: ActivitySettings = { intervalMinutes: 30, activityTimerOn: true };

const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const tooHigh = new ApiError('http', 400, LIMIT_ERROR_CODES.tooHigh, 'Too high');
const locked = new ApiError('http', 409, LIMIT_ERROR_CODES.locked, 'Locked');

const done = (id: string, output: unknown) => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as LimitsPathEvent;
const failed = (id: string, error: unknown) => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as LimitsPathEvent;

type Regions = { limits: string | { ready: string }; activity: string };
export function regions(snapshot: LimitsSnapshot): { limits: string; activity: string } {
  const value = snapshot.value as Regions;
  return { limits: typeof value.limits === 'string' ? value.limits : `ready.${value.limits.ready}`, activity: value.activity };
}

/** The drafts the editor tries and what the shared rules say of each (deposit D: none; W 100; M 400; JJ: M at most 1,000). */
export const DRAFTS: Readonly<Record<string, { duration: LimitDuration; problem: string | null }>> = {
  'D:': { duration: 'D', problem: 'invalid' },
  'D:0.5': { duration: 'D', problem: 'belowMinimum' },
  'D:150': { duration: 'D', problem: 'tooHigh' },
  'D:50': { duration: 'D', problem: null },
  'M:2000': { duration: 'M', problem: 'aboveMaximum' },
  'M:50': { duration: 'M', problem: 'tooLow' },
};

/**
 * The events to try. The reality check is worked while the limits still load (so the two regions
 * do not multiply); the limits go on once the check's setting is back as loaded. Every answer of a
 * limit call ends its path: what follows it is already on the graph from the first load.
 */
export function eventsFor(snapshot: LimitsSnapshot): LimitsPathEvent[] {
  const { context } = snapshot;
  const { limits, activity } = regions(snapshot);
  const calm = activity === 'ready' && !context.activitySaved && context.activityError === null && context.activityDraft === context.activity?.intervalMinutes;

  if (limits === 'loading') {
    switch (activity) {
      case 'loading':
        return [done('loadActivitySettings', SETTINGS), failed('loadActivitySettings', offline)];
      case 'failed':
        return [{ type: 'activity.retry' }];
      case 'saving':
        return [done('patchActivitySettings', SETTINGS_30), failed('patchActivitySettings', offline)];
      default:
        if (calm) return [{ type: 'activity.change', intervalMinutes: 30 }, done('loadLimits', LOAD), failed('loadLimits', offline)];
        if (!context.activitySaved && context.activityError === null) return [{ type: 'activity.save' }];
        return [];
    }
  }
  if (!calm) return [];
  const fresh = context.success === null && context.failure === null && context.limits.spend === SPEND.limits && context.limits.deposit === DEPOSIT.limits;
  switch (limits) {
    case 'failed':
      return [{ type: 'limits.retry' }];
    case 'ready.viewing':
      if (!fresh) return [];
      return [
        { type: 'limit.edit', kind: 'deposit', duration: 'D' },
        { type: 'limit.delete', kind: 'deposit', duration: 'W' },
        // Refused by their guards: no daily limit to remove, no pending change to cancel.
        { type: 'limit.delete', kind: 'deposit', duration: 'D' },
        { type: 'limit.cancelPending', kind: 'deposit', duration: 'M' },
        { type: 'limit.cancelPending', kind: 'spend', duration: 'M' },
        { type: 'limits.refresh' },
      ];
    case 'ready.editing': {
      const editor = context.editor;
      if (editor === null || editor.problem !== null || context.failure !== null) return [];
      if (editor.duration === 'D' && editor.draft === '') {
        return [
          { type: 'limit.save' },
          { type: 'limit.change', value: '0.5' },
          { type: 'limit.change', value: '150' },
          { type: 'limit.change', value: '50' },
          { type: 'limit.close' },
          { type: 'limit.edit', kind: 'deposit', duration: 'M' },
        ];
      }
      if (editor.duration === 'M' && editor.draft === '400')
        return [
          { type: 'limit.change', value: '2000' },
          { type: 'limit.change', value: '50' },
        ];
      return [{ type: 'limit.save' }];
    }
    case 'saving':
      return [done('saveLimit', SAVED_AT_ONCE), done('saveLimit', SAVED_PENDING), failed('saveLimit', tooHigh), failed('saveLimit', offline)];
    case 'deleting':
      return [done('deleteLimit', DELETE_PENDING), failed('deleteLimit', locked)];
    case 'cancellingPending':
      return [done('cancelPendingLimit', CANCELLED), failed('cancelPendingLimit', offline)];
    case 'refreshing':
      return [done('refreshLimits', REFRESHED), failed('refreshLimits', offline)];
    default:
      return [];
  }
}
