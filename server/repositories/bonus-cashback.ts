import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { toCents } from '../platform/decimal';

// The SQL of the instant cashback and the cashback booster (issue 24; the rules are
// server/services/bonuses.ts settleCashback): where a player's last instant cashback ended, and the
// cash result of the rounds of some games. A game's cash result is the history's BET and WIN rows
// (MAIN's part, as the daily cashback counts) of the rounds of those games (`game_rounds`).

/** The end of the last instant cashback run of a player and campaign, or null before the first. */
export async function lastCashbackRunEnd(db: Kysely<Database>, playerId: number, campaignId: string): Promise<Date | null> {
  const row = await db
    .selectFrom('bonus_cashback_runs')
    .select((eb) => eb.fn.max('period_end').as('end'))
    .where('player_id', '=', playerId)
    .where('campaign_id', '=', campaignId)
    .executeTakeFirst();
  return row?.end == null ? null : new Date(row.end);
}

/** The cash result (wins minus stakes, signed) of a player's rounds of these games between `from` and `to`. */
export async function gamesResultBetween(db: Kysely<Database>, playerId: number, gameIds: readonly string[], from: Date, to: Date): Promise<bigint> {
  if (gameIds.length === 0) return 0n;
  const row = await db
    .selectFrom('wallet_transactions as wt')
    .innerJoin('game_rounds as gr', (join) => join.onRef('gr.player_id', '=', 'wt.player_id').on(sql<boolean>`wt.game_round = gr.provider || ':' || gr.round_id`))
    .select(sql<string>`coalesce(sum(wt.amount), 0)::text`.as('sum'))
    .where('wt.player_id', '=', playerId)
    .where('wt.type', 'in', ['BET', 'WIN'])
    .where('wt.status', '=', 'SUCCESS')
    .where('wt.created_at', '>=', from)
    .where('wt.created_at', '<', to)
    .where('gr.game_id', 'in', [...gameIds])
    .executeTakeFirstOrThrow();
  return toCents(row.sum);
}
