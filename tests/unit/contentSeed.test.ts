import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { LANGUAGE_CODES, MARKET_CODES, type LanguageCode } from '../../machines/lib/markets';
import { STATIC_PAGE_IDS, STATIC_PAGE_PATHS } from '../../src/api/content';
import { SEO_ENTRY_IDS } from '../../src/api/sitePages';
import { BRAND_NAME } from '../../machines/lib/brand';
import { languageSeedSchema, marketsSeedSchema, type LanguageSeed } from '../../server/content/schema';

// The content seed files the reference platform loads (server/content/*.json): every language has
// every page, footer label and SEO entry, each language is really written in that language, and
// the terms page carries the inert script payload the end-to-end test relies on (the app must
// sanitise it away).

// Vitest runs from the project root (vite.config.ts); jsdom gives import.meta.url no file scheme.
const seedDir = join(process.cwd(), 'server', 'content');
const publicDir = join(process.cwd(), 'public');
/** The SVG a regulator badge's PNG is drawn from (public/regulators/<name>.svg). */
const sourceOf = (logo: string): string => join(publicDir, logo.replace(/\.png$/, '.svg'));
const readJson = (name: string): unknown => JSON.parse(readFileSync(join(seedDir, name), 'utf8'));

const seeds = Object.fromEntries(
  LANGUAGE_CODES.map((code) => [code, v.parse(languageSeedSchema, readJson(`${code}.json`))]),
) as Record<LanguageCode, LanguageSeed>;
const rawSeeds = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, readJson(`${code}.json`)]));

/** Regional English variants may share most of their text. */
const ENGLISH_VARIANTS: readonly LanguageCode[] = ['en', 'ca', 'nz', 'inen'];
/** Every entry the page table names, and the app's screens without a path. */
const SEO_KEYS = [...SEO_ENTRY_IDS, 'maintenance', 'restricted'];
/** A meta description search engines show whole: about 70 to 160 characters (Japanese is denser). */
const descriptionLength = (code: LanguageCode) => (code === 'ja' ? { min: 35, max: 160 } : { min: 70, max: 160 });
const SCRIPT_PAYLOAD = '<script>window.__contentScriptRan = true</script>';
const HANDLER_PAYLOAD = '<img src="data:," onerror="window.__contentScriptRan = true" alt="">';

const occurrences = (text: string, part: string) => text.split(part).length - 1;

describe.each(LANGUAGE_CODES)('content seed %s.json', (code) => {
  const seed = seeds[code];

  it('has every static page with a title, a short description and html', () => {
    const raw = rawSeeds[code] as { pages: Record<string, unknown> };
    expect(Object.keys(raw.pages).sort()).toEqual([...STATIC_PAGE_IDS].sort());
    for (const id of STATIC_PAGE_IDS) {
      const page = seed.pages[id];
      expect(page.title.trim(), id).not.toBe('');
      expect(page.description.length, `${id} description`).toBeGreaterThan(0);
      expect(page.description.length, `${id} description`).toBeLessThan(160);
      expect(page.html, id).toContain('<h2>');
    }
  });

  it('labels every footer link and keeps the footer placeholders', () => {
    expect(Object.keys(seed.footer.links).sort()).toEqual(Object.keys(STATIC_PAGE_PATHS).sort());
    expect(Object.values(seed.footer.links).every((label) => label.trim() !== '')).toBe(true);
    expect(seed.footer.licenceTemplate).toContain('{regulator}');
    expect(seed.footer.licenceTemplate).toContain('{licence}');
    expect(seed.footer.copyright).toContain('{year}');
  });

  it('has a title and description for every screen the app sets SEO on', () => {
    expect(Object.keys(seed.seo).sort()).toEqual([...SEO_KEYS].sort());
  });

  it('gives every page of the page table a branded title and a description of a search snippet\'s length', () => {
    const { min, max } = descriptionLength(code);
    for (const id of SEO_ENTRY_IDS) {
      const { title, description } = seed.seo[id];
      expect(title, id).toContain(BRAND_NAME);
      expect(title.replace(BRAND_NAME, '').replace(/[\s–|-]/g, ''), `${id}: more than the brand`).not.toBe('');
      expect(description.length, `${id} description: ${description}`).toBeGreaterThanOrEqual(min);
      expect(description.length, `${id} description: ${description}`).toBeLessThanOrEqual(max);
      expect(description, `${id} description`).toBe(description.trim());
    }
  });

  it('puts the inert script payload in the terms page exactly once, and nowhere else', () => {
    const terms = seed.pages.terms_and_conditions.html;
    expect(occurrences(terms, SCRIPT_PAYLOAD)).toBe(1);
    expect(occurrences(terms, HANDLER_PAYLOAD)).toBe(1);
    for (const id of STATIC_PAGE_IDS.filter((pageId) => pageId !== 'terms_and_conditions')) {
      expect(seed.pages[id].html, id).not.toContain('<script');
    }
  });
});

