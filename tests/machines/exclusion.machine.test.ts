import type { DoneActorEvent, ErrorActorEvent, EventFromLogic, SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  breakRequestOf,
  defaultBreakChoices,
  exclusionMachine,
  isOfferedChoice,
  PANIC_BREAK,
  type BreakChoice,
  type BreakRequest,
  type ExclusionInput,
} from '../../machines/exclusion.machine';
import { COOLING_OFF_INITIATOR, COOLING_OFF_START_DAYS, INDEFINITE_EXCLUSION_MONTHS } from '../../machines/lib/constants';
import type { MarketCode } from '../../machines/lib/markets';
import { COOLING_OFF_DAY_CHOICES, EXCLUSION_MONTH_CHOICES, marketRgRules, PANIC_BREAK_DAYS } from '../../machines/lib/responsibleGambling';
import type { ToastKind, ToastMessage } from '../../machines/lib/toasts';
import type { BreakResponse } from '../../src/api/responsibleGambling';
import { ApiError } from '../../src/api/errors';
import { coverPaths, FakePromises, formatCoverage, mergeCoverage } from './lib/pathCoverage';

// behaviour.md §4: "Self-exclusion goes through request, success, error and clean. Timeout goes
// through request, success and error."; cooling-off from 1 day, initiator PLAYER; indefinite as 12
// months with accountDisableIndefinitely. GlüStV 2021 §6a (5): the panic button, one press.

type ExclusionEvent =
  | EventFromLogic<typeof exclusionMachine>
  | DoneActorEvent<readonly number[], 'loadTimeoutChoices'>
  | ErrorActorEvent<unknown, 'loadTimeoutChoices'>
  | DoneActorEvent<BreakResponse, 'requestBreak'>
  | ErrorActorEvent<unknown, 'requestBreak'>;
type ExclusionSnapshot = SnapshotFrom<typeof exclusionMachine>;

/** Ontario (CA): the platform's rules offer time-outs of 1 to 3 months; this operator narrowed them to 1 and 3. */
const PLATFORM_TIMEOUTS = [1, 3] as const;
const UNTIL = '2026-12-25T12:00:00.000Z';
const offline = new ApiError('network', 0, 'network.error', 'Network Error');
const invalid = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'months', code: 'validation.invalid' }]);

const COOLING_OFF: BreakChoice = { kind: 'coolingOff', days: 7 };
const TIMEOUT: BreakChoice = { kind: 'timeout', months: 3 };
/** Two months is the built-in choice the platform's rules took away: refused once they are read. */
const TIMEOUT_NOT_OFFERED: BreakChoice = { kind: 'timeout', months: 2 };
const EXCLUSION: BreakChoice = { kind: 'exclusion', months: 6 };
const INDEFINITE: BreakChoice = { kind: 'exclusion', months: 'indefinite' };

function eventsIn(snapshot: ExclusionSnapshot): ExclusionEvent[] {
  if (snapshot.status === 'done') return [];
  const common: ExclusionEvent[] = [{ type: 'exclusion.confirm' }, { type: 'exclusion.back' }, { type: 'exclusion.retry' }];
  if (snapshot.matches('loadingChoices')) {
    return [
      { type: 'xstate.done.actor.loadTimeoutChoices', actorId: 'loadTimeoutChoices', output: PLATFORM_TIMEOUTS },
      { type: 'xstate.error.actor.loadTimeoutChoices', actorId: 'loadTimeoutChoices', error: offline },
    ];
  }
  if (snapshot.matches('requesting')) {
    const until = snapshot.context.choice?.kind === 'exclusion' && snapshot.context.choice.months === 'indefinite' ? null : UNTIL;
    const status = snapshot.context.choice?.kind === 'exclusion' ? 'SELF_EXCLUDED' : 'TIMEOUT';
    return [
      { type: 'xstate.done.actor.requestBreak', actorId: 'requestBreak', output: { status, until } },
      { type: 'xstate.error.actor.requestBreak', actorId: 'requestBreak', error: offline },
      { type: 'xstate.error.actor.requestBreak', actorId: 'requestBreak', error: invalid },
    ];
  }
  const choices = [COOLING_OFF, TIMEOUT, TIMEOUT_NOT_OFFERED, EXCLUSION, INDEFINITE].map((choice): ExclusionEvent => ({ type: 'exclusion.choose', choice }));
  return [...choices, ...common];
}

interface World {
  announced: { kind: ToastKind; message: ToastMessage }[];
  seen: number;
}

function setupWith(fakes: FakePromises) {
  const world: World = { announced: [], seen: 0 };
  const machine = exclusionMachine.provide({
    actors: {
      loadTimeoutChoices: fakes.actor<readonly number[], { market: MarketCode }>(),
      requestBreak: fakes.actor<BreakResponse, BreakRequest>(),
    },
    actions: {
      announce: (_, params: { kind: ToastKind; message: ToastMessage }) => {
        world.announced.push(params);
      },
    },
  });
  return { machine, world };
}

