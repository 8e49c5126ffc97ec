import type { Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, header, lastCode, logIn, newPlayer, SEEDED_PASSWORD, shown } from './helpers';

// The compliance layer, per market (issue 13 "The compliance layer, per market"), switched on by the
// platform's market rules: the UK session bar (UKGC RTS 13C) in the header and around a running game;
// the Swedish badges (Spelpaus, Spelgränser, Självtest) at the top of every page, still there after
// scrolling; the German panic button (GlüStV 2021 §6a (5)), which logs the player out at one press;
// limits first (sign-up in the UK offers them, a Swedish first deposit waits for a deposit limit, a UK
// first deposit is prompted for one); the 80 % warning; whose market's rules apply (the player's,
// on every market's pages: issue 21). axe on each at 375 px. The seeded uk@example.com (GB),
// se@example.com (SE) and de@example.com (DE) are the players, and player@example.com (FI) on the
// German pages.

const UK_PLAYER = 'uk@example.com';
const SE_PLAYER = 'se@example.com';
const DE_PLAYER = 'de@example.com';
/** Finland (FI): a player of another market than the German one. */
const FI_PLAYER = 'player@example.com';
const PHONE = { width: 375, height: 740 };

function sessionBar(page: Page): Locator {
  return page.getByRole('region', { name: 'Your session' });
}

function badges(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Responsible gambling tools' });
}

/** "+£1.80", "-£0.20", "£0.00" as signed cents. */
function signedCents(text: string): number {
  const cents = Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
  return /^\s*[-−]/.test(text) ? -cents : cents;
}

function cents(text: string): number {
  return Math.round(Number(text.replace(/[^0-9.]/g, '')) * 100);
}

/** A slot of the market's casino lobby that the player's country may play. */
async function slotFor(page: Page, market: string, country: string): Promise<{ id: string; gameProvider: string }> {
  const response = await page.request.get(`/api/content/${market}/en/lobbies/casino/games?channel=desktop`);
  expect(response.ok()).toBe(true);
  const { games } = (await response.json()) as {
    games: {
      id: string;
      gameProvider: string;
      categories: string[];
      providerRestrictedCountry: string[];
      subProvider: { restrictedCountry?: string[] } | null;
    }[];
  };
  const slot = games.find(
    (game) =>
      game.categories.includes('slots') && !game.providerRestrictedCountry.includes(country) && !(game.subProvider?.restrictedCountry ?? []).includes(country),
  );
  expect(slot).toBeDefined();
  return { id: slot?.id ?? '', gameProvider: slot?.gameProvider ?? '' };
}

