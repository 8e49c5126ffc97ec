import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { header, submitLogin } from './helpers';

// product.md §2 /401 and "Account area": a visitor who opens an account page lands on the
// access-error page with the path passed on. Issue 8: the page has its own log-in, which returns to
// that path, and the sign-up link; it is an error page, not a legal one (no "Last updated").

test.describe('the access-error page /401', () => {
  test('logs in from the page and returns to the page that sent the visitor', async ({ page }) => {
    await page.goto('/en-UN/my-account/account');
    await expect(page).toHaveURL(/\/en-UN\/401\?redirect=%2Fmy-account%2Faccount$/);
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main.getByText(/Last updated/)).toHaveCount(0);
    await expect(main.getByRole('link', { name: 'Sign up', exact: true })).toHaveAttribute('href', '/en-UN/signup');
    await expectNoSeriousA11yViolations(page);

    await main.getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await expect(dialog).toBeVisible();
    await submitLogin(dialog, 'player@example.com', 'Aurora-Player-1');
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/en-UN\/my-account\/account$/);
    await expect(main.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await header(page).getByRole('button', { name: 'Log out' }).click();
    await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();
  });

  test('a visitor sent away by an account page’s guard does not download that page’s code', async ({ page }) => {
    // Issue 22: start-up loads the matched routes' code ahead of the router's first load, but only as
    // far as the first guard: what a visitor is sent away from is never fetched.
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/en-UN/my-account/account');
    await expect(page).toHaveURL(/\/en-UN\/401\?redirect=%2Fmy-account%2Faccount$/);
    await waitForShell(page);
    expect(scripts.some((path) => /\/_langmarket\.401-[\w-]+\.js$/.test(path)), 'the 401 page’s code').toBe(true);
    expect(scripts.filter((path) => /\/_langmarket\.my-account/.test(path)), 'the account pages’ code').toEqual([]);
  });

  test('speaks the visitor language and offers sign-up without a path passed on', async ({ page }) => {
    await page.goto('/de-AT/401');
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('button', { name: 'Anmelden', exact: true })).toBeVisible();
    await expect(main.getByRole('link', { name: 'Registrieren', exact: true })).toHaveAttribute('href', '/de-AT/signup');
    await expect(main.getByText(/Zuletzt aktualisiert/)).toHaveCount(0);
  });
});
