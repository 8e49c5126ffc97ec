import { test, expect, expectNoSeriousA11yViolations } from './fixtures';

// These change the platform for every visitor, so they run after the rest (playwright.config.ts).
test.describe.configure({ mode: 'serial' });

test.afterEach(async ({ request }) => {
  await request.post('/api/test/reset');
});

test('maintenance mode replaces the whole app, and the site comes back after it', async ({ page, request }) => {
  expect((await request.post('/api/test/maintenance', { data: { on: true } })).ok()).toBe(true);
  // The platform paints the maintenance page already (503: crawlers come back later), and the app keeps it.
  const response = await page.goto('/en-UN/terms');
  expect(response?.status()).toBe(503);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/maintenance/i);
  await expect(page.locator('#root')).not.toHaveAttribute('data-first-paint');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/maintenance/i);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expect(page.getByRole('contentinfo')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);

  expect((await request.post('/api/test/maintenance', { data: { on: false } })).ok()).toBe(true);
  await page.reload();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(/Terms/);
});

test('a visitor from a restricted country sees only the restricted page', async ({ page }) => {
  await page.setExtraHTTPHeaders({ 'x-test-country': 'US' });
  await page.goto('/en-UN');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/not available/i);
  await expect(page.getByRole('navigation')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
