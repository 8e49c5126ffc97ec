import { Migrator, type MigrationResult } from 'kysely/migration';
import type { Kysely } from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

/** Runs every pending migration (server start, tests). Throws when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<readonly MigrationResult[]> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${cause}`, { cause: error });
  }
  return results;
}