test.describe('UK (GG)', () => {
  test('shows the time since login and the net position in the header, and around a running game, where a round moves the net position', async ({ page }) => {
    test.setTimeout(90_000);
    const credited = await page.request.post('/api/test/wallet/credit', { data: { email: UK_PLAYER, amount: '20.00' } });
    expect(credited.ok(), await credited.text()).toBe(true);
    await page.goto('/en-GG');
    await waitForShell(page);
    // A visitor has no session: no bar.
    await expect(sessionBar(page)).toHaveCount(0);
    await logIn(page, UK_PLAYER);

    const bar = sessionBar(page);
    await expect(bar).toBeVisible();
    const clock = bar.getByTestId('session-clock');
    await expect(clock).toHaveText(/^0:0\d:\d\d$/);
    const first = (await clock.textContent()) ?? '';
    // It ticks each second; nothing in the bar is a live region (the clock is not announced every second).
    await expect(clock).not.toHaveText(first, { timeout: 3_000 });
    await expect(bar.locator('[aria-live], [role="status"], [role="alert"], [role="timer"]')).toHaveCount(0);
    const net = bar.getByTestId('session-net');
    await expect(net).toHaveText('£0.00');
    // Sticky with the header: still on screen at the bottom of the page.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect(bar).toBeInViewport();

    await page.setViewportSize(PHONE);
    await expectFitsViewport(page, 'the UK session bar', bar);
    await expectNoSeriousA11yViolations(page);

    // Around a running game: the bar stays above the frame; a round that moves the balance moves the net position.
    const slot = await slotFor(page, 'GG', 'GB');
    await page.goto(`/en-GG/online-casino/play/${slot.gameProvider}/${slot.id}`);
    await waitForShell(page);
    await expect(bar).toBeVisible();
    const frameElement = page.locator('main iframe');
    await expect(frameElement).toBeVisible();
    const barBox = await bar.boundingBox();
    const frameBox = await frameElement.boundingBox();
    expect(barBox && frameBox && barBox.y + barBox.height <= frameBox.y + 1, 'the bar is above the game').toBe(true);
    await expectNoSeriousA11yViolations(page);

    const frame = page.frameLocator('main iframe');
    const gameBalance = frame.locator('output#balance');
    await expect(gameBalance).toHaveText(/\d/);
    const before = cents((await gameBalance.textContent()) ?? '');
    let moved: number | null = null;
    for (let spin = 0; spin < 10 && moved === null; spin += 1) {
      const shownBalance = (await gameBalance.textContent()) ?? '';
      await frame.getByRole('button', { name: 'Spin' }).click();
      await expect(gameBalance)
        .not.toHaveText(shownBalance, { timeout: 10_000 })
        .catch(() => undefined);
      await expect(frame.getByRole('button', { name: 'Spin' })).toBeEnabled({ timeout: 10_000 });
      const now = cents((await gameBalance.textContent()) ?? '');
      if (now !== before) moved = now;
    }
    expect(moved, 'ten rounds that all returned their stake').not.toBeNull();
    // The net position of this login is what the rounds won minus what they staked: the balance's move.
    await expect.poll(async () => signedCents((await net.textContent()) ?? ''), { timeout: 15_000 }).toBe((moved ?? 0) - before);
  });

  test('the first deposit of a player who never deposited prompts for a deposit limit (UKGC RTS 12A)', async ({ page }) => {
    // uk@example.com's money comes from the operator's credits (banking.spec.ts): no deposit yet, and no limit.
    await page.goto('/en-GG');
    await waitForShell(page);
    await logIn(page, UK_PLAYER);
    await page.goto('/en-GG/my-account/banking/deposit');
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByText(/Before your first deposit, you can set a deposit limit/)).toBeVisible();
    await expect(main.getByRole('link', { name: 'Set a deposit limit' })).toHaveAttribute('href', '/en-GG/my-account/gambling-limits');
    // An offer, not a stop: the cashier is there.
    await expect(main.getByRole('group', { name: 'Payment method' })).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectFitsViewport(page, 'the first-deposit limit prompt', main.getByRole('link', { name: 'Set a deposit limit' }));
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Canada (CA): limits at registration', () => {
  test('the Complete step of a sign-up offers the limits (AGCO)', async ({ page }) => {
    test.setTimeout(60_000);
    const t = (english: string) => shown('ca', english);
    const player = newPlayer('ca');
    const main = page.getByRole('main');
    await page.goto('/ca-CA/signup');
    await waitForShell(page);
    await main.getByLabel(t('First name')).fill('Chloe');
    await main.getByLabel(t('Last name')).fill('Tremblay');
    await main.getByLabel(t('E-mail')).fill(player.email);
    await main.getByLabel(t('Password')).fill('Aurora-Compliance-1');
    await main.getByRole('button', { name: t('Continue') }).click();
    await main.getByLabel(t('Country of residence')).selectOption('CA');
    await main.getByLabel(t('Mobile phone number')).fill(player.phoneBody);
    await main.locator('input[name="termsAndConditions"]').check();
    await main.locator('input[name="cookiePolicyAccepted"]').check();
    await main.locator('input[name="captcha"]').check();
    await expect(main.getByText(t('Verified'))).toBeVisible();
    await main.getByRole('button', { name: t('Create account') }).click();
    const phone = `+1${player.phoneBody}`;
    await expect.poll(async () => (await page.request.get(`/api/test/codes/last?to=${encodeURIComponent(phone)}`)).status()).toBe(200);
    await main.getByLabel(t('Verification code')).fill(await lastCode(page.request, phone));
    await main.getByRole('button', { name: t('Confirm') }).click();

    const setLimits = main.getByRole('link', { name: t('Set your limits') });
    await expect(setLimits).toBeVisible();
    await expect(setLimits).toHaveAttribute('href', '/ca-CA/my-account/gambling-limits');
    await expect(
      main.getByText(t('You can set your deposit and spend limits now, before you play: how much you can deposit or lose in a day, a week or a month.')),
    ).toBeVisible();
    await page.setViewportSize(PHONE);
    await expectFitsViewport(page, 'the Complete step with the limits offer', setLimits);
    await expectNoSeriousA11yViolations(page);
  });
});

test.describe('Sweden (PP): Spelpaus, Spelgränser, Självtest', () => {
  test('the badges are at the top of every page, for everyone, and stay there while scrolling', async ({ page }) => {
    for (const path of ['/en-PP', '/en-PP/online-casino', '/en-PP/terms']) {
      await page.goto(path);
      await waitForShell(page);
      const nav = badges(page);
      await expect(nav, path).toBeVisible();
      await expect(nav.getByRole('link')).toHaveText(['Spelpaus', 'Spelgränser', 'Självtest']);
      await expect(nav.getByRole('link', { name: 'Spelpaus' })).toHaveAttribute('href', 'https://www.spelpaus.se/');
      await expect(nav.getByRole('link', { name: 'Spelpaus' })).toHaveAttribute('rel', 'noopener noreferrer');
      await expect(nav.getByRole('link', { name: 'Spelpaus' })).toHaveAccessibleDescription(/self-exclusion|Exclude yourself/i);
      await expect(nav.getByRole('link', { name: 'Spelgränser' })).toHaveAttribute('href', '/en-PP/my-account/gambling-limits');
      await expect(nav.getByRole('link', { name: 'Självtest' })).toHaveAttribute('target', '_blank');
      // Above the header, on top of the page.
      const navBox = await nav.boundingBox();
      const headerBox = await header(page).boundingBox();
      expect(navBox && headerBox && navBox.y + navBox.height <= headerBox.y + 1, `${path}: the badges are above the header`).toBe(true);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect(nav, `${path}: still on screen after scrolling`).toBeInViewport();
    }
    await page.setViewportSize(PHONE);
    await page.goto('/en-PP');
    await waitForShell(page);
    await expectFitsViewport(page, 'the Swedish badges', badges(page));
    await expectNoSeriousA11yViolations(page);

    // Another market's page has none for a visitor.
    await page.goto('/en-UN');
    await waitForShell(page);
    await expect(badges(page)).toHaveCount(0);
  });

  test('the platform paints them before the app runs (no shift when it takes over)', async ({ page }) => {
    const painted = await (await page.request.get('/en-PP/terms')).text();
    expect(painted).toContain('data-testid="swedish-badges"');
    expect(painted).toContain('https://www.spelpaus.se/');
    expect(await (await page.request.get('/en-UN/terms')).text()).not.toContain('data-testid="swedish-badges"');
  });

  test("a Swedish player sees them on every market's pages; the first deposit waits for a deposit limit; 80 % of it warns", async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/en-UN');
    await waitForShell(page);
    await expect(badges(page)).toHaveCount(0);
    await logIn(page, SE_PLAYER);
    // The player's market's rules, not the page's.
    await expect(badges(page)).toBeVisible();

    // No deposit limit yet: the first deposit asks for one (Spelinspektionen), not "limit reached".
    await page.goto('/en-UN/my-account/banking/deposit');
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByText('Set a deposit limit before your first deposit.')).toBeVisible();
    await expect(main.getByRole('link', { name: 'Set a deposit limit' })).toHaveAttribute('href', '/en-UN/my-account/gambling-limits');
    await page.setViewportSize(PHONE);
    await expectFitsViewport(page, 'a deposit waiting for the required limit', main.getByRole('link', { name: 'Set a deposit limit' }));
    await expectNoSeriousA11yViolations(page);

    // A daily limit of 600 (the platform's call, as the limits page makes it), then a deposit of 500: 83 %.
    const login = await page.request.post('/api/player/login', { data: { email: SE_PLAYER, password: SEEDED_PASSWORD } });
    expect(login.ok(), await login.text()).toBe(true);
    const { idToken } = (await login.json()) as { idToken: string };
    const limit = await page.request.patch('/api/player/deposit-limits', {
      data: { duration: 'D', limit: '600' },
      headers: { Authorization: `Bearer ${idToken}`, 'Content-Type': 'application/json' },
    });
    expect(limit.ok(), await limit.text()).toBe(true);

    await page.goto('/en-UN/my-account/banking/deposit');
    await waitForShell(page);
    await expect(main.getByTestId('limit-warning')).toHaveCount(0);
    await main.getByRole('radio', { name: 'Visa' }).check();
    await main.getByRole('textbox', { name: /^Amount/ }).fill('500');
    await main.getByRole('button', { name: /^Deposit / }).click();
    await expect(page).toHaveURL(/\/api\/payment-simulator\/pay\?payment=/);
    await page.getByRole('button', { name: 'Approve' }).click();
    await expect(page).toHaveURL(/\/en-UN\/my-account\/banking\/deposit\?.*depositId=/);
    await expect(main.getByText(/has been paid and is on your balance/)).toBeVisible();

    const warning = main.getByTestId('limit-warning');
    await expect(warning).toBeVisible({ timeout: 15_000 });
    await expect(warning).toContainText(/You have used .*500\.00.* \(83%\) of your daily deposit limit of .*600\.00/);
    await expect(warning.getByRole('link', { name: 'Review your gambling limits' })).toHaveAttribute('href', '/en-UN/my-account/gambling-limits');
    await expectFitsViewport(page, 'the 80 % warning', warning);
    await expectNoSeriousA11yViolations(page);
    // Not a dialog: dismissed, it goes, and stays gone on the next page.
    await warning.getByRole('button', { name: 'Dismiss the limit warning' }).click();
    await expect(warning).toHaveCount(0);
    await page.getByRole('link', { name: 'Balance', exact: false }).first().click();
    await expect(main.getByTestId('limit-warning')).toHaveCount(0);
  });
});

