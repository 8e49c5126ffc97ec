import { readFile, stat } from 'node:fs/promises';
import type { Context, MiddlewareHandler } from 'hono';
import { getCookie } from 'hono/cookie';
import type { Kysely } from 'kysely';
import { formatLangMarket, intlLocaleFor, type LangMarket, type MarketCode } from '../../machines/lib/markets';
import type { MarketRgRules } from '../../machines/lib/responsibleGambling';
import { pageAlternates, resolveSitePath, sitePagePath, type SitePage } from '../../src/api/sitePages';
import { CONSENT_GIVEN_COOKIE, CONSENT_GIVEN_VALUE, FIRST_PAINT_ATTRIBUTE, FIRST_PAINT_DATA_ID } from '../../src/api/firstPaint';
import type { PrerenderData, PrerenderInput } from '../../src/app/prerender';
import { escapeHtml } from '../content/terms';
import type { Database } from '../db/schema';
import { loadPageContent, type PageContent } from '../services/pages';
import { boxesFor, lobbyContent } from '../services/catalog';
import { LOBBY_PATHS, LOBBY_TYPES } from '../../machines/lib/games';
import { BRAND_NAME } from '../../machines/lib/brand';
import { encodeVariants, sendEncoded, type EncodedVariants } from './encoding';
import { isApiPath, injectApiBaseUrl, REVALIDATE } from './static';

// Every page of the site answered by the platform (issue 10): the status the router would give
// (302 to a valid {langmarket}, 200 for a page, 404 for a path no route knows), and the app's
// index.html with the page's head (title, description, canonical, hreflang alternates, robots)
// and its first paint already in it, in the route's language: the shell, rendered by the app's
// own components (src/app/prerender.tsx, built into dist-ssr/), with the one stylesheet inlined.
// The app then takes the page over (src/app/start.tsx). Pages are cached per path for PAGE_CACHE_MS. In maintenance every page
// is the maintenance page (503, Retry-After).

export interface PageRenderer {
  renderPage(input: PrerenderInput): Promise<string>;
}

export interface PagesOptions {
  db: Kysely<Database>;
  staticDir: string;
  clock: () => Date;
  /** The first-paint renderer (dist-ssr/prerender.js); without it pages carry their head only. */
  renderer: PageRenderer | null;
  apiBaseUrl?: string | undefined;
  platformMode?: string | undefined;
  /** SITE_URL: the origin of canonical and alternate links; the request's origin when unset. */
  siteUrl?: string | undefined;
  /** Whether the platform is in maintenance (its settings): every page is the maintenance page. */
  maintenance?: () => Promise<boolean>;
  /**
   * A market's compliance rules (issue 13; its settings' marketRules): the first paint draws the
   * Swedish badges where they apply and carries the rules to the app. Without it, none are painted.
   */
  rgRules?: (market: MarketCode) => Promise<MarketRgRules>;
}

/** How long a crawler is asked to wait before it comes back during maintenance (RFC 9110 Retry-After). */
export const MAINTENANCE_RETRY_AFTER_S = 600;

/** How long a rendered page is reused before its content is read again. */
export const PAGE_CACHE_MS = 60_000;
const PAGE_CACHE_ENTRIES_MAX = 1_000;

/** A page path has no file extension in its last segment; files are the static app's. */
function isPagePath(path: string): boolean {
  const last = path.slice(path.lastIndexOf('/') + 1);
  return !isApiPath(path) && !last.includes('.');
}

/**
 * A lobby page's first rows (issue 12): the lobby as a phone asks for it (the mobile channel: most
 * players come on a phone, and a desktop's app asks for its own) and a visitor's boxes, from the
 * catalog in memory. Null for every other page.
 */
function lobbyPaintData(langMarket: LangMarket, page: SitePage | null, deps: { db: Kysely<Database>; clock: () => Date }): PrerenderData['lobby'] {
  const lobby = LOBBY_TYPES.find((type) => page?.path === LOBBY_PATHS[type]);
  if (lobby === undefined) return null;
  const scope = { market: langMarket.market, language: langMarket.language };
  return {
    channel: 'mobile',
    response: lobbyContent(scope, lobby, 'mobile'),
    boxes: boxesFor(deps, scope, lobby, { authorized: false, playerId: null, depositCount: null }),
  };
}

