import { sql, type Kysely, type Selectable } from 'kysely';
import type { Database, GameRoundsTable } from '../db/schema';

// The SQL of the game providers' rounds (migration 0014 `game_rounds`). The rules (what opens,
// settles and rolls back a round; the win bound) are server/services/game-wallet.ts; every call
// runs with the player's wallet locked, so one player's rounds change one call at a time.

export type GameRoundRow = Selectable<GameRoundsTable>;
export type RoundStatus = 'OPEN' | 'SETTLED' | 'ROLLED_BACK';

export async function findRound(db: Kysely<Database>, provider: string, roundId: string): Promise<GameRoundRow | undefined> {
  return db.selectFrom('game_rounds').selectAll().where('provider', '=', provider).where('round_id', '=', roundId).executeTakeFirst();
}

export async function openRound(
  db: Kysely<Database>,
  row: {
    provider: string;
    roundId: string;
    playerId: number;
    gameId: string;
    vertical: string;
    currency: string;
    staked: string;
    at: Date;
    /** Issue 24: the stake's part drawn from the bonus, and whose bonus (server/services/bonus-wagering.ts). */
    bonusStaked?: string | undefined;
    bonusAssignmentId?: number | null | undefined;
  },
): Promise<void> {
  await db
    .insertInto('game_rounds')
    .values({
      provider: row.provider,
      round_id: row.roundId,
      player_id: row.playerId,
      game_id: row.gameId,
      vertical: row.vertical,
      currency: row.currency,
      status: 'OPEN',
      staked: row.staked,
      won: '0',
      bonus_staked: row.bonusStaked ?? '0',
      bonus_assignment_id: row.bonusAssignmentId ?? null,
      created_at: row.at,
      updated_at: row.at,
    })
    .execute();
}

/**
 * Adds to the round's stake and wins (decimal deltas, may be negative for a voided bet) and sets its
 * status; issue 24: and to the stake's bonus part (`bonusStaked`), naming the bonus it came from.
 */
export async function changeRound(
  db: Kysely<Database>,
  key: { provider: string; roundId: string },
  change: { staked?: string; won?: string; status: RoundStatus; at: Date; bonusStaked?: string | undefined; bonusAssignmentId?: number | undefined },
): Promise<void> {
  await db
    .updateTable('game_rounds')
    .set({
      staked: sql<string>`staked + ${change.staked ?? '0'}::numeric`,
      won: sql<string>`won + ${change.won ?? '0'}::numeric`,
      status: change.status,
      updated_at: change.at,
      ...(change.bonusStaked === undefined ? {} : { bonus_staked: sql<string>`bonus_staked + ${change.bonusStaked}::numeric` }),
      ...(change.bonusAssignmentId === undefined ? {} : { bonus_assignment_id: change.bonusAssignmentId }),
    })
    .where('provider', '=', key.provider)
    .where('round_id', '=', key.roundId)
    .execute();
}