function cover(input: ExclusionInput) {
  return coverPaths({
    setup: setupWith,
    input,
    events: eventsIn,
    check: (snapshot, { event, previous, fakes, world }) => {
      const { context } = snapshot;
      const running = Object.keys(snapshot.children);
      for (const id of running) expect(fakes.isPending(id)).toBe(true);
      expect(context.market).toBe(input.market);
      expect(context.panic).toBe(input.panic);
      // Only a failed panic request announces (a toast), once.
      const fresh = world.announced.slice(world.seen);
      world.seen = world.announced.length;
      const panicFailed = input.panic && event.type === 'xstate.error.actor.requestBreak';
      expect(fresh).toEqual(panicFailed ? [{ kind: 'error', message: 'exclusion.failed' }] : []);

      switch (snapshot.value) {
        case 'loadingChoices':
          expect(input.panic).toBe(false);
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(running).toEqual(['loadTimeoutChoices']);
          expect(fakes.calls.at(-1)).toEqual({ id: 'loadTimeoutChoices', input: { market: input.market } });
          break;
        case 'choosing':
          expect(snapshot.hasTag('form')).toBe(true);
          expect(context.error).toBeNull();
          expect(running).toEqual([]);
          // The market's time-outs as the platform said them; its built-in ones if it could not.
          if (previous?.matches('loadingChoices') === true) {
            expect(context.choices.timeoutMonths).toEqual(
              event.type === 'xstate.done.actor.loadTimeoutChoices' ? PLATFORM_TIMEOUTS : defaultBreakChoices(input.market).timeoutMonths,
            );
          } else {
            expect(context.choices).toEqual(previous?.context.choices);
          }
          expect(context.choices.coolingOffDays).toEqual(COOLING_OFF_DAY_CHOICES);
          expect(context.choices.exclusionMonths).toEqual(EXCLUSION_MONTH_CHOICES);
          break;
        case 'confirming':
          expect(snapshot.hasTag('confirm')).toBe(true);
          // Never the panic button's way: the player chose a length that is offered.
          expect(context.choice).not.toBeNull();
          expect(isOfferedChoice(context.choice!, context.choices)).toBe(true);
          if (event.type === 'exclusion.choose') expect(context.choice).toEqual(event.choice);
          break;
        case 'requesting': {
          expect(snapshot.hasTag('loading')).toBe(true);
          expect(context.error).toBeNull();
          // Confirmed (or retried), or the panic button's one press.
          if (previous === undefined) {
            expect(input.panic).toBe(true);
            expect(context.choice).toEqual(PANIC_BREAK);
          } else {
            expect(['exclusion.confirm', 'exclusion.retry']).toContain(event.type);
          }
          expect(fakes.calls.at(-1)).toEqual({ id: 'requestBreak', input: breakRequestOf(context.choice!) });
          break;
        }
        case 'failed':
          expect(snapshot.hasTag('error')).toBe(true);
          expect(context.error).toEqual(
            event.type === 'xstate.error.actor.requestBreak' && event.error === invalid
              ? { code: 'validation', fieldErrors: [{ field: 'months', code: 'validation.invalid' }] }
              : { code: 'network', fieldErrors: [] },
          );
          expect(context.result).toBeNull();
          break;
        case 'started':
          expect(snapshot.status).toBe('done');
          expect(snapshot.output).toEqual({
            outcome: 'started',
            kind: context.choice!.kind,
            until: context.choice!.kind === 'exclusion' && context.choice!.months === 'indefinite' ? null : UNTIL,
          });
          break;
        default:
          throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
      }
    },
  });
}

describe('exclusion machine (behaviour.md §4 breaks and self-exclusion; GlüStV §6a panic button)', () => {
  it('reaches every state and transition from the gambling-limits page and from the panic button', async () => {
    const result = mergeCoverage([await cover({ panic: false, market: 'CA' }), await cover({ panic: true, market: 'JJ' })]);
    console.info(formatCoverage('exclusion', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('sends each choice as the platform expects it', () => {
    // behaviour.md §4, §9: cooling-off from 1 day, initiator PLAYER.
    expect(breakRequestOf({ kind: 'coolingOff', days: COOLING_OFF_START_DAYS })).toEqual({
      call: 'coolingOff',
      body: { days: 1, initiator: COOLING_OFF_INITIATOR },
    });
    expect(breakRequestOf(TIMEOUT)).toEqual({ call: 'timeout', body: { months: 3 } });
    // Every exclusion takes effect at once.
    expect(breakRequestOf(EXCLUSION)).toEqual({ call: 'exclusion', body: { exclusionInMonths: 6, exclusionDelayInHours: 0 } });
    // behaviour.md §4: indefinite is 12 months with the account disabled indefinitely.
    expect(breakRequestOf(INDEFINITE)).toEqual({
      call: 'exclusion',
      body: { exclusionInMonths: INDEFINITE_EXCLUSION_MONTHS, exclusionDelayInHours: 0, accountDisableIndefinitely: true },
    });
    // The panic button: a day's cooling-off (GlüStV 2021 §6a (5): 24 hours).
    expect(PANIC_BREAK).toEqual({ kind: 'coolingOff', days: PANIC_BREAK_DAYS });
    expect(breakRequestOf(PANIC_BREAK)).toEqual({ call: 'coolingOff', body: { days: 1, initiator: 'PLAYER' } });
  });

  it("offers the market's lengths and no other", () => {
    const ca = defaultBreakChoices('CA');
    expect(ca.timeoutMonths).toEqual(marketRgRules('CA').timeoutMonthChoices);
    expect(isOfferedChoice({ kind: 'coolingOff', days: 1 }, ca)).toBe(true);
    expect(isOfferedChoice({ kind: 'coolingOff', days: 2 }, ca)).toBe(false);
    expect(isOfferedChoice({ kind: 'timeout', months: 4 }, ca)).toBe(false);
    expect(isOfferedChoice({ kind: 'exclusion', months: 3 }, ca)).toBe(false);
    expect(isOfferedChoice(INDEFINITE, ca)).toBe(true);
    expect(isOfferedChoice(TIMEOUT_NOT_OFFERED, { ...ca, timeoutMonths: PLATFORM_TIMEOUTS })).toBe(false);
  });
});
