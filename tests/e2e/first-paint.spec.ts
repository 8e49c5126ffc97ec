import { expect, test } from '@playwright/test';
import { parseLangMarket } from '../../machines/lib/markets';
import { hreflangFor, siteLangMarkets } from '../../src/api/sitePages';

// Issue 10 "First paint without JavaScript": with scripts off, as a crawler or a slow phone sees a
// page before its JavaScript has run, each page already has its heading, title, description,
// canonical link and language alternates, in the route's language; pages not meant for search
// engines say noindex; a path no route knows answers 404 with the translated not-found page.

test.use({ javaScriptEnabled: false });

const ALTERNATES = siteLangMarkets().length + 1; // every market and language, and x-default

const PAGES = [
  { path: '/en-UN', lang: 'en', heading: 'Welcome to Aurora Play', title: /Aurora Play/, index: true },
  { path: '/fi-FI', lang: 'fi-FI', heading: 'Aurora Play toivottaa sinut tervetulleeksi', title: /nettikasino/, index: true },
  { path: '/en-UN/signup', lang: 'en', heading: 'Sign Up', title: /^Sign Up – Aurora Play$/, index: true },
  { path: '/en-UN/reset-password', lang: 'en', heading: /Reset/, title: /Aurora Play/, index: true },
  { path: '/de-AT/terms', lang: 'de-AT', heading: 'Allgemeine Geschäftsbedingungen', title: /– Aurora Play$/, index: true },
  { path: '/en-UN/401', lang: 'en', heading: 'Please Log In', title: /Aurora Play/, index: false },
  { path: '/en-UN/my-account/account', lang: 'en', heading: 'My Account', title: /Aurora Play/, index: false },
] as const;

test.describe('every page paints before its JavaScript runs', () => {
  for (const expected of PAGES) {
    test(`${expected.path}: heading, title, description, canonical and alternates in its language`, async ({ page, baseURL }) => {
      const response = await page.goto(expected.path);
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', expected.lang);
      await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(expected.heading);
      await expect(page.getByRole('banner')).toBeVisible();
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(page).toHaveTitle(expected.title);
      const description = await page.locator('head meta[name="description"]').getAttribute('content');
      expect(description?.length ?? 0).toBeGreaterThan(30);
      const robots = page.locator('head meta[name="robots"]');
      if (expected.index) {
        await expect(robots).toHaveCount(0);
        await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}${expected.path}`);
        await expect(page.locator('head link[rel="alternate"][hreflang]')).toHaveCount(ALTERNATES);
        const langMarket = parseLangMarket(expected.path.split('/')[1] ?? '');
        expect(langMarket).not.toBeNull();
        if (langMarket === null) return;
        const self = page.locator(`head link[rel="alternate"][hreflang="${hreflangFor(langMarket)}"]`);
        await expect(self).toHaveAttribute('href', `${baseURL}${expected.path}`);
      } else {
        await expect(robots).toHaveAttribute('content', 'noindex');
        await expect(page.locator('head link[rel="canonical"]')).toHaveCount(0);
      }
    });
  }

  test('a flow page paints its first step and its help, with its controls disabled until the app runs', async ({ page }) => {
    await page.goto('/de-AT/reset-password');
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toHaveText('Passwort zurücksetzen');
    await expect(main.getByRole('heading', { level: 2, name: 'Gib deine E-Mail-Adresse ein' })).toBeVisible();
    // The help text of the content service (page-reset-password), in the route's language.
    await expect(main.getByRole('heading', { level: 2, name: 'So setzen Sie Ihr Passwort zurück' })).toBeVisible();
    // Nothing typed or pressed before the app takes over is lost: the controls wait for it.
    await expect(main.getByRole('textbox')).toBeDisabled();
    await expect(main.getByRole('button')).toBeDisabled();
  });

  test('a path no route knows answers 404 with the not-found page in its language', async ({ page }) => {
    const response = await page.goto('/de-AT/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de-AT');
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText('Seite nicht gefunden');
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex');
  });

  test('a path outside every language and market is sent to the default one', async ({ page }) => {
    const response = await page.goto('/terms');
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).pathname).toBe('/en-UN/terms');
  });
});
