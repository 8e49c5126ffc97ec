import type { APIRequestContext, Page } from '@playwright/test';
import { ACTIVITY_TIMER_POLL_MS } from '../../machines/lib/constants';
import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { expectFitsViewport, header, logIn, openLogin, submitLogin } from './helpers';

// The reality check and self-exclusion (issue 13 "Reality check and activity", "Time-out,
// cooling-off, self-exclusion"; behaviour.md §4, §8 "Login"): the session-timeout modal comes when
// the platform's timer reaches zero (the test moves the timer with the test-mode call and the page's
// clock past one 60 s poll), and both Continue and Log out work; a self-excluded player is logged out
// at once and refused at login with the days left. axe on the modal and on the breaks section.
// The seeded reality@example.com and exclude@example.com (Finland, EUR) are used by this file only.

const REALITY = 'reality@example.com';
const EXCLUDE = 'exclude@example.com';

async function expectLoggedIn(page: Page): Promise<void> {
  await expect(header(page).getByRole('button', { name: 'Log out' })).toBeVisible();
}

async function expectLoggedOut(page: Page): Promise<void> {
  await expect(header(page).getByRole('button', { name: 'Log in' })).toBeVisible();
}

/** The platform's timer of the player's logins is moved so the check is due now (test mode only). */
async function timerAtZero(request: APIRequestContext, email: string): Promise<void> {
  const moved = await request.post('/api/test/activity-timer', { data: { email, minutesRemaining: 0 } });
  expect(moved.status()).toBe(200);
}

/** One poll interval passes on the page's clock: the next poll finds zero and the modal opens. */
async function nextPoll(page: Page) {
  const poll = page.waitForResponse((response) => response.url().endsWith('/activity_check/minutes_remaining'));
  await page.clock.fastForward(ACTIVITY_TIMER_POLL_MS);
  expect((await poll).status()).toBe(200);
}

