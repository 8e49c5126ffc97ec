import type { Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { header, logIn } from './helpers';

// Issue 8 "A quiet console": opening the main pages, as a visitor and as a player, logs no error in
// the browser console and no request fails. Restoring a session that does not exist is a normal
// answer (204), not a 401 the browser reports. An aborted request (a navigation cancelling a fetch)
// is not a failure (behaviour.md §8 "General": aborted requests are ignored).

const NOT_FOUND_PATH = '/no-such-page';
const ANONYMOUS_PAGES = ['', '/signup', '/signup/pnp', '/reset-password', '/terms', '/responsible-gambling', '/401', NOT_FOUND_PATH];
const PLAYER_PAGES = ['', '/my-account/account', '/my-account/banking/deposit', '/my-account/banking/withdraw', '/my-account/banking/transactions', '/terms', '/responsible-gambling'];

/** Collects console errors and failed requests from now on. */
function watchNoise(page: Page): string[] {
  const noise: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().includes('404') && message.location().url.endsWith(NOT_FOUND_PATH)) return;
    if (message.type() === 'error') noise.push(`console: ${message.text()} (${message.location().url})`);
  });
  page.on('pageerror', (error) => noise.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    // The not-found page is answered 404 (issue 10): that document is the page asked for, no failure.
    if (response.status() === 404 && response.request().isNavigationRequest() && new URL(response.url()).pathname.endsWith(NOT_FOUND_PATH)) return;
    if (response.status() >= 400) noise.push(`${String(response.status())} ${response.request().method()} ${response.url()}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    if (!failure.includes('ERR_ABORTED')) noise.push(`failed ${request.method()} ${request.url()}: ${failure}`);
  });
  return noise;
}

async function visit(page: Page, langmarket: string, paths: readonly string[]): Promise<void> {
  for (const path of paths) {
    // A full load each time: every page load restores the session.
    await page.goto(`/${langmarket}${path}`);
    await waitForShell(page);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
  }
}

test.describe('a quiet console', () => {
  test('a visitor opens the main pages: no console error, no failed request', async ({ page }) => {
    const noise = watchNoise(page);
    await visit(page, 'en-UN', ANONYMOUS_PAGES);
    await visit(page, 'fi-FI', ['', '/signup']);
    expect(noise).toEqual([]);
  });

  test('a player opens the main pages, reloads and logs out: no console error, no failed request', async ({ page }) => {
    const noise = watchNoise(page);
    await page.goto('/en-UN');
    await waitForShell(page);
    await logIn(page, 'player@example.com');
    await expect(header(page).getByRole('link', { name: 'My account' })).toBeVisible();
    await visit(page, 'en-UN', PLAYER_PAGES);
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();
    await page.reload();
    await waitForShell(page);
    await page.waitForLoadState('networkidle');
    expect(noise).toEqual([]);
  });
});
