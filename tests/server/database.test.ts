import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countDocuments } from '../../server/content/documents';
import { seedContentIfEmpty } from '../../server/content/seed';
import { createDatabase, type PlatformDatabase } from '../../server/db/database';
import { migrateToLatest } from '../../server/db/migrate';
import { migrations } from '../../server/db/migrations';
import { writeFixtureSeed } from './fixtures/content-seed';
import { openTestDatabase, tempDir, TEST_DATABASE_URL } from './helpers/platform';

// ISSUE: the server creates and seeds its database on first start; a second start reuses it.

let seedDir: Awaited<ReturnType<typeof tempDir>>;

beforeAll(async () => {
  seedDir = await tempDir('platform-seed-');
  await writeFixtureSeed(seedDir.path);
});
afterAll(async () => {
  await seedDir.remove();
});

async function markTermsPage(database: PlatformDatabase): Promise<void> {
  await database.db
    .updateTable('content_documents')
    .set({ body: JSON.stringify({ title: 'Edited by an operator', html: '<p>x</p>', seo: { title: 't', description: 'd' } }) })
    .where('market', '=', 'FI')
    .where('language', '=', 'fi')
    .where('key', '=', 'terms_and_conditions')
    .execute();
}

async function termsTitle(database: PlatformDatabase): Promise<unknown> {
  const row = await database.db
    .selectFrom('content_documents')
    .select(sql<string>`body->>'title'`.as('title'))
    .where('market', '=', 'FI')
    .where('language', '=', 'fi')
    .where('key', '=', 'terms_and_conditions')
    .executeTakeFirstOrThrow();
  return row.title;
}

describe.runIf(!TEST_DATABASE_URL)('PGlite data folder', () => {
  it('is created and seeded on first start and reused, not reseeded, on the second', async () => {
    const dataDir = await tempDir('platform-data-');
    try {
      const first = await createDatabase({ dataDir: dataDir.path });
      expect((await migrateToLatest(first.db)).map((m) => m.migrationName)).toEqual(Object.keys(migrations));
      const seeded = await seedContentIfEmpty(first.db, { seedDir: seedDir.path });
      expect(seeded.seeded).toBe(true);
      await markTermsPage(first);
      await first.close();

      const second = await createDatabase({ dataDir: dataDir.path });
      try {
        expect(await migrateToLatest(second.db)).toEqual([]);
        expect(await seedContentIfEmpty(second.db, { seedDir: seedDir.path })).toEqual({
          seeded: false,
          documents: seeded.documents,
        });
        expect(await termsTitle(second)).toBe('Edited by an operator');
      } finally {
        await second.close();
      }
    } finally {
      await dataDir.remove();
    }
  });
});

describe('migrations and seed on one database', () => {
  let database: Awaited<ReturnType<typeof openTestDatabase>>;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });

  it('run once: a second run migrates nothing and does not reseed', async () => {
    expect((await migrateToLatest(database.db)).length).toBe(Object.keys(migrations).length);
    const first = await seedContentIfEmpty(database.db, { seedDir: seedDir.path });
    expect(first.seeded).toBe(true);
    await markTermsPage(database);
    expect(await migrateToLatest(database.db)).toEqual([]);
    expect(await seedContentIfEmpty(database.db, { seedDir: seedDir.path })).toEqual({ seeded: false, documents: first.documents });
    expect(await countDocuments(database.db)).toBe(first.documents);
    expect(await termsTitle(database)).toBe('Edited by an operator');
  });

  it('keeps one document per site, market, language, kind and key', async () => {
    const insertTwice = database.db
      .insertInto('content_documents')
      .values({ site_id: 1, market: 'FI', language: 'fi', kind: 'page', key: 'terms_and_conditions', body: '{}' })
      .execute();
    await expect(insertTwice).rejects.toThrow();
  });
});
