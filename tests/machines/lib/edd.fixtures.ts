import type { EventObject } from 'xstate';
import { EMPTY_EDD_ANSWERS, type EddAnswers } from '../../../machines/lib/edd';
import type { EddLoaded } from '../../../machines/edd.machine';
import { ApiError } from '../../../src/api/errors';
import type { EddLists, EddState } from '../../../src/api/edd';

// The EDD questionnaire's samples, shared by its path test (tests/machines/edd.machine.test.ts) and
// `npm run paths edd` (scripts/lib/pathModels.ts): the platform's answers and the player's typing,
// by state and by what is typed so far (each field is filled once, so the walk stays finite).

export const LISTS: EddLists = {
  occupations: [
    { id: 'EMPLOYED', label: 'Employee' },
    { id: 'OTHER', label: 'Other' },
  ],
  salaryRanges: [
    { id: 1, label: 'Under €20,000 a year' },
    { id: 3, label: '€40,000 to €60,000 a year' },
  ],
  sourcesOfFunds: [
    { id: 'SALARY', label: 'Salary or wages' },
    { id: 'OTHER', label: 'Other' },
  ],
  countries: [
    { id: 'FI', label: 'Finland' },
    { id: 'DE', label: 'Germany' },
  ],
};

/** Answers the platform holds for a player whose questionnaire is under review. */
export const STORED: EddAnswers = { ...EMPTY_EDD_ANSWERS, occupation: 'EMPLOYED', salaryRangeId: 1, sourceOfFunds: 'SALARY', nationality: 'FI' };

export const loaded = (state: EddState): EddLoaded => ({ lists: LISTS, state });
export const ASKED = loaded({ status: 'pending', answers: null });
export const UNDER_REVIEW = loaded({ status: 'underReview', answers: STORED });
export const APPROVED = loaded({ status: 'approved', answers: STORED });
export const NOT_ASKED = loaded({ status: 'notRequested', answers: null });

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const refused = new ApiError('http', 400, 'error.validation', 'Invalid', [{ field: 'nationality', code: 'validation.country' }]);
export const notRequested = new ApiError('http', 409, 'error.edd.not_requested', 'Not asked');

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;
const change = (field: keyof EddAnswers, value: string | number): EventObject => ({ type: 'edd.change', field, value }) as EventObject;

/** The platform's answer to a send: what it stored, under review. */
export const sentAnswer = (answers: EddAnswers): EddState => ({ status: 'underReview', answers });

/**
 * The events to try in a state (the value's name) with the answers typed so far: the calls' answers
 * where one is pending, the player's typing (each field once: Other with its words, a salary range,
 * a source of funds) and a send in the form, an edit under review.
 */
export function eddEventsIn(state: string, answers: EddAnswers): EventObject[] {
  switch (state) {
    case 'loading':
      return [done('loadQuestionnaire', ASKED), done('loadQuestionnaire', UNDER_REVIEW), done('loadQuestionnaire', APPROVED), done('loadQuestionnaire', NOT_ASKED), failed('loadQuestionnaire', offline)];
    case 'loadFailed':
      return [{ type: 'edd.retry' }];
    case 'submitting':
      return [done('sendAnswers', sentAnswer(answers)), failed('sendAnswers', offline), failed('sendAnswers', refused), failed('sendAnswers', notRequested)];
    case 'submitted':
      return [{ type: 'edd.edit' }];
    case 'form':
    case 'submitFailed': {
      const typing: EventObject[] = [];
      if (answers.occupation !== 'OTHER') typing.push(change('occupation', 'OTHER'));
      else if (answers.otherOccupation === '') typing.push(change('otherOccupation', 'Deep-sea diver'));
      if (answers.salaryRangeId === 0) typing.push(change('salaryRangeId', 3));
      if (answers.sourceOfFunds === '') typing.push(change('sourceOfFunds', 'SALARY'));
      return [...typing, { type: 'edd.submit' }];
    }
    default:
      return [];
  }
}
