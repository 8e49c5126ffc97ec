import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// Reads of the bonus engine's tables for the later player calls (issue 24; server/services/
// bonuses-calls.ts). The engine's own statements are server/repositories/bonuses.ts.

/** The cashback credits of a player's campaign (credit keys `cashback:...`): given as assignments or queued, each once by its key. */
export async function cashbackCreditsOf(db: Kysely<Database>, playerId: number, campaignId: string): Promise<{ key: string; amount: string }[]> {
  const assigned = await db
    .selectFrom('bonus_assignments')
    .select(['credit_key', 'amount'])
    .where('player_id', '=', playerId)
    .where('campaign_id', '=', campaignId)
    .where('credit_key', 'like', 'cashback:%')
    .execute();
  const queued = await db
    .selectFrom('bonus_queued')
    .select(['credit_key', 'amount'])
    .where('player_id', '=', playerId)
    .where('campaign_id', '=', campaignId)
    .where('credit_key', 'like', 'cashback:%')
    .execute();
  return [...assigned, ...queued].map((row) => ({ key: row.credit_key, amount: row.amount }));
}
