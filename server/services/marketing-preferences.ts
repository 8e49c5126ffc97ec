import type { Kysely } from 'kysely';
import {
  defaultMarketingPreferences,
  marketingChoicesOf,
  marketingPreferencesOf,
  type MarketingPreferences,
} from '../../machines/lib/marketingPreferences';
import type { Database } from '../db/schema';
import { marketingChoiceRows, saveMarketingChoices } from '../repositories/marketing-preferences';
import { inTransaction } from '../repositories/transaction';
import { currentPlayer } from './account';

// The player's marketing preferences (product.md §3 "Marketing preferences"; behaviour.md §7
// "/player/marketing_preferences: GET and PATCH"; the contract is src/api/marketingPreferences.ts,
// the shared rules machines/lib/marketingPreferences.ts):
//
// - before the player chooses, the answer is what the sign-up's opt-in agreed to (bonus offers and
//   the newsletter by e-mail and SMS), or nothing without it; nothing is stored until a save;
// - a save is the whole set: it replaces the stored one in one transaction, so the same body twice
//   leaves the same state and answers the same.

export interface MarketingPreferencesDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

/** The player's preferences: the stored ones, else the sign-up's defaults. */
export async function marketingPreferencesOfPlayer(deps: MarketingPreferencesDeps, playerId: number): Promise<MarketingPreferences> {
  const player = await currentPlayer(deps, playerId);
  const rows = await marketingChoiceRows(deps.db, player.id);
  return marketingPreferencesOf(rows, defaultMarketingPreferences(player.marketing_opt_in));
}

/** Replaces the player's preferences with `preferences` (the whole set) and answers what is stored. */
export async function saveMarketingPreferences(
  deps: MarketingPreferencesDeps,
  playerId: number,
  preferences: MarketingPreferences,
): Promise<MarketingPreferences> {
  const player = await currentPlayer(deps, playerId);
  return inTransaction(deps.db, async (db) => {
    await saveMarketingChoices(db, player.id, marketingChoicesOf(preferences), deps.clock());
    return marketingPreferencesOf(await marketingChoiceRows(db, player.id), defaultMarketingPreferences(player.marketing_opt_in));
  });
}
