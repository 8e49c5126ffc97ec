import type { Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsPhones, expectFitsViewport, registerFreshPlayer, shown } from './helpers';

// The rewards pages (issue 24; product.md §2 /my-account/rewards and /rewards/active, the forfeit
// modals; behaviour.md §4 "Bonuses and rewards"): a new player of this file's own (claims change the
// player's money) claims the seeded MANUAL casino bonus and sees it active with its wagering
// progress; then claims the registration free spins, whose wallet vertical (casino) has that bonus
// active: the forfeit prompt says which bonus and how much is lost, Forfeit and claim forfeits it
// and the free spins are the active bonus. Both tabs pass axe and fit a 320 and a 375 px phone, in English, German and Finnish.

const MANUAL = 'manual-casino-10';
const FREE_SPINS = 'registration-free-spins';

function card(page: Page, campaignId: string) {
  return page.locator(`[data-testid="reward"][data-campaign="${campaignId}"]`);
}

/** The casino lobby's game names (its search index, as the lobby serves it). */
async function casinoGameNames(page: Page): Promise<Set<string>> {
  const answer = await page.request.get('/api/content/UN/en/lobbies/casino/games?channel=desktop');
  expect(answer.ok()).toBe(true);
  const index = (await answer.json()) as { games: { id: string; label: string }[] };
  return new Set(index.games.map((game) => game.label));
}


