import type { Kysely, Selectable } from 'kysely';
import type { Database, GameProviderKeysTable } from '../db/schema';

// The SQL of the game providers' wallet keys (migration 0014 `game_provider_keys`). The rules (which
// keys are in force, rotation) are server/services/provider-keys.ts.

export type ProviderKeyRow = Selectable<GameProviderKeysTable>;

/** A key by its id, unless it was retired by `now`. */
export async function findKeyInForce(db: Kysely<Database>, keyId: string, now: Date): Promise<ProviderKeyRow | undefined> {
  return db
    .selectFrom('game_provider_keys')
    .selectAll()
    .where('key_id', '=', keyId)
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', now)]))
    .executeTakeFirst();
}

/** A provider's keys in force at `now`, the newest first; locked until the transaction ends when `lock`. */
export async function providerKeysInForce(db: Kysely<Database>, provider: string, now: Date, options: { lock?: boolean } = {}): Promise<ProviderKeyRow[]> {
  let query = db
    .selectFrom('game_provider_keys')
    .selectAll()
    .where('provider', '=', provider)
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('retired_at', '>', now)]))
    .orderBy('created_at', 'desc')
    .orderBy('key_id', 'desc');
  if (options.lock === true) query = query.forUpdate();
  return query.execute();
}

/** Every key of every provider (retired ones too), the newest first: the operator's list. */
export async function allProviderKeys(db: Kysely<Database>): Promise<ProviderKeyRow[]> {
  return db.selectFrom('game_provider_keys').selectAll().orderBy('provider').orderBy('created_at', 'desc').execute();
}

/** Adds a key; false when its id exists already (two processes generating the first key at once). */
export async function insertProviderKey(db: Kysely<Database>, row: ProviderKeyRow): Promise<boolean> {
  const inserted = await db
    .insertInto('game_provider_keys')
    .values(row)
    .onConflict((oc) => oc.column('key_id').doNothing())
    .returning('key_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Retires a key from `at` on (a key already retired keeps its earlier date); false for an unknown or retired key. */
export async function retireProviderKey(db: Kysely<Database>, keyId: string, at: Date): Promise<boolean> {
  const retired = await db
    .updateTable('game_provider_keys')
    .set({ retired_at: at })
    .where('key_id', '=', keyId)
    .where('retired_at', 'is', null)
    .returning('key_id')
    .executeTakeFirst();
  return retired !== undefined;
}
