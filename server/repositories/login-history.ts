import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL over the players' logins (migration 0018 `player_logins`). The rules are
// server/services/login-history.ts's.

export interface LoginRow {
  logged_in_at: Date;
  ip_address: string | null;
  country_code: string | null;
}

export async function insertLogin(
  db: Kysely<Database>,
  login: { playerId: number; at: Date; ipAddress: string | null; countryCode: string | null; loginMethod: string },
): Promise<void> {
  await db
    .insertInto('player_logins')
    .values({
      player_id: login.playerId,
      logged_in_at: login.at,
      ip_address: login.ipAddress,
      country_code: login.countryCode,
      login_method: login.loginMethod,
    })
    .execute();
}

/** The player's newest logins first (the same instant: the later row first). */
export function latestLogins(db: Kysely<Database>, playerId: number, limit: number): Promise<LoginRow[]> {
  return db
    .selectFrom('player_logins')
    .select(['logged_in_at', 'ip_address', 'country_code'])
    .where('player_id', '=', playerId)
    .orderBy('logged_in_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
