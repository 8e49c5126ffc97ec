import type { Page } from '@playwright/test';
import { GAME_PROVIDER_NAMES, type GameProvider } from '../../machines/lib/games';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';

// What a new player trips over in the lobbies (issue 21): a jackpot tile opens where its badge is,
// Back from a game returns to the place in the lobby and in a category's virtual grid, the provider
// panel offers only providers with games the visitor sees, and the info panel names the provider.

interface IndexGame {
  id: string;
  label: string;
  gameProvider: GameProvider;
  subProviderId: string | null;
  jackpotExist: boolean;
}

async function casinoIndex(page: Page, channel: 'desktop' | 'mobile'): Promise<IndexGame[]> {
  const answer = await page.request.get(`/api/content/UN/en/lobbies/casino/games?channel=${channel}`);
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { games: IndexGame[] }).games;
}

async function openLobby(page: Page, path = '/en-UN/online-casino'): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
  await expect(page.getByRole('main').locator('a[href*="/play/"]').first()).toBeVisible();
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

test('a jackpot tile opens where its badge is, on a phone (issue 21)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  // A jackpot game of the lobby's rows (the lobby asks the jackpots of those).
  const lobby = await page.request.get('/api/content/UN/en/lobbies/casino?channel=mobile');
  const rows = ((await lobby.json()) as { categories: { games: IndexGame[] }[] }).categories;
  const jackpotGame = rows.flatMap((row) => row.games).find((game) => game.jackpotExist);
  expect(jackpotGame, 'a casino game with a jackpot').toBeDefined();
  const { id, label } = jackpotGame as IndexGame;
  await openLobby(page);
  await page.getByRole('searchbox', { name: 'Search games' }).fill(label);
  const results = page.getByRole('list', { name: 'Games found' });
  const tile = results.locator('li').filter({ has: page.locator(`a[href$="/${id}"]`) });
  const badge = tile.getByText(/^Jackpot /);
  await expect(badge).toBeVisible();
  // A tap in the middle of the badge, where a player's thumb lands: the game opens.
  const box = await badge.boundingBox();
  expect(box).not.toBeNull();
  const { x, y, width, height } = box as { x: number; y: number; width: number; height: number };
  await page.mouse.click(x + width / 2, y + height / 2);
  await expect(page).toHaveURL(new RegExp(`/en-UN/online-casino/play/[^/]+/${id}$`));
});

/** Scrolls the window to `top` once the page is tall enough, and waits until the tiles there are drawn. */
async function scrollTo(page: Page, top: number): Promise<void> {
  // A category loads its next page near its end: go down until the page reaches past `top`.
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          window.scrollTo(0, document.documentElement.scrollHeight);
          return document.documentElement.scrollHeight - window.innerHeight;
        }),
      { timeout: 20_000 },
    )
    .toBeGreaterThan(top + 400);
  // A lobby row drawn for the first time above the viewport grows from its estimate, and the
  // browser's scroll anchoring moves the page with it: set the place until it stays between two looks.
  await expect
    .poll(async () => {
      const set = await page.evaluate((to) => {
        if (Math.round(window.scrollY) !== to) window.scrollTo(0, to);
        return Math.round(window.scrollY);
      }, top);
      await page.waitForTimeout(250);
      return set === top && (await scrollY(page)) === top;
    })
    .toBe(true);
}

/** The first game link whose tile is wholly inside the viewport (drawn, not a placeholder): its href, top and horizontal middle. */
async function tileInView(page: Page): Promise<{ href: string; top: number; middle: number }> {
  let found = { href: '', top: 0, middle: 0 };
  await expect
    .poll(async () => {
      found = await page.evaluate(() => {
        const links = [...document.querySelectorAll<HTMLAnchorElement>('main a[href*="/play/"]')];
        const seen = links.find((link) => {
          const rect = link.getBoundingClientRect();
          return rect.top >= 120 && rect.bottom <= window.innerHeight - 80 && rect.height > 0;
        });
        const rect = seen?.getBoundingClientRect();
        return { href: seen?.getAttribute('href') ?? '', top: Math.round(rect?.top ?? 0), middle: Math.round((rect?.left ?? 0) + (rect?.width ?? 0) / 2) };
      });
      return found.href;
    })
    .not.toBe('');
  return found;
}

/** The tops (in the viewport) of the links to `href` that are on screen (a game can be in several rows). */
function topsOnScreen(page: Page, href: string): Promise<number[]> {
  return page.evaluate(
    (wanted) =>
      [...document.querySelectorAll<HTMLAnchorElement>(`main a[href="${wanted}"]`)]
        .map((link) => Math.round(link.getBoundingClientRect().top))
        .filter((top) => top >= 0 && top < window.innerHeight),
    href,
  );
}

