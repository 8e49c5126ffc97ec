import type { PlayerProfile } from '../../src/api/player';
import type { Database } from '../db/schema';
import type { Kysely } from 'kysely';
import { FIELD_CODES, validationError } from '../http/validation';
import { currentPlayer, profileOf, type AccountDeps } from './account';
import { createPlayerStore } from './players';
import { recordActivity } from './account-activity';

// The player's own profile update (product.md §3 "Player profile: profile update payload";
// behaviour.md §7 "Profile update body: playerId plus ... languageCode"): the language, as the
// platform names it (caf sent as fr, inen as en: machines/lib/account.ts profileLanguageOf; the
// contract's schema, src/api/account.ts, accepts only those). The body's playerId must be the
// session's: a player changes only their own profile.

export async function updateProfileLanguage(
  deps: AccountDeps & { db: Kysely<Database> },
  sessionPlayerId: number,
  request: { playerId: number; languageCode: string },
): Promise<PlayerProfile> {
  if (request.playerId !== sessionPlayerId) throw validationError([{ field: 'playerId', code: FIELD_CODES.invalid }]);
  const player = await currentPlayer(deps, sessionPlayerId);
  const updated = (await createPlayerStore(deps.db, deps.clock).update(player.id, { language_code: request.languageCode })) ?? player;
  await recordActivity(deps.db, { playerId: player.id, at: deps.clock(), kind: 'LANGUAGE_CHANGED', note: request.languageCode });
  return profileOf(deps.db, updated);
}
