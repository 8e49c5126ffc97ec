import type { Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { expectFitsViewport, freshPersonalId, header, lastCode, newPlayer, registerFreshPlayer, shown, wrongCode } from './helpers';

// Issue 8: "a layout test that only visits a flow's first step misses the wide step". This walks
// every step of every flow on a phone (320 and 375 px), in the languages with long words where the
// flow allows it, and at each step asserts that nothing is wider than the viewport (the document
// and every element's box) and that the step's primary button is inside it. Each step is named in
// the failure. The flows keep their own behaviour tests; this file only walks and measures.

const WIDTHS = [320, 375] as const;
const PASSWORD = 'Aurora-Walk-1';
const NEW_PASSWORD = 'Aurora-Walk-2';

/** The journeys' texts in the page's language (see `shown` in helpers.ts). */
function inLanguage(language: string) {
  return (english: string) => shown(language, english);
}

/** The same text found inside a longer one (a toast with its close button). */
function within(pattern: RegExp): RegExp {
  return new RegExp(pattern.source.replace(/^\^\\s\*/, '').replace(/\\s\*\$$/, ''));
}

async function fillSignupDetails(page: Page, t: (english: string) => RegExp, email: string) {
  const main = page.getByRole('main');
  await main.getByLabel(t('First name')).fill('Aino');
  await main.getByLabel(t('Last name')).fill('Virtanen');
  await main.getByLabel(t('E-mail')).fill(email);
  await main.getByLabel(t('Password')).fill(PASSWORD);
}

async function fillSignupContact(page: Page, t: (english: string) => RegExp, phoneBody: string, country?: string) {
  const main = page.getByRole('main');
  if (country !== undefined) await main.getByLabel(t('Country of residence')).selectOption(country);
  await main.getByLabel(t('Mobile phone number')).fill(phoneBody);
  await main.locator('input[name="termsAndConditions"]').check();
  await main.locator('input[name="cookiePolicyAccepted"]').check();
  await main.locator('input[name="captcha"]').check();
  await expect(main.getByText(t('Verified'))).toBeVisible();
}

for (const width of WIDTHS) {
  test.describe(`every step fits a ${width} px phone`, () => {
    test.use({ viewport: { width, height: 740 } });

    test('sign-up by SMS in Finnish: Details, ContactInfo, Verification, Complete; Duplicated', async ({ page }) => {
      test.setTimeout(90_000);
      const t = inLanguage('fi');
      const player = newPlayer(`walk-sms-${width}`);
      const main = page.getByRole('main');
      await page.goto('/fi-FI/signup');
      await waitForShell(page);
      await expect(main.getByRole('heading', { level: 1, name: t('Create your account') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up Details', main.getByRole('button', { name: t('Continue') }));
      // The form's own errors under every field.
      await main.getByRole('button', { name: t('Continue') }).click();
      await expect(main.getByText(t('This field is required.')).first()).toBeVisible();
      await expectFitsViewport(page, 'sign-up Details with errors', main.getByRole('button', { name: t('Continue') }));

      await fillSignupDetails(page, t, player.email);
      await main.getByRole('button', { name: t('Continue') }).click();
      await expect(main.getByRole('heading', { level: 1, name: t('Your contact details') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up ContactInfo', main.getByRole('button', { name: t('Create account') }));
      await fillSignupContact(page, t, player.phoneBody);
      await expectFitsViewport(page, 'sign-up ContactInfo filled', main.getByRole('button', { name: t('Create account') }));
      await main.getByRole('button', { name: t('Create account') }).click();

      await expect(main.getByRole('heading', { level: 1, name: t('Confirm your phone number') })).toBeVisible();
      const code = main.getByLabel(t('Verification code'));
      await expect(code).toBeVisible();
      await expectFitsViewport(page, 'sign-up Verification (SMS)', main.getByRole('button', { name: t('Confirm') }));
      const sent = await lastCode(page.request, `+358${player.phoneBody}`);
      await code.fill(wrongCode(sent));
      await main.getByRole('button', { name: t('Confirm') }).click();
      await expect(main.getByText(t('This code is not right. Check it and try again, or ask for a new code.'))).toBeVisible();
      await expectFitsViewport(page, 'sign-up Verification (SMS) with a wrong code', main.getByRole('button', { name: t('Confirm') }));
      await code.fill(sent);
      await main.getByRole('button', { name: t('Confirm') }).click();

      await expect(main.getByRole('heading', { level: 1, name: t('Welcome to {brand}!') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up Complete', main.getByRole('link', { name: t('Explore the casino') }).or(main.getByRole('button', { name: t('Explore the casino') })));

      // Duplicated: the same e-mail again, from a fresh visitor.
      await page.context().clearCookies();
      await page.goto('/fi-FI/signup');
      await waitForShell(page);
      await fillSignupDetails(page, t, player.email);
      await main.getByRole('button', { name: t('Continue') }).click();
      await fillSignupContact(page, t, newPlayer('walk-dup').phoneBody);
      await main.getByRole('button', { name: t('Create account') }).click();
      await expect(main.getByRole('heading', { level: 1, name: t('You already have an account') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up Duplicated', main.getByRole('button', { name: t('Log in') }));
    });

    test('sign-up by e-mail (India): Verification by e-mail, Complete; Unsupported', async ({ page }) => {
      test.setTimeout(90_000);
      const t = inLanguage('inen');
      const player = newPlayer(`walk-email-${width}`);
      const main = page.getByRole('main');
      await page.goto('/inen-IN/signup');
      await waitForShell(page);
      await expectFitsViewport(page, 'sign-up Details (India)', main.getByRole('button', { name: t('Continue') }));
      await fillSignupDetails(page, t, player.email);
      await main.getByRole('button', { name: t('Continue') }).click();
      await fillSignupContact(page, t, `9${player.phoneBody.slice(1)}`, 'IN');
      await expectFitsViewport(page, 'sign-up ContactInfo (India)', main.getByRole('button', { name: t('Create account') }));
      await main.getByRole('button', { name: t('Create account') }).click();
      await expect(main.getByRole('heading', { level: 1, name: t('Confirm your e-mail address') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up Verification (e-mail)', main.getByRole('button', { name: t('Confirm') }));
      await main.getByLabel(t('Verification code')).fill(await lastCode(page.request, player.email));
      await main.getByRole('button', { name: t('Confirm') }).click();
      await expect(main.getByRole('heading', { level: 1, name: t('Welcome to {brand}!') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up Complete (India)');

      // Unsupported: no country the form offers is blocked, so the platform's answer is simulated
      // (as in signup.spec.ts).
      await page.context().clearCookies();
      await page.route('**/api/player/registration', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify({ code: 'error.country.blocked', message: 'blocked' }) })
          : route.fallback(),
      );
      await page.goto('/inen-IN/signup');
      await waitForShell(page);
      await fillSignupDetails(page, t, newPlayer('walk-blocked').email);
      await main.getByRole('button', { name: t('Continue') }).click();
      await fillSignupContact(page, t, `9${player.phoneBody.slice(1)}`, 'IN');
      await main.getByRole('button', { name: t('Create account') }).click();
      await expect(main.getByRole('heading', { level: 1, name: t('We cannot open an account in your country') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up Unsupported', main.getByRole('button', { name: t('Choose another country') }));
    });

    test('sign-up with no code (Malta, in German), then the account: phone change, password change form, marketing preferences; password reset; login dialog', async ({ page }) => {
      test.setTimeout(150_000);
      const t = inLanguage('de');
      const player = newPlayer(`walk-none-${width}`);
      const phone = `79${player.phoneBody.slice(3)}`;
      const main = page.getByRole('main');
      await page.goto('/de-AT/signup');
      await waitForShell(page);
      await expectFitsViewport(page, 'sign-up Details (German)', main.getByRole('button', { name: t('Continue') }));
      await fillSignupDetails(page, t, player.email);
      await main.getByRole('button', { name: t('Continue') }).click();
      await fillSignupContact(page, t, phone, 'MT');
      await expectFitsViewport(page, 'sign-up ContactInfo (German, Malta)', main.getByRole('button', { name: t('Create account') }));
      await main.getByRole('button', { name: t('Create account') }).click();
      await expect(main.getByRole('heading', { level: 1, name: t('Welcome to {brand}!') })).toBeVisible();
      await expectFitsViewport(page, 'sign-up Complete (German, no code)');

      // The account page: the phone change form, its code popup (with a wrong code), and the
      // password change form with its refusal.
      await page.goto('/de-AT/my-account/account');
      await expect(main.getByRole('heading', { level: 1, name: t('My account') })).toBeVisible();
      await expectFitsViewport(page, 'account page');
      const phoneForm = main.getByRole('region', { name: t('Change mobile phone') });
      await phoneForm.getByRole('textbox', { name: t('New mobile number') }).fill(`79${newPlayer('walk-phone').phoneBody.slice(3)}`);
      await expectFitsViewport(page, 'phone change form', phoneForm.getByRole('button', { name: t('Send code') }));
      await phoneForm.getByRole('button', { name: t('Send code') }).click();
      const popup = page.getByRole('dialog', { name: t('Enter the code') });
      await expect(popup).toBeVisible();
      await expectFitsViewport(page, 'phone change code popup', popup.getByRole('button', { name: t('Confirm') }));
      await popup.getByRole('textbox', { name: t('Verification code') }).fill('000000');
      await popup.getByRole('button', { name: t('Confirm') }).click();
      await expect(popup.getByRole('alert')).toBeVisible();
      await expectFitsViewport(page, 'phone change code popup with a wrong code', popup.getByRole('button', { name: t('Confirm') }));
      await page.keyboard.press('Escape');
      await expect(popup).toBeHidden();

      const passwordForm = main.getByRole('region', { name: t('Change password') });
      await passwordForm.getByLabel(t('Current password')).fill('Not-the-password-9');
      await passwordForm.getByLabel(t('New password')).fill(NEW_PASSWORD);
      await expectFitsViewport(page, 'password change form', passwordForm.getByRole('button', { name: t('Change password') }));

      // The marketing preferences, once loaded (long German channel names: Push-Benachrichtigungen).
      const marketing = main.getByRole('region', { name: t('Marketing preferences') });
      await expect(marketing.getByRole('button', { name: t('Save preferences') })).toBeEnabled();
      await expectFitsViewport(page, 'marketing preferences', marketing.getByRole('button', { name: t('Save preferences') }));

      // Log out; the password reset, every step, sends its code to the new player's phone.
      await header(page).getByRole('button', { name: t('Log out') }).click();
      await expect(header(page).getByRole('button', { name: t('Log in') })).toBeVisible();
      await page.goto('/de-AT/reset-password');
      await waitForShell(page);
      const email = main.getByRole('textbox', { name: t('E-mail') });
      await expectFitsViewport(page, 'password reset E-mail', main.getByRole('button', { name: t('Send code') }));
      await email.fill('walk@');
      await main.getByRole('button', { name: t('Send code') }).click();
      await expect(main.getByText(t('Enter a valid e-mail address, like name@example.com.'))).toBeVisible();
      await expectFitsViewport(page, 'password reset E-mail with an error', main.getByRole('button', { name: t('Send code') }));
      await email.fill(player.email);
      await main.getByRole('button', { name: t('Send code') }).click();
      await expect(main.getByRole('heading', { name: t('Enter the code') })).toBeVisible();
      await expectFitsViewport(page, 'password reset Verification', main.getByRole('button', { name: t('Verify') }));
      const code = await lastCode(page.request, `+356${phone}`);
      const codeInput = main.getByRole('textbox', { name: t('Verification code') });
      await codeInput.fill(wrongCode(code));
      await main.getByRole('button', { name: t('Verify') }).click();
      await expect(main.getByRole('alert')).toBeVisible();
      await expectFitsViewport(page, 'password reset Verification with a wrong code', main.getByRole('button', { name: t('Verify') }));
      await codeInput.fill(code);
      await main.getByRole('button', { name: t('Verify') }).click();
      await expect(main.getByRole('heading', { name: t('Choose a new password') })).toBeVisible();
      await expectFitsViewport(page, 'password reset Password', main.getByRole('button', { name: t('Save password') }));
      await main.getByLabel(t('New password')).fill('short');
      await main.getByRole('button', { name: t('Save password') }).click();
      await expect(main.getByText(t('The password is too short.'))).toBeVisible();
      await expectFitsViewport(page, 'password reset Password with an error', main.getByRole('button', { name: t('Save password') }));
      await main.getByLabel(t('New password')).fill(NEW_PASSWORD);
      await main.getByRole('button', { name: t('Save password') }).click();
      await expect(page).toHaveURL(/\/de-AT\/?$/);
      // The toast (its text may sit beside a close button).
      await expect(page.getByRole('status').filter({ hasText: within(t('Your password has been reset. You can log in with your new password.')) })).toBeVisible();
      await expectFitsViewport(page, 'password reset Complete (home with the toast)');

      // The login dialog: empty, refused, and the new password.
      await header(page).getByRole('button', { name: t('Log in') }).click();
      const dialog = page.getByRole('dialog', { name: t('Log in') });
      await expect(dialog).toBeVisible();
      await expectFitsViewport(page, 'login dialog', dialog.getByRole('button', { name: t('Log in') }));
      await dialog.getByRole('button', { name: t('Log in') }).click();
      await expect(dialog.getByText(t('Enter your e-mail address.'))).toBeVisible();
      await expectFitsViewport(page, 'login dialog with field errors', dialog.getByRole('button', { name: t('Log in') }));
      await dialog.getByRole('textbox', { name: t('E-mail') }).fill(player.email);
      await dialog.getByLabel(t('Password')).fill('Not-the-password-9');
      await dialog.getByRole('button', { name: t('Log in') }).click();
      await expect(dialog.getByRole('alert')).toBeVisible();
      await expectFitsViewport(page, 'login dialog refused', dialog.getByRole('button', { name: t('Log in') }));
      await dialog.getByLabel(t('Password')).fill(NEW_PASSWORD);
      await dialog.getByRole('button', { name: t('Log in') }).click();
      await expect(dialog).toBeHidden();
      await expect(header(page).getByRole('button', { name: t('Log out') })).toBeVisible();
      await expectFitsViewport(page, 'home, logged in');
    });

    test('pay and play in Finnish: amount, bank, update form, cancelled', async ({ page }) => {
      test.setTimeout(90_000);
      const t = inLanguage('fi');
      await page.setExtraHTTPHeaders({ 'x-test-country': 'FI' });
      const main = page.getByRole('main');
      await page.goto('/fi-FI/signup/pnp');
      await waitForShell(page);
      await expect(main.getByRole('heading', { level: 1, name: t('Deposit and play') })).toBeVisible();
      const submit = main.getByRole('button', { name: t('Identify with your bank') });
      await expectFitsViewport(page, 'pay and play amount', submit);
      const amount = main.getByRole('textbox', { name: t('Or enter an amount ({currency})') });
      await amount.fill('5');
      await submit.click();
      await expect(main.getByText(t('The smallest deposit is {min}.'))).toBeVisible();
      await expectFitsViewport(page, 'pay and play amount with an error', submit);
      await amount.fill('20');
      await submit.click();
      await expect(page).toHaveURL(/\/api\/bankid\/authorize\?session=/);
      await expectFitsViewport(page, "the simulated bank's page", page.getByRole('button', { name: 'Identify and pay' }));
      await page.getByLabel('Personal identity code').fill(freshPersonalId());
      await page.getByRole('button', { name: 'Identify and pay' }).click();

      await expect(page).toHaveURL(/\/fi-FI\/signup\/callback\?/);
      await expect(main.getByRole('heading', { level: 1, name: t('Complete your account') })).toBeVisible();
      const save = main.getByRole('button', { name: t('Save and play') });
      await expectFitsViewport(page, 'pay and play update form', save);
      await save.click();
      await expect(main.getByText(t('Enter your e-mail address.'))).toBeVisible();
      await expectFitsViewport(page, 'pay and play update form with errors', save);

      // Cancelled at the bank: the error step.
      await page.context().clearCookies();
      await page.goto('/fi-FI/signup/pnp');
      await amount.fill('20');
      await submit.click();
      await expect(page).toHaveURL(/\/api\/bankid\/authorize\?session=/);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await expect(main.getByRole('heading', { level: 1, name: t('Bank identification not completed') })).toBeVisible();
      await expectFitsViewport(page, 'pay and play cancelled', main.getByRole('link', { name: t('Start again') }));
    });

    // Issue 21: the amount step of a market that requires a deposit limit first (Germany: monthly;
    // Sweden: a period to choose), with its errors.
    test('pay and play in Germany and Sweden: the amount step with the required deposit limit', async ({ page }) => {
      const main = page.getByRole('main');
      for (const [path, language, country] of [
        ['/de-JJ/signup/pnp', 'de', 'DE'],
        ['/en-PP/signup/pnp', 'en', 'SE'],
      ] as const) {
        const t = inLanguage(language);
        await page.setExtraHTTPHeaders({ 'x-test-country': country });
        await page.goto(path);
        await waitForShell(page);
        await expect(main.getByRole('heading', { level: 1, name: t('Deposit and play') })).toBeVisible();
        const submit = main.getByRole('button', { name: t('Identify with your bank') });
        await expect(main.getByRole('textbox', { name: t('Limit ({currency})') })).toBeVisible();
        await expectFitsViewport(page, `pay and play amount with the required limit (${country})`, submit);
        await main.getByRole('textbox', { name: t('Or enter an amount ({currency})') }).fill('50');
        await main.getByRole('textbox', { name: t('Limit ({currency})') }).fill('20');
        await submit.click();
        await expect(main.getByText(t('Your deposit cannot be more than your deposit limit.'))).toBeVisible();
        await expectFitsViewport(page, `pay and play amount with the required limit and an error (${country})`, submit);
      }
    });

    test('banking in German: the header balance, the deposit modal and its outcome, the tabs, a withdrawal, the history', async ({ page }) => {
      test.setTimeout(120_000);
      const t = inLanguage('de');
      const main = page.getByRole('main');
      await page.goto('/de-AT');
      await waitForShell(page);
      await header(page).getByRole('button', { name: t('Log in') }).click();
      const login = page.getByRole('dialog', { name: t('Log in') });
      await login.getByRole('textbox', { name: t('E-mail') }).fill('player@example.com');
      await login.getByLabel(t('Password')).fill('Aurora-Player-1');
      await login.getByRole('button', { name: t('Log in') }).click();
      await expect(page.locator('header').getByTestId('header-balance')).toHaveText(/\d/);
      await expectFitsViewport(page, 'header with the balance (German)', header(page).getByRole('link', { name: t('Deposit') }));

      // The deposit modal: the cashier, its errors, the provider's page, the outcome.
      await header(page).getByRole('link', { name: t('Deposit') }).click();
      const dialog = page.getByRole('dialog', { name: t('Deposit') });
      await expect(dialog).toBeVisible();
      await expectFitsViewport(page, 'deposit modal', dialog.getByRole('button', { name: t('Continue to payment') }));
      await dialog.getByRole('textbox', { name: t('Amount ({currency})') }).fill('5');
      await dialog.getByRole('button', { name: t('Deposit {amount}') }).click();
      await expect(dialog.getByText(t('The smallest amount is {min}.'))).toBeVisible();
      await expectFitsViewport(page, 'deposit modal with errors', dialog.getByRole('button', { name: t('Deposit {amount}') }));
      await dialog.getByRole('radio', { name: 'Visa' }).check();
      await dialog.getByRole('textbox', { name: t('Amount ({currency})') }).fill('50');
      await dialog.getByRole('button', { name: t('Deposit {amount}') }).click();
      await expect(page).toHaveURL(/\/api\/payment-simulator\/pay\?payment=/);
      await expectFitsViewport(page, "the simulated provider's page", page.getByRole('button', { name: 'Approve' }));
      await page.getByRole('button', { name: 'Approve' }).click();
      await expect(dialog.getByText(t('Your deposit of {amount} has been paid and is on your balance.'))).toBeVisible();
      await expectFitsViewport(page, 'deposit paid', dialog.getByRole('button', { name: t('Make another deposit') }));

      // The tabs: the balances, the deposit tab, a withdrawal and its pending row, the history.
      await page.goto('/de-AT/my-account/banking');
      await waitForShell(page);
      await expect(main.getByRole('heading', { level: 2, name: t('Your balances') })).toBeVisible();
      await expectFitsViewport(page, 'banking balances');
      await main.getByRole('link', { name: t('Deposit') }).click();
      await expect(main.getByRole('button', { name: t('Continue to payment') })).toBeVisible();
      await expectFitsViewport(page, 'banking deposit tab', main.getByRole('button', { name: t('Continue to payment') }));
      await main.getByRole('link', { name: t('Withdraw') }).click();
      const request = main.getByRole('button', { name: t('Request withdrawal') });
      await expect(request).toBeVisible();
      await expectFitsViewport(page, 'withdraw form', request);
      await main.getByRole('textbox', { name: t('Amount ({currency})') }).fill('1');
      await request.click();
      await expect(main.getByText(t('The smallest amount is {min}.'))).toBeVisible();
      await expectFitsViewport(page, 'withdraw form with errors', request);
      await main.getByRole('radio', { name: 'Visa' }).check();
      await main.getByRole('textbox', { name: t('Amount ({currency})') }).fill('20');
      await request.click();
      await expect(main.getByText(t('Your withdrawal of {amount} has been requested and is pending.'))).toBeVisible();
      const cancel = main.getByRole('button', { name: t('Cancel withdrawal') }).first();
      await expectFitsViewport(page, 'withdrawal requested, pending list', cancel);
      await cancel.click();
      await main.getByRole('link', { name: t('Transactions') }).click();
      await expect(main.getByTestId('transaction').first()).toBeVisible();
      await expectFitsViewport(page, 'transaction history', main.getByRole('button', { name: t('Apply filters') }));
      await main.getByRole('combobox', { name: t('Category') }).selectOption('CASINO');
      await main.getByRole('button', { name: t('Apply filters') }).click();
      await expect(main.getByText(t('No transactions match these filters.'))).toBeVisible();
      await expectFitsViewport(page, 'transaction history, nothing matches', main.getByRole('button', { name: t('Clear filters') }));
    });

    test('casino and live casino in German: the lobby, its tabs, the provider filter, search results, the info panel, a category, a demo game', async ({ page }) => {
      test.setTimeout(90_000);
      const t = inLanguage('de');
      const main = page.getByRole('main');
      await page.goto('/de-AT/online-casino');
      await waitForShell(page);
      await expect(main.locator('a[href*="/play/"]').first()).toBeVisible();
      await expectFitsViewport(page, 'casino lobby', main.getByRole('button', { name: t('Providers') }));
      for (const tab of ['My games', 'Recently played', 'Search']) {
        await page.getByRole('navigation', { name: t('Lobby sections') }).getByRole('link', { name: t(tab) }).click();
        await expectFitsViewport(page, `casino lobby, tab ${tab}`);
      }
      await main.getByRole('button', { name: t('Providers') }).click();
      const filter = page.getByRole('dialog', { name: t('Providers') });
      await filter.getByRole('checkbox').first().check();
      await expectFitsViewport(page, 'provider filter', filter.getByRole('button', { name: t('Show games') }));
      await filter.getByRole('button', { name: t('Show games') }).click();
      await main.getByRole('searchbox', { name: t('Search games') }).fill('a');
      await expect(main.getByRole('status').filter({ hasText: /\d/ })).toBeVisible();
      await expectFitsViewport(page, 'search results');
      await main.getByRole('button', { name: t('About {name}') }).first().click();
      const info = page.getByRole('dialog').last();
      await expect(info.getByText(t('Return to player'))).toBeVisible();
      await expectFitsViewport(page, 'game info panel', info.getByRole('link', { name: t('Play for fun') }));
      await info.getByRole('link', { name: t('Play for fun') }).click();
      await expect(page.locator('main iframe')).toBeVisible();
      await expectFitsViewport(page, 'demo game page', main.getByRole('link', { name: t('Close game') }));
      await page.goto('/de-AT/online-casino/slots');
      await waitForShell(page);
      await expect(main.locator('a[href*="/play/"]').first()).toBeVisible();
      await expectFitsViewport(page, 'category page');
      await page.goto('/de-AT/live-casino-online');
      await waitForShell(page);
      await expect(main.locator('a[href*="/play/"]').first()).toBeVisible();
      await expectFitsViewport(page, 'live casino lobby');
    });

    test('rewards in Finnish: the offers, a claim, the active tab, the forfeit prompt', async ({ page }) => {
      const t = inLanguage('fi');
      const main = page.getByRole('main');
      await registerFreshPlayer(page.request, { tag: `walk-rewards-${String(width)}`, firstName: 'Aino', lastName: 'Virtanen', password: PASSWORD });
      await page.goto('/fi-FI/my-account/rewards');
      await waitForShell(page);
      const offer = main.locator('[data-testid="reward"][data-campaign="manual-casino-10"]');
      const claim = offer.getByRole('button', { name: t('Claim bonus') });
      await expectFitsViewport(page, 'rewards offers', claim);
      await claim.click();
      await expect(main.getByTestId('rewards-active-count')).toHaveText('1');
      await main.getByRole('link', { name: within(t('Active')) }).click();
      const forfeit = main.locator('[data-testid="reward"][data-campaign="manual-casino-10"]').getByRole('button', { name: t('Forfeit bonus') });
      await expectFitsViewport(page, 'rewards active, the wagering progress', forfeit);
      await forfeit.click();
      const prompt = page.getByRole('alertdialog', { name: t('Forfeit your active bonus?') });
      await expectFitsViewport(page, 'rewards forfeit prompt', prompt.getByRole('button', { name: t('Keep my bonus') }));
      await prompt.getByRole('button', { name: t('Keep my bonus') }).click();
      await expect(prompt).toBeHidden();
    });

    test('accept-terms, /401 and the home page in Finnish, German and Portuguese', async ({ page, request }) => {
      test.setTimeout(90_000);
      const main = page.getByRole('main');
      for (const [locale, language] of [['fi-FI', 'fi'], ['de-AT', 'de'], ['pt-PT', 'pt']] as const) {
        const t = inLanguage(language);
        await page.goto(`/${locale}`);
        await waitForShell(page);
        await expectFitsViewport(page, `home (${locale})`);
        await page.goto(`/${locale}/my-account/account`);
        await expect(page).toHaveURL(new RegExp(`/${locale}/401\\?redirect=`));
        await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
        await expectFitsViewport(page, `/401 (${locale})`, main.getByRole('button', { name: t('Log in') }));
      }

      const t = inLanguage('fi');
      expect((await request.post('/api/test/players/terms-version', { data: { email: 'terms@example.com', version: 2 } })).ok()).toBe(true);
      await page.goto('/fi-FI/terms');
      await waitForShell(page);
      await header(page).getByRole('button', { name: t('Log in') }).click();
      const dialog = page.getByRole('dialog', { name: t('Log in') });
      await dialog.getByRole('textbox', { name: t('E-mail') }).fill('terms@example.com');
      await dialog.getByLabel(t('Password')).fill('Aurora-Player-1');
      await dialog.getByRole('button', { name: t('Log in') }).click();
      await expect(page).toHaveURL(/\/fi-FI\/accept-terms-condition$/);
      await expect(main.getByRole('heading', { level: 1, name: t('Our terms and conditions have changed') })).toBeVisible();
      await expectFitsViewport(page, 'accept-terms', main.getByRole('button', { name: t('I accept') }));
      await header(page).getByRole('button', { name: t('Log out') }).click();
    });
  });
}