/** The pages of `langmarket` where play is possible: home, both lobbies, and the game page of a slot its lobby offers that `country` may play. */
async function playPages(page: Page, langmarket: string, country: string): Promise<string[]> {
  const slot = await slotFor(page, langmarket.split('-')[1] ?? '', country);
  return [`/${langmarket}`, `/${langmarket}/online-casino`, `/${langmarket}/live-casino-online`, `/${langmarket}/online-casino/play/${slot.gameProvider}/${slot.id}`];
}

/** Opens `path` and waits until the app has taken over with the player logged in (the header's balance). */
async function openAsPlayer(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await waitForShell(page);
  await expect(header(page).getByTestId('header-balance'), path).toBeVisible();
}

// Issue 21 item 13, docs/SPEC-READINGS.md "Whose market's rules apply": the licence follows the
// player. A player of the German market gets JJ's rules on every market's pages, a player of another
// market gets their own on the German ones, and nobody is redirected. Runs before the panic
// button's journey below, which blocks de@example.com for 24 hours.
test.describe("Whose market's rules apply: the player's, wherever they browse", () => {
  test('a German player sees the panic button wherever play is possible, on /en-UN and on /de-JJ, and is asked for the monthly limit before the deposit form', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const panicButton = (language: string) =>
      page.getByTestId('panic-bar').getByRole('button', { name: shown(language, 'Panic button: block my account for {hours} hours') });
    await page.goto('/en-UN');
    await waitForShell(page);
    await logIn(page, DE_PLAYER);
    // Home included: the button was on the lobbies and game pages only.
    await expect(panicButton('en'), '/en-UN').toBeVisible();
    for (const [langmarket, language] of [
      ['en-UN', 'en'],
      ['de-JJ', 'de'],
    ] as const) {
      for (const path of await playPages(page, langmarket, 'DE')) {
        await openAsPlayer(page, path);
        await expect(panicButton(language), path).toBeVisible();
      }
      // Not where no play is possible.
      await openAsPlayer(page, `/${langmarket}/terms`);
      await expect(page.getByTestId('panic-bar')).toHaveCount(0);
    }

    // GlüStV 2021 §6c: the monthly deposit limit comes before any deposit, on the German site and on another market's.
    const main = page.getByRole('main');
    for (const [langmarket, language] of [
      ['de-JJ', 'de'],
      ['en-UN', 'en'],
    ] as const) {
      await openAsPlayer(page, `/${langmarket}/my-account/banking/deposit`);
      await expect(main.getByText(shown(language, 'Set a monthly deposit limit before your first deposit.'))).toBeVisible();
      await expect(main.getByRole('link', { name: shown(language, 'Set a deposit limit') })).toHaveAttribute('href', `/${langmarket}/my-account/gambling-limits`);
      // The form offers no deposit: no method, no amount, no Deposit button.
      await expect(main.getByRole('group', { name: shown(language, 'Payment method') })).toHaveCount(0);
      await expect(main.getByRole('textbox')).toHaveCount(0);
    }
    await page.setViewportSize(PHONE);
    await expectFitsViewport(page, 'the monthly limit asked first', main.getByRole('link', { name: 'Set a deposit limit' }));
    await expectNoSeriousA11yViolations(page);
  });

  test("a Finnish player on the German site gets Finland's rules: no panic button, no required limit, the deposit form and real-money play", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await page.goto('/en-JJ');
    await waitForShell(page);
    await logIn(page, FI_PLAYER);
    for (const langmarket of ['en-JJ', 'de-JJ']) {
      for (const path of await playPages(page, langmarket, 'FI')) {
        await openAsPlayer(page, path);
        await expect(page.getByTestId('panic-bar'), path).toHaveCount(0);
      }
    }
    // The game page of the German lobby plays for real money: Finland requires no limit first.
    const main = page.getByRole('main');
    await expect(main.locator('iframe')).toBeVisible();
    await expect(main.getByRole('link', { name: shown('de', 'Set your limits') })).toHaveCount(0);

    await openAsPlayer(page, '/en-JJ/my-account/banking/deposit');
    await expect(main.getByRole('group', { name: 'Payment method' })).toBeVisible();
    await expect(main.getByRole('textbox', { name: /^Amount/ })).toBeVisible();
    await expect(main.getByText(/deposit limit before your first deposit/)).toHaveCount(0);
  });
});

