import { test as base, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

// Every test checks each page it visits with axe: a serious or critical violation fails it.
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** Waits until the app shell is on screen (the session resolved and the catalog loaded). */
export async function waitForShell(page: Page): Promise<void> {
  // The platform paints each page before the app runs (issue 10); the app marks when it took over.
  await expect(page.locator('#root[data-first-paint]')).toHaveCount(0);
  await expect(page.getByRole('banner')).toBeVisible();
  await expect(page.getByRole('main')).toBeVisible();
}

export const test = base.extend<{ freshVisitor: boolean }>({
  /**
   * Most tests are about something other than the cookie notice: they start as a returning visitor
   * who has already accepted cookies. `test.use({ freshVisitor: true })` starts from empty storage.
   */
  freshVisitor: [false, { option: true }],
  page: async ({ page, freshVisitor }, use) => {
    if (!freshVisitor) {
      await page.addInitScript(() => {
        if (localStorage.getItem('cookieConsent') === null) {
          localStorage.setItem(
            'cookieConsent',
            JSON.stringify({ essentials: true, performanceFunctional: true, marketing: true, accepted: true }),
          );
        }
      });
    }
    await use(page);
  },
});

export { expect };
