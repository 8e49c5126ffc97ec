import type { Kysely } from 'kysely';
import { DEFAULT_SITE_ID } from '../../machines/lib/constants';
import { ENABLED_MARKETS, isMarketCode, MARKETS, type LangMarket, type Market } from '../../machines/lib/markets';
import { hreflangFor, isPatternPage, SITE_PAGES, siteLangMarkets, sitePagePath, X_DEFAULT_LANGMARKET, type SitePage } from '../../src/api/sitePages';
import type { Database } from '../db/schema';
import { listPageDocumentDates } from '../repositories/content-documents';
import { DOCUMENT_KINDS } from '../content/documents';

// What search engines read (issue 10 "Fast and findable"): robots.txt and the sitemaps, generated
// from the site's page table (src/api/sitePages.ts) and the content documents. `/sitemap.xml` is
// an index of one sitemap per enabled market (`/sitemaps/FI.xml`); each lists every indexable page
// in each language of the market, with its alternates in every market and language (hreflang) and
// the en-UN page as x-default. A content page is listed only where its document exists, with the
// document's date as <lastmod>; the other pages have no date (their content is not one document).

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';

export const SITEMAP_INDEX_PATH = '/sitemap.xml';
export const marketSitemapPath = (market: Market['id']): string => `/sitemaps/${market}.xml`;

/** When each content page document was last changed, per `{market}/{language}/{pageId}`. */
export type ContentDates = ReadonlyMap<string, Date>;

const dateKey = (scope: { market: string; language: string }, pageId: string): string => `${scope.market}/${scope.language}/${pageId}`;

/** A page's absolute address in a market and language: `https://www.example.com/fi-FI/terms`. */
export const pageUrl = (origin: string, langMarket: LangMarket, page: Pick<SitePage, 'path'>): string =>
  `${origin}${sitePagePath(langMarket, page)}`;

export interface SitemapUrl {
  loc: string;
  lastmod: Date | undefined;
  alternates: readonly { hreflang: string; href: string }[];
}

// ------------------------------------------------------------------------------ pure builders

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${String(char.charCodeAt(0))};`);
}

/** W3C datetime, to the second. */
function w3cDate(date: Date): string {
  return date.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Whether the page exists in a market and language, and its date there when it is a content page. */
function presence(page: SitePage, langMarket: LangMarket, dates: ContentDates): { exists: boolean; lastmod: Date | undefined } {
  if (page.head.kind !== 'content') return { exists: true, lastmod: undefined };
  const lastmod = dates.get(dateKey(langMarket, page.head.pageId));
  return { exists: lastmod !== undefined, lastmod };
}

/** The hreflang alternates of a page: every market and language it exists in, and x-default. */
export function alternatesOf(page: SitePage, origin: string, dates: ContentDates): SitemapUrl['alternates'] {
  const alternates = siteLangMarkets()
    .filter((langMarket) => presence(page, langMarket, dates).exists)
    .map((langMarket) => ({ hreflang: hreflangFor(langMarket), href: pageUrl(origin, langMarket, page) }));
  if (presence(page, X_DEFAULT_LANGMARKET, dates).exists) {
    alternates.push({ hreflang: 'x-default', href: pageUrl(origin, X_DEFAULT_LANGMARKET, page) });
  }
  return alternates;
}

/** Every indexable page of a market, in each of its languages where the page exists. */
export function marketSitemapUrls(market: Market, origin: string, dates: ContentDates): SitemapUrl[] {
  // Pattern pages (a category, a game) have no one path to list.
  return SITE_PAGES.filter((page) => page.index && !isPatternPage(page)).flatMap((page) => {
    const alternates = alternatesOf(page, origin, dates);
    return market.languages.flatMap((language) => {
      const langMarket: LangMarket = { language, market: market.id };
      const { exists, lastmod } = presence(page, langMarket, dates);
      return exists ? [{ loc: pageUrl(origin, langMarket, page), lastmod, alternates }] : [];
    });
  });
}

export function renderUrlSet(urls: readonly SitemapUrl[]): string {
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<urlset xmlns="${SITEMAP_NS}" xmlns:xhtml="${XHTML_NS}">`];
  for (const url of urls) {
    lines.push('  <url>', `    <loc>${escapeXml(url.loc)}</loc>`);
    if (url.lastmod) lines.push(`    <lastmod>${w3cDate(url.lastmod)}</lastmod>`);
    for (const { hreflang, href } of url.alternates) {
      lines.push(`    <xhtml:link rel="alternate" hreflang="${escapeXml(hreflang)}" href="${escapeXml(href)}"/>`);
    }
    lines.push('  </url>');
  }
  lines.push('</urlset>', '');
  return lines.join('\n');
}

/** The sitemap index: one sitemap per enabled market, dated by its newest content document. */
export function renderSitemapIndex(origin: string, dates: ContentDates): string {
  const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<sitemapindex xmlns="${SITEMAP_NS}">`];
  for (const market of ENABLED_MARKETS) {
    const newest = newestOf(market, dates);
    lines.push('  <sitemap>', `    <loc>${escapeXml(`${origin}${marketSitemapPath(market.id)}`)}</loc>`);
    if (newest) lines.push(`    <lastmod>${w3cDate(newest)}</lastmod>`);
    lines.push('  </sitemap>');
  }
  lines.push('</sitemapindex>', '');
  return lines.join('\n');
}

function newestOf(market: Market, dates: ContentDates): Date | undefined {
  let newest: Date | undefined;
  for (const [key, date] of dates) {
    if (key.startsWith(`${market.id}/`) && (newest === undefined || date > newest)) newest = date;
  }
  return newest;
}

/** robots.txt: the whole site may be crawled except the API; the sitemap index by its absolute URL. */
export function renderRobotsTxt(origin: string): string {
  return ['User-agent: *', 'Allow: /', 'Disallow: /api/', '', `Sitemap: ${origin}${SITEMAP_INDEX_PATH}`, ''].join('\n');
}

/** The enabled market a sitemap file name (`FI.xml`) names, or null. */
export function marketOfSitemapFile(file: string): Market | null {
  const match = /^([A-Z]{2})\.xml$/.exec(file);
  const code = match?.[1];
  if (code === undefined || !isMarketCode(code)) return null;
  const market = MARKETS[code];
  return market.enabled ? market : null;
}

// ------------------------------------------------------------------------------ with the database

export async function loadContentDates(db: Kysely<Database>, siteId: number = DEFAULT_SITE_ID): Promise<ContentDates> {
  const rows = await listPageDocumentDates(db, siteId, DOCUMENT_KINDS.page);
  return new Map(rows.map((row) => [dateKey(row, row.pageId), row.updatedAt]));
}

export interface SitemapService {
  robotsTxt: (origin: string) => string;
  sitemapIndex: (origin: string) => Promise<string>;
  /** A market's sitemap by its file name (`FI.xml`); null for an unknown or disabled market. */
  marketSitemap: (file: string, origin: string) => Promise<string | null>;
}

export function createSitemapService(db: Kysely<Database>, siteId: number = DEFAULT_SITE_ID): SitemapService {
  return {
    robotsTxt: renderRobotsTxt,
    sitemapIndex: async (origin) => renderSitemapIndex(origin, await loadContentDates(db, siteId)),
    marketSitemap: async (file, origin) => {
      const market = marketOfSitemapFile(file);
      if (market === null) return null;
      return renderUrlSet(marketSitemapUrls(market, origin, await loadContentDates(db, siteId)));
    },
  };
}
