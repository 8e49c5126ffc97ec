import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, header, logIn } from './helpers';

// Wallet and banking (issue 11; product.md §2 account area and /deposit, §3 "Wallet",
// "Transactions", "Deposit and withdraw flows"; behaviour.md §4, §5, §8): the header balance, the
// deposit through the simulated payment provider, the history, withdrawals and their cancellation
// (not in the GG market, UKGC RTS 14B), a declined payment. The seeded player@example.com (Finland,
// EUR) and uk@example.com (Great Britain, GBP: the GG market) are used by this file only for money.

const PLAYER = 'player@example.com';
const UK_PLAYER = 'uk@example.com';

/** The header's amount (by test id: while the deposit modal is open the header is hidden from the accessibility tree). */
function headerBalance(page: Page): Locator {
  return page.locator('header').getByTestId('header-balance');
}

/** The header's balance as cents (en locale: "€1,234.50"). */
async function balanceCents(page: Page): Promise<number> {
  const text = (await headerBalance(page).textContent()) ?? '';
  const digits = text.replace(/[^0-9.]/g, '');
  return Math.round(Number(digits) * 100);
}

async function logInAt(page: Page, path: string, email: string): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
  await logIn(page, email);
  await expect(headerBalance(page)).toHaveText(/\d/);
}

/** Money for a test's player, as the operator would credit it (test mode only). */
async function credit(page: Page, email: string, amount: string): Promise<void> {
  const response = await page.request.post('/api/test/wallet/credit', { data: { email, amount } });
  expect(response.ok(), await response.text()).toBe(true);
}

