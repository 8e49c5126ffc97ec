import { test, expect, waitForShell } from './fixtures';
import { expectFitsPhones, registerFreshPlayer } from './helpers';

// The bonus code page and the cashier's bonuses (issue 24; product.md §2 /my-account/bonus-code,
// §3 selectBonus / selectedBonusId; behaviour.md §4 "Bonuses and rewards", §5, §8 "Bonus"). Each test
// uses a new player of its own (a claim and a deposit change the player's money): a wrong code is
// refused with the translated error and the code kept, the seeded WELCOME50 is verified and
// claimed and its money is on the casino bonus balance; a first deposit with the welcome bonus
// chosen (none is chosen for the player) credits the bonus, and the withdraw form then warns that a
// withdrawal forfeits it and how much. Every screen passes axe and fits a 320 and a 375 px phone.


test.describe('bonus code', () => {
  test('a wrong code is refused with the code kept; WELCOME50 is verified, claimed and on the casino bonus balance', async ({ page }) => {
    test.setTimeout(60_000);
    await registerFreshPlayer(page.request, { tag: 'bonuscode', firstName: 'Bea', lastName: 'Code', password: 'Aurora-Player-1' });
    // The account navigation offers the page to a player with the manual-claim permission (behaviour.md §6).
    await page.goto('/en-UN/my-account/account');
    await waitForShell(page);
    await page.getByRole('navigation', { name: 'Your account' }).getByRole('link', { name: 'Bonus code' }).click();
    await expect(page).toHaveURL(/\/en-UN\/my-account\/bonus-code$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Bonus code' })).toBeVisible();
    const field = page.getByRole('textbox', { name: 'Bonus code' });
    await expectFitsPhones(page, 'bonus code');

    // A code of the right shape that no campaign has: the platform's refusal, shown by its code (§8), the code kept.
    await field.fill('NOPE-123');
    await page.getByRole('button', { name: 'Check code' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'bonus code' })).toHaveText('This bonus code is not valid. Check it and try again.');
    await expect(field).toHaveValue('NOPE-123');
    await expectFitsPhones(page, 'bonus code refused');

    // The seeded code, typed in lower case: verified, then the bonus it gives and Claim.
    await field.fill('welcome50');
    await page.getByRole('button', { name: 'Check code' }).click();
    const offer = page.getByRole('region', { name: 'Your bonus', exact: true });
    await expect(offer).toContainText('Bonus code WELCOME50');
    await expect(offer).toContainText('Bonus: €50.00');
    await expectFitsPhones(page, 'bonus code offer');
    await offer.getByRole('button', { name: 'Claim bonus' }).click();
    await expect(page.getByRole('heading', { name: 'Bonus claimed' })).toBeVisible();
    await expect(page.getByRole('status').filter({ hasText: 'is active' })).toContainText('€50.00 bonus money was added to your balance.');
    await expectFitsPhones(page, 'bonus code claimed');

    // The money is casino bonus money (behaviour.md §5: the balances per vertical, summed).
    await page.goto('/en-UN/my-account/banking');
    await waitForShell(page);
    await expect(page.getByTestId('balance-casino-bonus')).toHaveText('€50.00');
    await expect(page.getByTestId('balance-total')).toHaveText('€50.00');
  });

  test('a first deposit with the welcome bonus chosen credits it; the withdraw form warns that a withdrawal forfeits it', async ({ page }) => {
    test.setTimeout(90_000);
    await registerFreshPlayer(page.request, { tag: 'depositbonus', firstName: 'Dina', lastName: 'Deposit', password: 'Aurora-Player-1' });
    await page.goto('/en-UN/my-account/banking/deposit');
    await waitForShell(page);
    const bonuses = page.getByRole('group', { name: 'Deposit bonus' });
    // Offered, never chosen for the player.
    await expect(bonuses.getByRole('radio', { name: 'No bonus' })).toBeChecked();
    const welcome = bonuses.getByRole('radio', { name: /Welcome bonus/ });
    await expect(welcome).not.toBeChecked();
    await expectFitsPhones(page, 'deposit bonuses');
    await welcome.check();
    await page.getByRole('radio', { name: 'Visa' }).check();
    await page.getByRole('button', { name: '€50', exact: true }).click();
    await page.getByRole('button', { name: 'Deposit €50.00' }).click();
    await expect(page).toHaveURL(/\/api\/payment-simulator\/pay\?payment=/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByText('Your deposit of €50.00 has been paid and is on your balance.')).toBeVisible();

    // 100 % of the deposit: the bonus is active, its money on the casino bonus balance.
    await page.goto('/en-UN/my-account/banking');
    await waitForShell(page);
    await expect(page.getByTestId('balance-main')).toHaveText('€50.00');
    await expect(page.getByTestId('balance-casino-bonus')).toHaveText('€50.00');
    await expect(page.getByTestId('balance-total')).toHaveText('€100.00');

    // The withdraw form says what a withdrawal forfeits, in the account's currency.
    await page.goto('/en-UN/my-account/banking/withdraw');
    await waitForShell(page);
    await expect(page.getByTestId('withdraw-bonus-warning')).toHaveText('You have an active bonus. A withdrawal forfeits it: €50.00 of bonus money will be removed.');
    await expectFitsPhones(page, 'withdraw with an active bonus');
  });
});