for (const { name, width, path } of [
  { name: 'the lobby at 375 px (rows added one per task)', width: 375, path: '/en-UN/online-casino' },
  { name: 'the lobby at 320 px', width: 320, path: '/en-UN/online-casino' },
  { name: 'the lobby at 1440 px', width: 1440, path: '/en-UN/online-casino' },
  { name: 'a category page at 1440 px (the virtual grid)', width: 1440, path: 'category' },
]) {
  test(`Back from a game returns to the place in ${name} (issue 21)`, async ({ page }) => {
    // A lobby row not drawn yet counts as an estimate (content-visibility): in a loaded run the rows
    // above the place came back drawn in one visit and not in the other, and the tile 29 px lower
    // (133 against 162). Each row now keeps the height it had when the player left.
    await page.setViewportSize({ width, height: 800 });
    let target = path;
    if (path === 'category') {
      const lobby = await page.request.get('/api/content/UN/en/lobbies/casino?channel=desktop');
      const categories = ((await lobby.json()) as { categories: { category: { id: string }; total: number }[] }).categories;
      const largest = [...categories].sort((a, b) => b.total - a.total)[0];
      target = `/en-UN/online-casino/${largest?.category.id ?? ''}`;
    }
    await openLobby(page, target);
    const place = 3200;
    await scrollTo(page, place);
    // The rows still being added can move a tile: measure it once it stays put between two looks.
    let tile = await tileInView(page);
    await expect
      .poll(async () => {
        const before = tile;
        await page.waitForTimeout(250);
        tile = await tileInView(page);
        return tile.href === before.href && tile.top === before.top && tile.middle === before.middle;
      })
      .toBe(true);
    // Open the tile the player sees (the same game may be in a row further up too). Its link is
    // followed by the element itself: a tap by coordinates met an overlay (the cookie notice on a
    // fresh phone) in the full run, and this test is about the way back, not the tap. The grid can
    // still redraw between the look and the click (a loaded CI run found no link at the measured
    // top and clicked nothing), so the look and the click are one step, retried until it clicks.
    await expect
      .poll(async () => {
        tile = await tileInView(page);
        return page.evaluate(
          ({ wanted, wantedTop }) => {
            const link = [...document.querySelectorAll<HTMLAnchorElement>(`main a[href="${wanted}"]`)].find(
              (candidate) => Math.round(candidate.getBoundingClientRect().top) === wantedTop,
            );
            link?.click();
            return link !== undefined;
          },
          { wanted: tile.href, wantedTop: tile.top },
        );
      })
      .toBe(true);
    const { href, top } = tile;
    await expect(page).toHaveURL(new RegExp(`${href.replace(/[/.]/g, '\\$&')}$`));
    await expect(page.locator('main iframe')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${target.replace(/[/.]/g, '\\$&')}$`));
    // The place, and the same game under the same spot of the screen.
    await expect.poll(() => scrollY(page), { timeout: 10_000 }).toBe(place);
    await expect.poll(() => topsOnScreen(page, href)).toContain(top);
    // Held only while the page settles: the player scrolls on freely.
    await page.mouse.wheel(0, -600);
    await expect.poll(() => scrollY(page)).toBeLessThan(place);
  });
}

test('the provider panel offers only providers with games the visitor sees (issue 21)', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await openLobby(page);
  await page.getByRole('button', { name: 'Providers' }).click();
  const dialog = page.getByRole('dialog', { name: 'Providers' });
  const boxes = dialog.getByRole('checkbox');
  await expect(boxes.first()).toBeVisible();
  // Skywind's games are removed, not overlaid, where it is restricted (the visitor is in Malta).
  await expect(dialog.getByRole('checkbox', { name: 'Skywind' })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  const names = await boxes.evaluateAll((inputs) => inputs.map((input) => input.closest('label')?.textContent.trim() ?? ''));
  expect(names.length).toBeGreaterThan(3);
  await dialog.getByRole('button', { name: 'Show games' }).click();
  // Every provider offered shows games when it is the only one checked.
  for (const name of names) {
    await page.getByRole('button', { name: /^Providers/ }).click();
    await dialog.getByRole('button', { name: 'Clear' }).click();
    await dialog.getByRole('checkbox', { name, exact: true }).check();
    await dialog.getByRole('button', { name: 'Show games' }).click();
    await expect(page.getByRole('status').filter({ hasText: /Games found: \d+/ }), name).toBeVisible();
  }
});

test('the game info names the provider, not its id (issue 21)', async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const game = (await casinoIndex(page, 'desktop')).find((entry) => entry.subProviderId === null && entry.gameProvider === 'pragmaticplay');
  expect(game, 'a Pragmatic Play game of its own').toBeDefined();
  const { label, gameProvider } = game as IndexGame;
  await openLobby(page);
  await page.getByRole('searchbox', { name: 'Search games' }).fill(label);
  const results = page.getByRole('list', { name: 'Games found' });
  await expect(results.getByText(GAME_PROVIDER_NAMES[gameProvider]).first()).toBeVisible();
  await results.getByRole('button', { name: `About ${label}` }).first().click();
  const dialog = page.getByRole('dialog', { name: label });
  await expect(dialog.getByText('Return to player')).toBeVisible();
  await expect(dialog.getByRole('definition').first()).toHaveText('Pragmatic Play');
  await expect(dialog.getByText(gameProvider, { exact: true })).toHaveCount(0);
  await expect(results.getByText(gameProvider, { exact: true })).toHaveCount(0);
});
