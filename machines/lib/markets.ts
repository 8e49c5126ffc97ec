// product.md §3 "Markets, languages, currencies": the markets and languages tables, as data, in
// one place. The app's locale guard, Lingui's catalog list and the platform's content seed all
// read these tables; nothing else lists a market or a language.

export const LANGUAGE_CODES = [
  'en',
  'fi',
  'no',
  'de',
  'caf',
  'ca',
  'nz',
  'fr',
  'inen',
  'cl',
  'pe',
  'pt',
  'br',
  'ja',
  'tl',
  'tr',
  'pl',
] as const;
export type LanguageCode = (typeof LANGUAGE_CODES)[number];

export interface Language {
  readonly code: LanguageCode;
  /** The language's own name, as shown in the language switcher. */
  readonly nativeName: string;
  /** BCP 47 tag for Intl (numbers, dates) and the document's lang attribute. */
  readonly intlLocale: string;
  /** The language sent to the platform and to providers (behaviour.md §5: caf → fr, inen → en). */
  readonly apiLanguage: string;
}

export const LANGUAGES: Readonly<Record<LanguageCode, Language>> = {
  en: { code: 'en', nativeName: 'English', intlLocale: 'en', apiLanguage: 'en' },
  fi: { code: 'fi', nativeName: 'Suomi', intlLocale: 'fi-FI', apiLanguage: 'fi' },
  no: { code: 'no', nativeName: 'Norsk', intlLocale: 'nb-NO', apiLanguage: 'no' },
  de: { code: 'de', nativeName: 'Deutsch', intlLocale: 'de-DE', apiLanguage: 'de' },
  caf: { code: 'caf', nativeName: 'Français (Canada)', intlLocale: 'fr-CA', apiLanguage: 'fr' },
  ca: { code: 'ca', nativeName: 'English (Canada)', intlLocale: 'en-CA', apiLanguage: 'ca' },
  nz: { code: 'nz', nativeName: 'English (New Zealand)', intlLocale: 'en-NZ', apiLanguage: 'nz' },
  fr: { code: 'fr', nativeName: 'Français', intlLocale: 'fr-FR', apiLanguage: 'fr' },
  inen: { code: 'inen', nativeName: 'English (India)', intlLocale: 'en-IN', apiLanguage: 'en' },
  cl: { code: 'cl', nativeName: 'Español (Chile)', intlLocale: 'es-CL', apiLanguage: 'cl' },
  pe: { code: 'pe', nativeName: 'Español (Perú)', intlLocale: 'es-PE', apiLanguage: 'pe' },
  pt: { code: 'pt', nativeName: 'Português', intlLocale: 'pt-PT', apiLanguage: 'pt' },
  br: { code: 'br', nativeName: 'Português (Brasil)', intlLocale: 'pt-BR', apiLanguage: 'br' },
  ja: { code: 'ja', nativeName: '日本語', intlLocale: 'ja-JP', apiLanguage: 'ja' },
  tl: { code: 'tl', nativeName: 'Tagalog', intlLocale: 'fil-PH', apiLanguage: 'tl' },
  tr: { code: 'tr', nativeName: 'Türkçe', intlLocale: 'tr-TR', apiLanguage: 'tr' },
  pl: { code: 'pl', nativeName: 'Polski', intlLocale: 'pl-PL', apiLanguage: 'pl' },
};

export const MARKET_CODES = [
  'AT',
  'BR',
  'CA',
  'CL',
  'JJ',
  'FI',
  'IN',
  'NZ',
  'NO',
  'PP',
  'LL',
  'GG',
  'PH',
  'PT',
  'TR',
  'JP',
  'UN',
] as const;
export type MarketCode = (typeof MARKET_CODES)[number];

export interface Market {
  readonly id: MarketCode;
  /** Languages offered in this market; the first is the market's region language. */
  readonly languages: readonly LanguageCode[];
  /** ISO 3166-1 alpha-2 of the country the market serves (UN: none, the global market). */
  readonly originCountry: string | null;
  readonly enabled: boolean;
  /** Per-market Intl locale overrides (behaviour.md §9: overrides for PT, BR, NZ, CA, GG, JJ, LL). */
  readonly localeMapping: Partial<Record<LanguageCode, string>>;
  readonly regionLanguage: LanguageCode;
  readonly currency: string;
}

function market(
  id: MarketCode,
  languages: readonly [LanguageCode, ...LanguageCode[]],
  originCountry: string | null,
  currency: string,
  localeMapping: Partial<Record<LanguageCode, string>> = {},
  enabled = true,
): Market {
  return { id, languages, originCountry, enabled, localeMapping, regionLanguage: languages[0], currency };
}

