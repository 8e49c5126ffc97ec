import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, logIn, submitLogin } from './helpers';

// Casino and live casino (issue 12; product.md §2 "Casino and live casino", "Route guards"; §3
// "Games and lobby"; behaviour.md §4 "Game launch", §5, §7 "Games"): the lobby at a phone's and a
// desktop's width, a category page, the provider filter and the search, a favourite in my games,
// a demo game for a visitor, a live table asking a visitor to log in first, and a real-money slot
// round that moves the header balance, the recently played list and the history. The seeded
// games@example.com (Finland, EUR) plays here and nowhere else.

const PLAYER = 'games@example.com';

function headerBalance(page: Page): Locator {
  return page.locator('header').getByTestId('header-balance');
}

async function balanceCents(page: Page): Promise<number> {
  const text = (await headerBalance(page).textContent()) ?? '';
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

/** The lobby's game tiles (links to a game page) inside a list. */
function tileLinks(scope: Locator): Locator {
  return scope.locator('a[href*="/play/"]');
}

async function openLobby(page: Page, path = '/en-UN/online-casino'): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(tileLinks(page.getByRole('main')).first()).toBeVisible();
}

for (const width of [375, 1440]) {
  test(`the casino lobby at ${String(width)} px: categories in their grids, tabs, no overflow, accessible`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await openLobby(page);
    await expect(page.getByRole('heading', { level: 1, name: 'Casino' })).toBeVisible();
    // The first rows come with the page, the others a few per task after it.
    const sections = page.getByRole('main').getByRole('region');
    await expect.poll(() => sections.count()).toBeGreaterThan(3);
    await expect(page.getByRole('navigation', { name: 'Lobby sections' }).getByRole('link')).toHaveCount(4);
    await expect(page.getByRole('link', { name: /See all \d+/ }).first()).toBeVisible();
    await expectFitsViewport(page, `casino lobby ${String(width)}`);
    await expectNoSeriousA11yViolations(page);
  });
}

test('a category page lists its games and loads more as the player scrolls (pages of 60 on a desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await openLobby(page);
  const seeAll = page.getByRole('link', { name: /See all \d+/ }).first();
  const total = Number(/See all (\d+)/.exec((await seeAll.textContent()) ?? '')?.[1]);
  await seeAll.click();
  await expect(page).toHaveURL(/\/en-UN\/online-casino\/[^/]+$/);
  await expect(page.getByText(`Games: ${String(total)}`)).toBeVisible();
  const list = page.getByRole('main').getByRole('list').first();
  await expect(tileLinks(list).first()).toBeVisible();
  // Scroll to the end: the next pages come, until every game of the category was shown.
  for (let step = 0; step < 40; step += 1) {
    await page.mouse.wheel(0, 4000);
    if (await page.getByText('That is every game of this category.').isVisible()) break;
    await page.waitForTimeout(100);
  }
  await expect(page.getByText('That is every game of this category.')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('the provider filter and the search narrow the lobby to what was asked (behaviour.md §5)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openLobby(page);
  await page.getByRole('button', { name: 'Providers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Providers' });
  // Casino's filter leaves out relax and the aggregators.
  await expect(dialog.getByRole('checkbox', { name: 'Quickspin' })).toBeVisible();
  await expect(dialog.getByRole('checkbox', { name: 'Relax Gaming' })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'Quickspin' }).check();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole('button', { name: 'Show games' }).click();
  await expect(page.getByRole('button', { name: 'Providers (1)' })).toBeVisible();
  const results = page.getByRole('list', { name: 'Games found' });
  await expect(page.getByRole('status').filter({ hasText: /Games found: \d+/ })).toBeVisible();
  const providers = await results.locator('a[href*="/play/"]').evaluateAll((links) => links.map((link) => link.getAttribute('href')?.split('/')[4]));
  expect(providers.length).toBeGreaterThan(0);
  expect(new Set(providers)).toEqual(new Set(['quickspin']));

  // The search: a part of a real name, case-insensitive; then a typo finds the close names.
  const name = (await results.locator('a[href*="/play/"]').first().locator('span').first().textContent())?.split(/\s+/)[0] ?? '';
  const search = page.getByRole('searchbox', { name: 'Search games' });
  await search.fill(name.toUpperCase());
  await expect(results.getByText(new RegExp(name, 'i')).first()).toBeVisible();
  await page.getByRole('button', { name: 'Providers (1)' }).click();
  await page.getByRole('dialog', { name: 'Providers' }).getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('dialog', { name: 'Providers' }).getByRole('button', { name: 'Show games' }).click();
  await search.fill('Bok of');
  await expect(page.getByRole('status').filter({ hasText: 'No game name contains “Bok of”' })).toBeVisible();
  await expect(results.getByText(/Book of/).first()).toBeVisible();
  await expectFitsViewport(page, 'lobby search 375');
});

