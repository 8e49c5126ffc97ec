import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENABLED_MARKETS, LANGUAGE_CODES } from '../../machines/lib/markets';
import { footerSchema, seoDescriptionsSchema, signupPageSchema, STATIC_PAGE_IDS, termsVersionsSchema } from '../../src/api/content';
import { DOCUMENT_KINDS, pageBodySchema } from '../../server/content/documents';
import {
  buildContentDocuments,
  DEFAULT_SEED_DIR,
  fillTemplate,
  loadContentSeed,
} from '../../server/content/seed';
import { SEO_ENTRY_IDS } from '../../src/api/sitePages';
import { BRAND_NAME } from '../../machines/lib/brand';
import { fixtureLanguageSeed, writeFixtureSeed } from './fixtures/content-seed';
import { tempDir } from './helpers/platform';

// The content seed files: the real ones in server/content/ must load and cover every enabled
// market and language; a broken seed stops the start with a message naming the file.

const PUBLIC_DIR = fileURLToPath(new URL('../../public', import.meta.url));
const PAIRS = ENABLED_MARKETS.flatMap((market) => market.languages.map((language) => ({ market: market.id, language })));

describe('the seed in server/content/', () => {
  it('loads, and gives every enabled market and language its pages, footer, SEO, terms versions and sign-up panel', async () => {
    const seed = await loadContentSeed(DEFAULT_SEED_DIR);
    const documents = buildContentDocuments(seed);
    expect(documents).toHaveLength(PAIRS.length * (STATIC_PAGE_IDS.length + 4));
    for (const { market, language } of PAIRS) {
      const of = (kind: string) => documents.filter((d) => d.market === market && d.language === language && d.kind === kind);
      const pages = of(DOCUMENT_KINDS.page);
      expect(pages.map((d) => d.key).sort(), `${language}-${market}`).toEqual([...STATIC_PAGE_IDS].sort());
      for (const page of pages) {
        const body = v.parse(pageBodySchema, JSON.parse(page.body));
        expect(body.title.trim(), `${language}-${market} ${page.key}`).not.toBe('');
      }
      const footer = v.parse(footerSchema, JSON.parse(of(DOCUMENT_KINDS.footer)[0]!.body));
      expect(footer.links.every((link) => link.label.trim() !== ''), `${language}-${market} footer`).toBe(true);
      expect(footer.licences.every((licence) => !/\{\w+\}/.test(licence.text)), `${language}-${market} licences`).toBe(true);
      // Issue 10: each logo carries its intrinsic size (the footer reserves its box with it).
      expect(footer.regulationLogos.every((logo) => logo.width !== undefined && logo.height !== undefined), `${language}-${market} logo sizes`).toBe(true);
      v.parse(seoDescriptionsSchema, JSON.parse(of(DOCUMENT_KINDS.seo)[0]!.body));
      v.parse(termsVersionsSchema, JSON.parse(of(DOCUMENT_KINDS.termsVersions)[0]!.body));
      const signup = v.parse(signupPageSchema, JSON.parse(of(DOCUMENT_KINDS.signup)[0]!.body));
      expect(`${signup.title} ${signup.description}`, `${language}-${market} signup`).not.toMatch(/\{amount\}/);
    }
  });

  it('brands every static page\'s SEO title ("Terms and Conditions – Aurora Play") in every market and language', async () => {
    const documents = buildContentDocuments(await loadContentSeed(DEFAULT_SEED_DIR));
    const pages = documents.filter((d) => d.kind === DOCUMENT_KINDS.page);
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const body = v.parse(pageBodySchema, JSON.parse(page.body));
      expect(body.seo.title, `${page.language}-${page.market} ${page.key}`).toBe(`${body.title} – ${BRAND_NAME}`);
    }
    const terms = pages.find((d) => d.market === 'UN' && d.language === 'en' && d.key === 'terms_and_conditions');
    expect(v.parse(pageBodySchema, JSON.parse(terms!.body)).seo.title).toBe('Terms and Conditions – Aurora Play');
  });

  it('names the regulators of every enabled market (an empty list is a choice, a missing one a slip)', async () => {
    const seed = await loadContentSeed(DEFAULT_SEED_DIR);
    expect(Object.keys(seed.markets)).toEqual(expect.arrayContaining(ENABLED_MARKETS.map((m) => m.id)));
  });

  it('points every regulation logo at a file the site serves (public/)', async () => {
    const seed = await loadContentSeed(DEFAULT_SEED_DIR);
    const logos = Object.values(seed.markets).flatMap((market) => market.regulators.map((r) => r.logo));
    for (const logo of new Set(logos.filter((path) => path.startsWith('/')))) {
      expect(existsSync(join(PUBLIC_DIR, logo)), logo).toBe(true);
    }
  });
});

describe('a broken seed', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeEach(async () => {
    dir = await tempDir('platform-seed-');
    await writeFixtureSeed(dir.path);
  });
  afterEach(async () => {
    await dir.remove();
  });

  it('loads when complete', async () => {
    const seed = await loadContentSeed(dir.path);
    expect(Object.keys(seed.languages)).toEqual([...LANGUAGE_CODES]);
  });

  it('stops with the name of a missing language file', async () => {
    await rm(join(dir.path, 'tl.json'));
    await expect(loadContentSeed(dir.path)).rejects.toThrow(/tl\.json/);
  });

  it('stops with the name of a file that does not match its schema', async () => {
    await writeFile(join(dir.path, 'fi.json'), JSON.stringify({ pages: {} }));
    await expect(loadContentSeed(dir.path)).rejects.toThrow(/fi\.json does not match/);
  });

  it('stops when a language lacks an SEO entry of the page table (src/api/sitePages.ts SEO_ENTRY_IDS)', async () => {
    for (const id of SEO_ENTRY_IDS) {
      const seed = fixtureLanguageSeed('fi');
      const seo = Object.fromEntries(Object.entries(seed.seo).filter(([key]) => key !== id));
      await writeFile(join(dir.path, 'fi.json'), JSON.stringify({ ...seed, seo }));
      await expect(loadContentSeed(dir.path), id).rejects.toThrow(new RegExp(`fi\\.json does not match[\\s\\S]*seo\\.${id}`));
    }
  });

  it('stops on an SEO entry with an empty title', async () => {
    const seed = fixtureLanguageSeed('de');
    await writeFile(join(dir.path, 'de.json'), JSON.stringify({ ...seed, seo: { ...seed.seo, signup: { title: ' ', description: 'x' } } }));
    await expect(loadContentSeed(dir.path)).rejects.toThrow(/de\.json does not match/);
  });

  it('stops on a market code the tables do not know', async () => {
    await writeFile(join(dir.path, 'markets.json'), JSON.stringify({ SE: { regulators: [] } }));
    await expect(loadContentSeed(dir.path)).rejects.toThrow(/unknown market codes SE/);
  });
});

describe('templates', () => {
  it('fill known placeholders and leave unknown ones', () => {
    expect(fillTemplate('© {year} {brand}', { year: '2030' })).toBe('© 2030 {brand}');
  });
});
