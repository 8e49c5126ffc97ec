import { createActor, type SnapshotFrom } from 'xstate';
import { describe, expect, it } from 'vitest';
import { eddAnswerProblems, EMPTY_EDD_ANSWERS, type EddAnswers } from '../../machines/lib/edd';
import { eddMachine, type EddLoaded } from '../../machines/edd.machine';
import type { LanguageCode } from '../../machines/lib/markets';
import type { EddState } from '../../src/api/edd';
import { ASKED, APPROVED, eddEventsIn, LISTS, notRequested, NOT_ASKED, refused, STORED, UNDER_REVIEW } from './lib/edd.fixtures';
import { coverPaths, FakePromises, formatCoverage, settle, type PathEvent } from './lib/pathCoverage';

// The EDD questionnaire flow (product.md §3 "EDD questionnaire", "KYC level"; behaviour.md §5 the EDD
// completeness rule; §7 /player/questionnaire/answer; §8 the stored backend error), walked to every
// state and transition: the load and its retry, each standing of the questionnaire, the typing, a
// send refused by the rule (nothing sent, what was typed kept), a send refused by the platform (what
// was typed kept), an accepted send that tells the session, an edit under review.

type Machine = typeof eddMachine;
type Snapshot = SnapshotFrom<Machine>;

const tellings: number[] = [];

function setupWith(fakes: FakePromises) {
  const machine = eddMachine.provide({
    actors: {
      loadQuestionnaire: fakes.actor<EddLoaded, LanguageCode>(),
      sendAnswers: fakes.actor<EddState, EddAnswers>(),
    },
    actions: { tellSession: () => void tellings.push(1) },
  });
  return { machine, world: {}, input: { language: 'de' as const } };
}

const LOAD_STATES: Record<string, EddLoaded> = { form: ASKED, submitted: UNDER_REVIEW, approved: APPROVED, notAsked: NOT_ASKED };

