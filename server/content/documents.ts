import { sanitizedPageHtml } from './sanitize';
import * as v from 'valibot';
import type { Kysely } from 'kysely';
import {
  footerSchema,
  seoDescriptionsSchema,
  seoSchema,
  signupPageSchema,
  termsVersionsSchema,
  type StaticPageId,
} from '../../src/api/content';
import type { Database } from '../db/schema';
import { countContentDocuments, findDocumentRow } from '../repositories/content-documents';
import type { ContentScope } from './scope';

// The kinds of content document and the shape of each body as stored in `content_documents`.
// Bodies are written by the seed (server/content/seed.ts) and parsed again when read, so a row
// that does not fit its kind is caught at the door rather than sent to the app.

export const DOCUMENT_KINDS = {
  page: 'page',
  footer: 'footer',
  seo: 'seo',
  termsVersions: 'terms-versions',
  signup: 'signup',
} as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[keyof typeof DOCUMENT_KINDS];

/** Documents that exist once per market and language use this key. */
export const SINGLE_DOCUMENT_KEY = 'default';

export const pageBodySchema = v.object({ title: v.string(), html: v.string(), seo: seoSchema });
export type PageBody = v.InferOutput<typeof pageBodySchema>;

/** The footer as stored: `copyright` keeps its {year} placeholder, filled in when served. */
export const footerBodySchema = footerSchema;
export type FooterBody = v.InferOutput<typeof footerBodySchema>;

export const seoBodySchema = seoDescriptionsSchema;
export const termsVersionsBodySchema = termsVersionsSchema;
/** The sign-up page's bonus CTA panel, stored as served (its {amount} already filled per market). */
export const signupBodySchema = signupPageSchema;

export interface StoredDocument<TBody> {
  body: TBody;
  updatedAt: Date;
}

/** One document of a scope, its body parsed with `schema`; null when there is none. */
export async function findDocument<TSchema extends v.GenericSchema>(
  db: Kysely<Database>,
  scope: ContentScope,
  kind: DocumentKind,
  key: string,
  schema: TSchema,
): Promise<StoredDocument<v.InferOutput<TSchema>> | null> {
  const row = await findDocumentRow(db, scope, kind, key);
  if (!row) return null;
  return { body: v.parse(schema, row.body), updatedAt: new Date(row.updated_at) };
}

/** A static page, its CMS HTML sanitised (server/content/sanitize.ts): no reader gets it raw. */
export async function findPage(db: Kysely<Database>, scope: ContentScope, id: StaticPageId): Promise<StoredDocument<PageBody> | null> {
  const page = await findDocument(db, scope, DOCUMENT_KINDS.page, id, pageBodySchema);
  if (!page) return null;
  const version = `${String(scope.siteId)}/${scope.market}/${scope.language}/${id}@${page.updatedAt.toISOString()}`;
  return { ...page, body: { ...page.body, html: await sanitizedPageHtml(version, page.body.html) } };
}

export async function countDocuments(db: Kysely<Database>): Promise<number> {
  return countContentDocuments(db);
}
