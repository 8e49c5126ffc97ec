import * as v from 'valibot';
import { EDD_STATUSES, type EddAnswers, type EddStatus } from '../../machines/lib/edd';
import type { LanguageCode } from '../../machines/lib/markets';
import { request } from './client';
import { FIELD_CODES } from './errors';

// The EDD questionnaire's contract (product.md §3 "EDD questionnaire"; behaviour.md §5 the EDD
// completeness rule; §7 /player/questionnaire/answer with occupation, salaryRangeId, sourceOfFunds,
// placeOfBirth, nationality, and /player/salary-range). The platform parses the answer with the
// schema below (server/routes/edd.ts) and answers the response shapes; the app parses every answer
// with them. The rules are machines/lib/edd.ts.
//
//   GET  /player/questionnaire/lists/{language} -> the lists in that language (occupations,
//        salary ranges, sources of funds, countries), each { id, label }
//   GET  /player/questionnaire                  -> { status, answers }  (answers null before the first)
//   POST /player/questionnaire/answer           { occupation, otherOccupation?, salaryRangeId,
//        sourceOfFunds, otherSourceOfFunds?, placeOfBirth?, nationality? } -> { status, answers }
//
// status: notRequested | pending (the KYC level EDD_PENDING: the operator asks) | underReview
// (answered: EDD_UNDER_REVIEW) | approved. The same answer twice is the same state; a new answer
// while under review replaces the old one.
//
// Error codes: 400 error.request.invalid (not a JSON object) | 400 error.validation (errors:
// [{ field, code }], the completeness rule: validation.required, validation.invalid,
// validation.too_long, validation.country) | 400 error.language.unknown (lists) | 409
// error.edd.not_requested (nobody asked) | 409 error.edd.already_approved | 413 | 401 / 403 of the session.

const idText = v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(40, FIELD_CODES.invalid));
const freeText = v.pipe(v.string(FIELD_CODES.invalid), v.maxLength(1000, FIELD_CODES.tooLong));

/** POST /player/questionnaire/answer. The free texts and the countries may be left out (''). */
export const eddAnswerBodySchema = v.strictObject(
  {
    occupation: idText,
    otherOccupation: v.optional(freeText, ''),
    salaryRangeId: v.pipe(v.number(FIELD_CODES.invalid), v.integer(FIELD_CODES.invalid), v.minValue(0, FIELD_CODES.invalid), v.maxValue(1000, FIELD_CODES.invalid)),
    sourceOfFunds: idText,
    otherSourceOfFunds: v.optional(freeText, ''),
    placeOfBirth: v.optional(idText, ''),
    nationality: v.optional(idText, ''),
  },
  FIELD_CODES.invalid,
);

const answersSchema = v.object({
  occupation: v.string(),
  otherOccupation: v.string(),
  salaryRangeId: v.number(),
  sourceOfFunds: v.string(),
  otherSourceOfFunds: v.string(),
  placeOfBirth: v.string(),
  nationality: v.string(),
});

/** The answer of GET /player/questionnaire and of POST .../answer. */
export const eddStateSchema = v.object({ status: v.picklist(EDD_STATUSES), answers: v.nullable(answersSchema) });
export interface EddState {
  status: EddStatus;
  answers: EddAnswers | null;
}

const optionSchema = v.object({ id: v.string(), label: v.string() });
const salaryOptionSchema = v.object({ id: v.number(), label: v.string() });

/** The lists in one language: ids from machines/lib/edd.ts, labels from the platform's content. */
export const eddListsSchema = v.object({
  occupations: v.array(optionSchema),
  salaryRanges: v.array(salaryOptionSchema),
  sourcesOfFunds: v.array(optionSchema),
  countries: v.array(optionSchema),
});
export type EddLists = v.InferOutput<typeof eddListsSchema>;
export type EddOption = v.InferOutput<typeof optionSchema>;

const PATH = '/player/questionnaire';

export const eddApi = {
  lists: (language: LanguageCode, signal?: AbortSignal): Promise<EddLists> =>
    request(`${PATH}/lists/${encodeURIComponent(language)}`, eddListsSchema, { auth: true, signal }),
  state: (signal?: AbortSignal): Promise<EddState> => request(PATH, eddStateSchema, { auth: true, signal }),
  answer: (answers: EddAnswers, signal?: AbortSignal): Promise<EddState> =>
    request(`${PATH}/answer`, eddStateSchema, { method: 'POST', body: answers, auth: true, signal }),
};
