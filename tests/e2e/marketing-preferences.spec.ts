import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, registerFreshPlayer as registerPlayer, screenshot } from './helpers';

// The marketing preferences on the account page (product.md §3 "Marketing preferences"; behaviour.md
// §7 /player/marketing_preferences GET and PATCH; §8 the marketing action's backend error). Each test
// registers a fresh player through the platform's own sign-up calls (who opted in to marketing at
// sign-up), logged in by the completion's cookie, so no seeded player is changed.

const ACCOUNT = '/en-UN/my-account/account';

/** Registers and logs in a new Finnish player (the session cookie lands in the page's context). */
async function registerFreshPlayer(request: APIRequestContext, tag: string): Promise<void> {
  await registerPlayer(request, { tag: `marketing-${tag}`, firstName: 'Maija', lastName: 'Markkinointi', password: 'Aurora-Marketing-1', marketingOptIn: true });
}

function section(page: Page): Locator {
  return page.getByRole('region', { name: 'Marketing preferences' });
}

/** One channel's checkbox of one communication (the fieldset's legend names the group). */
function choice(page: Page, communication: string, channel: string): Locator {
  return section(page).getByRole('group', { name: communication }).getByRole('checkbox', { name: channel, exact: true });
}

async function openAccount(page: Page): Promise<void> {
  await page.goto(ACCOUNT);
  await waitForShell(page);
  await expect(section(page).getByRole('button', { name: 'Save preferences' })).toBeEnabled();
}

test.describe('marketing preferences', () => {
  test('a player changes the preferences, saves them, and finds them kept after a reload', async ({ page }) => {
    await registerFreshPlayer(page.request, 'save');
    await openAccount(page);

    // Opted in at sign-up: bonus offers and the newsletter by e-mail and SMS, nothing else.
    await expect(choice(page, 'Bonus offers', 'E-mail')).toBeChecked();
    await expect(choice(page, 'Bonus offers', 'Text message (SMS)')).toBeChecked();
    await expect(choice(page, 'Newsletter', 'E-mail')).toBeChecked();
    await expect(choice(page, 'Bonus offers', 'Post')).not.toBeChecked();
    await expect(choice(page, 'Casino news and new games', 'Push notifications')).not.toBeChecked();
    await expect(choice(page, 'Responsible gaming tips', 'E-mail')).not.toBeChecked();
    // Some channels of a communication: its "All channels" box is mixed.
    await expect(choice(page, 'Bonus offers', 'All channels')).toHaveJSProperty('indeterminate', true);
    await expectNoSeriousA11yViolations(page);

    // By keyboard: Space toggles the focused box.
    await choice(page, 'Bonus offers', 'Text message (SMS)').focus();
    await page.keyboard.press('Space');
    await expect(choice(page, 'Bonus offers', 'Text message (SMS)')).not.toBeChecked();
    await choice(page, 'Casino news and new games', 'Push notifications').check();
    // A whole communication at once.
    await choice(page, 'Responsible gaming tips', 'All channels').check();
    for (const channel of ['E-mail', 'Text message (SMS)', 'Post', 'Phone call', 'Push notifications']) {
      await expect(choice(page, 'Responsible gaming tips', channel)).toBeChecked();
    }
    await choice(page, 'Newsletter', 'All channels').check();
    await choice(page, 'Newsletter', 'All channels').uncheck();
    await expect(choice(page, 'Newsletter', 'E-mail')).not.toBeChecked();

    const saved = page.waitForResponse((response) => response.url().endsWith('/api/player/marketing_preferences') && response.request().method() === 'PATCH');
    await section(page).getByRole('button', { name: 'Save preferences' }).click();
    expect((await saved).status()).toBe(200);
    await expect(section(page).getByRole('status')).toHaveText('Your marketing preferences are saved.');
    await expectNoSeriousA11yViolations(page);

    await page.reload();
    await waitForShell(page);
    await expect(section(page).getByRole('button', { name: 'Save preferences' })).toBeEnabled();
    await expect(choice(page, 'Bonus offers', 'E-mail')).toBeChecked();
    await expect(choice(page, 'Bonus offers', 'Text message (SMS)')).not.toBeChecked();
    await expect(choice(page, 'Casino news and new games', 'Push notifications')).toBeChecked();
    await expect(choice(page, 'Responsible gaming tips', 'All channels')).toBeChecked();
    await expect(choice(page, 'Responsible gaming tips', 'Phone call')).toBeChecked();
    await expect(choice(page, 'Newsletter', 'E-mail')).not.toBeChecked();
    await expect(choice(page, 'Newsletter', 'Text message (SMS)')).not.toBeChecked();
    // A fresh page shows no confirmation of an earlier save.
    await expect(section(page).getByRole('status')).toHaveText('');
  });

  test('a save that fails says so and keeps the choices; Save again saves them', async ({ page }) => {
    await registerFreshPlayer(page.request, 'retry');
    await openAccount(page);
    await choice(page, 'Casino news and new games', 'Post').check();
    await page.route('**/api/player/marketing_preferences', (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ code: 'error.system.error', message: 'Down' }) })
        : route.fallback(),
    );
    await section(page).getByRole('button', { name: 'Save preferences' }).click();
    await expect(section(page).getByRole('alert')).toHaveText('We could not save your preferences. Your choices are still here: please try again.');
    await expect(choice(page, 'Casino news and new games', 'Post')).toBeChecked();
    await expectNoSeriousA11yViolations(page);

    await page.unroute('**/api/player/marketing_preferences');
    await section(page).getByRole('button', { name: 'Save preferences' }).click();
    await expect(section(page).getByRole('status')).toHaveText('Your marketing preferences are saved.');
    await expect(section(page).getByRole('alert')).toHaveCount(0);
    await page.reload();
    await waitForShell(page);
    await expect(choice(page, 'Casino news and new games', 'Post')).toBeChecked();
  });

  for (const width of [320, 375]) {
    test(`fits a ${String(width)} px phone`, async ({ page }) => {
      await registerFreshPlayer(page.request, `w${String(width)}`);
      await page.setViewportSize({ width, height: 740 });
      await openAccount(page);
      const save = section(page).getByRole('button', { name: 'Save preferences' });
      await expectFitsViewport(page, `the marketing preferences at ${String(width)} px`, save);
      await section(page).scrollIntoViewIfNeeded();
      await screenshot(page, `marketing-preferences-${String(width)}`);
      // Every box is reachable on the phone: each fits the viewport's width.
      const boxes = section(page).getByRole('checkbox');
      await expect(boxes).toHaveCount(24);
      for (const box of await boxes.all()) {
        const rect = await box.boundingBox();
        expect(rect !== null && rect.x >= 0 && rect.x + rect.width <= width).toBe(true);
      }
      await expectNoSeriousA11yViolations(page);
    });
  }
});
