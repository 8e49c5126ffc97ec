import type { Kysely } from 'kysely';
import type { Database, JsonValue, NewContentDocument } from '../db/schema';

// The SQL of the content documents (`content_documents`): one document of one scope
// (server/content/documents.ts), the seed's inserts (server/content/seed.ts), and the page dates
// across markets and languages (the sitemap).

export interface PageDocumentDate {
  readonly market: string;
  readonly language: string;
  /** The static page id (`terms_and_conditions`, ...). */
  readonly pageId: string;
  readonly updatedAt: Date;
}

/** When each static page document (`pageKind`: content/documents.ts DOCUMENT_KINDS.page) of a site was last changed, in every market and language. */
export async function listPageDocumentDates(db: Kysely<Database>, siteId: number, pageKind: string): Promise<PageDocumentDate[]> {
  const rows = await db
    .selectFrom('content_documents')
    .select(['market', 'language', 'key', 'updated_at'])
    .where('site_id', '=', siteId)
    .where('kind', '=', pageKind)
    .execute();
  return rows.map((row) => ({ market: row.market, language: row.language, pageId: row.key, updatedAt: new Date(row.updated_at) }));
}

/** One document of a scope, its body as stored; undefined when there is none. */
export function findDocumentRow(
  db: Kysely<Database>,
  scope: { siteId: number; market: string; language: string },
  kind: string,
  key: string,
): Promise<{ body: JsonValue; updated_at: Date } | undefined> {
  return db
    .selectFrom('content_documents')
    .select(['body', 'updated_at'])
    .where('site_id', '=', scope.siteId)
    .where('market', '=', scope.market)
    .where('language', '=', scope.language)
    .where('kind', '=', kind)
    .where('key', '=', key)
    .executeTakeFirst();
}

export async function countContentDocuments(db: Kysely<Database>): Promise<number> {
  const { count } = await db
    .selectFrom('content_documents')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function insertContentDocuments(db: Kysely<Database>, documents: readonly NewContentDocument[]): Promise<void> {
  await db.insertInto('content_documents').values([...documents]).execute();
}
