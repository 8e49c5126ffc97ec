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
  /**
   * Issue 24: per market, the bonus rules that differ from the market's defaults
   * (MARKET_BONUS_RULES below); an operator switches them here, as the market rules above.
   */
  bonusRules: Partial<Record<MarketCode, Partial<MarketBonusRules>>>;
}

/**
 * Issue 24 "Responsible gambling first": what a market allows of bonuses (docs/SPEC-READINGS.md
 * "Bonuses per market").
 */
export interface MarketBonusRules {
  /** Bonuses are offered, triggered and credited at all. */
  bonuses: boolean;
  /**
   * Only a welcome bonus at the player's first play (Sweden, Spellagen 14 kap. 9 §): the
   * registration and first-deposit triggers only; no other campaign is offered or credited.
   */
  firstPlayOnly: boolean;
  /** Players may claim bonus codes by hand (behaviour.md §6 manual-claim permission), unless the operator says otherwise per player. */
  manualClaim: boolean;
  /** The highest wagering requirement a campaign offered here may carry; null: no cap (GB: the UKGC's 10x cap, from 19 January 2026). */
  maxWrMultiplier: number | null;
}

const ALL_BONUSES: MarketBonusRules = { bonuses: true, firstPlayOnly: false, manualClaim: true, maxWrMultiplier: null };

/** Each market's bonus defaults: PP (Sweden) the first play only; JJ (Germany) and LL (the Netherlands) none until the operator allows them; GG a 10x cap. */
export const MARKET_BONUS_RULES: Readonly<Partial<Record<MarketCode, Partial<MarketBonusRules>>>> = {
  PP: { firstPlayOnly: true, manualClaim: false },
  JJ: { bonuses: false, manualClaim: false },
  LL: { bonuses: false, manualClaim: false },
  GG: { maxWrMultiplier: 10 },
};

/** A market's bonus rules: its defaults with the operator's overrides. */
export function bonusRulesFor(settings: Pick<PlatformSettings, 'bonusRules'>, market: MarketCode): MarketBonusRules {
  return { ...ALL_BONUSES, ...MARKET_BONUS_RULES[market], ...settings.bonusRules[market] };
}

export const DEFAULT_PLATFORM_SETTINGS: PlatformSettings = {
  maintenance: false,
  // Countries this operator holds no licence for; none is the origin of an enabled market
  // (machines/lib/markets.ts), so no market's own players are turned away.
  restrictedCountries: ['US', 'AU', 'IR', 'KP'],
  defaultCountry: 'MT',
  marketRules: {},
  bonusRules: {},
};

/** A market's responsible-gambling rules: its defaults with the platform's overrides (issue 13). */
export function rgRulesFor(settings: Pick<PlatformSettings, 'marketRules'>, market: MarketCode): MarketRgRules {
  return marketRgRules(market, settings.marketRules[market] ?? {});
}
