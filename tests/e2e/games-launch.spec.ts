import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, waitForShell } from './fixtures';
import { logIn } from './helpers';

// Issue 21 items 3 and 6 in the browser (fixed on the platform in 5a39521, walked over the whole
// catalog by tests/server/catalog-launch.test.ts): a game the lobby offers opens for real money for
// a player of another market, and the screen a live table opens is the game its tile names.

const PLAYER = 'player@example.com';

interface IndexGame {
  id: string;
  label: string;
  gameProvider: string;
}

async function lobbyIndex(request: APIRequestContext, lobby: 'casino' | 'live-casino'): Promise<IndexGame[]> {
  const answer = await request.get(`/api/content/UN/en/lobbies/${lobby}/games?channel=desktop`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { games: IndexGame[] }).games;
}

async function loggedInOnLobby(page: Page, path: string): Promise<void> {
  const credited = await page.request.post('/api/test/wallet/credit', { data: { email: PLAYER, amount: '20.00' } });
  expect(credited.ok(), await credited.text()).toBe(true);
  await page.goto(path);
  await waitForShell(page);
  await logIn(page, PLAYER);
}

test('item 3: a Finnish player on /en-UN opens "Shining Narwhal Cluster Pays" for real money', async ({ page }) => {
  const narwhal = (await lobbyIndex(page.request, 'casino')).find((game) => game.label === 'Shining Narwhal Cluster Pays');
  expect(narwhal, 'the UN casino lobby offers the game').toBeDefined();
  await loggedInOnLobby(page, '/en-UN/online-casino');
  await page.goto(`/en-UN/online-casino/play/${narwhal?.gameProvider ?? ''}/${narwhal?.id ?? ''}`);
  const frame = page.frameLocator('main iframe');
  await expect(frame.getByRole('heading', { level: 1, name: 'Shining Narwhal Cluster Pays' })).toBeVisible();
  await expect(frame.getByText('Real money')).toBeVisible();
  await expect(frame.locator('output#balance')).toHaveText(/\d/);
  await expect(page.getByText('This game does not exist')).toHaveCount(0);
});

test('item 6: a live table opens the game its tile names (a roulette table, the roulette)', async ({ page }) => {
  const tables = await lobbyIndex(page.request, 'live-casino');
  await loggedInOnLobby(page, '/en-UN/live-casino-online');
  // The live frame plays European roulette: every table the lobby shows is named as one ("Blackjack
  // Riviera 2" opened the roulette before).
  const about = page.getByRole('main').getByRole('button', { name: /^About / });
  await expect(about.first()).toBeVisible();
  const shownNames = (await about.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''))).map((label) =>
    label.replace(/^About /, ''),
  );
  expect(shownNames.filter((shownName) => !/roulette/i.test(shownName))).toEqual([]);
  const tile = page.getByRole('main').locator('a[href*="/play/"]').first();
  const href = (await tile.getAttribute('href')) ?? '';
  const table = tables.find((game) => href.endsWith(`/${game.id}`));
  expect(table, `the tile ${href} is a table of the lobby`).toBeDefined();
  const name = table?.label ?? '';
  expect(name).toMatch(/roulette/i);
  await expect(tile).toContainText(name);
  await tile.click();
  const frame = page.frameLocator('main iframe');
  await expect(frame.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(frame.locator('body')).toHaveAttribute('data-kind', 'live');
  await expect(frame.getByText(/the ball lands/)).toBeVisible();
});
