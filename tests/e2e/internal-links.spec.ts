import type { Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { logIn } from './helpers';

// Every internal link carries the page's {langmarket} (product.md §2 "Every route is prefixed by a
// parameter {langmarket}"; issue 21: the promotion boxes linked to /signup, so a Finnish visitor
// landed in the default locale). The check walks the pages a visitor and a player reach, in
// Finnish, and lists every link of the site's own origin whose path does not start with /fi-FI.

const LANGMARKET = 'fi-FI';

/** The site's own links on the page (the app's and the platform's first paint's) that leave the language and market. */
async function linksWithoutLangMarket(page: Page): Promise<string[]> {
  return page.evaluate((langmarket) => {
    const prefix = `/${langmarket}`;
    return [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter((link) => {
        const url = new URL(link.href, location.href);
        if (url.origin !== location.origin) return false;
        return !(url.pathname === prefix || url.pathname.startsWith(`${prefix}/`));
      })
      .map((link) => `${link.getAttribute('href') ?? ''} (${link.textContent.trim().slice(0, 40)})`);
  }, LANGMARKET);
}

/** Visits each page and lists, per page, the links that leave the language and market (none expected). */
async function strayLinks(page: Page, paths: readonly string[]): Promise<Record<string, string[]>> {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await page.goto(`/${LANGMARKET}${path}`);
    await waitForShell(page);
    // Content comes after the shell (lobby boxes, footer links): wait until the page has settled.
    await page.waitForLoadState('networkidle');
    const stray = await linksWithoutLangMarket(page);
    if (stray.length > 0) found[path === '' ? '/' : path] = stray;
  }
  return found;
}

const VISITOR_PAGES = [
  '',
  '/online-casino',
  '/online-casino?tab=2',
  '/online-casino/popular',
  '/live-casino-online',
  '/signup',
  '/reset-password',
  '/terms',
  '/responsible-gambling',
  '/401',
];

const PLAYER_PAGES = ['', '/online-casino', '/live-casino-online', '/my-account/account', '/my-account/banking', '/my-account/gambling-limits'];

test(`a visitor's pages link within /${LANGMARKET} only (issue 21)`, async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await strayLinks(page, VISITOR_PAGES)).toEqual({});
});

test(`a promotion box takes a Finnish visitor to the Finnish sign-up (issue 21)`, async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/${LANGMARKET}/online-casino`);
  await waitForShell(page);
  const boxes = page.getByRole('list', { name: 'Kampanjat ja turnaukset' });
  await boxes.getByRole('link', { name: 'Rekisteröidy', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${LANGMARKET}/signup$`));
});

test(`a player's pages link within /${LANGMARKET} only (issue 21)`, async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The login dialog's English names (helpers.ts); the session then holds on every language.
  await page.goto('/en-UN');
  await waitForShell(page);
  await logIn(page, 'player@example.com');
  expect(await strayLinks(page, PLAYER_PAGES)).toEqual({});
});