export const MARKETS: Readonly<Record<MarketCode, Market>> = {
  AT: market('AT', ['de', 'en'], 'AT', 'EUR', { de: 'de-AT' }),
  BR: market('BR', ['br', 'en'], 'BR', 'BRL', { br: 'pt-BR' }),
  CA: market('CA', ['ca', 'caf'], 'CA', 'CAD', { ca: 'en-CA', caf: 'fr-CA' }),
  CL: market('CL', ['cl', 'en'], 'CL', 'CLP'),
  JJ: market('JJ', ['de', 'en'], 'DE', 'EUR', { de: 'de-DE', en: 'en-DE' }),
  FI: market('FI', ['fi', 'en'], 'FI', 'EUR', { en: 'en-FI' }),
  IN: market('IN', ['inen'], 'IN', 'INR'),
  NZ: market('NZ', ['nz'], 'NZ', 'NZD', { nz: 'en-NZ' }),
  NO: market('NO', ['no', 'en'], 'NO', 'NOK'),
  PP: market('PP', ['en'], 'SE', 'SEK', { en: 'en-SE' }),
  LL: market('LL', ['en'], 'NL', 'EUR', { en: 'en-NL' }),
  GG: market('GG', ['en'], 'GB', 'GBP', { en: 'en-GB' }),
  PH: market('PH', ['en', 'tl'], 'PH', 'PHP', { en: 'en-PH' }),
  PT: market('PT', ['pt', 'en'], 'PT', 'EUR', { pt: 'pt-PT' }),
  TR: market('TR', ['tr', 'en'], 'TR', 'TRY'),
  JP: market('JP', ['ja', 'en'], 'JP', 'JPY', {}, false),
  UN: market('UN', ['en', 'fr', 'de', 'fi', 'no', 'pl', 'pe', 'pt', 'tr', 'tl'], null, 'EUR'),
};

export const DEFAULT_MARKET: MarketCode = 'UN';
export const DEFAULT_LANGUAGE: LanguageCode = 'en';
/** behaviour.md §9: default market / language is UN / en. */
export const DEFAULT_LANGMARKET = `${DEFAULT_LANGUAGE}-${DEFAULT_MARKET}`;

/** product.md §2: a language code, a dash and an uppercase market code. */
export const LANGMARKET_PATTERN = /^([a-z]{2,4})-([A-Z]{2})$/;

export interface LangMarket {
  readonly language: LanguageCode;
  readonly market: MarketCode;
}

export function isLanguageCode(value: string): value is LanguageCode {
  return (LANGUAGE_CODES as readonly string[]).includes(value);
}

export function isMarketCode(value: string): value is MarketCode {
  return (MARKET_CODES as readonly string[]).includes(value);
}

/**
 * Reads a `{language}-{MARKET}` segment. Returns null when the segment does not match the pattern,
 * names an unknown or disabled market, or a language the market does not offer.
 */
export function parseLangMarket(segment: string): LangMarket | null {
  const match = LANGMARKET_PATTERN.exec(segment);
  if (!match) return null;
  const [, language = '', marketCode = ''] = match;
  if (!isLanguageCode(language) || !isMarketCode(marketCode)) return null;
  const found = MARKETS[marketCode];
  if (!found.enabled || !found.languages.includes(language)) return null;
  return { language, market: marketCode };
}

export function formatLangMarket({ language, market: marketCode }: LangMarket): string {
  return `${language}-${marketCode}`;
}

/** The Intl locale for a language in a market: the market's override, else the language's own. */
export function intlLocaleFor({ language, market: marketCode }: LangMarket): string {
  return MARKETS[marketCode].localeMapping[language] ?? LANGUAGES[language].intlLocale;
}

export const ENABLED_MARKETS: readonly Market[] = MARKET_CODES.map((code) => MARKETS[code]).filter(
  (m) => m.enabled,
);

/**
 * behaviour.md §9 "Language mapping for some providers": the languages a game provider does not
 * know by the site's code, and what it gets instead (caf → fr-CA, cl and pe → es, nz, ca and inen →
 * en, pt → br). The spec does not say which providers; every launch call sends the mapped language
 * (docs/SPEC-READINGS.md), the game detail call keeps the platform's (`apiLanguage`).
 */
export const PROVIDER_LANGUAGE_MAPPING: Readonly<Partial<Record<LanguageCode, string>>> = {
  caf: 'fr-CA',
  cl: 'es',
  pe: 'es',
  nz: 'en',
  ca: 'en',
  inen: 'en',
  pt: 'br',
};

/** The language a game is launched in for the site's `language` (behaviour.md §9). */
export function providerLanguageOf(language: LanguageCode): string {
  return PROVIDER_LANGUAGE_MAPPING[language] ?? language;
}
