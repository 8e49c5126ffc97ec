import { localeRedirect } from '../../machines/lib/localeRedirect';
import {
  DEFAULT_LANGMARKET,
  DEFAULT_LANGUAGE,
  DEFAULT_MARKET,
  ENABLED_MARKETS,
  formatLangMarket,
  intlLocaleFor,
  LANGUAGES,
  MARKETS,
  parseLangMarket,
  type LangMarket,
} from '../../machines/lib/markets';
import { STATIC_PAGE_PATHS, type RoutedStaticPageId, type StaticPageId } from './content';

// The site's pages, as data: every path below /{langmarket} that a route of src/routes/ answers,
// with what the platform needs to serve it before the JavaScript runs (issue 10): whether search
// engines may index it (and so whether the sitemap lists it), and where its title and description
// come from (a static page's own content document, or an entry of the market's SEO document).
// The router's route tree and this table are compared by tests/unit/sitePages.test.ts.

/** An entry of the content service's SEO document (`/content/{market}/{language}/seo`). */
export const SEO_ENTRY_IDS = [
  'home',
  'signup',
  'payAndPlay',
  'payAndPlayCallback',
  'resetPassword',
  'unlock',
  'acceptTerms',
  'myAccount',
  'banking',
  'deposit',
  'withdraw',
  'transactions',
  'gamblingLimits',
  'casino',
  'liveCasino',
  'game',
  'notFound',
] as const;
export type SeoEntryId = (typeof SEO_ENTRY_IDS)[number];

export type PageHead = { kind: 'content'; pageId: RoutedStaticPageId } | { kind: 'seo'; entry: SeoEntryId };

/** product.md §2 /reset-password: the content page shown beside the reset flow. */
export const RESET_PASSWORD_HELP_PAGE = 'page-reset-password' satisfies StaticPageId;

export interface SitePage {
  /**
   * The path below /{langmarket}: '' for the market's home, else '/terms', '/signup/pnp', ... A
   * segment `$name` takes any one segment (a category id, a game): such a pattern page is found with
   * the path asked for in its place (sitePageAt), and the sitemap leaves it out.
   */
  readonly path: string;
  /**
   * Search engines may index it and the sitemap lists it. Off for what only makes sense to a
   * player (behind login), a later step of a flow, and error or status pages (issue 10).
   */
  readonly index: boolean;
  /** Where the page's <title> and meta description come from. */
  readonly head: PageHead;
  /** The page needs a logged-in player (product.md §2 "Account area"); served to anyone, noindex. */
  readonly loginRequired?: boolean;
  /** A static page the page shows beside its own screen (its help text), in the first paint too. */
  readonly helpPageId?: StaticPageId;
}

const contentPage = (pageId: RoutedStaticPageId, index: boolean): SitePage => ({
  path: STATIC_PAGE_PATHS[pageId].path,
  index,
  head: { kind: 'content', pageId },
});

