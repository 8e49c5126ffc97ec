import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { hreflangFor, resolveSitePath, siteLangMarkets, SITE_PAGES, sitePageAt } from '../../src/api/sitePages';

// The platform serves pages from src/api/sitePages.ts (status, head, sitemap); the app's router
// from the files in src/routes/. One table for both sides only holds while they list the same pages.

/** `$langmarket.my-account.account.tsx` → '/my-account/account'; `$langmarket.index.tsx` → ''. */
function routedPaths(): string[] {
  const files = readdirSync('src/routes')
    .filter((file) => /^\$langmarket\..+\.tsx$/.test(file))
    .map((file) => file.slice('$langmarket.'.length, -'.tsx'.length).split('.'))
    // '$' is the not-found splat, not a page.
    .filter((segments) => !segments.includes('$'));
  const joined = (segments: string[]) => segments.join('.');
  return (
    files
      // A layout (another file nests below it) is no page of its own; `x.index` is the page at x.
      .filter((segments) => segments.at(-1) === 'index' || !files.some((other) => joined(other).startsWith(`${joined(segments)}.`)))
      .map((segments) => (segments.at(-1) === 'index' ? segments.slice(0, -1) : segments))
      // A trailing `_` un-nests a route from the layout of the same name (`account_.verification`
      // is /account/verification, not a child of the account page); the path has no `_`.
      .map((segments) => segments.map((segment) => segment.replace(/_$/, '')))
      .map((segments) => (segments.length === 0 ? '' : `/${segments.join('/')}`))
      .sort()
  );
}

describe('the site page table (issue 10: the platform answers each page as the router would)', () => {
  it('lists exactly the pages the router has', () => {
    expect(SITE_PAGES.map((page) => page.path).sort()).toEqual(routedPaths());
  });

  it('never lets a page behind login be indexed', () => {
    for (const page of SITE_PAGES.filter((candidate) => candidate.loginRequired)) expect(page.index, page.path).toBe(false);
  });

  it.each([
    ['/en-UN', { kind: 'page', path: '' }],
    ['/en-UN/', { kind: 'page', path: '' }],
    ['/fi-FI/terms', { kind: 'page', path: '/terms' }],
    ['/fi-FI/terms/', { kind: 'page', path: '/terms' }],
    ['/caf-CA/signup/pnp', { kind: 'page', path: '/signup/pnp' }],
    ['/en-UN/nope', { kind: 'notFound' }],
    ['/en-UN/terms/extra', { kind: 'notFound' }],
    ['/en-UN/my-account', { kind: 'notFound' }],
    ['/', { kind: 'redirect', location: '/en-UN' }],
    ['/terms', { kind: 'redirect', location: '/en-UN/terms' }],
    ['/xx-YY', { kind: 'redirect', location: '/en-UN' }],
    ['/ja-JP/terms', { kind: 'redirect', location: '/en-UN/terms' }],
  ] as const)('%s resolves like the router', (pathname, expected) => {
    const resolved = resolveSitePath(pathname);
    expect(resolved.kind).toBe(expected.kind);
    if (resolved.kind === 'page' && 'path' in expected) expect(resolved.page.path).toBe(expected.path);
    if (resolved.kind === 'redirect' && 'location' in expected) expect(resolved.location).toBe(expected.location);
  });

  it('finds no page for a path the table does not list', () => {
    expect(sitePageAt('/online-casinos')).toBeNull();
    expect(sitePageAt('/online-casino/slots/extra')).toBeNull();
    expect(sitePageAt('/online-casino/play/relax/game/extra')).toBeNull();
  });

  it('finds a pattern page with the path asked for (its canonical), a static segment first', () => {
    expect(sitePageAt('/online-casino/slots')).toMatchObject({ path: '/online-casino/slots', index: true, head: { kind: 'seo', entry: 'casino' } });
    expect(sitePageAt('/online-casino/play/relax')).toMatchObject({ path: '/online-casino/play/relax', index: false });
    expect(sitePageAt('/live-casino-online/play/evolution/lightning-roulette')).toMatchObject({ index: false, head: { kind: 'seo', entry: 'game' } });
    expect(sitePageAt('/play/book-of-aurora')).toMatchObject({ path: '/play/book-of-aurora', index: false });
  });
});

describe('hreflang (issue 10: alternates for every market and language)', () => {
  it('gives every market and language its own valid code', () => {
    const codes = siteLangMarkets().map(hreflangFor);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z]{2,3}(-[A-Z]{2})?$/);
  });

  it.each([
    [{ language: 'fi', market: 'FI' }, 'fi-FI'],
    [{ language: 'en', market: 'FI' }, 'en-FI'],
    [{ language: 'caf', market: 'CA' }, 'fr-CA'],
    [{ language: 'cl', market: 'CL' }, 'es-CL'],
    [{ language: 'no', market: 'NO' }, 'nb-NO'],
    [{ language: 'en', market: 'UN' }, 'en'],
    [{ language: 'fi', market: 'UN' }, 'fi'],
    [{ language: 'pe', market: 'UN' }, 'es'],
  ] as const)('%o is %s', (langMarket, code) => {
    expect(hreflangFor(langMarket)).toBe(code);
  });
});