describe('content seed languages', () => {
  it('translates every SEO entry in every language other than the English variants', () => {
    for (const code of LANGUAGE_CODES.filter((c) => !ENGLISH_VARIANTS.includes(c))) {
      for (const id of SEO_ENTRY_IDS) {
        expect(seeds[code].seo[id].title, `${code} ${id} title`).not.toBe(seeds.en.seo[id].title);
        expect(seeds[code].seo[id].description, `${code} ${id} description`).not.toBe(seeds.en.seo[id].description);
      }
    }
  });

  it('gives each SEO entry its own title within a language', () => {
    for (const code of LANGUAGE_CODES) {
      const titles = SEO_KEYS.map((id) => seeds[code].seo[id]?.title);
      expect(new Set(titles).size, code).toBe(titles.length);
    }
  });

  it('gives every language other than the English variants its own text', () => {
    for (const id of STATIC_PAGE_IDS) {
      const byHtml = new Map<string, LanguageCode[]>();
      for (const code of LANGUAGE_CODES) {
        const html = seeds[code].pages[id].html;
        byHtml.set(html, [...(byHtml.get(html) ?? []), code]);
      }
      const shared = [...byHtml.values()].filter(
        (codes) => codes.length > 1 && !codes.every((c) => ENGLISH_VARIANTS.includes(c)),
      );
      expect(shared, id).toEqual([]);
    }
  });
});

describe('content seed markets.json', () => {
  const markets = v.parse(marketsSeedSchema, readJson('markets.json'));

  it('lists at least one regulator for every market and no unknown market', () => {
    expect(Object.keys(markets).sort()).toEqual([...MARKET_CODES].sort());
    for (const code of MARKET_CODES) expect(markets[code]?.regulators.length, code).toBeGreaterThan(0);
  });

  it('points every regulator at an https site and a logo file that exists', () => {
    for (const { regulators } of Object.values(markets)) {
      for (const regulator of regulators) {
        expect(regulator.href).toMatch(/^https:\/\//);
        expect(regulator.alt.trim()).not.toBe('');
        // A PNG drawn from its SVG source beside it (scripts/regulator-badges.mjs), which names the regulator.
        expect(regulator.logo).toMatch(/^\/regulators\/[a-z-]+\.png$/);
        const logo = join(publicDir, regulator.logo);
        expect(existsSync(logo), regulator.logo).toBe(true);
        expect(readFileSync(sourceOf(regulator.logo), 'utf8')).toMatch(/<svg[^>]*>\s*<title[^>]*>[^<]+<\/title>/);
      }
    }
  });

  // Issue 10: the footer gives each logo its width and height, so it reserves the box before the
  // image arrives; they must be the image's own, or the logo is drawn out of shape.
  // The PNG is drawn at twice the SVG's size (sharp screens); the footer's box is the SVG's size.
  it('gives every regulator logo the width and height of its SVG, and its PNG twice that', () => {
    for (const { regulators } of Object.values(markets)) {
      for (const regulator of regulators) {
        const svg = /<svg\b[^>]*>/.exec(readFileSync(sourceOf(regulator.logo), 'utf8'))?.[0] ?? '';
        const attribute = (name: string) => Number(new RegExp(`\\s${name}="(\\d+(?:\\.\\d+)?)"`).exec(svg)?.[1]);
        expect({ width: regulator.width, height: regulator.height }, regulator.logo).toEqual({ width: attribute('width'), height: attribute('height') });
        // PNG: the IHDR chunk's width and height, big-endian, at bytes 16 and 20.
        const png = readFileSync(join(publicDir, regulator.logo));
        expect({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) }, regulator.logo).toEqual({ width: 2 * attribute('width'), height: 2 * attribute('height') });
      }
    }
  });
});