test.describe('Germany (JJ): the panic button', () => {
  // On a phone from the start: a lobby keeps the channel it was opened with (a resize does not change it).
  test.use({ viewport: PHONE });

  test('is where play is possible, for a logged-in player, and one press logs out at once', async ({ page }) => {
    const t = (english: string) => shown('de', english);
    await page.goto('/de-JJ/online-casino');
    await waitForShell(page);
    const panic = page.getByTestId('panic-bar');
    // A visitor has none.
    await expect(panic).toHaveCount(0);
    await header(page)
      .getByRole('button', { name: t('Log in') })
      .click();
    const dialog = page.getByRole('dialog', { name: t('Log in') });
    await dialog.getByRole('textbox', { name: t('E-mail') }).fill(DE_PLAYER);
    await dialog.getByLabel(t('Password')).fill(SEEDED_PASSWORD);
    await dialog.getByRole('button', { name: t('Log in') }).click();
    await expect(dialog).toBeHidden();

    const button = panic.getByRole('button', { name: t('Panic button: block my account for {hours} hours') });
    await expect(button).toBeVisible();
    await expect(button).toHaveAccessibleDescription(t('One press, no confirmation: you are logged out at once and cannot play for {hours} hours.'));
    await expectFitsViewport(page, 'the panic button', button);
    await expectNoSeriousA11yViolations(page);

    // Not on a page without play.
    await page.goto('/de-JJ/terms');
    await waitForShell(page);
    await expect(panic).toHaveCount(0);

    // On a game page too. Real money waits for the monthly deposit limit Germany requires (409
    // error.limits.required): the page says so and leads to the limits, instead of a generic error.
    const slot = await slotFor(page, 'JJ', 'DE');
    await page.goto(`/de-JJ/online-casino/play/${slot.gameProvider}/${slot.id}`);
    await waitForShell(page);
    const main = page.getByRole('main');
    await expect(main.getByRole('alert').getByText(t('Before you play for real money, set the gambling limits your country requires.'))).toBeVisible();
    await expect(main.getByRole('link', { name: t('Set your limits') })).toHaveAttribute('href', '/de-JJ/my-account/gambling-limits');
    await expect(button).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // One press, no confirmation: logged out at once.
    await button.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(header(page).getByRole('button', { name: t('Log in') })).toBeVisible({ timeout: 5_000 });
    await expect(panic).toHaveCount(0);
    await expect(page).toHaveURL(/\/de-JJ\/?$/);
  });
});
