import { LANGUAGE_CODES, LANGUAGES, MARKET_CODES, MARKETS } from '../../machines/lib/markets';
import type { MarketsDocument } from '../../src/api/content';

// GET /api/content/markets: the markets and languages tables of product.md §3, straight from
// machines/lib/markets.ts (the one place they are written down), disabled markets included.
export function buildMarketsDocument(): MarketsDocument {
  return {
    markets: MARKET_CODES.map((code) => {
      const market = MARKETS[code];
      const localeMapping: Record<string, string> = Object.fromEntries(Object.entries(market.localeMapping));
      return {
        id: market.id,
        languages: [...market.languages],
        originCountry: market.originCountry,
        enabled: market.enabled,
        localeMapping,
        regionLanguage: market.regionLanguage,
        currency: market.currency,
      };
    }),
    languages: LANGUAGE_CODES.map((code) => {
      const { nativeName, intlLocale, apiLanguage } = LANGUAGES[code];
      return { code, nativeName, intlLocale, apiLanguage };
    }),
  };
}
