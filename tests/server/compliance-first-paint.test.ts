import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MarketRgRules } from '../../machines/lib/responsibleGambling';
import type { PageRenderer } from '../../server/http/pages';
import { startTestPlatform, tempDir, type TestPlatform } from './helpers/platform';

// Issue 13 "The compliance layer, per market": the first paint carries the route market's rules
// (the platform's market settings), so the Swedish badges are painted at the top of a PP page before
// the app runs and the app, which reuses the rules, keeps them in place. An operator's switch
// reaches the paint without code.

const INDEX_HTML = '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title></head><body><div id="root"></div></body></html>';

let platform: TestPlatform;
let root: Awaited<ReturnType<typeof tempDir>>;
let dist = '';
const painted: { path: string; rules: MarketRgRules | null | undefined }[] = [];
const renderer: PageRenderer = {
  renderPage: (input) => {
    painted.push({ path: input.pathname, rules: input.data.rgRules });
    return Promise.resolve(`<main>${input.data.rgRules?.swedishBadges === true ? 'badges' : 'none'}</main>`);
  },
};

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await tempDir('platform-compliance-');
  dist = join(root.path, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
});
afterAll(async () => {
  await platform.settings.reset();
  await platform.close();
  await root.remove();
});

/** A page from a fresh app (each has its own page cache). */
async function page(path: string): Promise<string> {
  const response = await platform.app({ staticDir: dist, pageRenderer: renderer }).request(`http://site.example${path}`);
  expect(response.status).toBe(200);
  return response.text();
}

function paintData(html: string): { rgRules?: MarketRgRules | null } {
  const json = /<script type="application\/json" id="first-paint-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '{}';
  return JSON.parse(json) as { rgRules?: MarketRgRules | null };
}

describe("the first paint and the market's compliance rules (issue 13)", () => {
  it("paints a Swedish page with the badges' rules and carries them to the app", async () => {
    const html = await page('/en-PP/terms');
    expect(html).toContain('<main>badges</main>');
    expect(painted.at(-1)?.rules).toMatchObject({ swedishBadges: true, increaseDelayHours: 72 });
    expect(paintData(html).rgRules).toMatchObject({ swedishBadges: true, sessionBar: false, panicButton: false });
  });

  it("paints another market's page without them", async () => {
    const html = await page('/en-GG');
    expect(html).toContain('<main>none</main>');
    expect(paintData(html).rgRules).toMatchObject({ swedishBadges: false, sessionBar: true });
  });

  it("follows the platform's market settings: an operator switches the badges on for a market without code", async () => {
    await platform.settings.update({ marketRules: { FI: { swedishBadges: true } } });
    try {
      expect(await page('/fi-FI/terms')).toContain('<main>badges</main>');
    } finally {
      await platform.settings.reset();
    }
    expect(await page('/fi-FI/terms')).toContain('<main>none</main>');
  });
});
