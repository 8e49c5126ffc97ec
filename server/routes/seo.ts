import { Hono, type Context } from 'hono';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { createSitemapService, SITEMAP_INDEX_PATH } from '../services/sitemap';

// What crawlers fetch at the site's root (issue 10): /robots.txt, the sitemap index /sitemap.xml
// and one sitemap per market, /sitemaps/{market}.xml (server/services/sitemap.ts builds them).
// Mounted before the static app, whose history fallback would answer index.html for them.

export interface SeoRoutesOptions {
  db: Kysely<Database>;
  /** SITE_URL: the origin the absolute URLs carry; the request's own origin when unset. */
  siteUrl?: string | undefined;
}

const XML = 'application/xml; charset=utf-8';
/** Crawlers fetch these now and then; an hour keeps a CDN in front from asking on every hit. */
const CACHE = 'public, max-age=3600';

export function seoRoutes({ db, siteUrl }: SeoRoutesOptions): Hono {
  const routes = new Hono();
  const sitemaps = createSitemapService(db);
  const configured = siteUrl === undefined ? undefined : new URL(siteUrl).origin;
  const originOf = (c: Context): string => configured ?? new URL(c.req.url).origin;

  routes.get('/robots.txt', (c) => {
    c.header('Cache-Control', CACHE);
    return c.text(sitemaps.robotsTxt(originOf(c)));
  });

  routes.get(SITEMAP_INDEX_PATH, async (c) => {
    const xml = await sitemaps.sitemapIndex(originOf(c));
    return c.body(xml, 200, { 'Content-Type': XML, 'Cache-Control': CACHE });
  });

  // The file name, `FI.xml`, is read by the service: an unknown or disabled market is a 404.
  routes.get('/sitemaps/:file', async (c) => {
    const xml = await sitemaps.marketSitemap(c.req.param('file'), originOf(c));
    if (xml === null) return c.text('No sitemap for this market.', 404);
    return c.body(xml, 200, { 'Content-Type': XML, 'Cache-Control': CACHE });
  });

  return routes;
}
