import type { Kysely } from 'kysely';
import { DOCUMENT_KINDS } from '../content/documents';
import type { Database } from '../db/schema';

// The SQL of the content documents read across markets and languages (the sitemap): one document
// of one scope is read by server/content/documents.ts.

export interface PageDocumentDate {
  readonly market: string;
  readonly language: string;
  /** The static page id (`terms_and_conditions`, ...). */
  readonly pageId: string;
  readonly updatedAt: Date;
}

/** When each static page document of a site was last changed, in every market and language. */
export async function listPageDocumentDates(db: Kysely<Database>, siteId: number): Promise<PageDocumentDate[]> {
  const rows = await db
    .selectFrom('content_documents')
    .select(['market', 'language', 'key', 'updated_at'])
    .where('site_id', '=', siteId)
    .where('kind', '=', DOCUMENT_KINDS.page)
    .execute();
  return rows.map((row) => ({ market: row.market, language: row.language, pageId: row.key, updatedAt: new Date(row.updated_at) }));
}
