import type { MarketCode } from './markets';

// Issue 23 "Beyond the spec": the national self-exclusion registers a licensed operator must ask
// before a person plays (at sign-up, at pay-and-play identification and at every login). One per
// market that has one: Spelpaus (Sweden, market PP), OASIS (Germany, JJ), GAMSTOP (Great Britain,
// GG). The platform asks them (server/services/self-exclusion-registers.ts); the app names the one
// that refused in its message. Pure data.

export const SELF_EXCLUSION_REGISTERS = ['SPELPAUS', 'OASIS', 'GAMSTOP'] as const;
export type SelfExclusionRegister = (typeof SELF_EXCLUSION_REGISTERS)[number];

/** The register each market's licence requires (the market of the player's country, marketOfCountry). */
export const REGISTER_OF_MARKET: Readonly<Partial<Record<MarketCode, SelfExclusionRegister>>> = {
  PP: 'SPELPAUS',
  JJ: 'OASIS',
  GG: 'GAMSTOP',
};

export function isSelfExclusionRegister(value: string): value is SelfExclusionRegister {
  return (SELF_EXCLUSION_REGISTERS as readonly string[]).includes(value);
}

/** The registers' own names (proper names: the same in every language). */
export const REGISTER_NAMES: Readonly<Record<SelfExclusionRegister, string>> = { SPELPAUS: 'Spelpaus', OASIS: 'OASIS', GAMSTOP: 'GAMSTOP' };
