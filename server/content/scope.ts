import {
  isLanguageCode,
  isMarketCode,
  MARKETS,
  type LangMarket,
} from '../../machines/lib/markets';
import { ERROR_CODES, HttpError } from '../http/errors';

// Which market and language a content request is for (behaviour.md §7 "Content"). The platform
// serves enabled markets only, in the languages each market offers (product.md §3).

export interface ContentScope extends LangMarket {
  siteId: number;
}

export function resolveContentScope(siteId: number, market: string, language: string): ContentScope {
  if (!isMarketCode(market) || !MARKETS[market].enabled) {
    throw new HttpError(400, ERROR_CODES.marketUnknown, `Market "${market}" is not served.`);
  }
  if (!isLanguageCode(language) || !MARKETS[market].languages.includes(language)) {
    throw new HttpError(400, ERROR_CODES.languageUnknown, `Language "${language}" is not offered in market ${market}.`);
  }
  return { siteId, market, language };
}
