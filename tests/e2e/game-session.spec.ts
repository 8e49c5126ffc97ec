import { IDLE_CHECK_MS, IDLE_LIMIT_MS, IDLE_WARNING_MS } from '../../machines/lib/constants';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { header, logIn, shown } from './helpers';

// Issue 20 "A game ends with the session": a logged-in player opens a real-money slot, logs out in
// another tab, and the game refuses the next spin; the site says why in the player's language
// (Finnish here) and offers to log in again, after which the game plays for real money again.

const PLAYER = 'games@example.com';
const PASSWORD = 'Aurora-Player-1';

test('a real-money slot refuses the next spin after a logout in another tab, says so in Finnish and offers to log in again', async ({ page, context }) => {
  test.setTimeout(90_000);
  const credited = await page.request.post('/api/test/wallet/credit', { data: { email: PLAYER, amount: '20.00' } });
  expect(credited.ok(), await credited.text()).toBe(true);

  const logInHere = async () => {
    const dialog = page.getByRole('dialog', { name: shown('fi', 'Log in') });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('textbox', { name: shown('fi', 'E-mail') }).fill(PLAYER);
    await dialog.getByLabel(shown('fi', 'Password'), { exact: true }).fill(PASSWORD);
    await dialog.getByRole('button', { name: shown('fi', 'Log in') }).click();
    await expect(dialog).toBeHidden();
  };

  await page.goto('/fi-FI/online-casino');
  await waitForShell(page);
  await header(page).getByRole('button', { name: shown('fi', 'Log in') }).click();
  await logInHere();

  const lobby = await page.request.get('/api/content/FI/fi/lobbies/casino/games?channel=desktop');
  const slot = ((await lobby.json()) as { games: { id: string; gameProvider: string; categories: string[] }[] }).games.find((game) => game.categories.includes('slots'));
  expect(slot).toBeDefined();
  await page.goto(`/fi-FI/online-casino/play/${slot?.gameProvider ?? ''}/${slot?.id ?? ''}`);
  const frame = page.frameLocator('main iframe');
  const gameBalance = frame.locator('output#balance');
  await expect(gameBalance).toHaveText(/\d/);
  await frame.getByRole('button', { name: 'Spin' }).click();
  await expect(frame.getByRole('button', { name: 'Spin' })).toBeEnabled();
  const beforeLogout = await gameBalance.textContent();

  // Another tab of the same browser logs out.
  const other = await context.newPage();
  await other.goto('/fi-FI');
  await waitForShell(other);
  await header(other).getByRole('button', { name: shown('fi', 'Log out') }).click();
  await expect(header(other).getByRole('button', { name: shown('fi', 'Log in') })).toBeVisible();
  await other.close();

  // The open game's next spin is refused: nothing is bet, and the site says why, in Finnish.
  await frame.getByRole('button', { name: 'Spin' }).click();
  const notice = page.getByRole('main').getByRole('status');
  await expect(notice.getByText(shown('fi', 'Your session has ended, so this game takes no more real-money bets. Log in again to play on.'))).toBeVisible();
  await expect(gameBalance).toHaveText(beforeLogout ?? '');
  await expectNoSeriousA11yViolations(page);

  // "Log in" there logs in again, and the game goes on for real money.
  await notice.getByRole('button', { name: shown('fi', 'Log in') }).click();
  await logInHere();
  await expect(page.getByText(shown('fi', 'Playing for fun: no real money'))).toBeHidden();
  await expect(page.frameLocator('main iframe').locator('output#balance')).toHaveText(/\d/);
  await page.frameLocator('main iframe').getByRole('button', { name: 'Spin' }).click();
  await expect(page.frameLocator('main iframe').getByRole('button', { name: 'Spin' })).toBeEnabled();
  await expect(notice.getByText(shown('fi', 'Your session has ended, so this game takes no more real-money bets. Log in again to play on.'))).toBeHidden();
});

test('a player who plays rounds in the game is not logged out as idle (the rounds count as activity)', async ({ page }) => {
  test.setTimeout(90_000);
  const credited = await page.request.post('/api/test/wallet/credit', { data: { email: PLAYER, amount: '20.00' } });
  expect(credited.ok(), await credited.text()).toBe(true);
  // A controlled clock from the first script on (the idle timer's checks run when the test moves it).
  await page.clock.install();
  await page.goto('/en-UN/online-casino');
  await waitForShell(page);
  await logIn(page, PLAYER);
  const lobby = await page.request.get('/api/content/UN/en/lobbies/casino/games?channel=desktop');
  const slot = ((await lobby.json()) as { games: { id: string; gameProvider: string; categories: string[] }[] }).games.find((game) => game.categories.includes('slots'));
  await page.goto(`/en-UN/online-casino/play/${slot?.gameProvider ?? ''}/${slot?.id ?? ''}`);
  const frame = page.frameLocator('main iframe');
  await expect(frame.locator('output#balance')).toHaveText(/\d/);
  const warning = page.getByRole('alertdialog', { name: 'Are you still there?' });

  // Most of the idle limit passes with the pointer in the game's frame only, then a round is played...
  await page.clock.fastForward(IDLE_LIMIT_MS - IDLE_WARNING_MS - 3 * IDLE_CHECK_MS);
  await expect(warning).toBeHidden();
  await frame.getByRole('button', { name: 'Spin' }).click();
  await page.clock.fastForward(2_000);
  await expect(frame.getByRole('button', { name: 'Spin' })).toBeEnabled();
  // ...so when the old limit's warning would be due, there is none: the round was activity.
  await page.clock.fastForward(IDLE_WARNING_MS + 6 * IDLE_CHECK_MS);
  await expect(warning).toBeHidden();
  await expect(header(page).getByRole('button', { name: 'Log out' })).toBeVisible();
});