export const SITE_PAGES: readonly SitePage[] = [
  { path: '', index: true, head: { kind: 'seo', entry: 'home' } },
  { path: '/signup', index: true, head: { kind: 'seo', entry: 'signup' } },
  { path: '/signup/pnp', index: true, head: { kind: 'seo', entry: 'payAndPlay' } },
  // The bank's return: a later step of pay and play, never a landing page.
  { path: '/signup/callback', index: false, head: { kind: 'seo', entry: 'payAndPlayCallback' } },
  // product.md §2 /reset-password: the flow, with the content page 'page-reset-password' beside it.
  { path: '/reset-password', index: true, head: { kind: 'seo', entry: 'resetPassword' }, helpPageId: RESET_PASSWORD_HELP_PAGE },
  { path: '/unlock', index: false, head: { kind: 'seo', entry: 'unlock' } },
  { path: '/accept-terms-condition', index: false, head: { kind: 'seo', entry: 'acceptTerms' }, loginRequired: true },
  { path: '/my-account/account', index: false, head: { kind: 'seo', entry: 'myAccount' }, loginRequired: true },
  // product.md §2: the account's "verification" tab (issue 23), under the account page's title.
  { path: '/my-account/account/verification', index: false, head: { kind: 'seo', entry: 'myAccount' }, loginRequired: true },
  // product.md §2 /my-account/bonus-code (issue 24): a player's bonus code, under the account's title.
  { path: '/my-account/bonus-code', index: false, head: { kind: 'seo', entry: 'myAccount' }, loginRequired: true },
  // product.md §2: the banking tabs and the deposit modal (issue 11), a player's pages only.
  { path: '/my-account/banking', index: false, head: { kind: 'seo', entry: 'banking' }, loginRequired: true },
  { path: '/my-account/banking/deposit', index: false, head: { kind: 'seo', entry: 'deposit' }, loginRequired: true },
  { path: '/my-account/banking/withdraw', index: false, head: { kind: 'seo', entry: 'withdraw' }, loginRequired: true },
  { path: '/my-account/banking/transactions', index: false, head: { kind: 'seo', entry: 'transactions' }, loginRequired: true },
  { path: '/deposit', index: false, head: { kind: 'seo', entry: 'deposit' }, loginRequired: true },
  // product.md §2 /my-account/gambling-limits (issue 13): the player's limits and reality check.
  { path: '/my-account/gambling-limits', index: false, head: { kind: 'seo', entry: 'gamblingLimits' }, loginRequired: true },
  // product.md §2 /my-account/rewards and /rewards/active (issue 24): the bonus tabs, under the account's title.
  { path: '/my-account/rewards', index: false, head: { kind: 'seo', entry: 'myAccount' }, loginRequired: true },
  { path: '/my-account/rewards/active', index: false, head: { kind: 'seo', entry: 'myAccount' }, loginRequired: true },
  // Lobbies and games (issue 12; product.md §2 "Casino and live casino"). A category is a landing
  // page; a game page is the game itself (noindex); /play/{provider} without a game redirects.
  { path: '/online-casino', index: true, head: { kind: 'seo', entry: 'casino' } },
  { path: '/online-casino/$categoryId', index: true, head: { kind: 'seo', entry: 'casino' } },
  { path: '/online-casino/play/$provider', index: false, head: { kind: 'seo', entry: 'casino' } },
  { path: '/online-casino/play/$provider/$id', index: false, head: { kind: 'seo', entry: 'game' } },
  { path: '/live-casino-online', index: true, head: { kind: 'seo', entry: 'liveCasino' } },
  { path: '/live-casino-online/$categoryId', index: true, head: { kind: 'seo', entry: 'liveCasino' } },
  { path: '/live-casino-online/play/$provider', index: false, head: { kind: 'seo', entry: 'liveCasino' } },
  { path: '/live-casino-online/play/$provider/$id', index: false, head: { kind: 'seo', entry: 'game' } },
  { path: '/play/$gameSlug', index: false, head: { kind: 'seo', entry: 'game' } },
  contentPage('terms_and_conditions', true),
  contentPage('cookies_policy', true),
  contentPage('age_restrictions', true),
  contentPage('payment_methods', true),
  contentPage('bonus_terms', true),
  contentPage('casino_rules', true),
  contentPage('responsible_gambling', true),
  contentPage('page-closed-account', false),
  contentPage('page-error-401', false),
  contentPage('page-error-500', false),
];

/** A page whose path has a `$name` segment (a category, a game). */
export function isPatternPage(page: Pick<SitePage, 'path'>): boolean {
  return page.path.split('/').some((segment) => segment.startsWith('$'));
}

const BY_PATH: ReadonlyMap<string, SitePage> = new Map(SITE_PAGES.filter((page) => !isPatternPage(page)).map((page) => [page.path, page]));
const PATTERNS: readonly SitePage[] = SITE_PAGES.filter(isPatternPage);

/** Does `path` fit `pattern` segment by segment (`$name` takes one non-empty segment)? */
function fits(pattern: string, path: string): boolean {
  const want = pattern.split('/');
  const have = path.split('/');
  return want.length === have.length && want.every((segment, index) => (segment.startsWith('$') ? (have[index] ?? '') !== '' : segment === have[index]));
}

