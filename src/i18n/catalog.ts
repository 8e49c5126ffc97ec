import { i18n, type Messages } from '@lingui/core';
import { LOCALE_LOAD_RETRIES, LOCALE_LOAD_RETRY_DELAY_MS } from '../../machines/lib/constants';
import { DEFAULT_LANGUAGE, type LanguageCode, LANGUAGES, parseLangMarket } from '../../machines/lib/markets';

// Lingui catalogs, one per language (locales/<language>/messages.po, compiled by the Vite plugin),
// loaded on demand: only the route's language is ever fetched (ARCHITECTURE.md "i18n").

export { i18n };

export type CatalogImporter = (language: LanguageCode) => Promise<Messages>;
export type Sleep = (ms: number) => Promise<void>;

const importCatalog: CatalogImporter = async (language) => {
  // A template-literal import is not typed by `declare module '*.po'` (vite-env.d.ts): say it here.
  const catalog = (await import(`../../locales/${language}/messages.po`)) as { messages: Messages };
  return catalog.messages;
};

const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * behaviour.md §8/§9: a locale text load failure is logged and retried up to 3 times, waiting
 * 2000 ms times the attempt number before each retry. Rejects with the last error after that.
 */
export async function importWithRetry(
  language: LanguageCode,
  importer: CatalogImporter = importCatalog,
  wait: Sleep = sleep,
): Promise<Messages> {
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

const pending = new Map<LanguageCode, Promise<Messages>>();

/**
 * Loads the catalog of `language` (once; a failed load is tried afresh next time) and activates
 * it. `intlLocale` is the BCP 47 tag used by Intl for plurals, numbers and dates (it differs from
 * the catalog name: `caf` -> fr-CA, `inen` -> en-IN).
 */
export async function loadCatalog(language: LanguageCode, intlLocale: string = LANGUAGES[language].intlLocale): Promise<void> {
  let messages = pending.get(language);
  if (!messages) {
    messages = importWithRetry(language);
    pending.set(language, messages);
    messages.catch(() => pending.delete(language));
  }
  const loaded = await messages;
  i18n.load(language, loaded);
  const locales = i18n.locales;
  const currentIntl = Array.isArray(locales) ? locales[0] : locales;
  if (i18n.locale !== language || currentIntl !== intlLocale) i18n.activate(language, [intlLocale]);
}

/** The language of a path's first segment, when it names one; the default otherwise. */
export function languageOfPath(pathname: string): LanguageCode {
  const segment = pathname.split('/')[1] ?? '';
  return parseLangMarket(segment)?.language ?? DEFAULT_LANGUAGE;
}