/** "Sign Up – Aurora Play" → "Sign Up": a stand-in page's heading from its title. */
export function headingOf(title: string): string {
  const suffix = new RegExp(`\\s*[–—|-]\\s*${BRAND_NAME}\\s*$`);
  const heading = title.replace(suffix, '').trim();
  return heading === '' ? BRAND_NAME : heading;
}

/** The head tags of a page: title, description, robots, canonical and its alternates. */
export function pageHead(origin: string, langMarket: LangMarket, page: SitePage | null, content: Pick<PageContent, 'head'>): string {
  // The title and description are the app's once it runs (its pages render their own): marked so
  // that it removes these (src/app/firstPaint.ts); the links stay and follow its navigation.
  const tags = [`<title ${FIRST_PAINT_ATTRIBUTE}>${escapeHtml(content.head.title || BRAND_NAME)}</title>`];
  if (content.head.description !== '') tags.push(`<meta name="description" content="${escapeHtml(content.head.description)}" ${FIRST_PAINT_ATTRIBUTE}>`);
  if (page === null || !page.index) {
    tags.push('<meta name="robots" content="noindex">');
    return tags.join('\n    ');
  }
  tags.push(`<link rel="canonical" href="${escapeHtml(origin + sitePagePath(langMarket, page))}">`);
  for (const { hreflang, href } of pageAlternates(origin, page)) {
    tags.push(`<link rel="alternate" hreflang="${hreflang}" href="${escapeHtml(href)}">`);
  }
  return tags.join('\n    ');
}

/** The maintenance page's head: its title and description only (no page to point search engines at). */
function maintenanceHead(content: Pick<PageContent, 'head'>): string {
  const tags = [`<title ${FIRST_PAINT_ATTRIBUTE}>${escapeHtml(content.head.title || BRAND_NAME)}</title>`];
  if (content.head.description !== '') tags.push(`<meta name="description" content="${escapeHtml(content.head.description)}" ${FIRST_PAINT_ATTRIBUTE}>`);
  return tags.join('\n    ');
}

/** `<script type="application/json">` content: the data the app's first render reuses. */
function jsonForScript(data: unknown): string {
  return JSON.stringify(data).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}


/** public/app-boot.js: fetches the app's scripts once the first frame is painted. */
export const BOOT_SCRIPT = '/app-boot.js';

/**
 * The build's entry script and module preloads leave the head: the boot script starts them after
 * the first paint (public/app-boot.js), so no script is fetched before the page is on screen.
 */
export function startAfterFirstPaint(html: string): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/.exec(html);
  if (!entry?.[1]) return html;
  const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  let out = html.replace(entry[0], '');
  for (const [tag] of preloads) out = out.replace(tag, '');
  const hrefs = preloads.map(([, href]) => href ?? '').filter((href) => href !== '');
  const boot = `<script defer src="${BOOT_SCRIPT}" data-entry="${escapeHtml(entry[1])}" data-preload="${escapeHtml(hrefs.join(' '))}"></script>\n  `;
  return out.replace('</head>', () => `${boot}</head>`);
}

interface Template {
  mtimeMs: number;
  /** index.html with its stylesheet inlined and the platform's metas written in. */
  html: string;
}

interface CachedPage {
  at: number;
  status: 200 | 404 | 503;
  /** The HTML in each coding, compressed once (server/http/encoding.ts), answered from memory. */
  variants: EncodedVariants;
  index: boolean;
}

