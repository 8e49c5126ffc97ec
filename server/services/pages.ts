import type { Kysely } from 'kysely';
import { DEFAULT_SITE_ID } from '../../machines/lib/constants';
import type { LangMarket } from '../../machines/lib/markets';
import type { Footer, Seo, SeoDescriptions, StaticPage } from '../../src/api/content';
import type { SitePage } from '../../src/api/sitePages';
import { DOCUMENT_KINDS, findDocument, findPage, footerBodySchema, seoBodySchema, SINGLE_DOCUMENT_KEY } from '../content/documents';
import { footerWithYear } from '../content/seed';
import type { Database } from '../db/schema';

// What the platform knows of a page before the app runs (issue 10): its title and description for
// the head, and the content documents its first paint shows (footer, SEO texts, a static page),
// read from the content service in the route's market and language.

export interface PageContent {
  /** The page's <title> and meta description. */
  head: Seo;
  footer: Footer | null;
  seo: SeoDescriptions | null;
  page: StaticPage | null;
  /** When the newest of these documents changed: the page's Last-Modified and part of its ETag. */
  updatedAt: Date | null;
}

const newest = (dates: readonly (Date | null | undefined)[]): Date | null =>
  dates.reduce<Date | null>((latest, date) => (date && (!latest || date > latest) ? date : latest), null);

/** Reads the documents of `page` (null: the not-found page) in a market and language. */
export async function loadPageContent(
  db: Kysely<Database>,
  langMarket: LangMarket,
  page: SitePage | null,
  now: Date,
): Promise<PageContent> {
  const scope = { siteId: DEFAULT_SITE_ID, ...langMarket };
  // A static page is the page itself, or the help text a page shows beside its screen.
  const pageId = page?.head.kind === 'content' ? page.head.pageId : (page?.helpPageId ?? null);
  const [footerDoc, seoDoc, pageDoc] = await Promise.all([
    findDocument(db, scope, DOCUMENT_KINDS.footer, SINGLE_DOCUMENT_KEY, footerBodySchema),
    findDocument(db, scope, DOCUMENT_KINDS.seo, SINGLE_DOCUMENT_KEY, seoBodySchema),
    pageId === null ? Promise.resolve(null) : findPage(db, scope, pageId),
  ]);
  const footer = footerDoc ? footerWithYear(footerDoc.body, now) : null;
  const staticPage: StaticPage | null =
    pageDoc && pageId !== null
      ? {
          id: pageId,
          market: langMarket.market,
          language: langMarket.language,
          title: pageDoc.body.title,
          html: pageDoc.body.html,
          seo: pageDoc.body.seo,
          updatedAt: pageDoc.updatedAt.toISOString(),
        }
      : null;
  const entries = seoDoc?.body.entries ?? {};
  const seoEntry = page === null ? entries.notFound : page.head.kind === 'seo' ? entries[page.head.entry] : undefined;
  const ownPage = page?.head.kind === 'content' ? staticPage : null;
  const head: Seo = ownPage?.seo ?? seoEntry ?? entries.home ?? { title: '', description: '' };
  return {
    head,
    footer,
    seo: seoDoc?.body ?? null,
    page: staticPage,
    updatedAt: newest([footerDoc?.updatedAt, seoDoc?.updatedAt, pageDoc?.updatedAt]),
  };
}
