import type { Kysely } from 'kysely';
import {
  eddAnswerProblems,
  mayAnswerEdd,
  normalisedEddAnswers,
  sameEddAnswers,
  type EddAnswers,
  type EddStatus,
} from '../../machines/lib/edd';
import { isLanguageCode, type LanguageCode } from '../../machines/lib/markets';
import type { EddLists, EddState } from '../../src/api/edd';
import { eddListsIn } from '../content/edd';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { validationError } from '../http/validation';
import { notifyPlayerAttributesChanged } from '../repositories/documents';
import { approveEddRow, findEddRow, lockEddRow, requestEddRow, saveEddAnswers, type EddRow } from '../repositories/edd';
import { inTransaction } from '../repositories/transaction';
import { currentPlayer } from './account';

// The EDD questionnaire (product.md §3 "EDD questionnaire", "KYC level": EDD_PENDING,
// EDD_UNDER_REVIEW; behaviour.md §5 the EDD completeness rule; §7 /player/questionnaire/answer;
// the contract is src/api/edd.ts, the rules machines/lib/edd.ts):
//
// - the operator asks (requestEddQuestionnaire: the KYC level EDD_PENDING); before that the
//   questionnaire is not asked and an answer is refused 409 error.edd.not_requested;
// - an answer is checked with the shared rule (eddAnswerProblems: the completeness rule, the lists'
//   ids, the field limits); a refused one is 400 error.validation with its fields and stores nothing;
// - an accepted answer is stored as submitted (EDD_UNDER_REVIEW); the same answer again changes
//   nothing (idempotent), a different one replaces it while it waits for review;
// - the operator's acceptance (approveEddQuestionnaire) closes it: later answers are 409
//   error.edd.already_approved.
// Each change of the KYC level (asked, answered, accepted) is announced to the player's open pages
// (the wallet socket's PLAYER_ATTRIBUTE_CHANGE, server/repositories/documents.ts), on commit.

export interface EddDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

const STATUS_OF_ROW = { requested: 'pending', submitted: 'underReview', approved: 'approved' } as const satisfies Record<EddRow['status'], EddStatus>;

function stateOf(row: EddRow | undefined): EddState {
  if (!row) return { status: 'notRequested', answers: null };
  return { status: STATUS_OF_ROW[row.status], answers: row.status === 'requested' ? null : row.answers };
}

/** The questionnaire's lists in `language` (400 error.language.unknown for a language the site does not have). */
export function eddLists(language: string): EddLists {
  if (!isLanguageCode(language)) throw new HttpError(400, ERROR_CODES.languageUnknown, `Language "${language}" is not offered.`);
  return eddListsIn(language satisfies LanguageCode);
}

/** Where the player's questionnaire stands, with the answers sent (null before any). */
export async function eddStateOf(deps: EddDeps, playerId: number): Promise<EddState> {
  const player = await currentPlayer(deps, playerId);
  return stateOf(await findEddRow(deps.db, player.id));
}

/** The player's answer: checked, then stored as submitted (EDD_UNDER_REVIEW). */
export async function answerEdd(deps: EddDeps, playerId: number, answers: EddAnswers): Promise<EddState> {
  const player = await currentPlayer(deps, playerId);
  const problems = eddAnswerProblems(answers);
  if (problems.length > 0) throw validationError(problems);
  const tidy = normalisedEddAnswers(answers);
  return inTransaction(deps.db, async (db) => {
    const row = await lockEddRow(db, player.id);
    const status = stateOf(row).status;
    if (status === 'approved') throw new HttpError(409, ERROR_CODES.eddAlreadyApproved, 'The questionnaire has been accepted already.');
    if (!row || !mayAnswerEdd(status)) throw new HttpError(409, ERROR_CODES.eddNotRequested, 'The questionnaire has not been asked for.');
    // The same answer again (a retried send) leaves the stored one and its time as they are.
    if (row.status === 'submitted' && sameEddAnswers(row.answers, tidy)) return stateOf(row);
    await saveEddAnswers(db, player.id, tidy, deps.clock());
    await notifyPlayerAttributesChanged(db, player.id);
    return stateOf(await findEddRow(db, player.id));
  });
}

/** The operator asks the player for the questionnaire (from scratch: earlier answers are dropped). */
export async function requestEddQuestionnaire(deps: EddDeps, playerId: number): Promise<EddState> {
  return inTransaction(deps.db, async (db) => {
    await requestEddRow(db, playerId, deps.clock());
    await notifyPlayerAttributesChanged(db, playerId);
    return stateOf(await findEddRow(db, playerId));
  });
}

/** The operator accepts the submitted answers (409 error.edd.not_requested when none wait for review). */
export async function approveEddQuestionnaire(deps: EddDeps, playerId: number): Promise<EddState> {
  return inTransaction(deps.db, async (db) => {
    const approved = await approveEddRow(db, playerId, deps.clock());
    if (!approved) throw new HttpError(409, ERROR_CODES.eddNotRequested, 'No answers wait for review.');
    await notifyPlayerAttributesChanged(db, playerId);
    return stateOf(await findEddRow(db, playerId));
  });
}
