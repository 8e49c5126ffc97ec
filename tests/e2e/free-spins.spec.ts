import { test, expect, waitForShell } from './fixtures';
import { expectFitsPhones, registerFreshPlayer } from './helpers';

// Issue 24 "free spins played in the demo slot with the balance moving in the bonus account": a new
// player claims the registration free spins on the rewards page, opens one of the two slots the
// card names, and plays all ten spins there. Each spin is free (the cash stays as it was), the frame
// counts them down, and whatever they win lands in the casino bonus (the banking page's balances).

const FREE_SPINS = 'registration-free-spins';
const SPINS = 10;

/** An amount the frame or the site shows ("€0.40", "€1,200.00") as cents. */
function cents(text: string | null): number {
  const digits = (text ?? '').replace(/[^\d.]/g, '');
  return Math.round(Number(digits) * 100);
}

test('free spins: claimed on the rewards page, played in the demo slot for nothing, their winnings in the casino bonus', async ({ page }) => {
  test.slow();
  const { email } = await registerFreshPlayer(page.request, { tag: 'spins', firstName: 'Fredrik', lastName: 'Spins', password: 'Aurora-Player-1' });
  const credited = await page.request.post('/api/test/wallet/credit', { data: { email, amount: '20.00' } });
  expect(credited.ok(), await credited.text()).toBe(true);

  // Claim them on the rewards page; the card names the slots they are for.
  await page.goto('/en-UN/my-account/rewards');
  await waitForShell(page);
  const reward = page.locator(`[data-testid="reward"][data-campaign="${FREE_SPINS}"]`);
  const games = reward.getByTestId('reward-games');
  // Until the lobby's index has loaded the card says how many games, then their names.
  await expect(games).not.toHaveText(/\d+ games/);
  const gameName = ((await games.textContent()) ?? '').split(', ')[0] ?? '';
  await reward.getByRole('button', { name: 'Claim free spins' }).click();
  await expect(page.getByTestId('rewards-status')).toContainText('is now active.');

  // The slot, for real money, from the lobby's own index.
  const index = await page.request.get('/api/content/UN/en/lobbies/casino/games?channel=desktop');
  expect(index.ok()).toBe(true);
  const game = ((await index.json()) as { games: { id: string; label: string; gameProvider: string }[] }).games.find((entry) => entry.label === gameName);
  expect(game, `the lobby offers "${gameName}"`).toBeDefined();
  await page.goto(`/en-UN/online-casino/play/${game?.gameProvider ?? ''}/${game?.id ?? ''}`);
  const frame = page.frameLocator('main iframe');
  await expect(frame.getByText('Real money')).toBeVisible();
  const left = frame.locator('output#free-spins-left');
  await expect(left).toHaveText(String(SPINS));

  // Ten spins: each one counts down and costs nothing; the wins add up.
  let won = 0;
  for (let spin = SPINS - 1; spin >= 0; spin -= 1) {
    await frame.getByRole('button', { name: 'Spin' }).click();
    await expect(left).toHaveText(String(spin));
    await expect(frame.getByRole('button', { name: 'Spin' })).toBeEnabled();
    won += cents(await frame.locator('output#win').textContent());
  }

  // The header beside the total: on a casino page, the casino bonus (nothing when the spins won nothing).
  const headerBonus = page.locator('header').getByTestId('header-bonus');
  if (won > 0) {
    await expect(headerBonus).toContainText('Casino bonus');
    await expect.poll(async () => cents(await headerBonus.textContent())).toBe(won);
  } else {
    await expect(headerBonus).toBeHidden();
  }

  // The cash is the 20.00 it was; the casino bonus holds exactly what the spins won.
  await page.goto('/en-UN/my-account/banking');
  await waitForShell(page);
  await expect(page.getByTestId('balance-main')).toHaveText('€20.00');
  await expect.poll(async () => cents(await page.getByTestId('balance-casino-bonus').textContent())).toBe(won);
  // Off the casino's pages the header's bonus is the three verticals' summed (here the casino's alone),
  // and the header with its bonus line still fits a phone.
  if (won > 0) {
    await expect(headerBonus).toContainText('Bonus');
    await expect.poll(async () => cents(await headerBonus.textContent())).toBe(won);
    await expectFitsPhones(page, 'the banking page with a bonus in the header');
  }
});
