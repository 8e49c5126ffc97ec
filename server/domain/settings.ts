import type { MarketCode } from '../../machines/lib/markets';
import { marketRgRules, type MarketRgRules } from '../../machines/lib/responsibleGambling';

// The platform-wide switches as values: their shape, their defaults, and a market's rules with the
// operator's overrides. Stored in `platform_settings` by server/services/settings.ts.

export interface PlatformSettings {
  /** Maintenance mode: the access check answers 503 and the app shows the maintenance page. */
  maintenance: boolean;
  /** ISO 3166-1 alpha-2 codes of countries the site may not be used from (403 on the access check). */
  restrictedCountries: readonly string[];
  /** The visitor's country when no trusted header names one. */
  defaultCountry: string;
  /**
   * Issue 13 "The compliance layer, per market": per market, the responsible-gambling rules that
   * differ from the market's defaults (machines/lib/responsibleGambling.ts MARKET_RG_RULES). An
   * operator switches a rule on or off here, without code; `rgRulesFor` reads the result.
   */
  marketRules: Partial<Record<MarketCode, Partial<MarketRgRules>>>;
}

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  maintenance: false,
  // Countries this operator holds no licence for; none is the origin of an enabled market
  // (machines/lib/markets.ts), so no market's own players are turned away.
  restrictedCountries: ['US', 'AU', 'IR', 'KP'],
  defaultCountry: 'MT',
  marketRules: {},
};

/** A market's responsible-gambling rules: its defaults with the platform's overrides (issue 13). */
export function rgRulesFor(settings: Pick<PlatformSettings, 'marketRules'>, market: MarketCode): MarketRgRules {
  return marketRgRules(market, settings.marketRules[market] ?? {});
}