test('a visitor opens a casino game in demo mode (fun money)', async ({ page }) => {
  await openLobby(page);
  await tileLinks(page.getByRole('main')).first().click();
  await expect(page).toHaveURL(/\/en-UN\/online-casino\/play\/[^/]+\/[^/]+$/);
  await expect(page.getByText('Playing for fun: no real money')).toBeVisible();
  const frame = page.frameLocator('main iframe');
  await expect(frame.getByText('Demo: fun money')).toBeVisible();
  await expectNoSeriousA11yViolations(page);
});

test('a live table asks a visitor to log in, then opens after the login (product.md §2)', async ({ page }) => {
  await openLobby(page, '/en-UN/live-casino-online');
  const table = tileLinks(page.getByRole('main')).first();
  const href = (await table.getAttribute('href')) ?? '';
  await table.click();
  const dialog = page.getByRole('dialog', { name: 'Log in' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/en-UN\/live-casino-online$/);
  await submitLogin(dialog, PLAYER, 'Aurora-Player-1');
  await expect(page).toHaveURL(new RegExp(`${href.replace(/[/.]/g, '\\$&')}$`));
  await expect(page.locator('main iframe')).toBeVisible();

  // A direct visit as a visitor goes to the live casino home instead.
  await page.context().clearCookies();
  await page.goto(href);
  await expect(page).toHaveURL(/\/en-UN\/live-casino-online$/);
});

test.describe.serial('a player', () => {
  test('keeps a favourite in my games', async ({ page }) => {
    await openLobby(page);
    await logIn(page, PLAYER);
    const favourite = page.getByRole('button', { name: /^Favourite: / }).first();
    const name = ((await favourite.getAttribute('aria-label')) ?? '').replace(/^Favourite: /, '');
    if ((await favourite.getAttribute('aria-pressed')) !== 'true') await favourite.click();
    await expect(page.getByRole('button', { name: `Favourite: ${name}` }).first()).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('navigation', { name: 'Lobby sections' }).getByRole('link', { name: 'My games' }).click();
    await expect(page.getByRole('list', { name: 'My games' }).getByText(name).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });

  test('plays a real slot round: the balance moves without a reload, recently played and the history show it', async ({ page }) => {
    test.setTimeout(60_000);
    const credited = await page.request.post('/api/test/wallet/credit', { data: { email: PLAYER, amount: '20.00' } });
    expect(credited.ok(), await credited.text()).toBe(true);
    await openLobby(page);
    await logIn(page, PLAYER);
    await expect(headerBalance(page)).toHaveText(/\d/);
    const before = await balanceCents(page);
    const slotIndex = await page.request.get('/api/content/UN/en/lobbies/casino/games?channel=desktop');
    const slot = ((await slotIndex.json()) as { games: { id: string; label: string; gameProvider: string; categories: string[] }[] }).games.find((game) =>
      game.categories.includes('slots'),
    );
    expect(slot).toBeDefined();
    await page.goto(`/en-UN/online-casino/play/${slot?.gameProvider ?? ''}/${slot?.id ?? ''}`);
    const frame = page.frameLocator('main iframe');
    const gameBalance = frame.locator('output#balance');
    await expect(gameBalance).toHaveText(/\d/);
    // A round can return exactly its stake (a line paying 1x): spin until the game's balance moves,
    // then the header must show the same amount, over the socket, without a reload.
    let moved = '';
    for (let spin = 0; spin < 10 && moved === ''; spin += 1) {
      const shown = await gameBalance.textContent();
      await frame.getByRole('button', { name: 'Spin' }).click();
      await expect(gameBalance).not.toHaveText(shown ?? '', { timeout: 10_000 }).catch(() => undefined);
      await expect(frame.getByRole('button', { name: 'Spin' })).toBeEnabled();
      const now = (await gameBalance.textContent()) ?? '';
      if (Math.round(Number(now.replace(/[^0-9.]/g, '')) * 100) !== before) moved = now;
    }
    expect(moved, 'ten rounds that all returned their stake').not.toBe('');
    const movedCents = Math.round(Number(moved.replace(/[^0-9.]/g, '')) * 100);
    await expect.poll(() => balanceCents(page), { timeout: 15_000 }).toBe(movedCents);

    await page.goto('/en-UN/online-casino?tab=3');
    await waitForShell(page);
    await expect(page.getByRole('list', { name: 'Recently played' }).getByText(slot?.label ?? '').first()).toBeVisible();
    await page.goto('/en-UN/my-account/banking/transactions');
    await waitForShell(page);
    await expect(page.getByRole('main').getByText(/Bet/).first()).toBeVisible();
  });
});
