import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { createApp, type AppOptions } from '../../../server/app';
import { seedContentIfEmpty } from '../../../server/content/seed';
import { createDatabase, type PlatformDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedPlayers } from '../../../server/services/seed-players';
import { createSettingsStore, type SettingsStore } from '../../../server/services/settings';
import { writeFixtureSeed } from '../fixtures/content-seed';

// Each test file gets its own database: a fresh in-memory PGlite, or, when TEST_DATABASE_URL is
// set, a schema of its own on that PostgreSQL, dropped again at the end.

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface TestDatabase extends PlatformDatabase {
  /** Drops what the test created (the schema on PostgreSQL) and closes. */
  dispose: () => Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) {
    const database = await createDatabase({ inMemory: true });
    return { ...database, dispose: database.close };
  }
  const schema = `test_${String(process.pid)}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE; CREATE SCHEMA ${schema}`);
  const database = await createDatabase({ url: TEST_DATABASE_URL, schema });
  return {
    ...database,
    dispose: async () => {
      await database.close();
      await adminQuery(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    },
  };
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A temp folder removed by the returned function. */
export async function tempDir(prefix: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), prefix));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

export interface TestPlatform {
  database: TestDatabase;
  settings: SettingsStore;
  /** A Hono app on this database; options override the test-mode defaults. */
  app: (options?: Partial<Omit<AppOptions, 'db' | 'settings'>>) => ReturnType<typeof createApp>;
  close: () => Promise<void>;
}

/** The database and clock of each test app (the provider-call helper opens game sessions in it and signs at its time). */
export const appContexts = new WeakMap<object, { db: TestDatabase['db']; clock: () => Date }>();

/** A migrated database seeded from the fixture seed, and a factory of apps over it. */
export async function startTestPlatform(): Promise<TestPlatform> {
  const seed = await tempDir('platform-seed-');
  await writeFixtureSeed(seed.path);
  const database = await openTestDatabase();
  await migrateToLatest(database.db);
  await seedContentIfEmpty(database.db, { seedDir: seed.path });
  await seedPlayers(database.db);
  const settings = createSettingsStore(database.db);
  return {
    database,
    settings,
    app: (options = {}) => {
      const app = createApp({ db: database.db, settings, testMode: true, ...options });
      appContexts.set(app, { db: database.db, clock: options.clock ?? (() => new Date()) });
      return app;
    },
    close: async () => {
      await database.dispose();
      await seed.remove();
    },
  };
}

/** Reads a JSON answer as unknown (to be parsed with a wire schema). */
export async function json(response: Response): Promise<unknown> {
  return response.json() as Promise<unknown>;
}
