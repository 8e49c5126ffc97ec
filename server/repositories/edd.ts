import type { Kysely } from 'kysely';
import { EMPTY_EDD_ANSWERS, type EddAnswers } from '../../machines/lib/edd';
import type { Database } from '../db/schema';

// SQL over the players' EDD questionnaires (migration 0019 `player_edd_questionnaires`): one row per
// player once asked. The rules are server/services/edd.ts's (machines/lib/edd.ts).

/** The answers' columns (the list ids of machines/lib/edd.ts; '' or 0 where not given). */
function answerColumns(answers: EddAnswers) {
  return {
    occupation: answers.occupation,
    other_occupation: answers.otherOccupation,
    salary_range_id: answers.salaryRangeId,
    source_of_funds: answers.sourceOfFunds,
    other_source_of_funds: answers.otherSourceOfFunds,
    place_of_birth: answers.placeOfBirth,
    nationality: answers.nationality,
  };
}

export type EddRowStatus = 'requested' | 'submitted' | 'approved';

export interface EddRow {
  status: EddRowStatus;
  answers: EddAnswers;
  requestedAt: Date;
  submittedAt: Date | null;
}

function statusOf(value: string): EddRowStatus {
  return value === 'submitted' || value === 'approved' ? value : 'requested';
}

/** The player's questionnaire row (undefined: never asked). */
export async function findEddRow(db: Kysely<Database>, playerId: number): Promise<EddRow | undefined> {
  const row = await db.selectFrom('player_edd_questionnaires').selectAll().where('player_id', '=', playerId).executeTakeFirst();
  if (!row) return undefined;
  return {
    status: statusOf(row.status),
    answers: {
      occupation: row.occupation,
      otherOccupation: row.other_occupation,
      salaryRangeId: row.salary_range_id,
      sourceOfFunds: row.source_of_funds,
      otherSourceOfFunds: row.other_source_of_funds,
      placeOfBirth: row.place_of_birth,
      nationality: row.nationality,
    },
    requestedAt: new Date(row.requested_at),
    submittedAt: row.submitted_at === null ? null : new Date(row.submitted_at),
  };
}

/**
 * The player's submitted or accepted answers, for the KYC level (machines/lib/kyc.ts `edd`:
 * 'submitted' is EDD_UNDER_REVIEW, 'approved' counts towards ENHANCED); undefined when none were
 * sent (never asked, or asked and not answered).
 */
export async function findEddSubmission(
  db: Kysely<Database>,
  playerId: number,
): Promise<{ answers: EddAnswers; status: 'submitted' | 'approved' } | undefined> {
  const row = await findEddRow(db, playerId);
  if (!row || row.status === 'requested') return undefined;
  return { answers: row.answers, status: row.status };
}

/**
 * The operator asks the player for the questionnaire: a row `requested` with no answers; a row
 * already there is asked again from scratch (its answers dropped).
 */
export async function requestEddRow(db: Kysely<Database>, playerId: number, now: Date): Promise<void> {
  const empty = {
    status: 'requested',
    ...answerColumns(EMPTY_EDD_ANSWERS),
    requested_at: now,
    submitted_at: null,
    reviewed_at: null,
    updated_at: now,
  } as const;
  await db
    .insertInto('player_edd_questionnaires')
    .values({ player_id: playerId, ...empty })
    .onConflict((conflict) => conflict.column('player_id').doUpdateSet(empty))
    .execute();
}

/** Locks the player's row for a change (in the caller's transaction). */
export async function lockEddRow(db: Kysely<Database>, playerId: number): Promise<EddRow | undefined> {
  await db.selectFrom('player_edd_questionnaires').select('player_id').where('player_id', '=', playerId).forUpdate().executeTakeFirst();
  return findEddRow(db, playerId);
}

/** The player's answers, stored as `submitted`. */
export async function saveEddAnswers(db: Kysely<Database>, playerId: number, answers: EddAnswers, now: Date): Promise<void> {
  await db
    .updateTable('player_edd_questionnaires')
    .set({
      status: 'submitted',
      ...answerColumns(answers),
      submitted_at: now,
      updated_at: now,
    })
    .where('player_id', '=', playerId)
    .execute();
}

/** The operator accepts the submitted answers. Answers whether a submitted row was accepted. */
export async function approveEddRow(db: Kysely<Database>, playerId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('player_edd_questionnaires')
    .set({ status: 'approved', reviewed_at: now, updated_at: now })
    .where('player_id', '=', playerId)
    .where('status', '=', 'submitted')
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
