import type { LanguageCode } from '../../../machines/lib/markets';

// Texts of the catalog (category labels, box titles and calls to action) in every language of
// machines/lib/markets.ts LANGUAGE_CODES. Written once per written language: the English variants
// (ca, nz, inen) read English, Chile and Peru read Spanish, Canadian French reads French unless a
// text says otherwise, Brazil reads Brazilian Portuguese.

/** The written languages the texts are translated into. */
export type WrittenLanguage = 'en' | 'fi' | 'no' | 'de' | 'fr' | 'es' | 'pt' | 'ptBR' | 'ja' | 'tl' | 'tr' | 'pl';

/** A text in every written language, and optionally a site language's own wording. */
export type Localised = Readonly<Record<WrittenLanguage, string>> & { readonly overrides?: Partial<Record<LanguageCode, string>> };

export const WRITTEN_LANGUAGE_OF: Readonly<Record<LanguageCode, WrittenLanguage>> = {
  en: 'en',
  fi: 'fi',
  no: 'no',
  de: 'de',
  caf: 'fr',
  ca: 'en',
  nz: 'en',
  fr: 'fr',
  inen: 'en',
  cl: 'es',
  pe: 'es',
  pt: 'pt',
  br: 'ptBR',
  ja: 'ja',
  tl: 'tl',
  tr: 'tr',
  pl: 'pl',
};

/** The text as the site's `language` shows it. */
export function textIn(text: Localised, language: LanguageCode): string {
  return text.overrides?.[language] ?? text[WRITTEN_LANGUAGE_OF[language]];
}
