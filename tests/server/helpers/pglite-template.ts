import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { seedContentIfEmpty } from '../../../server/content/seed';
import { createDatabase } from '../../../server/db/database';
import { migrateToLatest } from '../../../server/db/migrate';
import { writeFixtureSeed } from '../fixtures/content-seed';

// The server tests' global setup (vite.config.ts, project "server"). Creating a PGlite database
// runs PostgreSQL's initdb in WASM: seconds of CPU per database, most of a server test file's
// set-up on this 2-core machine. It is done once per run here, and the data folder dumped to a file
// (PGlite's dumpDataDir) at two points:
//
// - initdb.tar: the empty cluster initdb makes. openTestDatabase (./platform.ts) starts each test
//   database from a copy of it (PGlite's loadDataDir, what PGlite's own clone() does); the tests
//   that migrate or seed themselves still do.
// - platform.tar: that cluster migrated to the latest migration and seeded with the fixture content
//   seed (tests/server/fixtures/content-seed.ts), the two steps startTestPlatform took for every
//   file with the same migrations and the same seed. startTestPlatform starts from a copy of it and
//   seeds the players itself, at its own time (their states are dated from the start).

/** The variables that tell the test workers where the dumps are (they inherit the environment). */
export const PGLITE_TEMPLATE_ENV = 'AURORA_TEST_PGLITE_TEMPLATE';
export const PLATFORM_TEMPLATE_ENV = 'AURORA_TEST_PLATFORM_TEMPLATE';

async function dump(pglite: PGlite, file: string): Promise<void> {
  const data = await pglite.dumpDataDir('none');
  await writeFile(file, new Uint8Array(await data.arrayBuffer()));
}

export default async function setup(): Promise<() => Promise<void>> {
  // A real PostgreSQL (TEST_DATABASE_URL) needs no template: each file gets a schema of its own.
  if (process.env.TEST_DATABASE_URL) return () => Promise.resolve();
  const folder = await mkdtemp(join(tmpdir(), 'pglite-template-'));
  const seed = await mkdtemp(join(tmpdir(), 'platform-seed-'));
  try {
    const pglite = await PGlite.create();
    const database = await createDatabase({ inMemory: true, pglite });
    try {
      const initdb = join(folder, 'initdb.tar');
      await dump(pglite, initdb);
      await writeFixtureSeed(seed);
      await migrateToLatest(database.db);
      await seedContentIfEmpty(database.db, { seedDir: seed });
      const platform = join(folder, 'platform.tar');
      await dump(pglite, platform);
      process.env[PGLITE_TEMPLATE_ENV] = initdb;
      process.env[PLATFORM_TEMPLATE_ENV] = platform;
    } finally {
      await database.close();
    }
  } finally {
    await rm(seed, { recursive: true, force: true });
  }
  return async () => {
    Reflect.deleteProperty(process.env, PGLITE_TEMPLATE_ENV);
    Reflect.deleteProperty(process.env, PLATFORM_TEMPLATE_ENV);
    await rm(folder, { recursive: true, force: true });
  };
}
