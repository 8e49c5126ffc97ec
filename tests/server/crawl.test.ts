import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JSDOM } from 'jsdom';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENABLED_MARKETS, formatLangMarket, MARKETS, type LangMarket } from '../../machines/lib/markets';
import { staticPageSchema } from '../../src/api/content';
import { hreflangFor, isPatternPage, SITE_PAGES, siteLangMarkets, sitePagePath, X_DEFAULT_LANGMARKET } from '../../src/api/sitePages';
import { escapeXml, renderUrlSet } from '../../server/services/sitemap';
import { json, startTestPlatform, tempDir, useTestPlatform, type TestPlatform } from './helpers/platform';

// Crawlers (issue 10 "Fast and findable"): robots.txt names the sitemap index, the index names one
// sitemap per enabled market, and each market's sitemap lists every indexable page of the page table
// (src/api/sitePages.ts) in each of the market's languages, with its hreflang alternates in every
// market and language and x-default, and a content page's document date as <lastmod>.

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NS = 'http://www.w3.org/1999/xhtml';
/** app.request('/path') is a request to http://localhost. */
const REQUEST_ORIGIN = 'http://localhost';

interface ParsedUrl {
  loc: string;
  lastmod: string | null;
  alternates: { hreflang: string; href: string }[];
}

/** Parses strictly (jsdom's XML parser throws on malformed XML) and reads the sitemap's urls. */
function parseUrlSet(xml: string): ParsedUrl[] {
  const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(document.documentElement.localName).toBe('urlset');
  expect(document.documentElement.namespaceURI).toBe(SITEMAP_NS);
  return [...document.getElementsByTagNameNS(SITEMAP_NS, 'url')].map((url) => ({
    loc: url.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent ?? '',
    lastmod: url.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
    alternates: [...url.getElementsByTagNameNS(XHTML_NS, 'link')].map((link) => {
      expect(link.getAttribute('rel')).toBe('alternate');
      return { hreflang: link.getAttribute('hreflang') ?? '', href: link.getAttribute('href') ?? '' };
    }),
  }));
}

function parseIndex(xml: string): { loc: string; lastmod: string | null }[] {
  const document = new JSDOM(xml, { contentType: 'application/xml' }).window.document;
  expect(document.documentElement.localName).toBe('sitemapindex');
  expect(document.documentElement.namespaceURI).toBe(SITEMAP_NS);
  return [...document.getElementsByTagNameNS(SITEMAP_NS, 'sitemap')].map((sitemap) => ({
    loc: sitemap.getElementsByTagNameNS(SITEMAP_NS, 'loc')[0]?.textContent ?? '',
    lastmod: sitemap.getElementsByTagNameNS(SITEMAP_NS, 'lastmod')[0]?.textContent ?? null,
  }));
}

/** The {langmarket} and the page path of a sitemap URL. */
function pathOf(loc: string): { langmarket: string; path: string } {
  const [, langmarket = '', ...rest] = new URL(loc).pathname.split('/');
  return { langmarket, path: rest.length === 0 ? '' : `/${rest.join('/')}` };
}

// Pattern pages (a category, a game: `$categoryId`) have no one path a sitemap could list.
const INDEXABLE = SITE_PAGES.filter((page) => page.index && !isPatternPage(page));
const NOT_INDEXABLE = SITE_PAGES.filter((page) => !page.index && !isPatternPage(page));
const url = (origin: string, langMarket: LangMarket, page: { path: string }) => `${origin}${sitePagePath(langMarket, page)}`;

/** Every alternate a page has when it exists everywhere: each market and language, and x-default. */
function allAlternates(origin: string, page: { path: string }) {
  return [
    ...siteLangMarkets().map((langMarket) => ({ hreflang: hreflangFor(langMarket), href: url(origin, langMarket, page) })),
    { hreflang: 'x-default', href: url(origin, X_DEFAULT_LANGMARKET, page) },
  ];
}

const env = useTestPlatform();

async function sitemapOf(market: string, on = env.app): Promise<ParsedUrl[]> {
  const response = await on.request(`/sitemaps/${market}.xml`);
  expect(response.status, market).toBe(200);
  expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
  return parseUrlSet(await response.text());
}

describe('GET /robots.txt', () => {
  it('allows the site, keeps crawlers out of the API and names the sitemap index by its absolute URL', async () => {
    const response = await env.app.request('/robots.txt');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await response.text()).split('\n').map((line) => line.trim());
    expect(lines).toContain('User-agent: *');
    expect(lines).toContain('Allow: /');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain(`Sitemap: ${REQUEST_ORIGIN}/sitemap.xml`);
    // A noindex page must stay crawlable, or crawlers never read its noindex.
    expect(lines.filter((line) => line.startsWith('Disallow:'))).toEqual(['Disallow: /api/']);
  });

  it('uses the request origin when SITE_URL is unset', async () => {
    const response = await env.app.request('https://play.example.org/robots.txt');
    expect(await response.text()).toContain('Sitemap: https://play.example.org/sitemap.xml');
  });
});

