import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL over the players' marketing preferences (migration 0016 `player_marketing_preferences`): one
// row per communication and channel. The rules are server/services/marketing-preferences.ts's.

/** One stored choice. */
export interface MarketingChoiceRow {
  communication: string;
  channel: string;
  allowed: boolean;
}

/** The player's stored choices (none before their first save). */
export function marketingChoiceRows(db: Kysely<Database>, playerId: number): Promise<MarketingChoiceRow[]> {
  return db
    .selectFrom('player_marketing_preferences')
    .select(['communication', 'channel', 'allowed'])
    .where('player_id', '=', playerId)
    .orderBy('communication')
    .orderBy('channel')
    .execute();
}

/**
 * Writes the player's choices, each row made or replaced: with the whole set given, the stored set
 * becomes exactly it (the same set twice writes the same rows).
 */
export async function saveMarketingChoices(db: Kysely<Database>, playerId: number, choices: readonly MarketingChoiceRow[], now: Date): Promise<void> {
  if (choices.length === 0) return;
  await db
    .insertInto('player_marketing_preferences')
    .values(choices.map((choice) => ({ player_id: playerId, ...choice, updated_at: now })))
    .onConflict((conflict) =>
      conflict.columns(['player_id', 'communication', 'channel']).doUpdateSet((eb) => ({ allowed: eb.ref('excluded.allowed'), updated_at: eb.ref('excluded.updated_at') })),
    )
    .execute();
}
