import * as v from 'valibot';
import { STATIC_PAGE_IDS } from '../../src/api/content';
import { SEO_ENTRY_IDS, type SeoEntryId } from '../../src/api/sitePages';

// The shape of the content seed files under server/content/. One file per language,
// `server/content/<language>.json`, holds everything written in that language; market facts
// (regulators, licence numbers, logos) live once in `server/content/markets.json`.

const pageSeed = v.object({
  title: v.string(),
  /** SEO description (meta description), one or two sentences. */
  description: v.string(),
  /** CMS HTML; the seed may contain markup that the app must sanitise. */
  html: v.string(),
});

const filled = v.pipe(
  v.string(),
  v.check((text) => text.trim() !== '', 'must not be empty'),
);
const seoEntrySeed = v.object({ title: filled, description: filled });

/**
 * The SEO document: a title and description for every entry the site's page table names
 * (src/api/sitePages.ts SEO_ENTRY_IDS, each required, so a language without one fails to load),
 * plus the app's own screens without a path (maintenance, restricted).
 */
const seoSeed = v.objectWithRest(
  Object.fromEntries(SEO_ENTRY_IDS.map((id) => [id, seoEntrySeed])) as Record<SeoEntryId, typeof seoEntrySeed>,
  seoEntrySeed,
);

export const languageSeedSchema = v.object({
  pages: v.object(Object.fromEntries(STATIC_PAGE_IDS.map((id) => [id, pageSeed])) as Record<
    (typeof STATIC_PAGE_IDS)[number],
    typeof pageSeed
  >),
  footer: v.object({
    /** Labels of the footer links, keyed by page id; paths are fixed by the app's routes. */
    links: v.record(v.string(), v.string()),
    /** Licence sentence template with {regulator} and {licence} placeholders. */
    licenceTemplate: v.string(),
    /** Copyright line with a {year} placeholder. */
    copyright: v.string(),
  }),
  /** SEO title/description per app screen key (every SEO_ENTRY_ID, maintenance, restricted). */
  seo: seoSeed,
  /**
   * The sign-up page's bonus CTA panel (product.md §3 "bonusCTA"). `title` and `description` may
   * hold {amount}, filled per market with its welcome offer (server/content/signup.ts);
   * `stepIndicator` keeps {current} and {total} for the app.
   */
  signup: v.object({
    title: v.pipe(v.string(), v.nonEmpty()),
    description: v.pipe(v.string(), v.nonEmpty()),
    iconImgAlt: v.pipe(v.string(), v.nonEmpty()),
    stepIndicator: v.pipe(v.string(), v.nonEmpty(), v.includes('{current}'), v.includes('{total}')),
    smsMaxAttempts: v.pipe(v.string(), v.nonEmpty()),
  }),
});
export type LanguageSeed = v.InferOutput<typeof languageSeedSchema>;

export const marketsSeedSchema = v.record(
  v.string(),
  v.object({
    regulators: v.array(
      v.object({
        name: v.string(),
        licence: v.string(),
        href: v.string(),
        logo: v.string(),
        /** The logo's intrinsic size in CSS pixels (its SVG width/height), so the footer reserves its box. */
        width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
        height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
        alt: v.string(),
      }),
    ),
  }),
);
export type MarketsSeed = v.InferOutput<typeof marketsSeedSchema>;
