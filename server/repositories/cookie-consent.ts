import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL over the players' cookie consent (migration 0024 `player_cookie_consents`): one row per player,
// their latest answer. The rules are server/services/cookie-consent.ts's.

export interface CookieConsentRow {
  essentials: boolean;
  performance_functional: boolean;
  marketing: boolean;
  policy_version: number;
  answered_at: Date;
}

/** The player's stored answer (none before their first). */
export function cookieConsentRow(db: Kysely<Database>, playerId: number): Promise<CookieConsentRow | undefined> {
  return db
    .selectFrom('player_cookie_consents')
    .select(['essentials', 'performance_functional', 'marketing', 'policy_version', 'answered_at'])
    .where('player_id', '=', playerId)
    .executeTakeFirst();
}

/** Writes the player's answer, made or replaced. */
export async function saveCookieConsentRow(db: Kysely<Database>, playerId: number, row: CookieConsentRow): Promise<void> {
  await db
    .insertInto('player_cookie_consents')
    .values({ player_id: playerId, ...row })
    .onConflict((conflict) =>
      conflict.column('player_id').doUpdateSet((eb) => ({
        essentials: eb.ref('excluded.essentials'),
        performance_functional: eb.ref('excluded.performance_functional'),
        marketing: eb.ref('excluded.marketing'),
        policy_version: eb.ref('excluded.policy_version'),
        answered_at: eb.ref('excluded.answered_at'),
      })),
    )
    .execute();
}
