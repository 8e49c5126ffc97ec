import { afterAll, beforeAll } from 'vitest';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { createApp, type AppOptions } from '../../../server/app';
import { seedContentIfEmpty } from '../../../server/content/seed';
import { createDatabase, type PlatformDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { seedPlayers } from '../../../server/services/seed-players';
import { createSettingsStore, type SettingsStore } from '../../../server/services/settings';
import { writeFixtureSeed } from '../fixtures/content-seed';
import { PGLITE_TEMPLATE_ENV, PLATFORM_TEMPLATE_ENV } from './pglite-template';

// Each test file gets its own database: a fresh in-memory PGlite, or, when TEST_DATABASE_URL is
// set, a schema of its own on that PostgreSQL, dropped again at the end. Under Vitest a fresh
// PGlite is a copy of a database the global setup made once per run (./pglite-template.ts): the
// empty cluster (no initdb per database), or for startTestPlatform the cluster migrated and seeded
// with the fixture content. Without the global setup each database makes all that itself.

export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface TestDatabase extends PlatformDatabase {
  /** Drops what the test created (the schema on PostgreSQL) and closes. */
  dispose: () => Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL) return openPGlite(PGLITE_TEMPLATE_ENV);
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

const templates = new Map<string, Promise<Blob | undefined>>();

/** A data folder the global setup dumped (its file named by the variable `env`), read once per test file. */
function template(env: string): Promise<Blob | undefined> {
  let found = templates.get(env);
  if (found === undefined) {
    const file = process.env[env];
    found = file ? readFile(file).then((bytes) => new Blob([bytes])) : Promise.resolve(undefined);
    templates.set(env, found);
  }
  return found;
}

/** An in-memory PGlite: a copy of the template `env` names when there is one, else a fresh initdb. */
async function openPGlite(env: string): Promise<TestDatabase> {
  const dump = await template(env);
  const pglite = dump ? await PGlite.create({ loadDataDir: dump }) : undefined;
  const database = await createDatabase({ inMemory: true, pglite });
  return { ...database, dispose: database.close };
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
  const database = await openPlatformDatabase();
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
    },
  };
}

/** A database migrated and seeded from the fixture seed: the global setup's copy, or made here. */
async function openPlatformDatabase(): Promise<TestDatabase> {
  if (!TEST_DATABASE_URL && (await template(PLATFORM_TEMPLATE_ENV))) return openPGlite(PLATFORM_TEMPLATE_ENV);
  const seed = await tempDir('platform-seed-');
  try {
    await writeFixtureSeed(seed.path);
    const database = await openTestDatabase();
    await migrateToLatest(database.db);
    await seedContentIfEmpty(database.db, { seedDir: seed.path });
    return database;
  } finally {
    await seed.remove();
  }
}

/** Reads a JSON answer as unknown (to be parsed with a wire schema). */
export async function json(response: Response): Promise<unknown> {
  return response.json() as Promise<unknown>;
}

/** A test file's platform (`useTestPlatform`), filled in before its tests run. */
export interface TestPlatformHandle {
  platform: TestPlatform;
  app: ReturnType<TestPlatform['app']>;
}

/**
 * Starts one test platform for the calling file's tests and closes it after them: `env.platform`
 * and `env.app` inside the tests (instead of each file's own beforeAll/afterAll pair).
 */
export function useTestPlatform(): TestPlatformHandle {
  const env = {} as TestPlatformHandle;
  beforeAll(async () => {
    env.platform = await startTestPlatform();
    env.app = env.platform.app();
  });
  afterAll(async () => {
    await env.platform.close();
  });
  return env;
}

/** A test file's (or describe block's) own database (`openTestDatabase`), opened before its tests and disposed after them. */
export function useTestDatabase(): { readonly database: TestDatabase } {
  const env = {} as { database: TestDatabase };
  beforeAll(async () => {
    env.database = await openTestDatabase();
  });
  afterAll(async () => {
    await env.database.dispose();
  });
  return env;
}
