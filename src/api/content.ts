import * as v from 'valibot';
import type { LangMarket } from '../../machines/lib/markets';
import { request } from './client';

// Content service (behaviour.md §7 "Content"): documents per market and language. The platform
// answers 404 `error.content.not_found` for an unknown page id and 400 `error.market.unknown` /
// `error.language.unknown` for a market or language it does not serve.

/** product.md §2: the content page ids of the static and legal pages. */
export const STATIC_PAGE_IDS = [
  'betting-rules',
  'bonus_terms',
  'casino_rules',
  'page-closed-account',
  'cookies_policy',
  'page-error-401',
  'page-error-500',
  'payment_methods',
  'responsible_gambling',
  'terms_and_conditions',
  'age_restrictions',
  'page-reset-password',
] as const;
export type StaticPageId = (typeof STATIC_PAGE_IDS)[number];

/**
 * product.md §2: the app path (below /{langmarket}) of each static page this release serves,
 * and whether the footer links to it. The platform builds footer links from this table.
 */
export const STATIC_PAGE_PATHS = {
  terms_and_conditions: { path: '/terms', inFooter: true },
  cookies_policy: { path: '/cookie-policy', inFooter: true },
  age_restrictions: { path: '/age-restrictions', inFooter: true },
  payment_methods: { path: '/payment-methods', inFooter: true },
  bonus_terms: { path: '/bonus-terms', inFooter: true },
  casino_rules: { path: '/casino-rules', inFooter: true },
  responsible_gambling: { path: '/responsible-gambling', inFooter: true },
  'page-closed-account': { path: '/closed-account', inFooter: false },
  'page-error-401': { path: '/401', inFooter: false },
  'page-error-500': { path: '/500', inFooter: false },
} as const satisfies Partial<Record<StaticPageId, { path: string; inFooter: boolean }>>;
export type RoutedStaticPageId = keyof typeof STATIC_PAGE_PATHS;

export const seoSchema = v.object({ title: v.string(), description: v.string() });
export type Seo = v.InferOutput<typeof seoSchema>;

export const staticPageSchema = v.object({
  id: v.picklist(STATIC_PAGE_IDS),
  market: v.string(),
  language: v.string(),
  title: v.string(),
  /** CMS HTML: untrusted, sanitised with DOMPurify before it reaches the DOM. */
  html: v.string(),
  seo: seoSchema,
  updatedAt: v.string(),
});
export type StaticPage = v.InferOutput<typeof staticPageSchema>;

export const footerSchema = v.object({
  links: v.array(v.object({ label: v.string(), path: v.string() })),
  regulationLogos: v.array(
    v.object({
      name: v.string(),
      imageUrl: v.string(),
      href: v.string(),
      alt: v.string(),
      /** Intrinsic size of the image (optional: a CMS may not know it); the footer reserves its box with it. */
      width: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
      height: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
    }),
  ),
  licences: v.array(v.object({ text: v.string() })),
  copyright: v.string(),
});
export type Footer = v.InferOutput<typeof footerSchema>;

export const termsVersionSchema = v.object({
  version: v.pipe(v.number(), v.integer()),
  publishedAt: v.string(),
  files: v.array(v.object({ language: v.string(), url: v.string() })),
});
export const termsVersionsSchema = v.object({
  current: termsVersionSchema,
  versions: v.array(termsVersionSchema),
});
export type TermsVersions = v.InferOutput<typeof termsVersionsSchema>;

export const seoDescriptionsSchema = v.object({ entries: v.record(v.string(), seoSchema) });
export type SeoDescriptions = v.InferOutput<typeof seoDescriptionsSchema>;

export const marketsDocumentSchema = v.object({
  markets: v.array(
    v.object({
      id: v.string(),
      languages: v.array(v.string()),
      originCountry: v.nullable(v.string()),
      enabled: v.boolean(),
      localeMapping: v.record(v.string(), v.string()),
      regionLanguage: v.string(),
      currency: v.string(),
    }),
  ),
  languages: v.array(
    v.object({ code: v.string(), nativeName: v.string(), intlLocale: v.string(), apiLanguage: v.string() }),
  ),
});
export type MarketsDocument = v.InferOutput<typeof marketsDocumentSchema>;

/**
 * The sign-up page's bonus CTA panel (product.md §3 sign-up state "bonusCTA"; behaviour.md §7
 * "Content": the signup page query), per market and language. Image paths are site-relative.
 */
export const signupPageSchema = v.object({
  title: v.string(),
  description: v.string(),
  iconUrl: v.string(),
  iconImgAlt: v.string(),
  backgroundImg: v.string(),
  showBannerImg: v.boolean(),
  bannerImg: v.string(),
  /** The step indicator's caption, with {current} and {total} placeholders. */
  stepIndicator: v.string(),
  /** The SMS block's text, shown when sms.max.attempts.reached (behaviour.md §8). */
  smsMaxAttempts: v.string(),
});
export type SignupPage = v.InferOutput<typeof signupPageSchema>;

const scope = ({ market, language }: LangMarket) => `/content/${market}/${language}`;

export const contentApi = {
  page: (lm: LangMarket, id: StaticPageId, signal?: AbortSignal) =>
    request(`${scope(lm)}/pages/${id}`, staticPageSchema, { signal }),
  footer: (lm: LangMarket, signal?: AbortSignal) => request(`${scope(lm)}/footer`, footerSchema, { signal }),
  termsVersions: (lm: LangMarket, signal?: AbortSignal) =>
    request(`${scope(lm)}/terms-versions`, termsVersionsSchema, { signal }),
  seo: (lm: LangMarket, signal?: AbortSignal) => request(`${scope(lm)}/seo`, seoDescriptionsSchema, { signal }),
  signupPage: (lm: LangMarket, signal?: AbortSignal) => request(`${scope(lm)}/signup`, signupPageSchema, { signal }),
  markets: (signal?: AbortSignal) => request('/content/markets', marketsDocumentSchema, { signal }),
};