describe('GET /sitemap.xml', () => {
  it('is a sitemap index with one sitemap per enabled market, each dated', async () => {
    const response = await env.app.request('/sitemap.xml');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    const sitemaps = parseIndex(await response.text());
    expect(sitemaps.map((sitemap) => sitemap.loc)).toEqual(ENABLED_MARKETS.map((market) => `${REQUEST_ORIGIN}/sitemaps/${market.id}.xml`));
    expect(sitemaps.map((sitemap) => sitemap.loc)).not.toContain(`${REQUEST_ORIGIN}/sitemaps/JP.xml`);
    for (const sitemap of sitemaps) expect(Number.isNaN(Date.parse(sitemap.lastmod ?? '')), sitemap.loc).toBe(false);
  });

  it('names only sitemaps that answer', async () => {
    const sitemaps = parseIndex(await (await env.app.request('/sitemap.xml')).text());
    for (const { loc } of sitemaps) {
      const response = await env.app.request(loc);
      expect(response.status, loc).toBe(200);
    }
  });
});

describe('GET /sitemaps/{market}.xml', () => {
  it('lists each indexable page in each language of the market, with every alternate and x-default', async () => {
    const urls = await sitemapOf('FI');
    const expected = INDEXABLE.flatMap((page) =>
      MARKETS.FI.languages.map((language) => url(REQUEST_ORIGIN, { language, market: 'FI' }, page)),
    );
    expect(urls.map((entry) => entry.loc).sort()).toEqual(expected.sort());
    for (const entry of urls) {
      const page = INDEXABLE.find((candidate) => candidate.path === pathOf(entry.loc).path);
      expect(page, entry.loc).toBeDefined();
      expect(entry.alternates, entry.loc).toEqual(allAlternates(REQUEST_ORIGIN, page!));
      // The page itself is among its alternates (hreflang needs the self reference), each hreflang once.
      expect(entry.alternates.map((alternate) => alternate.href)).toContain(entry.loc);
      expect(new Set(entry.alternates.map((alternate) => alternate.hreflang)).size).toBe(entry.alternates.length);
    }
    const terms = urls.find((entry) => entry.loc === `${REQUEST_ORIGIN}/fi-FI/terms`);
    expect(terms?.alternates).toContainEqual({ hreflang: 'fi-FI', href: `${REQUEST_ORIGIN}/fi-FI/terms` });
    expect(terms?.alternates).toContainEqual({ hreflang: 'fi', href: `${REQUEST_ORIGIN}/fi-UN/terms` });
    expect(terms?.alternates).toContainEqual({ hreflang: 'x-default', href: `${REQUEST_ORIGIN}/en-UN/terms` });
  });

  it('covers every enabled market and language, and no page search engines must not index', async () => {
    const noindexPaths = NOT_INDEXABLE.map((page) => page.path);
    expect(noindexPaths).toEqual(expect.arrayContaining(['/401', '/my-account/account', '/signup/callback', '/unlock', '/accept-terms-condition']));
    for (const market of ENABLED_MARKETS) {
      const urls = await sitemapOf(market.id);
      expect(urls).toHaveLength(INDEXABLE.length * market.languages.length);
      for (const entry of urls) {
        const { langmarket, path } = pathOf(entry.loc);
        expect(market.languages.map((language) => formatLangMarket({ language, market: market.id })), entry.loc).toContain(langmarket);
        expect(noindexPaths, entry.loc).not.toContain(path);
      }
    }
  });

  it('dates each content page with its document, and no other page', async () => {
    const urls = await sitemapOf('CA');
    for (const page of INDEXABLE) {
      const entry = urls.find((candidate) => candidate.loc === url(REQUEST_ORIGIN, { language: 'caf', market: 'CA' }, page));
      expect(entry, page.path).toBeDefined();
      if (page.head.kind === 'content') {
        const document = v.parse(staticPageSchema, await json(await env.app.request(`/api/content/CA/caf/pages/${page.head.pageId}`)));
        expect(Date.parse(entry!.lastmod ?? ''), page.path).toBe(Math.floor(Date.parse(document.updatedAt) / 1000) * 1000);
        expect(entry!.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
      } else {
        expect(entry!.lastmod, page.path).toBeNull();
      }
    }
  });

  it('is a 404 for an unknown, disabled or misspelt market', async () => {
    for (const path of ['/sitemaps/XX.xml', '/sitemaps/JP.xml', '/sitemaps/fi.xml', '/sitemaps/FI.txt', '/sitemaps/FI', '/sitemaps/FIN.xml']) {
      const response = await env.app.request(path);
      expect(response.status, path).toBe(404);
      expect(response.headers.get('content-type'), path).not.toMatch(/xml/);
    }
  });
});

describe('SITE_URL', () => {
  it('is the origin of every URL in robots.txt and the sitemaps, whatever the request says', async () => {
    const site = env.platform.app({ siteUrl: 'https://www.example.com' });
    const robots = await (await site.request('https://attacker.example/robots.txt')).text();
    expect(robots).toContain('Sitemap: https://www.example.com/sitemap.xml');
    const index = parseIndex(await (await site.request('https://attacker.example/sitemap.xml')).text());
    expect(index.every((sitemap) => sitemap.loc.startsWith('https://www.example.com/sitemaps/'))).toBe(true);
    const urls = await sitemapOf('UN', site);
    expect(urls.length).toBeGreaterThan(0);
    for (const entry of urls) {
      expect(entry.loc.startsWith('https://www.example.com/')).toBe(true);
      expect(entry.alternates.every((alternate) => alternate.href.startsWith('https://www.example.com/'))).toBe(true);
    }
  });
});

describe('with the built app', () => {
  it('answers robots.txt and the sitemaps itself, not the history fallback', async () => {
    const dist = await tempDir('crawl-dist-');
    try {
      await writeFile(join(dist.path, 'index.html'), '<!doctype html><html><head></head><body>app</body></html>');
      const served = env.platform.app({ staticDir: dist.path });
      expect(await (await served.request('/robots.txt')).text()).toContain('Disallow: /api/');
      expect((await served.request('/sitemap.xml')).headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect((await served.request('/sitemaps/FI.xml')).headers.get('content-type')).toBe('application/xml; charset=utf-8');
      expect((await served.request('/sitemaps/XX.xml')).status).toBe(404);
      // Other paths still reach the app.
      expect(await (await served.request('/fi-FI/terms')).text()).toContain('app');
    } finally {
      await dist.remove();
    }
  });
});

describe('a content page missing in one market and language', () => {
  let partial: TestPlatform;
  const CHANGED_AT = new Date('2030-01-02T03:04:05Z');

  beforeAll(async () => {
    partial = await startTestPlatform();
    const { db } = partial.database;
    await db
      .deleteFrom('content_documents')
      .where('market', '=', 'FI')
      .where('language', '=', 'en')
      .where('kind', '=', 'page')
      .where('key', '=', 'cookies_policy')
      .execute();
    await db
      .updateTable('content_documents')
      .set({ updated_at: CHANGED_AT })
      .where('market', '=', 'FI')
      .where('language', '=', 'fi')
      .where('kind', '=', 'page')
      .where('key', '=', 'terms_and_conditions')
      .execute();
  });
  afterAll(async () => {
    await partial.close();
  });

  it('is not listed there, nor named as an alternate there, and is listed everywhere else', async () => {
    const cookies = SITE_PAGES.find((page) => page.path === '/cookie-policy')!;
    const missing = url(REQUEST_ORIGIN, { language: 'en', market: 'FI' }, cookies);
    const fi = await sitemapOf('FI', partial.app());
    expect(fi.map((entry) => entry.loc)).not.toContain(missing);
    const present = fi.find((entry) => entry.loc === url(REQUEST_ORIGIN, { language: 'fi', market: 'FI' }, cookies));
    expect(present?.alternates.map((alternate) => alternate.href)).not.toContain(missing);
    expect(present?.alternates).toHaveLength(allAlternates(REQUEST_ORIGIN, cookies).length - 1);
    // Other markets name the pages that exist as alternates, and not the missing one.
    const un = await sitemapOf('UN', partial.app());
    const unCookies = un.find((entry) => entry.loc === url(REQUEST_ORIGIN, { language: 'en', market: 'UN' }, cookies));
    expect(unCookies?.alternates.map((alternate) => alternate.href)).not.toContain(missing);
    expect(unCookies?.alternates.map((alternate) => alternate.href)).toContain(url(REQUEST_ORIGIN, { language: 'fi', market: 'FI' }, cookies));
  });

  it('dates a page by its own document', async () => {
    const fi = await sitemapOf('FI', partial.app());
    const terms = fi.find((entry) => entry.loc === `${REQUEST_ORIGIN}/fi-FI/terms`);
    expect(terms?.lastmod).toBe('2030-01-02T03:04:05Z');
  });
});

describe('the XML', () => {
  it('escapes what XML reserves', () => {
    expect(escapeXml(`a&b<c>"d'`)).toBe('a&#38;b&#60;c&#62;&#34;d&#39;');
    const xml = renderUrlSet([
      { loc: 'https://x.example/a?b=1&c=<2>', lastmod: undefined, alternates: [{ hreflang: 'x-"default"', href: "https://x.example/'q'" }] },
    ]);
    expect(parseUrlSet(xml)).toEqual([
      { loc: 'https://x.example/a?b=1&c=<2>', lastmod: null, alternates: [{ hreflang: 'x-"default"', href: "https://x.example/'q'" }] },
    ]);
  });
});