/** Opens the deposit modal from the header, picks the method and the amount, and goes to the provider. */
async function depositThroughCashier(page: Page, preset: string, submitName: string): Promise<void> {
  await header(page).getByRole('link', { name: 'Deposit' }).click();
  const dialog = page.getByRole('dialog', { name: 'Deposit' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('radio', { name: 'Visa' }).check();
  await dialog.getByRole('button', { name: preset, exact: true }).click();
  await dialog.getByRole('button', { name: submitName }).click();
  await expect(page).toHaveURL(/\/api\/payment-simulator\/pay\?payment=/);
}

test.describe.serial('banking', () => {
  test('a deposit of 50 through the cashier: the balance changes in another open tab without a reload, and the history shows it today', async ({ page, context }) => {
    test.setTimeout(60_000);
    await logInAt(page, '/en-UN', PLAYER);
    const start = await balanceCents(page);

    // A second tab of the same player stays open on the banking overview; it is never reloaded.
    const watcher = await context.newPage();
    await watcher.goto('/en-UN/my-account/banking');
    await waitForShell(watcher);
    await expect(headerBalance(watcher)).toHaveText(/\d/);
    await watcher.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    expect(await balanceCents(watcher)).toBe(start);

    // The cashier in the modal over the home page: methods with logos, presets, bounds.
    await header(page).getByRole('link', { name: 'Deposit' }).click();
    await expect(page).toHaveURL(/\/en-UN\/deposit\?from=%2F/);
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('group', { name: 'Payment method' }).getByRole('radio')).not.toHaveCount(0);
    const logo = dialog.locator('img').first();
    await expect(logo).toHaveAttribute('width', /\d+/);
    await expect(logo).toHaveAttribute('height', /\d+/);
    await expect(dialog.getByText('From €10 to €5,000')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The form's own checks: no method, an amount under the minimum.
    const amount = dialog.getByRole('textbox', { name: 'Amount (EUR)' });
    await amount.fill('5');
    await dialog.getByRole('button', { name: 'Deposit €5.00' }).click();
    await expect(dialog.getByText('The smallest amount is €10.')).toBeVisible();
    await expect(dialog.getByText('Choose a payment method.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    await dialog.getByRole('radio', { name: 'Visa' }).check();
    await dialog.getByRole('button', { name: '€50', exact: true }).click();
    await expect(amount).toHaveValue('50');
    await expect(dialog.getByRole('button', { name: '€50', exact: true })).toHaveAttribute('aria-pressed', 'true');
    await dialog.getByRole('button', { name: 'Deposit €50.00' }).click();

    // The provider's page, then back to the modal with the outcome.
    await expect(page).toHaveURL(/\/api\/payment-simulator\/pay\?payment=/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/en-UN\/deposit\?.*depositId=/);
    await expect(dialog.getByText('Your deposit of €50.00 has been paid and is on your balance.')).toBeVisible();
    await expect.poll(() => balanceCents(page)).toBe(start + 5_000);
    await expectNoSeriousA11yViolations(page);

    // The other tab got the push: its header and its balances changed, without a reload.
    await expect.poll(() => balanceCents(watcher), { timeout: 15_000 }).toBe(start + 5_000);
    await expect(watcher.getByTestId('balance-total')).toHaveText(await headerBalance(watcher).innerText());
    expect(await watcher.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    await watcher.close();

    // Closing the modal goes back to where it was opened (the home page).
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(/\/en-UN\/?$/);

    // The history: today's group holds the deposit.
    await page.goto('/en-UN/my-account/banking/transactions');
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Transactions' })).toHaveAttribute('aria-current', 'page');
    const today = main.getByTestId('transaction-day').first();
    await expect(today.getByRole('heading', { level: 3 })).toContainText('Today');
    const row = today.getByTestId('transaction').filter({ hasText: 'Deposit' }).first();
    await expect(row).toContainText('+€50.00');
    await expect(row).toContainText('Successful');
    await expect(row).toContainText('Payment');
    await expect(main.getByTestId('summary-period')).toContainText('All time');
    // UKGC RTS 1C: the deposit counts in the net position of the period shown.
    await expect(main.getByTestId('net-position')).toHaveText(/^\+€[\d,.]+$/);
    expect(Math.round(Number((await main.getByTestId('net-position').innerText()).replace(/[^0-9.]/g, '')) * 100)).toBeGreaterThanOrEqual(5_000);
    await expectNoSeriousA11yViolations(page);

    // A filter: the last 24 hours, named as the summary's period (UKGC RTS 1C).
    await main.getByRole('combobox', { name: 'Time frame' }).selectOption('24');
    await main.getByRole('button', { name: 'Apply filters' }).click();
    await expect(main.getByTestId('summary-period')).toContainText('Last 24 hours');
    await expect(main.getByTestId('transaction').filter({ hasText: '+€50.00' }).first()).toBeVisible();
    await main.getByRole('combobox', { name: 'Category' }).selectOption('CASINO');
    await main.getByRole('button', { name: 'Apply filters' }).click();
    await expect(main.getByText('No transactions match these filters.')).toBeVisible();
    await main.getByRole('button', { name: 'Clear filters' }).click();
    await expect(main.getByTestId('summary-period')).toContainText('All time');
    await expect(main.getByTestId('transaction').first()).toBeVisible();
  });

  test('a withdrawal of 20 outside the UK is pending, locked, and can be cancelled', async ({ page }) => {
    await logInAt(page, '/en-UN', PLAYER);
    const start = await balanceCents(page);
    await page.goto('/en-UN/my-account/banking/withdraw');
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('link', { name: 'Withdraw' })).toHaveAttribute('aria-current', 'page');
    await expect(main.getByTestId('withdraw-available')).toHaveText(/€\d/);
    await expect(main.getByText('A withdrawal cannot be cancelled once you have requested it.')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    await main.getByRole('radio', { name: 'Visa' }).check();
    await main.getByRole('textbox', { name: 'Amount (EUR)' }).fill('20');
    await main.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(main.getByText('Your withdrawal of €20.00 has been requested and is pending.')).toBeVisible();
    const reference = (await main.getByTestId('withdrawal-reference').textContent()) ?? '';
    expect(reference).not.toBe('');
    const pending = main.getByRole('region', { name: 'Pending withdrawals' });
    const row = pending.getByTestId('pending-withdrawal').filter({ hasText: reference });
    await expect(row).toContainText('€20.00');
    await expectNoSeriousA11yViolations(page);

    // The money is locked, not gone: the total stays; the overview shows it under Locked.
    await expect.poll(() => balanceCents(page)).toBe(start);
    await main.getByRole('navigation', { name: 'Banking sections' }).getByRole('link', { name: 'Banking' }).click();
    await expect(main.getByTestId('balance-locked')).toContainText('€20.00');
    await page.goBack();

    // Cancelled: the row goes and the money is back on the main balance.
    await row.getByRole('button', { name: 'Cancel withdrawal' }).click();
    await expect(pending.getByTestId('pending-withdrawal').filter({ hasText: reference })).toHaveCount(0);
    await expect.poll(() => balanceCents(page)).toBe(start);
  });

  test('in the GG market a requested withdrawal cannot be cancelled (UKGC RTS 14B)', async ({ page }) => {
    await credit(page, UK_PLAYER, '100.00');
    await logInAt(page, '/en-GG', UK_PLAYER);
    await page.goto('/en-GG/my-account/banking/withdraw');
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByText('A withdrawal cannot be cancelled once you have requested it.').first()).toBeVisible();
    await main.getByRole('radio', { name: 'Visa' }).check();
    await main.getByRole('textbox', { name: 'Amount (GBP)' }).fill('20');
    await main.getByRole('button', { name: 'Request withdrawal' }).click();
    await expect(main.getByText(/Your withdrawal of £20\.00 has been requested and is pending\./)).toBeVisible();
    const pending = main.getByRole('region', { name: 'Pending withdrawals' });
    await expect(pending.getByTestId('pending-withdrawal').first()).toContainText('£20.00');
    await expect(pending.getByRole('button', { name: 'Cancel withdrawal' })).toHaveCount(0);
    await expect(pending.getByText('A withdrawal cannot be cancelled once you have requested it.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('a declined payment shows its message and changes nothing', async ({ page }) => {
    await logInAt(page, '/en-UN/my-account/banking', PLAYER);
    const start = await balanceCents(page);
    const total = await page.getByTestId('balance-total').textContent();
    await depositThroughCashier(page, '€20', 'Deposit €20.00');
    await page.getByRole('button', { name: 'Decline' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await expect(dialog.getByRole('alert')).toContainText('Your payment of €20.00 did not go through');
    await expect(dialog.getByRole('alert')).toContainText('your balance has not changed');
    await expectNoSeriousA11yViolations(page);
    expect(await balanceCents(page)).toBe(start);
    // Closing returns to the banking overview it was opened from, with the same balances.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/en-UN\/my-account\/banking$/);
    await expect(page.getByTestId('balance-total')).toHaveText(total ?? '');
  });

  // Issue 21 item 10: the amount's error says why ("10.555" has too many decimals), on both forms.
  test('an amount with too many decimals is refused with the reason, and what was typed stays', async ({ page }) => {
    await logInAt(page, '/en-UN/my-account/banking/withdraw', PLAYER);
    const main = page.getByRole('main');
    const amount = main.getByRole('textbox', { name: 'Amount (EUR)' });
    await main.getByRole('radio', { name: 'Visa' }).check();
    await amount.fill('20.555');
    await main.getByRole('button', { name: /Request withdrawal/ }).click();
    await expect(main.getByText('Enter at most two decimals, for example 10.55.')).toBeVisible();
    await expect(main.getByText('Enter an amount, in numbers only.')).toHaveCount(0);
    await expect(amount).toHaveValue('20.555');
    await expect(amount).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page);

    await header(page).getByRole('link', { name: 'Deposit' }).click();
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await dialog.getByRole('radio', { name: 'Visa' }).check();
    await dialog.getByRole('textbox', { name: 'Amount (EUR)' }).fill('10,555');
    await dialog.getByRole('button', { name: 'Continue to payment' }).click();
    await expect(dialog.getByText('Enter at most two decimals, for example 10.55.')).toBeVisible();
    await expect(page).toHaveURL(/\/deposit/);
  });

  // Issue 21 item 11: a pending withdrawal shows no balance until it settles; a declined deposit
  // carries no "+" (it is no credit).
  test('the history reads as what happened: no balance on a pending row, no credit sign on a declined one', async ({ page }) => {
    await logInAt(page, '/en-UN/my-account/banking', PLAYER);
    await depositThroughCashier(page, '€20', 'Deposit €20.00');
    await page.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('dialog', { name: 'Deposit' }).getByRole('alert')).toContainText('did not go through');

    await page.goto('/en-UN/my-account/banking/withdraw');
    await waitForShell(page);
    const main = page.getByRole('main');
    await main.getByRole('radio', { name: 'Visa' }).check();
    await main.getByRole('textbox', { name: 'Amount (EUR)' }).fill('20');
    await main.getByRole('button', { name: 'Request withdrawal' }).click();
    const reference = (await main.getByTestId('withdrawal-reference').textContent()) ?? '';
    expect(reference).not.toBe('');

    await page.goto('/en-UN/my-account/banking/transactions');
    await waitForShell(page);
    const pendingRow = main.getByTestId('transaction').filter({ hasText: reference });
    await expect(pendingRow).toContainText('Pending');
    await expect(pendingRow.getByTestId('transaction-amount')).toHaveText(/^[-−]€20\.00$/);
    await expect(pendingRow).not.toContainText('Balance after');
    const declined = main.getByTestId('transaction').filter({ hasText: 'Failed' }).first();
    await expect(declined.getByTestId('transaction-amount')).toHaveText('€20.00');
    await expect(declined).not.toContainText('+€');
    // A settled row still says where the balance stood after it.
    await expect(main.getByTestId('transaction').filter({ hasText: 'Successful' }).first().getByTestId('transaction-balance')).toContainText(/Balance after: €/);
    await expectNoSeriousA11yViolations(page);

    // Cancelled again, so that the other journeys of this player start from the same balance.
    await page.goto('/en-UN/my-account/banking/withdraw');
    await waitForShell(page);
    await main.getByRole('region', { name: 'Pending withdrawals' }).getByTestId('pending-withdrawal').filter({ hasText: reference }).getByRole('button', { name: 'Cancel withdrawal' }).click();
    await expect(main.getByTestId('pending-withdrawal').filter({ hasText: reference })).toHaveCount(0);
  });

  test('the banking pages and the deposit modal need a login (/401 with the path)', async ({ page }) => {
    await page.goto('/en-UN/deposit');
    await expect(page).toHaveURL(/\/en-UN\/401\?redirect=%2Fdeposit/);
    await page.goto('/en-UN/my-account/banking/transactions');
    await expect(page).toHaveURL(/\/en-UN\/401\?redirect=%2Fmy-account%2Fbanking%2Ftransactions/);
  });
});

for (const width of [320, 375]) {
  test(`every banking screen fits a ${width} px phone and passes axe`, async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width, height: 740 });
    await logInAt(page, '/en-UN', PLAYER);
    await expectFitsViewport(page, 'home with the header balance', header(page).getByRole('link', { name: 'Deposit' }));
    const main = page.getByRole('main');
    for (const [path, heading] of [
      ['/en-UN/my-account/banking', 'Your balances'],
      ['/en-UN/my-account/banking/deposit', 'Deposit'],
      ['/en-UN/my-account/banking/withdraw', 'Request a withdrawal'],
      ['/en-UN/my-account/banking/transactions', 'Transactions'],
    ] as const) {
      await page.goto(path);
      await waitForShell(page);
      await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
      await expect(main.locator('[role=status][aria-label]')).toHaveCount(0);
      await expectFitsViewport(page, path);
      await expectNoSeriousA11yViolations(page);
    }
    // The modal hides the rest of the page from the accessibility tree: wait for the takeover only.
    await page.goto('/en-UN/deposit');
    await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
    const dialog = page.getByRole('dialog', { name: 'Deposit' });
    await expect(dialog.getByRole('button', { name: 'Continue to payment' })).toBeVisible();
    await expectFitsViewport(page, '/deposit modal', dialog.getByRole('button', { name: 'Continue to payment' }));
    await expectNoSeriousA11yViolations(page);
    // A deep link closes to the home page.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(/\/en-UN\/?$/);
  });
}
