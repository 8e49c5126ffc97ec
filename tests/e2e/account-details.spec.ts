import type { Locator, Page } from '@playwright/test';
import { parseIdToken } from '../../src/api/auth';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, logIn, registerFreshPlayer, screenshot, shown } from './helpers';

// The address and the Canadian province on the account page (issue 23; product.md §3 "Account
// details": address and province forms, "Canadian provinces list (Ontario is ON)"; behaviour.md §7
// /player/address; §8 each action stores a backend error). The address tests register fresh players
// through the platform's own sign-up calls (logged in by the completion's cookie); the province test
// changes the seeded Canadian player ca@example.com, whom no other spec uses.

const CANADIAN = 'ca@example.com';

const addressSection = (page: Page): Locator => page.getByRole('region', { name: shownName(page, 'Address') });
const provinceSection = (page: Page): Locator => page.getByRole('region', { name: 'Province or territory' });

/** A page's language from its path (en-UN → en), for the section names in that language. */
function shownName(page: Page, english: string): RegExp {
  const language = new URL(page.url()).pathname.split('/')[1]?.split('-')[0] ?? 'en';
  return shown(language, english);
}

async function openAccount(page: Page, langmarket = 'en-UN'): Promise<void> {
  await page.goto(`/${langmarket}/my-account/account`);
  await waitForShell(page);
}

