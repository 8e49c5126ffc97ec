import { sql, type Kysely, type Selectable } from 'kysely';
import type { BonusAssignmentsTable, BonusBetPartsTable, Database } from '../db/schema';

// The SQL of the money of bets with bonuses (migration 0026; the rules are
// server/services/bonus-wagering.ts): the active bonus a bet may draw on and advance, the bets' bonus
// parts, the wagering and the free-spin rounds. The engine's own statements are
// server/repositories/bonuses.ts. Every call runs in the caller's transaction, with the player's
// wallet locked, so one player's bets, claims and forfeits change these rows one at a time.

/** An active assignment with what a bet needs of its campaign, and its free spins not played yet. */
export interface BetBonusRow extends Selectable<BonusAssignmentsTable> {
  bonus_type: string;
  game_limitations: unknown;
  wr_multiplier: string;
  spins_left: number;
}

/** An assignment joined with its campaign's bet rules and the free spins it has left. */
function betBonusRows(db: Kysely<Database>) {
  return db
    .selectFrom('bonus_assignments as a')
    .innerJoin('bonus_campaigns as c', 'c.id', 'a.campaign_id')
    .selectAll('a')
    .select([
      'c.bonus_type',
      'c.game_limitations',
      sql<string>`c.wr_multiplier::text`.as('wr_multiplier'),
      sql<string>`(select coalesce(sum(f.rounds - f.rounds_played), 0) from bonus_free_spins f where f.assignment_id = a.id)::text`.as('spins_left'),
    ]);
}

const betBonusOf = <T extends { spins_left: string }>(row: T | undefined) => (row ? { ...row, spins_left: Number(row.spins_left) } : undefined);

/** The player's ACTIVATED assignment of a wallet vertical with its campaign's bet rules (one indexed probe). */
export async function activeBetBonus(db: Kysely<Database>, playerId: number, walletVertical: string): Promise<BetBonusRow | undefined> {
  return betBonusOf(
    await betBonusRows(db).where('a.player_id', '=', playerId).where('a.wallet_vertical', '=', walletVertical).where('a.state', '=', 'ACTIVATED').executeTakeFirst(),
  );
}

/** An assignment with its campaign's bet rules, whatever its state (a win's or a rollback's bonus). */
export async function assignmentForBet(db: Kysely<Database>, id: number): Promise<BetBonusRow | undefined> {
  return betBonusOf(await betBonusRows(db).where('a.id', '=', id).executeTakeFirst());
}

/** Sets what an active assignment has wagered (decimal); false when it is not active any more. */
export async function setAssignmentWagered(trx: Kysely<Database>, id: number, wagered: string): Promise<boolean> {
  const changed = await trx.updateTable('bonus_assignments').set({ wagered }).where('id', '=', id).where('state', '=', 'ACTIVATED').returning('id').executeTakeFirst();
  return changed !== undefined;
}

/** Adds free-spin winnings to an active assignment: its amount and the wagering they need (decimal deltas). */
export async function addToAssignment(trx: Kysely<Database>, id: number, delta: { amount: string; wagering: string }): Promise<void> {
  await trx
    .updateTable('bonus_assignments')
    .set({
      amount: sql<string>`amount + ${delta.amount}::numeric`,
      wagering_amount: sql<string>`wagering_amount + ${delta.wagering}::numeric`,
    })
    .where('id', '=', id)
    .where('state', '=', 'ACTIVATED')
    .execute();
}

export type BetPartRow = Selectable<BonusBetPartsTable>;

export async function insertBetPart(
  trx: Kysely<Database>,
  row: { provider: string; transactionId: string; roundId: string; playerId: number; assignmentId: number; bonus: string; wagered: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('bonus_bet_parts')
    .values({
      provider: row.provider,
      transaction_id: row.transactionId,
      round_id: row.roundId,
      player_id: row.playerId,
      assignment_id: row.assignmentId,
      bonus: row.bonus,
      wagered: row.wagered,
      created_at: row.at,
    })
    .execute();
}

export async function findBetPart(db: Kysely<Database>, provider: string, transactionId: string): Promise<BetPartRow | undefined> {
  return db.selectFrom('bonus_bet_parts').selectAll().where('provider', '=', provider).where('transaction_id', '=', transactionId).executeTakeFirst();
}

// ------------------------------------------------------------------------------ free spins

/** The player's free spins left per game of active assignments (the game frame's count). */
export async function freeSpinsLeft(db: Kysely<Database>, playerId: number, gameId: string): Promise<{ assignmentId: number; walletVertical: string; left: number } | undefined> {
  const row = await db
    .selectFrom('bonus_free_spins as f')
    .innerJoin('bonus_assignments as a', 'a.id', 'f.assignment_id')
    .select(['a.id', 'a.wallet_vertical', sql<string>`(f.rounds - f.rounds_played)::text`.as('left')])
    .where('a.player_id', '=', playerId)
    .where('a.state', '=', 'ACTIVATED')
    .where('f.game_id', '=', gameId)
    .where(sql<boolean>`f.rounds_played < f.rounds`)
    .orderBy('a.id')
    .executeTakeFirst();
  return row ? { assignmentId: row.id, walletVertical: row.wallet_vertical, left: Number(row.left) } : undefined;
}

/** Counts one free spin of an assignment's game played; false when none was left. */
export async function takeFreeSpin(trx: Kysely<Database>, assignmentId: number, gameId: string): Promise<boolean> {
  const taken = await trx
    .updateTable('bonus_free_spins')
    .set({ rounds_played: sql<number>`rounds_played + 1` })
    .where('assignment_id', '=', assignmentId)
    .where('game_id', '=', gameId)
    .where(sql<boolean>`rounds_played < rounds`)
    .returning('rounds_played')
    .executeTakeFirst();
  return taken !== undefined;
}

export async function findFreeSpinRound(db: Kysely<Database>, provider: string, roundId: string): Promise<{ assignment_id: number; won: string } | undefined> {
  return db.selectFrom('bonus_free_spin_rounds').select(['assignment_id', sql<string>`won::text`.as('won')]).where('provider', '=', provider).where('round_id', '=', roundId).executeTakeFirst();
}

export async function insertFreeSpinRound(
  trx: Kysely<Database>,
  row: { provider: string; roundId: string; assignmentId: number; playerId: number; gameId: string; won: string; at: Date },
): Promise<void> {
  await trx
    .insertInto('bonus_free_spin_rounds')
    .values({ provider: row.provider, round_id: row.roundId, assignment_id: row.assignmentId, player_id: row.playerId, game_id: row.gameId, won: row.won, played_at: row.at })
    .execute();
}
