import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENABLED_MARKETS, MARKETS, type LangMarket } from '../../machines/lib/markets';
import {
  footerSchema,
  marketsDocumentSchema,
  seoDescriptionsSchema,
  STATIC_PAGE_IDS,
  STATIC_PAGE_PATHS,
  staticPageSchema,
  termsVersionsSchema,
} from '../../src/api/content';
import { BRAND_NAME } from '../../machines/lib/brand';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';

// The content service answers every document per market and language in the wire shapes the app
// parses (src/api/content.ts).

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ clock: () => new Date('2031-05-04T12:00:00Z') });
});
afterAll(async () => {
  await platform.close();
});

const PAIRS: LangMarket[] = [
  { language: 'fi', market: 'FI' },
  { language: 'en', market: 'UN' },
  { language: 'caf', market: 'CA' },
];
const scope = ({ market, language }: LangMarket) => `/api/content/${market}/${language}`;

describe('GET /api/content/markets', () => {
  it('lists every market and language of the tables, JP disabled', async () => {
    const response = await app.request('/api/content/markets');
    expect(response.status).toBe(200);
    const document = v.parse(marketsDocumentSchema, await json(response));
    expect(document.markets).toHaveLength(17);
    expect(document.languages).toHaveLength(17);
    expect(document.markets.find((m) => m.id === 'JP')?.enabled).toBe(false);
    expect(document.markets.find((m) => m.id === 'CA')).toMatchObject({
      languages: ['ca', 'caf'],
      regionLanguage: 'ca',
      localeMapping: { ca: 'en-CA', caf: 'fr-CA' },
      currency: 'CAD',
    });
    expect(document.languages.find((l) => l.code === 'caf')?.apiLanguage).toBe('fr');
  });
});

describe.each(PAIRS)('content for $language-$market', (pair) => {
  it('serves every static page in the language, with its SEO', async () => {
    for (const id of STATIC_PAGE_IDS) {
      const response = await app.request(`${scope(pair)}/pages/${id}`);
      expect(response.status, id).toBe(200);
      const page = v.parse(staticPageSchema, await json(response));
      expect(page).toMatchObject({ id, market: pair.market, language: pair.language });
      expect(page.title).toBe(`[${pair.language}] ${id} title`);
      // The title search engines show carries the brand (server/content/seed.ts pageSeoTitle).
      expect(page.seo).toEqual({ title: `${page.title} – ${BRAND_NAME}`, description: `[${pair.language}] ${id} description` });
      expect(Number.isNaN(Date.parse(page.updatedAt))).toBe(false);
    }
  });

  it('builds the footer from the page table, the market regulators and the year', async () => {
    const response = await app.request(`${scope(pair)}/footer`);
    expect(response.status).toBe(200);
    const footer = v.parse(footerSchema, await json(response));
    const footerPaths = Object.values(STATIC_PAGE_PATHS).filter((p) => p.inFooter).map((p) => p.path);
    expect(footer.links.map((link) => link.path)).toEqual(footerPaths);
    expect(footer.links[0]).toEqual({ label: `[${pair.language}] Terms`, path: '/terms' });
    // No label in the seed: the page title stands in.
    expect(footer.links.find((link) => link.path === '/cookie-policy')?.label).toBe(`[${pair.language}] cookies_policy title`);
    expect(footer.copyright).toBe(`[${pair.language}] © 2031 Example Casino`);
    expect(footer.licences.length).toBe(footer.regulationLogos.length);
    expect(footer.regulationLogos.length).toBeGreaterThan(0);
  });

  it('lists the terms versions with a file per market language, each of which is served', async () => {
    const response = await app.request(`${scope(pair)}/terms-versions`);
    expect(response.status).toBe(200);
    const terms = v.parse(termsVersionsSchema, await json(response));
    expect(terms.current.version).toBe(3);
    expect(terms.versions.map((version) => version.version)).toEqual([1, 2, 3]);
    expect(terms.current.files.map((file) => file.language)).toEqual(MARKETS[pair.market].languages);
    for (const file of terms.versions.flatMap((version) => version.files)) {
      const document = await app.request(file.url);
      expect(document.status, file.url).toBe(200);
      expect(document.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await document.text()).toContain(`[${file.language}] terms_and_conditions title`);
    }
  });

  it('serves the SEO descriptions', async () => {
    const response = await app.request(`${scope(pair)}/seo`);
    expect(response.status).toBe(200);
    const seo = v.parse(seoDescriptionsSchema, await json(response));
    expect(seo.entries.home).toEqual({ title: `[${pair.language}] Home`, description: `[${pair.language}] Casino home` });
  });
});

describe('regulators per market', () => {
  it('fills the licence template with each regulator of the market', async () => {
    const footer = v.parse(footerSchema, await json(await app.request('/api/content/CA/caf/footer')));
    expect(footer.regulationLogos).toEqual([
      { name: 'iGaming Ontario', imageUrl: '/regulators/igo.svg', href: 'https://example.ca/on', alt: 'iGaming Ontario' },
      { name: 'AGCO', imageUrl: '/regulators/agco.svg', href: 'https://example.ca/agco', alt: 'AGCO' },
    ]);
    expect(footer.licences).toEqual([
      { text: '[caf] Licensed by iGaming Ontario, licence ON-9.' },
      { text: '[caf] Licensed by AGCO, licence AGCO-7.' },
    ]);
  });

  it('answers an empty list for a market with no regulator in the seed', async () => {
    const footer = v.parse(footerSchema, await json(await app.request('/api/content/NO/no/footer')));
    expect(footer.regulationLogos).toEqual([]);
    expect(footer.licences).toEqual([]);
  });
});

describe('every enabled market and language', () => {
  it('has its footer, SEO and terms versions', async () => {
    for (const market of ENABLED_MARKETS) {
      for (const language of market.languages) {
        const base = scope({ market: market.id, language });
        for (const [path, schema] of [
          ['footer', footerSchema],
          ['seo', seoDescriptionsSchema],
          ['terms-versions', termsVersionsSchema],
        ] as const) {
          const response = await app.request(`${base}/${path}`);
          expect(response.status, `${base}/${path}`).toBe(200);
          expect(v.safeParse(schema, await json(response)).success, `${base}/${path}`).toBe(true);
        }
      }
    }
  });
});

describe('terms documents', () => {
  it('are sandboxed: CMS HTML served on its own cannot run scripts', async () => {
    const response = await app.request('/api/content/terms/FI/fi/v3.html');
    expect(response.status).toBe(200);
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain('sandbox');
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('script-src');
  });

  it('answer 404 for a version that was never published', async () => {
    const response = await app.request('/api/content/terms/FI/fi/v9.html');
    expect(response.status).toBe(404);
    expect(await json(response)).toMatchObject({ code: 'error.content.not_found' });
  });
});
