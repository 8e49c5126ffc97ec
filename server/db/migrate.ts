import { Migrator, type MigrationResult } from 'kysely/migration';
import { sql, type Kysely } from 'kysely';
import { migrations } from './migrations';
import type { Database } from './schema';

/** How often the migration setup is tried when another schema, dropped during it, fails it. */
const SETUP_ATTEMPTS = 5;
/** The pause before trying the setup again (doubled each time), so the other drop can end. */
const SETUP_RETRY_DELAY_MS = 50;

/**
 * PostgreSQL's codes for an object that went away while a catalog read looked at it: 3F000 (the
 * schema does not exist) and 42P01 (the relation does not exist: Kysely's introspection resolves
 * each table it lists by name, `pg_get_serial_sequence('schema.table', ...)`, and a table dropped
 * between the listing and that call fails it).
 */
const DROPPED_DURING_READ = new Set(['3F000', '42P01']);

function isDroppedSchemaRace(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && DROPPED_DURING_READ.has(String(error.code));
}

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
  // Kysely checks whether its tables exist by reading every schema's tables, and PostgreSQL fails
  // that read (3F000 or 42P01, above) when another schema is dropped during it: another
  // platform's or test's schema in the same database, nothing of this one. Nothing was migrated
  // then (the setup failed before any migration), so reading again is safe.
  for (let attempt = 1; attempt < SETUP_ATTEMPTS && results.length === 0 && isDroppedSchemaRace(error); attempt += 1) {
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
