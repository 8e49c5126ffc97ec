import { Migrator, type MigrationResult } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

/**
 * How often the migration setup is tried before its failure is thrown. The setup reads the
 * catalogs of every schema and creates Kysely's own tables if they are missing; while it fails,
 * nothing has been migrated, so trying again is safe.
 */
export const MIGRATION_SETUP_ATTEMPTS = 5;
/** The pause before trying the setup again (doubled each time: 50 + 100 + 200 + 400 ms at most). */
const SETUP_RETRY_DELAY_MS = 50;

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
  let { error, results = [] } = await migrator.migrateToLatest();
  // Kysely checks whether its tables exist by reading every schema's tables and columns, and
  // PostgreSQL fails that read when another schema changes during it: another platform's or test's
  // schema in the same database, nothing of this one. CI has seen 3F000 (a schema dropped), 42P01
  // (a table dropped: the read resolves each table it lists by name) and 42703 (a column renamed by
  // that schema's own migration). Every such failure leaves nothing migrated (results is empty), so
  // the setup is tried again; a failure that lasts is thrown after the last try.
  for (let attempt = 1; attempt < MIGRATION_SETUP_ATTEMPTS && results.length === 0 && error !== undefined; attempt += 1) {
    await new Promise((resolve) => setTimeout(resolve, SETUP_RETRY_DELAY_MS * 2 ** (attempt - 1)));
    ({ error, results = [] } = await migrator.migrateToLatest());
  }
  if (error !== undefined) {
    const failed = results.find((result) => result.status === 'Error');
    const cause = error instanceof Error ? error.message : JSON.stringify(error);
    throw new Error(`Migration ${failed?.migrationName ?? '(setup)'} failed: ${cause}`, { cause: error });
  }
  return results;
}