test.describe('rewards', () => {
  test('claim a bonus, see it active with its progress; forfeit-then-claim another of the same vertical', async ({ page }) => {
    // Two claims, a forfeit and six pages each measured at two widths with axe.
    test.slow();
    await registerFreshPlayer(page.request, { tag: 'rewards', firstName: 'Rita', lastName: 'Rewards', password: 'Aurora-Player-1' });
    await page.goto('/en-UN/my-account/rewards');
    await waitForShell(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Rewards' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Your account' });
    await expect(nav.getByRole('link', { name: /^Rewards/ })).toHaveAttribute('aria-current', 'page');

    // The offers: the manual casino bonus with its amount in the account's currency; no tournament reward.
    const manual = card(page, MANUAL);
    await expect(manual.getByTestId('reward-amount')).toHaveText('€10.00');
    await expect(page.locator('[data-campaign="tournament-prize"]')).toHaveCount(0);
    // The free spins are limited to two demo slots: the card names them (the lobby's names), never their ids.
    const gameNames = await casinoGameNames(page);
    const limited = card(page, FREE_SPINS).getByTestId('reward-games');
    await expect(limited).not.toHaveText(/\d+ games|cas-\d/);
    const named = ((await limited.textContent()) ?? '').split(', ');
    expect(named).toHaveLength(2);
    for (const name of named) expect(gameNames, `"${name}" is a game's name`).toContain(name);
    await expectFitsPhones(page, 'rewards offers');

    // Claim it: the confirmation, the active tab's count and the navigation's badge.
    await manual.getByRole('button', { name: 'Claim bonus' }).click();
    await expect(page.getByTestId('rewards-status')).toContainText('is now active.');
    await expect(page.getByTestId('rewards-active-count')).toHaveText('1');
    await expect(nav.getByTestId('rewards-badge')).toContainText('1');

    // The active tab: the bonus with its wagering progress (an accessible progress bar and its text).
    await page.getByRole('link', { name: /^Active/ }).click();
    await expect(page).toHaveURL(/\/en-UN\/my-account\/rewards\/active$/);
    const active = card(page, MANUAL);
    const progress = active.getByRole('progressbar', { name: 'Wagering progress' });
    await expect(progress).toHaveAttribute('aria-valuenow', '0');
    await expect(active.getByTestId('reward-progress')).toHaveText('0 % of €100.00 wagered');
    await expect(active.getByTestId('reward-balance')).toHaveText('€10.00');
    await expect(active.getByTestId('reward-expiry')).toContainText(/Expires in 1[34] days/);
    await expectFitsPhones(page, 'rewards active');

    // Forfeit-then-claim: the free spins are casino bonus money too: the claim is refused, the
    // prompt names the active bonus and what is lost.
    await page.getByRole('link', { name: /^Available/ }).click();
    await card(page, FREE_SPINS).getByRole('button', { name: 'Claim free spins' }).click();
    const prompt = page.getByRole('alertdialog', { name: 'Forfeit your active bonus?' });
    await expect(prompt).toBeVisible();
    await expect(prompt).toContainText('you lose €10.00');
    await expect(prompt).toContainText('is claimed instead.');
    await page.setViewportSize({ width: 320, height: 800 });
    await expectFitsViewport(page, 'forfeit prompt (320 px)', prompt.getByRole('button', { name: 'Forfeit and claim' }));
    await page.setViewportSize({ width: 1440, height: 900 });
    await prompt.getByRole('button', { name: 'Forfeit and claim' }).click();
    await expect(prompt).toBeHidden();
    await expect(page.getByTestId('rewards-status')).toContainText('was forfeited: €10.00 of bonus money was removed.');
    await expect(page.getByTestId('rewards-status')).toContainText('is now active.');

    // The free spins are the active bonus; the forfeited one is gone.
    await page.getByRole('link', { name: /^Active/ }).click();
    await expect(card(page, FREE_SPINS)).toBeVisible();
    // Its 20 rounds (10 on each of two demo slots) are all left; the spins themselves carry no stake to wager.
    await expect(card(page, FREE_SPINS).getByTestId('reward-spins-left')).toHaveText('20');
    await expect(card(page, FREE_SPINS).getByTestId('reward-amount')).toHaveCount(0);
    // No winnings to wager yet: no bar of "100 % of €0.00", but each game's rounds played, by its name.
    await expect(card(page, FREE_SPINS).getByRole('progressbar')).toHaveCount(0);
    await expect(card(page, FREE_SPINS).getByTestId('reward-balance')).toHaveCount(0);
    const rounds = card(page, FREE_SPINS).getByTestId('reward-rounds').getByRole('listitem');
    await expect(rounds).toHaveCount(2);
    for (const line of await rounds.allTextContents()) {
      const [name, played] = line.split(': ');
      expect(gameNames).toContain(name);
      expect(played).toBe('0 of 10 free spins played');
    }
    await expect(card(page, MANUAL)).toHaveCount(0);
    await expect(page.getByTestId('rewards-active-count')).toHaveText('1');

    // German and Finnish labels are long: both tabs still fit a 320 and a 375 px phone, buttons wrapping.
    for (const langmarket of ['de-AT', 'fi-FI']) {
      for (const tab of ['', '/active']) {
        await page.goto(`/${langmarket}/my-account/rewards${tab}`);
        await waitForShell(page);
        await expect(page.locator('[data-testid="reward"]').first()).toBeVisible();
        await expectFitsPhones(page, `rewards${tab} in ${langmarket}`);
      }
      // The forfeit prompt of the active free spins (the tab the loop ends on): its long words wrap,
      // its buttons too, at 320 and 375 px, and it passes axe while open. Keeping the bonus closes it.
      const language = langmarket.slice(0, 2);
      await card(page, FREE_SPINS).getByRole('button', { name: shown(language, 'Forfeit bonus') }).click();
      const dialog = page.getByRole('alertdialog', { name: shown(language, 'Forfeit your active bonus?') });
      await expect(dialog).toBeVisible();
      // Free spins without winnings lose no money: the prompt counts the spins lost, not "0.00".
      await expect(dialog).toContainText('20');
      await expect(dialog).not.toContainText(/0[,.]00/);
      for (const width of [320, 375]) {
        await page.setViewportSize({ width, height: 800 });
        await expectFitsViewport(page, `forfeit prompt in ${langmarket} (${String(width)} px)`, dialog.getByRole('button', { name: shown(language, 'Forfeit bonus') }));
        await expectFitsViewport(page, `forfeit prompt in ${langmarket} (${String(width)} px), keep`, dialog.getByRole('button', { name: shown(language, 'Keep my bonus') }));
        await expectNoSeriousA11yViolations(page);
      }
      await page.setViewportSize({ width: 1440, height: 900 });
      await dialog.getByRole('button', { name: shown(language, 'Keep my bonus') }).click();
      await expect(dialog).toBeHidden();
      await expect(card(page, FREE_SPINS)).toBeVisible();
    }
  });

  test('the rewards and bonus-code pages are only for a player who may use them (behaviour.md §6, product.md §2 route guards)', async ({ page }) => {
    const { email } = await registerFreshPlayer(page.request, { tag: 'rewardguards', firstName: 'Greta', lastName: 'Guard', password: 'Aurora-Player-1' });
    const operator = async (path: string, data: Record<string, unknown>) => {
      const answer = await page.request.post(path, { data: { email, ...data } });
      expect(answer.ok(), await answer.text()).toBe(true);
    };
    const nav = page.getByRole('navigation', { name: 'Your account' });

    // Without the manual-claim permission (the operator's word for this player): the navigation has
    // no bonus-code link, and the page's address leads to the account page.
    await operator('/api/test/bonus/manual-claim', { allowed: false });
    await page.goto('/en-UN/my-account/account');
    await waitForShell(page);
    await expect(nav.getByRole('link', { name: 'Rewards' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Bonus code' })).toHaveCount(0);
    await page.goto('/en-UN/my-account/bonus-code');
    await expect(page).toHaveURL(/\/en-UN\/my-account\/account$/);

    // With the permission back, but payout-restricted: neither rewards tab nor the bonus-code page is
    // shown, each leads to the account page, and the navigation offers none of them.
    await operator('/api/test/bonus/manual-claim', { allowed: true });
    await operator('/api/test/players/status', { status: 'PAYOUT' });
    for (const path of ['/en-UN/my-account/rewards', '/en-UN/my-account/rewards/active', '/en-UN/my-account/bonus-code']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/en-UN\/my-account\/account$/);
    }
    await expect(nav.getByRole('link', { name: 'Banking' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Rewards' })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Bonus code' })).toHaveCount(0);
  });

  test('a visitor is sent to /401 with the path', async ({ page }) => {
    await page.goto('/en-UN/my-account/rewards/active');
    await expect(page).toHaveURL(/\/en-UN\/401/);
  });
});
