import { test, expect, waitForShell } from './fixtures';

// Mobile first (product.md §2, behaviour.md §9 breakpoints): the identity screens fit a phone in the
// languages with the longest words, and the header keeps the brand whole at every breakpoint.
const pages = ['/signup', '/signup/pnp', '/reset-password'];
const locales = ['fi-FI', 'de-AT', 'pt-PT'];

for (const width of [320, 375, 768, 1024, 1440]) {
  test(`the identity screens have no horizontal scrolling at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    for (const locale of locales) {
      for (const path of pages) {
        await page.goto(`/${locale}${path}`);
        await waitForShell(page);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, `${locale}${path} at ${width} px`).toBeLessThanOrEqual(0);
        // The header's brand link is never cut (its box fits inside the header).
        const brand = page.getByRole('banner').getByRole('link').first();
        const box = await brand.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
        expect(box.scroll, `${locale}${path} brand at ${width} px`).toBeLessThanOrEqual(box.client);
      }
    }
  });
}