describe('EDD questionnaire machine (behaviour.md §5 completeness, §7 /player/questionnaire/answer)', () => {
  it('reaches every state and transition, and each state shows what it promises', async () => {
    const result = await coverPaths<Machine, object>({
      setup: setupWith,
      events: (snapshot: Snapshot) => eddEventsIn(snapshot.value, snapshot.context.answers) as PathEvent<Machine>[],
      check: (snapshot, { event, previous, fakes }) => {
        const { context } = snapshot;
        const error = event.type.startsWith('xstate.error.actor.') ? (event as { error: unknown }).error : null;
        const output = event.type.startsWith('xstate.done.actor.') ? (event as { output: unknown }).output : null;
        expect(context.language).toBe('de');
        switch (snapshot.value) {
          case 'loading':
            expect(snapshot.hasTag('loading')).toBe(true);
            expect(context.error).toBeNull();
            expect(fakes.calls.at(-1)).toEqual({ id: 'loadQuestionnaire', input: 'de' });
            break;
          case 'loadFailed':
            expect(snapshot.hasTag('loadFailed')).toBe(true);
            expect(context.error).toEqual({ code: 'network', fieldErrors: [] });
            expect(context.lists).toBeNull();
            break;
          case 'notAsked':
            expect(context.status).toBe('notRequested');
            expect(snapshot.hasTag('form')).toBe(false);
            break;
          case 'approved':
            expect(context.status).toBe('approved');
            expect(context.answers).toEqual(STORED);
            expect(snapshot.can({ type: 'edd.submit' })).toBe(false);
            break;
          case 'form':
            expect(snapshot.hasTag('form')).toBe(true);
            expect(context.lists).toEqual(LISTS);
            if (previous?.value === 'loading') {
              // Asked: an empty form.
              expect(output).toEqual(LOAD_STATES.form);
              expect(context.answers).toEqual(EMPTY_EDD_ANSWERS);
              expect(context.problems).toEqual([]);
            } else if (event.type === 'edd.edit') {
              expect(context.answers).toEqual(previous?.context.answers);
            } else if (event.type === 'edd.submit') {
              // The rule refused: nothing is sent, what was typed stays, the problems show.
              expect(context.answers).toEqual(previous?.context.answers);
              expect(context.problems).toEqual(eddAnswerProblems(context.answers));
              expect(context.problems.length).toBeGreaterThan(0);
              expect(fakes.isPending('sendAnswers')).toBe(false);
            } else {
              // Typing: exactly the field changed; shown problems follow the answers.
              const change = event as { field: keyof EddAnswers; value: string | number };
              expect(context.answers).toEqual({ ...previous?.context.answers, [change.field]: change.value });
              expect(context.problems).toEqual((previous?.context.problems.length ?? 0) > 0 ? eddAnswerProblems(context.answers) : []);
            }
            break;
          case 'submitting':
            // Only complete answers are sent, as typed.
            expect(snapshot.hasTag('submitting')).toBe(true);
            expect(eddAnswerProblems(context.answers)).toEqual([]);
            expect(fakes.calls.at(-1)).toEqual({ id: 'sendAnswers', input: previous?.context.answers });
            expect(context.error).toBeNull();
            expect(snapshot.can({ type: 'edd.change', field: 'occupation', value: 'EMPLOYED' })).toBe(false);
            break;
          case 'submitted':
            expect(snapshot.hasTag('submitted')).toBe(true);
            expect(context.status).toBe('underReview');
            if (previous?.value === 'submitting') {
              expect(context.answers).toEqual(previous.context.answers);
              expect(context.problems).toEqual([]);
            } else {
              expect(output).toEqual(LOAD_STATES.submitted);
              expect(context.answers).toEqual(STORED);
            }
            break;
          case 'submitFailed':
            expect(snapshot.hasTag('form')).toBe(true);
            expect(snapshot.hasTag('error')).toBe(true);
            if (previous?.value === 'submitting') {
              // What was typed stays; the platform's fields show.
              expect(context.answers).toEqual(previous.context.answers);
              if (error === refused) {
                expect(context.error).toEqual({ code: 'validation', fieldErrors: [{ field: 'nationality', code: 'validation.country' }] });
                expect(context.problems).toEqual([{ field: 'nationality', code: 'validation.country' }]);
              } else if (error === notRequested) {
                expect(context.error).toEqual({ code: 'error.edd.not_requested', fieldErrors: [] });
              } else {
                expect(context.error).toEqual({ code: 'network', fieldErrors: [] });
              }
            } else {
              expect(context.error).toEqual(previous?.context.error);
              expect(context.answers.occupation).toBe('OTHER');
            }
            break;
          default:
            throw new Error(`unexpected state ${JSON.stringify(snapshot.value)}`);
        }
      },
    });
    console.info(formatCoverage('edd', result));
    expect(result.uncoveredStates).toEqual([]);
    expect(result.uncoveredTransitions).toEqual([]);
    expect(result.statesCovered).toBe(result.statesTotal);
    expect(result.transitionsCovered).toBe(result.transitionsTotal);
  });

  it('an accepted send tells the session to load the player again (the KYC level EDD_UNDER_REVIEW)', async () => {
    tellings.length = 0;
    const fakes = new FakePromises();
    const { machine, input } = setupWith(fakes);
    const actor = createActor(machine, { input }).start();
    fakes.resolve('loadQuestionnaire', ASKED);
    await settle();
    expect(actor.getSnapshot().value).toBe('form');
    const answers: EddAnswers = { ...EMPTY_EDD_ANSWERS, occupation: 'EMPLOYED', salaryRangeId: 3, sourceOfFunds: 'SALARY' };
    actor.send({ type: 'edd.change', field: 'occupation', value: 'EMPLOYED' });
    actor.send({ type: 'edd.change', field: 'salaryRangeId', value: 3 });
    actor.send({ type: 'edd.change', field: 'sourceOfFunds', value: 'SALARY' });
    actor.send({ type: 'edd.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    fakes.resolve('sendAnswers', { status: 'underReview', answers });
    await settle();
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(tellings).toEqual([1]);
    actor.stop();
  });

  it('a refused send of the rule keeps Other without words as typed and names the missing words', async () => {
    const fakes = new FakePromises();
    const { machine, input } = setupWith(fakes);
    const actor = createActor(machine, { input }).start();
    fakes.resolve('loadQuestionnaire', ASKED);
    await settle();
    actor.send({ type: 'edd.change', field: 'occupation', value: 'OTHER' });
    actor.send({ type: 'edd.change', field: 'salaryRangeId', value: 3 });
    actor.send({ type: 'edd.change', field: 'sourceOfFunds', value: 'SALARY' });
    actor.send({ type: 'edd.submit' });
    expect(actor.getSnapshot().value).toBe('form');
    expect(actor.getSnapshot().context.problems).toEqual([{ field: 'otherOccupation', code: 'validation.required' }]);
    actor.send({ type: 'edd.change', field: 'otherOccupation', value: 'Diver' });
    expect(actor.getSnapshot().context.problems).toEqual([]);
    actor.send({ type: 'edd.submit' });
    expect(actor.getSnapshot().value).toBe('submitting');
    actor.stop();
  });
});
