import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { lastCode, logIn, wrongCode } from './helpers';

// Password reset, phone change and password change (issue 3 "Password reset and phone change";
// behaviour.md §4, §5, §8). The seeded player reset@example.com (phone +358 401234599) is changed by
// these journeys, one after the other: the reset sets a new password the account journey logs in with.

const EMAIL = 'reset@example.com';
const OLD_PASSWORD = 'Aurora-Player-1';
const NEW_PASSWORD = 'Aurora-Reset-2';
const PHONE = '+358401234599';
const NEW_PHONE_BODY = '401234600';

/** Logs in with the header's login dialog (on the page that is open). */
async function logInAs(page: Page, password: string): Promise<void> {
  await logIn(page, EMAIL, password);
  await expect(page.getByRole('banner').getByRole('link', { name: 'My account' })).toBeVisible();
}

/** Logs in from the home page and opens the account page from the header. */
async function logInToAccount(page: Page, password: string): Promise<void> {
  await page.goto('/en-UN');
  await waitForShell(page);
  await logInAs(page, password);
  await page.getByRole('banner').getByRole('link', { name: 'My account' }).click();
  await expect(page).toHaveURL(/\/en-UN\/my-account\/account$/);
}

test.describe.serial('password reset and account', () => {
  test('a player resets the password with the SMS code, lands home with the toast and logs in with it', async ({ page }) => {
    await page.goto('/en-UN/reset-password');
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    // The help text comes from the content page page-reset-password.
    await expect(main.getByRole('heading', { name: 'How to reset your password' })).toBeVisible();
    await expect(main.getByRole('listitem').filter({ hasText: 'E-mail' }).first()).toHaveAttribute('aria-current', 'step');
    await expectNoSeriousA11yViolations(page);

    // A malformed e-mail is refused by the form, with the value kept.
    const email = main.getByRole('textbox', { name: 'E-mail' });
    await email.fill('reset@');
    await main.getByRole('button', { name: 'Send code' }).click();
    await expect(main.getByText('Enter a valid e-mail address')).toBeVisible();
    await expect(email).toHaveValue('reset@');
    await email.fill(EMAIL);
    await main.getByRole('button', { name: 'Send code' }).click();

    // Verification: the code input is numeric and fills from the SMS.
    await expect(main.getByRole('heading', { name: 'Enter the code' })).toBeFocused();
    const codeInput = main.getByRole('textbox', { name: 'Verification code' });
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await expect(codeInput).toHaveAttribute('autocomplete', 'one-time-code');
    await expectNoSeriousA11yViolations(page);
    const code = await lastCode(page.request, PHONE);

    // A wrong code: sms.code.invalid is announced and the typed code stays.
    await codeInput.fill(wrongCode(code));
    await main.getByRole('button', { name: 'Verify' }).click();
    await expect(main.getByRole('alert')).toContainText('That code is not right');
    await expect(codeInput).toHaveValue(wrongCode(code));
    await codeInput.fill(code);
    await main.getByRole('button', { name: 'Verify' }).click();

    // Password: rules hint, show/hide.
    await expect(main.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    const password = main.getByLabel('New password', { exact: true });
    await expect(password).toHaveAttribute('type', 'password');
    await expect(password).toHaveAttribute('autocomplete', 'new-password');
    await password.fill('short');
    await main.getByRole('button', { name: 'Save password' }).click();
    await expect(main.getByText('The password is too short.')).toBeVisible();
    await password.fill(NEW_PASSWORD);
    await main.getByRole('button', { name: 'Show password' }).click();
    await expect(password).toHaveAttribute('type', 'text');
    await expect(main.getByRole('button', { name: 'Show password' })).toHaveAttribute('aria-pressed', 'true');
    await expectNoSeriousA11yViolations(page);
    await main.getByRole('button', { name: 'Save password' }).click();

    // Complete: home, with the toast reset.password.success.toast.
    await expect(page).toHaveURL(/\/en-UN\/?$/);
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been reset' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The old password no longer opens the account; the new one does, through the login dialog.
    const refused = await page.request.post('/api/player/login', { data: { email: EMAIL, password: OLD_PASSWORD } });
    expect(refused.status()).toBe(401);
    await logInAs(page, NEW_PASSWORD);
  });

  test('the reset code can be sent again, and Back returns to the e-mail kept as typed', async ({ page }) => {
    await page.goto('/en-UN/reset-password');
    await waitForShell(page);
    const main = page.getByRole('main');
    await main.getByRole('textbox', { name: 'E-mail' }).fill(EMAIL);
    await main.getByRole('button', { name: 'Send code' }).click();
    await expect(main.getByRole('heading', { name: 'Enter the code' })).toBeVisible();
    const first = await lastCode(page.request, PHONE);
    await main.getByRole('button', { name: 'Send a new code' }).click();
    await expect(main.getByText('A new code is on its way.')).toBeVisible();
    const second = await lastCode(page.request, PHONE);
    expect(second).toMatch(/^[0-9]{6}$/);
    // The first code was replaced (unless the generator drew the same number twice).
    if (second !== first) {
      await main.getByRole('textbox', { name: 'Verification code' }).fill(first);
      await main.getByRole('button', { name: 'Verify' }).click();
      await expect(main.getByRole('alert')).toContainText('That code is not right');
    }
    await main.getByRole('button', { name: 'Back' }).click();
    await expect(main.getByRole('heading', { name: 'Enter your e-mail' })).toBeFocused();
    await expect(main.getByRole('textbox', { name: 'E-mail' })).toHaveValue(EMAIL);
    // Clamped at the first step: no way further back.
    await expect(main.getByRole('button', { name: 'Back' })).toHaveCount(0);
  });

  test('the account page shows the details and changes the phone number with the SMS code', async ({ page }) => {
    await logInToAccount(page, NEW_PASSWORD);
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    const details = main.getByRole('region', { name: 'Personal details' });
    await expect(details).toContainText(EMAIL);
    await expect(details).toContainText('Riikka Reset');
    await expect(details).toContainText('Finland');
    await expect(page.getByTestId('account-phone')).toHaveText('+358 401234599');
    await expectNoSeriousA11yViolations(page);

    const phoneForm = main.getByRole('region', { name: 'Change mobile phone' });
    await expect(phoneForm.getByRole('combobox', { name: 'Country code' })).toHaveValue('+358');
    await phoneForm.getByRole('textbox', { name: 'New mobile number' }).fill(NEW_PHONE_BODY);
    await phoneForm.getByRole('button', { name: 'Send code' }).click();

    // The SMS code popup, with the verification id the request gave.
    const dialog = page.getByRole('dialog', { name: 'Enter the code' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`+358 ${NEW_PHONE_BODY}`);
    await expectNoSeriousA11yViolations(page);
    // Closing resets the flow; the number is not changed.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('account-phone')).toHaveText('+358 401234599');

    await phoneForm.getByRole('button', { name: 'Send code' }).click();
    await expect(dialog).toBeVisible();
    const code = await lastCode(page.request, `+358${NEW_PHONE_BODY}`);
    const codeInput = dialog.getByRole('textbox', { name: 'Verification code' });
    await expect(codeInput).toHaveAttribute('inputmode', 'numeric');
    await codeInput.fill(wrongCode(code));
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(dialog.getByRole('alert')).toContainText('That code is not right');
    await codeInput.fill(code);
    await dialog.getByRole('button', { name: 'Confirm' }).click();

    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: 'Your mobile phone number has been changed.' })).toBeVisible();
    await expect(page.getByTestId('account-phone')).toHaveText(`+358 ${NEW_PHONE_BODY}`);
  });

  test('a wrong current password is shown as a toast and the typed values stay', async ({ page }) => {
    await logInToAccount(page, NEW_PASSWORD);
    const form = page.getByRole('main').getByRole('region', { name: 'Change password' });
    const current = form.getByLabel('Current password', { exact: true });
    const next = form.getByLabel('New password', { exact: true });
    await current.fill('Not-the-password-9');
    await next.fill('Aurora-Changed-3');
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Your current password is not correct.' })).toBeVisible();
    await expect(current).toHaveValue('Not-the-password-9');
    await expect(next).toHaveValue('Aurora-Changed-3');
    await expectNoSeriousA11yViolations(page);

    // The right current password changes it; the form empties.
    await current.fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();
    await expect(current).toHaveValue('');
    const login = await page.request.post('/api/player/login', { data: { email: EMAIL, password: 'Aurora-Changed-3' } });
    expect(login.status()).toBe(200);
  });

  test('an anonymous visitor is sent to /401 with the original path', async ({ page }) => {
    await page.goto('/en-UN/my-account/account');
    await expect(page).toHaveURL(/\/en-UN\/401\?redirect=%2Fmy-account%2Faccount$/);
    await waitForShell(page);
    await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
