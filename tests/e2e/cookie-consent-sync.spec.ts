import type { Locator, Page } from '@playwright/test';
import { COOKIE_POLICY_VERSION } from '../../machines/lib/constants';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, logIn, registerFreshPlayer } from './helpers';

// Cookie consent synced with the platform (issue 23; behaviour.md §7 "/player/cookies/consent: GET and
// PATCH with the version"; §4 "Other states", §9; product.md §3 "Account details"): a choice made on
// the notice before login is uploaded at login; another browser logging in as the same player takes
// the platform's answer and shows no notice; the account's cookie settings change it, and the change
// survives a reload and a browser that forgot it. Each test registers a fresh player through the
// platform's own sign-up calls.

const CONSENT = '/api/player/cookies/consent';
const PASSWORD = 'Aurora-Cookies-1';

const notice = (page: Page): Locator => page.getByRole('region', { name: 'Cookie consent' });
const settings = (page: Page): Locator => page.getByRole('region', { name: 'Cookie settings' });
const consentCall = (page: Page, method: 'GET' | 'PATCH') =>
  page.waitForResponse((response) => new URL(response.url()).pathname === CONSENT && response.request().method() === method);

/** What the platform holds for the page's logged-in player, asked with the page's session (its cookie re-issues an id token). */
async function heldByPlatform(page: Page): Promise<unknown> {
  const refreshed = await page.request.post('/api/player/session/refresh', { headers: { SiteContext: '1' } });
  expect(refreshed.status()).toBe(200);
  const { idToken } = (await refreshed.json()) as { idToken: string };
  const held = await page.request.get(CONSENT, { headers: { Authorization: `Bearer ${idToken}`, SiteContext: '1' } });
  expect(held.status()).toBe(200);
  return ((await held.json()) as { consent: unknown }).consent;
}

async function storedOnBrowser(page: Page): Promise<unknown> {
  return JSON.parse((await page.evaluate(() => localStorage.getItem('cookieConsent'))) ?? 'null');
}

test.describe('cookie consent synced with the platform', () => {
  test.use({ freshVisitor: true });

  test("a visitor's refusal of marketing is uploaded at login; another browser logging in takes it and shows no notice", async ({ page, request, browser, baseURL }) => {
    const { email } = await registerFreshPlayer(request, { tag: 'cookies-sync', firstName: 'Kerttu', lastName: 'Keksi', password: PASSWORD });

    // A visitor: the notice; marketing refused with the keyboard-reachable settings.
    await page.goto('/en-UN');
    await waitForShell(page);
    await expect(notice(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await notice(page).getByRole('button', { name: 'Settings' }).click();
    await notice(page).getByRole('checkbox', { name: /Marketing/ }).uncheck();
    await notice(page).getByRole('button', { name: 'Save choices' }).click();
    await expect(notice(page)).toBeHidden();
    expect(await storedOnBrowser(page)).toMatchObject({ marketing: false, accepted: true, version: COOKIE_POLICY_VERSION });

    // The login uploads it: the platform holds marketing off, with the version.
    const uploaded = consentCall(page, 'PATCH');
    await logIn(page, email, PASSWORD);
    expect((await uploaded).status()).toBe(200);
    expect(await heldByPlatform(page)).toMatchObject({ essentials: true, performanceFunctional: true, marketing: false, version: COOKIE_POLICY_VERSION });

    // Another browser (nothing stored): the notice until the login, then the platform's answer.
    const other = await browser.newContext({ baseURL });
    const second = await other.newPage();
    await second.goto('/en-UN');
    await waitForShell(second);
    await expect(notice(second)).toBeVisible();
    const loaded = consentCall(second, 'GET');
    await logIn(second, email, PASSWORD);
    expect((await loaded).status()).toBe(200);
    await expect(notice(second)).toBeHidden();
    await expect.poll(() => storedOnBrowser(second)).toMatchObject({ essentials: true, performanceFunctional: true, marketing: false, accepted: true, version: COOKIE_POLICY_VERSION });
    // Nothing sent back: the platform's answer was the latest.
    await second.reload();
    await waitForShell(second);
    await expect(notice(second)).toHaveCount(0);
    await second.goto('/en-UN/my-account/account');
    await waitForShell(second);
    await expect(settings(second).getByRole('checkbox', { name: /Marketing/ })).not.toBeChecked();
    await expect(settings(second).getByRole('checkbox', { name: /Performance/ })).toBeChecked();
    await other.close();
  });
});

test.describe('the account cookie settings', () => {
  test('a change is saved to the account, survives a reload and a browser that forgot it; axe; 320 and 375 px', async ({ page }) => {
    // Logged in by the sign-up completion's cookie; the browser's earlier answer (all on) is uploaded at login.
    await registerFreshPlayer(page.request, { tag: 'cookies-account', firstName: 'Kerttu', lastName: 'Asetus', password: PASSWORD });
    await page.goto('/en-UN/my-account/account');
    await waitForShell(page);
    const save = settings(page).getByRole('button', { name: 'Save cookie settings' });
    await expect(save).toBeEnabled();
    const essentials = settings(page).getByRole('checkbox', { name: /Essential/ });
    await expect(essentials).toBeChecked();
    await expect(essentials).toBeDisabled();
    await expect(settings(page).getByRole('checkbox', { name: /Performance/ })).toBeChecked();
    await expect(settings(page).getByRole('checkbox', { name: /Marketing/ })).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    // By keyboard: Space toggles the focused box, Enter on Save sends.
    await settings(page).getByRole('checkbox', { name: /Performance/ }).focus();
    await page.keyboard.press('Space');
    await settings(page).getByRole('checkbox', { name: /Marketing/ }).uncheck();
    const saved = consentCall(page, 'PATCH');
    await save.focus();
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(settings(page).getByRole('status')).toHaveText('Your cookie settings are saved.');
    expect(await heldByPlatform(page)).toMatchObject({ performanceFunctional: false, marketing: false });
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await waitForShell(page);
    await expect(save).toBeEnabled();
    await expect(settings(page).getByRole('checkbox', { name: /Performance/ })).not.toBeChecked();
    await expect(settings(page).getByRole('checkbox', { name: /Marketing/ })).not.toBeChecked();
    // The change is the account's latest activity.
    await expect(page.getByTestId('latest-activity')).toContainText('Cookie settings changed');

    // A browser that forgot the answer (storage cleared, the returning visitor's all-on answer of the
    // test fixture written again, older than the account's) loads the account's at the next page.
    await page.evaluate(() => localStorage.removeItem('cookieConsent'));
    await page.reload();
    await waitForShell(page);
    await expect(save).toBeEnabled();
    await expect(settings(page).getByRole('checkbox', { name: /Performance/ })).not.toBeChecked();
    await expect(settings(page).getByRole('checkbox', { name: /Marketing/ })).not.toBeChecked();
    await expect(notice(page)).toHaveCount(0);

    for (const width of [320, 375]) {
      await page.setViewportSize({ width, height: 800 });
      await settings(page).scrollIntoViewIfNeeded();
      await expectFitsViewport(page, `cookie settings at ${String(width)} px`, save);
    }
  });
});
