import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hreflangFor, siteLangMarkets } from '../../src/api/sitePages';
import type { PageRenderer } from '../../server/http/pages';
import { startTestPlatform, tempDir, type TestPlatform } from './helpers/platform';

// Issue 10: every page answered by the platform with the status the router would give, its head
// (title, description, canonical, hreflang alternates, robots) in the route's language, the one
// stylesheet inline, and its first paint (the renderer) in #root.

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Site</title><link rel="stylesheet" crossorigin href="/assets/style-abc.css"></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script></body></html>';
const CSS = 'body{color:red}';

let platform: TestPlatform;
let root: Awaited<ReturnType<typeof tempDir>>;
let dist = '';
const renderer: PageRenderer = {
  renderPage: (input) =>
    Promise.resolve(`<main><h1>${input.heading}</h1><p>painted ${input.pathname}</p></main>${input.cookieNotice ? '<section>cookie notice</section>' : ''}`),
};

beforeAll(async () => {
  platform = await startTestPlatform();
  root = await tempDir('platform-pages-');
  dist = join(root.path, 'dist');
  await mkdir(join(dist, 'assets'), { recursive: true });
  await writeFile(join(dist, 'index.html'), INDEX_HTML);
  await writeFile(join(dist, 'assets', 'style-abc.css'), CSS);
  await writeFile(join(dist, 'assets', 'index-abc123.js'), 'console.log("app")');
});
afterAll(async () => {
  await platform.close();
  await root.remove();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  platform.app({ staticDir: dist, pageRenderer: renderer }).request(`http://site.example${path}`, { headers });

describe('pages (issue 10: the status, head and first paint of every page)', () => {
  it.each([
    ['/', '/en-UN'],
    ['/terms?x=1', '/en-UN/terms?x=1'],
    ['/xx-YY', '/en-UN'],
  ])('%s redirects to a valid language and market: %s', async (path, location) => {
    const response = await get(path);
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(location);
  });

  it('answers 404 with the not-found page, noindex, for a path no route knows', async () => {
    for (const path of ['/en-UN/nope', '/fi-FI/terms/extra']) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex">');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(html).toMatch(/<title data-first-paint>[^<]+<\/title>/);
    }
  });

  it('serves a legal page in its language, with its title, description, canonical and every alternate', async () => {
    const response = await get('/fi-FI/terms');
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<html lang="fi-FI">');
    // The fixture seed's Finnish terms page (tests/server/fixtures/content-seed.ts).
    expect(html).toMatch(/<title data-first-paint>\[fi\] terms_and_conditions title[^<]*<\/title>/);
    expect(html).toContain('<meta name="description" content="[fi] terms_and_conditions description" data-first-paint>');
    expect(html).toContain('<link rel="canonical" href="http://site.example/fi-FI/terms">');
    for (const langMarket of siteLangMarkets()) {
      expect(html).toContain(`hreflang="${hreflangFor(langMarket)}" href="http://site.example/${langMarket.language}-${langMarket.market}/terms"`);
    }
    expect(html).toContain('hreflang="x-default" href="http://site.example/en-UN/terms"');
    expect(html).not.toContain('noindex');
    expect(response.headers.get('x-robots-tag')).toBeNull();
  });

  it('answers every page with the maintenance page, 503 and Retry-After, while the platform is in maintenance', async () => {
    const app = platform.app({ staticDir: dist, pageRenderer: { renderPage: (input) => Promise.resolve(input.maintenance === true ? '<main><h1>maintenance</h1></main>' : '<main><h1>page</h1></main>') } });
    const request = (path: string) => app.request(`http://site.example${path}`);
    await platform.settings.update({ maintenance: true });
    try {
      for (const path of ['/fi-FI/terms', '/fi-FI', '/fi-FI/nope']) {
        const response = await request(path);
        expect(response.status, path).toBe(503);
        expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
        expect(response.headers.get('cache-control')).toBe('no-store');
        const html = await response.text();
        expect(html).toContain('<div id="root" data-first-paint><main><h1>maintenance</h1></main></div>');
        // The SEO document's maintenance entry (tests/server/fixtures/content-seed.ts), no canonical.
        expect(html).toMatch(/<title data-first-paint>\[fi\] maintenance title<\/title>/);
        expect(html).not.toContain('rel="canonical"');
      }
    } finally {
      await platform.settings.update({ maintenance: false });
    }
    // The site is back at once: no page of the maintenance is kept.
    const back = await request('/fi-FI/terms');
    expect(back.status).toBe(200);
    expect(await back.text()).toContain('<main><h1>page</h1></main>');
  });

  it('puts the first paint in #root and the stylesheet inline: nothing blocks the paint', async () => {
    const html = await (await get('/en-UN/reset-password', { Cookie: 'cookieConsentGiven=1' })).text();
    expect(html).toMatch(/<div id="root" data-first-paint><main><h1>[^<]+<\/h1><p>painted \/en-UN\/reset-password<\/p><\/main><\/div>/);
    expect(html).toContain(`<style>${CSS}</style>`);
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<script type="application/json" id="first-paint-data">');
  });

  it.each(['/en-UN/401', '/en-UN/my-account/account', '/en-UN/signup/callback', '/en-UN/unlock', '/en-UN/accept-terms-condition'])(
    '%s answers 200 but is not indexed',
    async (path) => {
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<meta name="robots" content="noindex">');
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
    },
  );

  it('revalidates: no-cache with an ETag, 304 when it still matches', async () => {
    const first = await get('/en-UN');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const again = await get('/en-UN', { 'If-None-Match': etag ?? '' });
    expect(again.status).toBe(304);
  });

  it('starts the app only after the first paint: no script or module preload in the head, the boot script names them', async () => {
    const html = await (await get('/en-UN/terms')).text();
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script defer src="/app-boot.js" data-entry="/assets/index-abc123.js" data-preload=""></script>');
  });

  it('paints the cookie notice for a visitor who has not answered it, and not for one who has', async () => {
    expect(await (await get('/en-UN/age-restrictions')).text()).toContain('<section>cookie notice</section>');
    const answered = await get('/en-UN/age-restrictions', { Cookie: 'cookieConsentGiven=1' });
    expect(await answered.text()).not.toContain('cookie notice');
  });

  it('leaves files and the API alone', async () => {
    expect((await get('/assets/index-abc123.js')).status).toBe(200);
    expect((await get('/api/content/markets')).status).toBe(200);
  });
});