/**
 * The page at `path` below /{langmarket} ('' or '/' for home; a trailing slash is ignored): a page
 * of that exact path first (a static segment wins, as in the router), else a pattern page, given
 * back with the path asked for (its canonical and alternates are that path's).
 */
export function sitePageAt(path: string): SitePage | null {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  const wanted = trimmed === '/' ? '' : trimmed;
  const exact = BY_PATH.get(wanted);
  if (exact) return exact;
  const pattern = PATTERNS.find((page) => fits(page.path, wanted));
  return pattern ? { ...pattern, path: wanted } : null;
}

/** The full path of a page in a market and language: `/fi-FI/terms`, `/en-UN`. */
export function sitePagePath(langMarket: LangMarket, page: Pick<SitePage, 'path'>): string {
  return `/${formatLangMarket(langMarket)}${page.path}`;
}

/** Every market and language a page exists in (each enabled market, each of its languages). */
export function siteLangMarkets(): LangMarket[] {
  return ENABLED_MARKETS.flatMap((market) => market.languages.map((language) => ({ language, market: market.id })));
}

export type SitePathResolution =
  /** The locale guard's answer (product.md §2): not under a valid {langmarket}; search and hash are the caller's. */
  | { kind: 'redirect'; location: string }
  | { kind: 'page'; langMarket: LangMarket; page: SitePage }
  /** Under a valid {langmarket}, but no route knows the rest: the not-found page, HTTP 404. */
  | { kind: 'notFound'; langMarket: LangMarket };

/**
 * What the platform answers for a page path, the same way the app's router decides: the locale
 * guard first (machines/lib/localeRedirect.ts), then the page table.
 */
export function resolveSitePath(pathname: string): SitePathResolution {
  const redirect = localeRedirect(pathname);
  if (redirect !== null) return { kind: 'redirect', location: redirect };
  const [, first = '', ...rest] = pathname.split('/');
  // localeRedirect returned null: the first segment is a valid {langmarket}.
  const langMarket = parseLangMarket(first);
  if (langMarket === null) return { kind: 'redirect', location: `/${DEFAULT_LANGMARKET}` };
  const page = sitePageAt(rest.length === 0 ? '' : `/${rest.join('/')}`);
  return page === null ? { kind: 'notFound', langMarket } : { kind: 'page', langMarket, page };
}

/**
 * The `hreflang` of a page in a market and language (sitemap alternates and the page's
 * `<link rel="alternate">`), unique across every market and language the site serves: a country
 * market's pages are `{language}-{country}` (fi-FI, en-FI, fr-CA, es-CL), the global market's are
 * the bare language (en, fi, de), and the global market's English is also `x-default`.
 */
export function hreflangFor(langMarket: LangMarket): string {
  const market = MARKETS[langMarket.market];
  const base = intlLocaleFor(langMarket).split('-')[0] ?? langMarket.language;
  if (market.originCountry === null) {
    // The global market: one bare language each, except a regional language the table names (es-PE).
    const intl = LANGUAGES[langMarket.language].intlLocale;
    const sharesBase = market.languages.some((other) => other !== langMarket.language && (LANGUAGES[other].intlLocale.split('-')[0] ?? other) === base);
    return sharesBase ? intl : base;
  }
  return `${base}-${market.originCountry}`;
}

/** The global market's default language and market: the `x-default` alternate. */
export const X_DEFAULT_LANGMARKET: LangMarket = { language: DEFAULT_LANGUAGE, market: DEFAULT_MARKET };

/** A page's language alternates: every market and language the site serves, then `x-default`. */
export function pageAlternates(origin: string, page: Pick<SitePage, 'path'>): { hreflang: string; href: string }[] {
  return [
    ...siteLangMarkets().map((langMarket) => ({ hreflang: hreflangFor(langMarket), href: origin + sitePagePath(langMarket, page) })),
    { hreflang: 'x-default', href: origin + sitePagePath(X_DEFAULT_LANGMARKET, page) },
  ];
}