export function pagesApp(options: PagesOptions): MiddlewareHandler {
  const { db, staticDir, clock, renderer } = options;
  let template: Template | null = null;
  const cache = new Map<string, CachedPage>();

  const loadTemplate = async (): Promise<string> => {
    const path = `${staticDir}/index.html`;
    const { mtimeMs } = await stat(path);
    if (template?.mtimeMs !== mtimeMs) {
      let html = injectApiBaseUrl(await readFile(path, 'utf8'), options.apiBaseUrl, options.platformMode);
      // The one stylesheet (vite.config.ts: cssCodeSplit off) goes inline: nothing blocks the paint.
      const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g)];
      for (const [tag, href] of links) {
        const css = await readFile(`${staticDir}${href ?? ''}`, 'utf8');
        html = html.replace(tag, () => `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`);
      }
      html = startAfterFirstPaint(html);
      template = { mtimeMs, html };
    }
    return template.html;
  };

  const render = async (
    c: Context,
    langMarket: LangMarket,
    page: SitePage | null,
    pathname: string,
    consentGiven: boolean,
    maintenance: boolean,
  ): Promise<CachedPage> => {
    const base = await loadTemplate();
    const content = await loadPageContent(db, langMarket, page, clock());
    if (maintenance) {
      // The maintenance screen's own title and description (the SEO document's 'maintenance' entry).
      const screen = content.seo?.entries.maintenance;
      if (screen) content.head = screen;
    }
    const origin = options.siteUrl ?? new URL(c.req.url).origin;
    const data: PrerenderData = {
      footer: content.footer,
      seo: content.seo,
      page: content.page,
      lobby: lobbyPaintData(langMarket, page, { db, clock }),
      rgRules: options.rgRules === undefined ? null : await options.rgRules(langMarket.market),
    };
    let root = '';
    if (renderer) {
      root = await renderer.renderPage({
        pathname,
        langMarket,
        page,
        heading: headingOf(content.head.title),
        intro: content.head.description,
        data,
        // Only players reach these: the header waits for the app instead of offering "Log in".
        maybePlayer: page?.loginRequired === true,
        // A visitor who has not answered the cookie notice sees it in the first paint already.
        cookieNotice: !consentGiven,
        maintenance,
      });
    }
    const html = base
      .replace(/<html[^>]*>/, `<html lang="${escapeHtml(intlLocaleFor(langMarket))}">`)
      .replace(/<title>[^<]*<\/title>/, () => (maintenance ? maintenanceHead(content) : pageHead(origin, langMarket, page, content)))
      .replace(
        '<div id="root"></div>',
        () =>
          // index.html hides its loader with `#root:not(:empty) + .boot-loader`: nothing between them.
          `<div id="root" ${FIRST_PAINT_ATTRIBUTE}>${root}</div>`,
      )
      // The paint's data last: the browser paints #root before it reads the JSON (a lobby's is large).
      .replace(
        '</body>',
        () => `  <script type="application/json" id="${FIRST_PAINT_DATA_ID}">${jsonForScript({ langmarket: formatLangMarket(langMarket), ...data })}</script>\n  </body>`,
      );
    const status = maintenance ? 503 : page === null ? 404 : 200;
    return { at: Date.now(), status, variants: encodeVariants(html), index: !maintenance && page?.index === true };
  };

  return async (c, next) => {
    const { method, path } = c.req;
    if ((method !== 'GET' && method !== 'HEAD') || !isPagePath(path)) return next();
    const resolved = resolveSitePath(path);
    if (resolved.kind === 'redirect') {
      const query = new URL(c.req.url).search;
      return c.redirect(`${resolved.location}${query}`, 302);
    }
    const page = resolved.kind === 'page' ? resolved.page : null;
    const consentGiven = getCookie(c, CONSENT_GIVEN_COOKIE) === CONSENT_GIVEN_VALUE;
    const maintenance = (await options.maintenance?.()) === true;
    // In maintenance every path of a langmarket is the same page: one entry per langmarket.
    const key = maintenance ? `maintenance ${formatLangMarket(resolved.langMarket)}` : `${consentGiven ? 'answered' : 'notice'} ${path}`;
    let entry = cache.get(key);
    if (!entry || Date.now() - entry.at > PAGE_CACHE_MS) {
      try {
        entry = await render(c, resolved.langMarket, page, path, consentGiven, maintenance);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return c.text('The app is not built: run `npm run build` (or `npm start`).', 404);
        throw error;
      }
      if (cache.size >= PAGE_CACHE_ENTRIES_MAX) cache.clear();
      // A not-found page is cached under its own path only while few are: strangers choose those paths.
      if (entry.status === 200 || cache.size < PAGE_CACHE_ENTRIES_MAX / 2) cache.set(key, entry);
    }
    if (entry.status === 503) {
      // Crawlers keep the pages they have and come back later; nobody keeps this answer.
      const response = sendEncoded(c, entry.variants, { contentType: 'text/html; charset=utf-8', cacheControl: 'no-store', status: 503 });
      response.headers.set('Retry-After', String(MAINTENANCE_RETRY_AFTER_S));
      return response;
    }
    const response = sendEncoded(c, entry.variants, { contentType: 'text/html; charset=utf-8', cacheControl: REVALIDATE, status: entry.status });
    if (!entry.index) response.headers.set('X-Robots-Tag', 'noindex');
    return response;
  };
}
