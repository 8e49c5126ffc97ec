import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The SQL of the game sessions (migration 0014 `game_sessions`): the token a real-money launch
// hands the provider, stored as its SHA-256, and the login session it belongs to. The rules are
// server/services/game-launch.ts (making one) and server/services/game-wallet.ts (checking one).

export async function insertGameSession(
  db: Kysely<Database>,
  row: { tokenHash: string; sessionId: string; playerId: number; provider: string; gameId: string; at: Date },
): Promise<void> {
  await db
    .insertInto('game_sessions')
    .values({ token_hash: row.tokenHash, session_id: row.sessionId, player_id: row.playerId, provider: row.provider, game_id: row.gameId, created_at: row.at })
    .execute();
}

/**
 * The game session of this token for this provider and player, with whether its login session is
 * live at `now` (not revoked, used within the idle limit, younger than its lifetime); undefined
 * when the token is not theirs.
 */
export async function findGameSession(
  db: Kysely<Database>,
  query: { tokenHash: string; provider: string; playerId: number; now: Date; idleLimitMs: number; absoluteLifetimeMs: number },
): Promise<{ sessionId: string; live: boolean } | undefined> {
  const row = await db
    .selectFrom('game_sessions as game')
    .innerJoin('sessions as login', 'login.id', 'game.session_id')
    .select(['login.id', 'login.revoked_at', 'login.last_seen_at', 'login.created_at'])
    .where('game.token_hash', '=', query.tokenHash)
    .where('game.provider', '=', query.provider)
    .where('game.player_id', '=', query.playerId)
    .executeTakeFirst();
  if (!row) return undefined;
  const now = query.now.getTime();
  const live =
    row.revoked_at === null && now - row.last_seen_at.getTime() <= query.idleLimitMs && now - row.created_at.getTime() <= query.absoluteLifetimeMs;
  return { sessionId: row.id, live };
}
