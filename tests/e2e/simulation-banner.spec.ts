import { test, expect, expectNoSeriousA11yViolations, waitForShell } from './fixtures';
import { SEEDED_EMAILS, SEEDED_PASSWORD } from '../../server/services/seed-players';

// Issue 9 "Simulation is a mode": the platform the tests run (PLATFORM_MODE=simulation, the
// default) says so on every page, in the visitor's language, without breaking the layout; and the
// site's own calls pass the same-origin JSON gate of the API (server/http/request-guard.ts).

test('the simulation banner shows, translated, and fits a 320 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await page.goto('/en-UN');
  await waitForShell(page);
  const banner = page.getByTestId('simulation-banner');
  await expect(banner).toBeVisible();
  await expect(banner).toContainText('Simulation');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectNoSeriousA11yViolations(page);
  await page.goto('/fi-FI');
  await waitForShell(page);
  await expect(page.getByTestId('simulation-banner')).toContainText('Simulaatio');
});

test('a browser login (Origin and Sec-Fetch-Site set by the browser) passes the gate', async ({ page }) => {
  await page.goto('/en-UN');
  await waitForShell(page);
  const status = await page.evaluate(
    async ([email, password]) => {
      const response = await fetch('/api/player/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      return response.status;
    },
    [SEEDED_EMAILS.player, SEEDED_PASSWORD] as const,
  );
  expect(status).toBe(200);
});
