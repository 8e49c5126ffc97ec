import { Migrator, type MigrationResult } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

/** Runs every pending migration (server start, tests). Throws when one fails. */
export async function migrateToLatest(db: Kysely<Database>): Promise<readonly MigrationResult[]> {
  // Kysely looks for its migration tables in every schema unless told which: a second schema in
  // the same database (DATABASE_URL with a search_path, each server test's own schema) would find
  // the first one's tables, skip creating its own and fail. Its tables live in the current schema.
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: () => Promise.resolve(migrations) },
    migrationTableSchema: rows[0]?.schema ?? 'public',
  });
  const { error, results = [] } = await migrator.migrateToLatest();
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${cause}`, { cause: error });
  }
  return results;
}