test.describe.serial('reality check and breaks', () => {
  test('the reality check appears when the timer reaches zero: Continue starts a new interval, Log out logs out', async ({ page }) => {
    test.setTimeout(60_000);
    // A controlled clock from the first script on: the 60 s poll runs when the test moves the clock.
    await page.clock.install();
    await page.goto('/en-UN');
    await waitForShell(page);
    // The timer is asked at once at login; the next poll is one interval later.
    const firstPoll = page.waitForResponse((response) => response.url().endsWith('/activity_check/minutes_remaining'));
    await logIn(page, REALITY);
    await expectLoggedIn(page);
    expect(await (await firstPoll).json()).toMatchObject({ minutesRemaining: expect.any(Number) });

    await timerAtZero(page.request, REALITY);
    await nextPoll(page);
    const check = page.getByRole('alertdialog', { name: 'Reality check' });
    await expect(check).toBeVisible();
    await expect(check.getByText('Time played this session')).toBeVisible();
    await expect(check.getByText('Net result (winnings minus stakes)')).toBeVisible();
    await expect(check.getByTestId('reality-check-delta')).toHaveText(/€/);
    await expect(check.getByRole('link', { name: 'Review my gambling limits' })).toHaveAttribute('href', '/en-UN/my-account/gambling-limits');
    await expectNoSeriousA11yViolations(page);
    // It must be answered: Escape does not close it.
    await page.keyboard.press('Escape');
    await expect(check).toBeVisible();

    // Continue: the platform's timer starts a new interval and the modal closes.
    const reset = page.waitForResponse((response) => response.url().endsWith('/activity_check/reset_timer'));
    await check.getByRole('button', { name: 'Continue playing' }).click();
    expect(await (await reset).json()).toMatchObject({ minutesRemaining: expect.any(Number) });
    await expect(check).toBeHidden();
    await expectLoggedIn(page);
    // A new interval: the next poll does not bring it back.
    await nextPoll(page);
    await expect(check).toBeHidden();

    // Due again: the link resets the timer too and opens the player's gambling limits.
    await timerAtZero(page.request, REALITY);
    await nextPoll(page);
    await expect(check).toBeVisible();
    const linkReset = page.waitForResponse((response) => response.url().endsWith('/activity_check/reset_timer'));
    await check.getByRole('link', { name: 'Review my gambling limits' }).click();
    expect((await linkReset).status()).toBe(200);
    await expect(check).toBeHidden();
    await expect(page).toHaveURL(/\/en-UN\/my-account\/gambling-limits$/);

    // Due again: Log out ends the session.
    await timerAtZero(page.request, REALITY);
    await nextPoll(page);
    await expect(check).toBeVisible();
    await check.getByRole('button', { name: 'Log out' }).click();
    await expect(check).toBeHidden();
    await expectLoggedOut(page);
    await page.reload();
    await waitForShell(page);
    await expectLoggedOut(page);
  });

  test('the reality check fits a 320 px phone', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.clock.install();
    await page.goto('/en-UN');
    await waitForShell(page);
    const firstPoll = page.waitForResponse((response) => response.url().endsWith('/activity_check/minutes_remaining'));
    await logIn(page, REALITY);
    await firstPoll;
    await timerAtZero(page.request, REALITY);
    await nextPoll(page);
    const check = page.getByRole('alertdialog', { name: 'Reality check' });
    await expect(check).toBeVisible();
    await expectFitsViewport(page, 'the reality check at 320 px', check.getByRole('button', { name: 'Continue playing' }));
    await check.getByRole('button', { name: 'Log out' }).click();
    await expectLoggedOut(page);
  });

  test('the breaks section fits a 320 px phone at each step, and Back keeps the choice', async ({ page }) => {
    test.setTimeout(60_000);
    await page.setViewportSize({ width: 320, height: 640 });
    await page.goto('/en-UN');
    await waitForShell(page);
    await logIn(page, REALITY);
    await page.goto('/en-UN/my-account/gambling-limits');
    await waitForShell(page);
    const section = page.getByRole('region', { name: 'Take a break' });
    const cooling = section.getByRole('group', { name: 'Cooling-off' });
    await expect(cooling).toBeVisible();
    await expectFitsViewport(page, 'breaks: the choice at 320 px', section.getByRole('button', { name: 'Continue' }));
    // The keyboard moves between the lengths (one radio group across the three fieldsets).
    await cooling.getByRole('radio', { name: '1 day' }).check();
    await page.keyboard.press('ArrowRight');
    await expect(cooling.getByRole('radio', { name: '7 days' })).toBeChecked();
    await section.getByRole('button', { name: 'Continue' }).click();
    await expect(section.getByRole('heading', { name: 'Please confirm: Cooling-off, 7 days' })).toBeFocused();
    await expect(section.getByText('Your balance stays in your account for when you come back.')).toBeVisible();
    await expectFitsViewport(page, 'breaks: the confirmation at 320 px', section.getByRole('button', { name: 'Start my break now' }));
    await expectNoSeriousA11yViolations(page);
    await section.getByRole('button', { name: 'Back' }).click();
    await expect(cooling.getByRole('radio', { name: '7 days' })).toBeChecked();
  });

  test('self-exclusion: confirmed, logged out at once, then refused at login with the days left', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto('/en-UN');
    await waitForShell(page);
    await logIn(page, EXCLUDE);
    await page.goto('/en-UN/my-account/gambling-limits');
    await waitForShell(page);
    const section = page.getByRole('region', { name: 'Take a break' });
    await expect(section.getByRole('group', { name: 'Self-exclusion' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);

    // The keyboard reaches every length; nothing chosen is refused before anything is sent.
    await section.getByRole('button', { name: 'Continue' }).click();
    await expect(section.getByRole('alert')).toHaveText('Choose how long your break should be.');
    await section.getByRole('group', { name: 'Self-exclusion' }).getByRole('radio', { name: '6 months' }).check();
    await section.getByRole('button', { name: 'Continue' }).click();

    // The confirmation says what happens, and takes the focus.
    const heading = section.getByRole('heading', { name: 'Please confirm: Self-exclusion, 6 months' });
    await expect(heading).toBeFocused();
    await expect(section.getByText('You will be logged out at once, and any open game will close.')).toBeVisible();
    await expect(section.getByText(/You will not be able to log in until /)).toBeVisible();
    await expect(section.getByText('Your balance will be paid back to the payment method you last deposited with.')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await section.getByRole('button', { name: 'Start my break now' }).click();

    // Logged out at once, with a toast that says until when; the account pages are closed to them.
    await expectLoggedOut(page);
    await expect(page.getByText(/Your self-exclusion has started and you have been logged out\. It ends on /)).toBeVisible();

    // The platform refuses the next login, and the form says for how long (behaviour.md §8 "Login").
    const dialog = await openLogin(page);
    await submitLogin(dialog, EXCLUDE, 'Aurora-Player-1');
    await expect(dialog.getByRole('alert')).toHaveText(/^You have excluded yourself from playing\. Your exclusion ends in \d+ days$/);
    // Still a visitor: the dialog stays open with the message (it hides the header from the accessibility tree).
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectLoggedOut(page);
  });
});
