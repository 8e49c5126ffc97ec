import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import type { Kysely } from 'kysely';
import { DEFAULT_SITE_ID } from '../../machines/lib/constants';
import {
  ENABLED_MARKETS,
  isMarketCode,
  LANGUAGE_CODES,
  type LanguageCode,
  type MarketCode,
} from '../../machines/lib/markets';
import { STATIC_PAGE_IDS, STATIC_PAGE_PATHS, type Footer, type SeoDescriptions } from '../../src/api/content';
import { BRAND_NAME } from '../../machines/lib/brand';
import type { Database, NewContentDocument } from '../db/schema';
import { insertContentDocuments } from '../repositories/content-documents';
import { inTransaction } from '../repositories/transaction';
import { countDocuments, DOCUMENT_KINDS, SINGLE_DOCUMENT_KEY, type PageBody } from './documents';
import { languageSeedSchema, marketsSeedSchema, type LanguageSeed, type MarketsSeed } from './schema';
import { buildSignupPage } from './signup';
import { termsVersionsFor } from './terms';
import { seedBonusCampaigns } from './bonus-campaigns';

// The content seed: `<language>.json` for every language and `markets.json` in one folder
// (server/content/ by default), validated with server/content/schema.ts and written as documents
// for every enabled market x each language it offers. It runs on an empty content table only, so
// a second start reuses the database as it is.

export const DEFAULT_SEED_DIR = fileURLToPath(new URL('.', import.meta.url));

export interface ContentSeed {
  languages: Readonly<Record<LanguageCode, LanguageSeed>>;
  markets: MarketsSeed;
}

export async function loadContentSeed(seedDir: string = DEFAULT_SEED_DIR): Promise<ContentSeed> {
  const entries = await Promise.all(
    LANGUAGE_CODES.map(async (code) => [code, await readSeedFile(seedDir, `${code}.json`, languageSeedSchema)] as const),
  );
  const markets = await readSeedFile(seedDir, 'markets.json', marketsSeedSchema);
  const unknown = Object.keys(markets).filter((code) => !isMarketCode(code));
  if (unknown.length > 0) {
    throw new Error(`${join(seedDir, 'markets.json')}: unknown market codes ${unknown.join(', ')}`);
  }
  return { languages: Object.fromEntries(entries) as Record<LanguageCode, LanguageSeed>, markets };
}

async function readSeedFile<TSchema extends v.GenericSchema>(
  seedDir: string,
  name: string,
  schema: TSchema,
): Promise<v.InferOutput<TSchema>> {
  const path = join(seedDir, name);
  let data: unknown;
  try {
    data = JSON.parse(await readFile(path, 'utf8'));
  } catch (error) {
    throw new Error(`Content seed ${path} cannot be read: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  const parsed = v.safeParse(schema, data);
  if (!parsed.success) throw new Error(`Content seed ${path} does not match its schema:\n${v.summarize(parsed.issues)}`);
  return parsed.output;
}

/** A stored footer as it is answered: its copyright line with the current year. */
export function footerWithYear(footer: Footer, now: Date): Footer {
  return { ...footer, copyright: fillTemplate(footer.copyright, { year: String(now.getFullYear()) }) };
}

/** Fills `{name}` placeholders; an unknown placeholder is left as it is. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder);
}

export function buildFooter(seed: ContentSeed, market: MarketCode, language: LanguageCode): Footer {
  const text = seed.languages[language];
  const regulators = seed.markets[market]?.regulators ?? [];
  const links = Object.entries(STATIC_PAGE_PATHS)
    .filter(([, route]) => route.inFooter)
    .map(([id, route]) => ({
      label: text.footer.links[id] ?? text.pages[id as keyof typeof STATIC_PAGE_PATHS].title,
      path: route.path,
    }));
  return {
    links,
    regulationLogos: regulators.map((r) => ({
      name: r.name,
      imageUrl: r.logo,
      href: r.href,
      alt: r.alt,
      ...(r.width !== undefined && r.height !== undefined ? { width: r.width, height: r.height } : {}),
    })),
    licences: regulators.map((r) => ({
      text: fillTemplate(text.footer.licenceTemplate, { regulator: r.name, licence: r.licence }),
    })),
    copyright: text.footer.copyright,
  };
}

/**
 * A static page's SEO title (its <title>, served as `seo.title`): the page's title and the brand,
 * the way the SEO document's titles read ("Terms and Conditions – Aurora Play").
 */
export function pageSeoTitle(title: string): string {
  return title.includes(BRAND_NAME) ? title : `${title} – ${BRAND_NAME}`;
}

/** Every document of the seed, for every enabled market and each language it offers. */
export function buildContentDocuments(seed: ContentSeed, siteId: number = DEFAULT_SITE_ID): NewContentDocument[] {
  const documents: NewContentDocument[] = [];
  for (const market of ENABLED_MARKETS) {
    const termsVersions = termsVersionsFor(market.id);
    for (const language of market.languages) {
      const text = seed.languages[language];
      const scope = { site_id: siteId, market: market.id, language };
      for (const id of STATIC_PAGE_IDS) {
        const page = text.pages[id];
        const body: PageBody = {
          title: page.title,
          html: page.html,
          seo: { title: pageSeoTitle(page.title), description: page.description },
        };
        documents.push({ ...scope, kind: DOCUMENT_KINDS.page, key: id, body: JSON.stringify(body) });
      }
      const seo: SeoDescriptions = { entries: text.seo };
      documents.push(
        { ...scope, kind: DOCUMENT_KINDS.footer, key: SINGLE_DOCUMENT_KEY, body: JSON.stringify(buildFooter(seed, market.id, language)) },
        { ...scope, kind: DOCUMENT_KINDS.seo, key: SINGLE_DOCUMENT_KEY, body: JSON.stringify(seo) },
        { ...scope, kind: DOCUMENT_KINDS.termsVersions, key: SINGLE_DOCUMENT_KEY, body: JSON.stringify(termsVersions) },
        { ...scope, kind: DOCUMENT_KINDS.signup, key: SINGLE_DOCUMENT_KEY, body: JSON.stringify(buildSignupPage(text.signup, market.id, language)) },
      );
    }
  }
  return documents;
}

export interface SeedResult {
  seeded: boolean;
  documents: number;
}

const INSERT_CHUNK = 500;

/** Seeds the content table when it is empty; otherwise leaves it alone. */
export async function seedContentIfEmpty(
  db: Kysely<Database>,
  options: { seedDir?: string; siteId?: number } = {},
): Promise<SeedResult> {
  // Issue 24: the bonus campaigns, each inserted when missing (server/content/bonus-campaigns.ts).
  await seedBonusCampaigns(db);
  const existing = await countDocuments(db);
  if (existing > 0) return { seeded: false, documents: existing };
  const documents = buildContentDocuments(await loadContentSeed(options.seedDir), options.siteId);
  await inTransaction(db, async (trx) => {
    for (let start = 0; start < documents.length; start += INSERT_CHUNK) {
      await insertContentDocuments(trx, documents.slice(start, start + INSERT_CHUNK));
    }
  });
  return { seeded: true, documents: documents.length };
}