test.describe('address and province', () => {
  test('a player saves an address by keyboard, reloads and sees it; the latest activity says so', async ({ page }) => {
    await registerFreshPlayer(page.request, { tag: 'address-save', firstName: 'Aino', lastName: 'Osoite', password: 'Aurora-Address-1' });
    await openAccount(page);
    const section = addressSection(page);
    await expect(section.getByRole('button', { name: 'Save address' })).toBeEnabled();
    // The country is the player's, shown and not a field.
    await expect(section.getByTestId('address-country')).toHaveText('Finland');
    await expect(section.getByRole('textbox', { name: 'Street address' })).toHaveValue('');

    await section.getByRole('textbox', { name: 'Street address' }).fill(' Mannerheimintie 1 A 5 ');
    await section.getByRole('textbox', { name: 'Street address' }).press('Tab');
    await expect(section.getByRole('textbox', { name: 'Postal code' })).toBeFocused();
    await page.keyboard.type('00100');
    await page.keyboard.press('Tab');
    await page.keyboard.type('Helsinki');
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/player/address') && response.request().method() === 'PUT');
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(section.getByRole('status')).toHaveText('Your address is saved.');
    // As the platform stored it (trimmed).
    await expect(section.getByRole('textbox', { name: 'Street address' })).toHaveValue('Mannerheimintie 1 A 5');
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await waitForShell(page);
    await expect(section.getByRole('textbox', { name: 'Street address' })).toHaveValue('Mannerheimintie 1 A 5');
    await expect(section.getByRole('textbox', { name: 'Postal code' })).toHaveValue('00100');
    await expect(section.getByRole('textbox', { name: 'City' })).toHaveValue('Helsinki');
    await expect(section.getByRole('status')).toHaveText('');
    await expect(page.getByRole('region', { name: 'Latest activity' }).getByTestId('latest-activity')).toContainText('Address changed');
  });

  test('a bad postal code shows a translated error by its field and keeps what was typed (Finnish)', async ({ page }) => {
    await registerFreshPlayer(page.request, { tag: 'address-bad', firstName: 'Aino', lastName: 'Posti', password: 'Aurora-Address-1', languageCode: 'fi' });
    await openAccount(page, 'fi-FI');
    const section = addressSection(page);
    const street = section.getByRole('textbox', { name: shown('fi', 'Street address') });
    const postalCode = section.getByRole('textbox', { name: shown('fi', 'Postal code') });
    const city = section.getByRole('textbox', { name: shown('fi', 'City') });
    const save = section.getByRole('button', { name: shown('fi', 'Save address') });
    await expect(save).toBeEnabled();
    await street.fill('Hämeenkatu 10');
    await postalCode.fill('M5H 2N2');
    await city.fill('Tampere');
    let puts = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/player/address') && request.method() === 'PUT') puts += 1;
    });
    await save.click();
    // The Finnish message under the field, the field invalid and focused, the values as typed, nothing sent.
    await expect(section.getByText(shown('fi', 'This is not a postal code of your country. Check it and try again.'))).toBeVisible();
    await expect(postalCode).toHaveAttribute('aria-invalid', 'true');
    await expect(postalCode).toBeFocused();
    await expect(street).toHaveValue('Hämeenkatu 10');
    await expect(postalCode).toHaveValue('M5H 2N2');
    await expect(city).toHaveValue('Tampere');
    expect(puts).toBe(0);
    await expectNoSeriousA11yViolations(page);

    // The platform checks the same rule: a refusal it answers shows by the field too, and keeps the values.
    await page.route('**/api/player/address', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ code: 'error.validation', message: 'Invalid', errors: [{ field: 'postalCode', code: 'validation.postal_code' }] }) })
        : route.fallback(),
    );
    await postalCode.fill('33100');
    await save.click();
    await expect(section.getByText(shown('fi', 'This is not a postal code of your country. Check it and try again.'))).toBeVisible();
    await expect(postalCode).toHaveValue('33100');
    await page.unroute('**/api/player/address');

    // Corrected: saved.
    await save.click();
    await expect(section.getByRole('status')).toHaveText(shown('fi', 'Your address is saved.'));
    await expect(postalCode).not.toHaveAttribute('aria-invalid', 'true');
  });

  test('the Canadian player changes the province from Ontario to Quebec, and it survives a reload and the next token', async ({ page }) => {
    await page.goto('/ca-CA');
    await waitForShell(page);
    await logIn(page, CANADIAN);
    await openAccount(page, 'ca-CA');
    const section = provinceSection(page);
    const select = section.getByRole('combobox', { name: 'Your province or territory' });
    await expect(select).toBeEnabled();
    await expect(select).toHaveValue('ON');
    await expect(select.locator('option')).toHaveCount(13);
    await expect(section.getByRole('button', { name: 'Save province' })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);

    await select.selectOption({ label: 'Quebec' });
    await section.getByRole('button', { name: 'Save province' }).click();
    await expect(section.getByRole('status')).toHaveText('Your province is saved.');
    await expect(section.getByRole('button', { name: 'Save province' })).toBeDisabled();

    await page.reload();
    await waitForShell(page);
    await expect(select).toHaveValue('QC');
    // The latest activity, read afresh with the page.
    await expect(page.getByRole('region', { name: 'Latest activity' }).getByTestId('latest-activity')).toContainText('Province changed');
    // The session the reload restored is a new token: it carries the new province.
    const refreshed = await page.request.post('/api/player/session/refresh');
    expect(refreshed.status()).toBe(200);
    expect(parseIdToken(((await refreshed.json()) as { idToken: string }).idToken).provinceCode).toBe('QC');
  });

  test('a player outside Canada sees no province form', async ({ page }) => {
    await registerFreshPlayer(page.request, { tag: 'address-noprovince', firstName: 'Aino', lastName: 'Suomi', password: 'Aurora-Address-1' });
    await openAccount(page);
    await expect(addressSection(page).getByRole('button', { name: 'Save address' })).toBeEnabled();
    await expect(provinceSection(page)).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Your province or territory' })).toHaveCount(0);
  });

  for (const width of [320, 375]) {
    test(`the address and the province fit a ${String(width)} px phone`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto('/ca-CA');
      await waitForShell(page);
      await logIn(page, CANADIAN);
      await openAccount(page, 'ca-CA');
      const save = addressSection(page).getByRole('button', { name: 'Save address' });
      await expect(save).toBeEnabled();
      // With an error shown under a field: the widest the section gets.
      await addressSection(page).getByRole('textbox', { name: 'Postal code' }).fill('00100');
      await save.click();
      await expect(addressSection(page).getByText('This is not a postal code of your country. Check it and try again.')).toBeVisible();
      await expectFitsViewport(page, `the address at ${String(width)} px`, save);
      await expectFitsViewport(page, `the province at ${String(width)} px`, provinceSection(page).getByRole('button', { name: 'Save province' }));
      await addressSection(page).scrollIntoViewIfNeeded();
      await screenshot(page, `account-details-${String(width)}`);
      await expectNoSeriousA11yViolations(page);
    });
  }
});
