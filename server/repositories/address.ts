import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// SQL over the players' postal addresses (migration 0023 `player_addresses`). The rules are
// server/services/address.ts's; the province is a column of `players` (the player store's).

/** One stored address. */
export interface AddressRow {
  street_address: string;
  postal_code: string;
  city: string;
}

/** The player's stored address (none before their first save). */
export function addressRowOf(db: Kysely<Database>, playerId: number): Promise<AddressRow | undefined> {
  return db.selectFrom('player_addresses').select(['street_address', 'postal_code', 'city']).where('player_id', '=', playerId).executeTakeFirst();
}

/** Writes the player's address, made or replaced. */
export async function saveAddressRow(db: Kysely<Database>, playerId: number, address: AddressRow, now: Date): Promise<void> {
  await db
    .insertInto('player_addresses')
    .values({ player_id: playerId, ...address, updated_at: now })
    .onConflict((conflict) =>
      conflict.column('player_id').doUpdateSet((eb) => ({
        street_address: eb.ref('excluded.street_address'),
        postal_code: eb.ref('excluded.postal_code'),
        city: eb.ref('excluded.city'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}
