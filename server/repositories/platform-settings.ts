import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

// The SQL of `platform_settings` (migration 0001): the operator's switches (server/services/settings.ts)
// and the secrets generated on a first start (server/services/token-secret.ts, game-wallet-secret.ts).

/**
 * Stores `value` (JSON text) under `key` unless a value is there already, then answers the stored
 * one: two processes starting at once both read back the first insert's.
 */
export async function keepFirstSetting(db: Kysely<Database>, key: string, value: string, at: Date): Promise<unknown> {
  await db
    .insertInto('platform_settings')
    .values({ key, value, updated_at: at })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db.selectFrom('platform_settings').select('value').where('key', '=', key).executeTakeFirstOrThrow();
  return row.value;
}

/** Every stored row, key and (parsed JSON) value. */
export function settingRows(db: Kysely<Database>): Promise<{ key: string; value: unknown }[]> {
  return db.selectFrom('platform_settings').select(['key', 'value']).execute();
}

/** Inserts or replaces these rows (value: JSON text). */
export async function upsertSettings(db: Kysely<Database>, entries: readonly { key: string; value: string; updated_at: Date }[]): Promise<void> {
  await db
    .insertInto('platform_settings')
    .values([...entries])
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

export async function deleteSettings(db: Kysely<Database>, keys: readonly string[]): Promise<void> {
  await db.deleteFrom('platform_settings').where('key', 'in', [...keys]).execute();
}
