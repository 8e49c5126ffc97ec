import { describe, expect, it } from 'vitest';
import { EDD_OTHER, EDD_OTHER_TEXT_MAX, EMPTY_EDD_ANSWERS, eddAnswerProblems, isEddComplete, sameEddAnswers, type EddAnswers } from '../../machines/lib/edd';

// behaviour.md §5: "The EDD questionnaire is complete only when all of these hold: an occupation is
// chosen; the salary range is above 0; a source of funds is chosen; the free text is filled for
// each field set to Other." One rule (machines/lib/edd.ts), read by the form, the machine and the
// platform (server/services/edd.ts; tests/server/edd.test.ts proves the platform refuses the same).

const COMPLETE: EddAnswers = { ...EMPTY_EDD_ANSWERS, occupation: 'EMPLOYED', salaryRangeId: 2, sourceOfFunds: 'SALARY' };

describe('behaviour.md §5 "The EDD questionnaire is complete only when all of these hold"', () => {
  it('an occupation, a salary range above 0 and a source of funds make it complete; place of birth and nationality may stay empty', () => {
    expect(isEddComplete(COMPLETE)).toBe(true);
    expect(eddAnswerProblems(COMPLETE)).toEqual([]);
  });

  it('nothing answered: each of the three required fields is named, in the form order', () => {
    expect(isEddComplete(EMPTY_EDD_ANSWERS)).toBe(false);
    expect(eddAnswerProblems(EMPTY_EDD_ANSWERS).map((problem) => problem.field)).toEqual(['occupation', 'salaryRangeId', 'sourceOfFunds']);
  });

  it.each([
    ['no occupation chosen', { occupation: '' }, 'occupation'],
    ['the salary range is 0 (not above 0)', { salaryRangeId: 0 }, 'salaryRangeId'],
    ['a negative salary range', { salaryRangeId: -1 }, 'salaryRangeId'],
    ['no source of funds chosen', { sourceOfFunds: '' }, 'sourceOfFunds'],
  ] as const)('incomplete when %s', (_, change, field) => {
    const answers = { ...COMPLETE, ...change };
    expect(isEddComplete(answers)).toBe(false);
    expect(eddAnswerProblems(answers)).toEqual([{ field, code: 'validation.required' }]);
  });

  it('an occupation set to Other needs its free text; blanks do not count as text', () => {
    const other = { ...COMPLETE, occupation: EDD_OTHER };
    expect(eddAnswerProblems({ ...other, otherOccupation: '' })).toEqual([{ field: 'otherOccupation', code: 'validation.required' }]);
    expect(isEddComplete({ ...other, otherOccupation: '   ' })).toBe(false);
    expect(isEddComplete({ ...other, otherOccupation: 'Fisherman' })).toBe(true);
  });

  it('a source of funds set to Other needs its free text', () => {
    const other = { ...COMPLETE, sourceOfFunds: EDD_OTHER };
    expect(eddAnswerProblems({ ...other, otherSourceOfFunds: '' })).toEqual([{ field: 'otherSourceOfFunds', code: 'validation.required' }]);
    expect(isEddComplete({ ...other, otherSourceOfFunds: 'Sold a boat' })).toBe(true);
  });

  it('both set to Other need both texts', () => {
    const both = { ...COMPLETE, occupation: EDD_OTHER, sourceOfFunds: EDD_OTHER, otherOccupation: 'Fisherman' };
    expect(eddAnswerProblems(both).map((problem) => problem.field)).toEqual(['otherSourceOfFunds']);
  });
});

describe('the limits around the rule (ids from the lists, one line of words, known countries)', () => {
  it('an id not in the lists is invalid, not merely missing', () => {
    expect(eddAnswerProblems({ ...COMPLETE, occupation: 'ASTRONAUT' })).toEqual([{ field: 'occupation', code: 'validation.invalid' }]);
    expect(eddAnswerProblems({ ...COMPLETE, salaryRangeId: 99 })).toEqual([{ field: 'salaryRangeId', code: 'validation.invalid' }]);
    expect(eddAnswerProblems({ ...COMPLETE, sourceOfFunds: 'LOTTERY' })).toEqual([{ field: 'sourceOfFunds', code: 'validation.invalid' }]);
  });

  it('an Other text is at most EDD_OTHER_TEXT_MAX characters and has no control characters', () => {
    const other = { ...COMPLETE, occupation: EDD_OTHER };
    expect(isEddComplete({ ...other, otherOccupation: 'x'.repeat(EDD_OTHER_TEXT_MAX) })).toBe(true);
    expect(eddAnswerProblems({ ...other, otherOccupation: 'x'.repeat(EDD_OTHER_TEXT_MAX + 1) })).toEqual([{ field: 'otherOccupation', code: 'validation.too_long' }]);
    expect(eddAnswerProblems({ ...other, otherOccupation: 'Fisher\nman' })).toEqual([{ field: 'otherOccupation', code: 'validation.invalid' }]);
  });

  it('a given place of birth or nationality must be a known country', () => {
    expect(isEddComplete({ ...COMPLETE, placeOfBirth: 'FI', nationality: 'SE' })).toBe(true);
    expect(eddAnswerProblems({ ...COMPLETE, placeOfBirth: 'ZZ', nationality: 'fi' }).map((problem) => [problem.field, problem.code])).toEqual([
      ['placeOfBirth', 'validation.country'],
      ['nationality', 'validation.country'],
    ]);
  });

  it('a text left behind under a choice that is no longer Other does not make two answers differ', () => {
    expect(sameEddAnswers({ ...COMPLETE, otherOccupation: 'Fisherman' }, COMPLETE)).toBe(true);
    expect(sameEddAnswers({ ...COMPLETE, occupation: EDD_OTHER, otherOccupation: ' Fisherman ' }, { ...COMPLETE, occupation: EDD_OTHER, otherOccupation: 'Fisherman' })).toBe(true);
    expect(sameEddAnswers({ ...COMPLETE, salaryRangeId: 3 }, COMPLETE)).toBe(false);
  });
});
