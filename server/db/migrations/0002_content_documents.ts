import { sql, type Kysely } from 'kysely';

// The content service's documents (behaviour.md §7 "Content"): one JSON body per site, market,
// language, kind and key (a static page, the footer, the SEO descriptions, the terms versions).

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('content_documents')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('site_id', 'integer', (col) => col.notNull())
    .addColumn('market', 'text', (col) => col.notNull())
    .addColumn('language', 'text', (col) => col.notNull())
    .addColumn('kind', 'text', (col) => col.notNull())
    .addColumn('key', 'text', (col) => col.notNull())
    .addColumn('body', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('content_documents_scope_key', ['site_id', 'market', 'language', 'kind', 'key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_documents').execute();
}
