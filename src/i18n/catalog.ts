import { i18n, type Messages } from '@lingui/core';
import { LOCALE_LOAD_RETRIES, LOCALE_LOAD_RETRY_DELAY_MS } from '../../machines/lib/constants';
import { DEFAULT_LANGUAGE, type LanguageCode, LANGUAGES, parseLangMarket } from '../../machines/lib/markets';

// Lingui catalogs, one per language (locales/<language>/messages.po, compiled by the Vite plugin),
// loaded on demand: only the route's language is ever fetched (ARCHITECTURE.md "i18n").
//
// In a build each catalog comes in two parts (issue 22; splitCatalogs in vite.config.ts): the texts
// of start-up and the home page (the module's `messages`), and the others (`rest()`). The rest is
// loaded once something asks for it: a page other than home at start (wantCatalogRest, from
// src/app/start.tsx), or a chunk that may show one of its texts, which awaits
// `globalThis.__catalogRest` before its code runs. From then on every language loads whole. In
// development and tests a catalog is one part (no `rest`).

export { i18n };

export type CatalogImporter = (language: LanguageCode) => Promise<Messages>;
export type Sleep = (ms: number) => Promise<void>;

/** A compiled catalog module: its texts, and in a build the loader of the texts it leaves out. */
type CatalogModule = { messages: Messages; rest?: () => Promise<{ messages: Messages }> };

const importModule = (language: LanguageCode): Promise<CatalogModule> =>
  // A template-literal import is not typed by `declare module '*.po'` (vite-env.d.ts): say it here.
  import(`../../locales/${language}/messages.po`) as Promise<CatalogModule>;

const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * behaviour.md §8/§9: a locale text load failure is logged and retried up to 3 times, waiting
 * 2000 ms times the attempt number before each retry. Rejects with the last error after that.
 */
export async function importWithRetry<T = Messages>(
  language: LanguageCode,
  importer: (language: LanguageCode) => Promise<T> = async (code) => (await importModule(code)).messages as T,
  wait: Sleep = sleep,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await importer(language);
    } catch (error) {
      console.error(`Locale texts for "${language}" failed to load (attempt ${attempt})`, error);
      if (attempt > LOCALE_LOAD_RETRIES) throw error;
      await wait(LOCALE_LOAD_RETRY_DELAY_MS * attempt);
    }
  }
}

/** Once per language (a failed load is tried afresh next time). */
function once<T>(cache: Map<LanguageCode, Promise<T>>, language: LanguageCode, load: () => Promise<T>): Promise<T> {
  let pending = cache.get(language);
  if (!pending) {
    pending = load();
    cache.set(language, pending);
    pending.catch(() => cache.delete(language));
  }
  return pending;
}

const modules = new Map<LanguageCode, Promise<CatalogModule>>();
const rests = new Map<LanguageCode, Promise<void>>();
let restWanted = false;
let lastLanguage: LanguageCode | null = null;

const moduleOf = (language: LanguageCode) => once(modules, language, () => importWithRetry(language, importModule));

/** Loads the texts the catalog of `language` left out, if it left any, into i18n. */
const restOf = (language: LanguageCode) =>
  once(rests, language, async () => {
    const { rest } = await moduleOf(language);
    if (!rest) return;
    const messages = await importWithRetry(language, async () => (await rest()).messages);
    i18n.load(language, messages);
  });

/**
 * From now on catalogs load whole; loads the rest of the language being shown (or loading). What a
 * chunk that shows such texts awaits before its code runs (splitCatalogs in vite.config.ts).
 */
export async function wantCatalogRest(): Promise<void> {
  restWanted = true;
  const languages = new Set<LanguageCode>();
  if (lastLanguage) languages.add(lastLanguage);
  if (i18n.locale && i18n.locale in LANGUAGES) languages.add(i18n.locale as LanguageCode);
  await Promise.all([...languages].map(restOf));
}

declare global {
  /** Set below; awaited by the build's chunks that show texts of a catalog's rest. */
  var __catalogRest: (() => Promise<void>) | undefined;
}
globalThis.__catalogRest = wantCatalogRest;

/**
 * Loads the catalog of `language` (once; a failed load is tried afresh next time) and activates
 * it. `intlLocale` is the BCP 47 tag used by Intl for plurals, numbers and dates (it differs from
 * the catalog name: `caf` -> fr-CA, `inen` -> en-IN).
 */
export async function loadCatalog(language: LanguageCode, intlLocale: string = LANGUAGES[language].intlLocale): Promise<void> {
  lastLanguage = language;
  const { messages } = await moduleOf(language);
  i18n.load(language, messages);
  if (restWanted) await restOf(language);
  const locales = i18n.locales;
  const currentIntl = Array.isArray(locales) ? locales[0] : locales;
  if (i18n.locale !== language || currentIntl !== intlLocale) i18n.activate(language, [intlLocale]);
}

/** The language of a path's first segment, when it names one; the default otherwise. */
export function languageOfPath(pathname: string): LanguageCode {
  const segment = pathname.split('/')[1] ?? '';
  return parseLangMarket(segment)?.language ?? DEFAULT_LANGUAGE;
}
