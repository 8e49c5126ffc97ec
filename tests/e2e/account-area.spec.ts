import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, logIn, openLogin, registerFreshPlayer as registerPlayer, screenshot, submitLogin } from './helpers';

// The rest of the account area (issue 23), as a player uses it: the login history and the latest
// activity show the login just made; the account closure ends on the closed-account page and a new login is refused
// (behaviour.md §8 "Login" closed). Each test registers its own fresh player through the platform's
// sign-up calls (never a shared seeded one), then logs in with the header's dialog.

const PASSWORD = 'Aurora-Account-1';
const ACCOUNT = '/en-UN/my-account/account';

/** Registers a new Finnish player with the platform's calls (outside the browser); its e-mail and id. */
async function registerFreshPlayer(request: APIRequestContext, tag: string, countryCode = 'FI'): Promise<{ email: string; playerId: number }> {
  return registerPlayer(request, { tag: `account-${tag}`, firstName: 'Aino', lastName: 'Asiakas', password: PASSWORD, countryCode });
}

/** Logs the player in with the header's dialog and opens the account tab (of a langmarket). */
async function logInToAccount(page: Page, email: string, langmarket = 'en-UN'): Promise<void> {
  await page.goto(`/${langmarket}`);
  await waitForShell(page);
  await logIn(page, email, PASSWORD);
  await page.goto(langmarket === 'en-UN' ? ACCOUNT : `/${langmarket}/my-account/account`);
  await waitForShell(page);
}

const loginHistory = (page: Page): Locator => page.getByRole('region', { name: 'Login history' });
const closure = (page: Page): Locator => page.getByRole('region', { name: 'Close account' });

test.describe('the account area', () => {
  test('the login history shows the login just made, with its date and address', async ({ page, request }) => {
    const { email } = await registerFreshPlayer(request, 'history');
    const dayOf = (at: Date): string => `${String(at.getDate()).padStart(2, '0')}/${String(at.getMonth() + 1).padStart(2, '0')}/${String(at.getFullYear())}`;
    const before = dayOf(new Date());
    await logInToAccount(page, email);
    const items = loginHistory(page).getByRole('listitem');
    // The sign-up's own session is not a login: only the dialog's login is listed.
    await expect(items).toHaveCount(1);
    // The login's day: today, or yesterday's date when the run crossed midnight during the login.
    const days = [...new Set([before, dayOf(new Date())])];
    await expect(items.first().locator('time')).toContainText(new RegExp(days.join('|')));
    await expect(items.first()).toContainText('IP address');
    // The latest activity is this login, its address as the note.
    const latest = page.getByRole('region', { name: 'Latest activity' }).getByTestId('latest-activity');
    await expect(latest).toContainText('Logged in');
    await expect(latest).toContainText('Note');
    await expectNoSeriousA11yViolations(page);
  });

  test('closing the account pays the balance out, ends on the closed-account page, and a new login is refused', async ({ page, request }) => {
    const { email, playerId } = await registerFreshPlayer(request, 'closure');
    const credited = await request.post('/api/test/wallet/credit', { data: { playerId, amount: '25.00' } });
    expect(credited.status(), await credited.text()).toBe(200);
    await logInToAccount(page, email);

    await closure(page).getByRole('button', { name: 'Close my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Close your account?' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText('pending withdrawal');
    await expectNoSeriousA11yViolations(page);

    // Keep my account closes the dialog and changes nothing.
    await dialog.getByRole('button', { name: 'Keep my account' }).click();
    await expect(dialog).toBeHidden();
    await closure(page).getByRole('button', { name: 'Close my account' }).click();

    // The explicit confirmation is needed; then a wrong password is refused in the dialog.
    await dialog.getByLabel('Your password').fill('Not-The-Password-9');
    await dialog.getByRole('button', { name: 'Close account for good' }).click();
    await expect(dialog.getByText('Tick the box to confirm the closure.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: 'I understand that my account will be closed for good.' }).check();
    await dialog.getByRole('button', { name: 'Close account for good' }).click();
    await expect(dialog.getByRole('alert')).toHaveText('This password is not correct. Your account is still open.');

    // By keyboard: the right password, Enter.
    await dialog.getByLabel('Your password').fill(PASSWORD);
    await dialog.getByLabel('Your password').press('Enter');
    await page.waitForURL('**/en-UN/closed-account');
    await expect(page.getByTestId('closed-account-balance')).toContainText('pending withdrawal');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // Logged out, and a new login is refused with the closed account's message.
    const login = await openLogin(page);
    await submitLogin(login, email, PASSWORD);
    await expect(login.getByText('This account is closed. Please contact customer support.')).toBeVisible();
  });

  test('a Canadian player switches the site to French: caf is sent as fr, and the account page shows in French', async ({ page, request }) => {
    const { email } = await registerFreshPlayer(request, 'language', 'CA');
    await logInToAccount(page, email, 'ca-CA');
    const language = page.getByRole('region', { name: 'Site language' });
    await expect(language.getByRole('button', { name: 'Save language' })).toBeDisabled();
    await language.getByRole('combobox', { name: 'Your language' }).selectOption('caf');
    await expectNoSeriousA11yViolations(page);
    const saved = page.waitForRequest((request) => request.url().endsWith('/api/player/profile') && request.method() === 'PATCH');
    await language.getByRole('button', { name: 'Save language' }).click();
    expect((await saved).postDataJSON()).toMatchObject({ languageCode: 'fr' });
    await page.waitForURL('**/caf-CA/my-account/account');
    await expect(page.getByRole('region', { name: 'Langue du site' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', /^fr/);
    await expectNoSeriousA11yViolations(page);
  });

  for (const width of [320, 375]) {
    test(`the account tab and the closure dialog fit a ${String(width)} px phone`, async ({ page, request }) => {
      const { email } = await registerFreshPlayer(request, `w${String(width)}`);
      await page.setViewportSize({ width, height: 740 });
      await logInToAccount(page, email);
      await expect(loginHistory(page).getByRole('listitem')).toHaveCount(1);
      await expectFitsViewport(page, `the login history at ${String(width)} px`, loginHistory(page));
      const open = closure(page).getByRole('button', { name: 'Close my account' });
      await expectFitsViewport(page, `the account closure at ${String(width)} px`, open);
      await loginHistory(page).scrollIntoViewIfNeeded();
      await screenshot(page, `account-login-history-${String(width)}`);
      await open.click();
      const dialog = page.getByRole('dialog', { name: 'Close your account?' });
      await expectFitsViewport(page, `the closure dialog at ${String(width)} px`, dialog.getByRole('button', { name: 'Close account for good' }));
      await screenshot(page, `account-closure-dialog-${String(width)}`);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
