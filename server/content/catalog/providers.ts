import { GAME_PROVIDER_NAMES, PROVIDER_RESTRICTED_COUNTRIES, type GameProvider, type LobbyType } from '../../../machines/lib/games';
import type { MarketCode } from '../../../machines/lib/markets';

// The catalog's providers and sub-providers (product.md §3 "Provider"; behaviour.md §5).
//
// - Providers are the spec's (product.md §2). pariplay and softswiss are aggregators: every game
//   of theirs comes from one of their sub-providers (thunderkick, elk, hacksaw, playtech, skywind,
//   netent, redtiger, creedroomz, and two exclusion sub-providers).
// - Content ids follow the spec's providerId rule: `provider-relax` (two dash-separated parts, so
//   the providerId is `relax`), `subprovider-thunderkick`.
// - Country restrictions: the spec's table (machines/lib/games.ts PROVIDER_RESTRICTED_COUNTRIES)
//   applies to providers by id; a sub-provider carries its own `restrictedCountry` (the table's
//   row for it, plus the content's own), and some ask to remove their games instead of overlaying
//   them (removeRestrictedCountryOverlay). A provider may add countries of its own
//   (providerRestrictedCountry on each of its games).
// - behaviour.md §5 "Some providers are hidden for given markets": novomatic in FI, pariplay in NO.
// - Exclusion sub-providers (product.md §3: "Exclusion sub-providers have no image") are listed
//   by the content so their games can be left out of a market's game query (behaviour.md §7
//   "The casino game query filters on channel, provider and excluded sub-providers").

export interface CatalogProvider {
  id: GameProvider;
  title: string;
  isAggregator: boolean;
  /** Wordmark colours (artwork.ts). */
  colour: string;
  /** The content's own restrictions, on top of the spec's table. */
  restrictedCountry: readonly string[];
}

export interface CatalogSubProvider {
  id: string;
  title: string;
  /** The aggregator whose games these are. */
  parent: GameProvider;
  lobbies: readonly LobbyType[];
  restrictedCountry: readonly string[];
  removeRestrictedCountryOverlay: boolean;
  /** An exclusion sub-provider: no image; its games are left out in `excludedIn` markets. */
  exclusion: boolean;
  excludedIn: readonly MarketCode[];
  colour: string;
}

export const PROVIDERS: readonly CatalogProvider[] = [
  { id: 'relax', title: GAME_PROVIDER_NAMES.relax, isAggregator: false, colour: '#0f7b6c', restrictedCountry: [] },
  { id: 'quickspin', title: GAME_PROVIDER_NAMES.quickspin, isAggregator: false, colour: '#e4572e', restrictedCountry: [] },
  { id: 'evolution', title: GAME_PROVIDER_NAMES.evolution, isAggregator: false, colour: '#1b1f3b', restrictedCountry: [] },
  { id: 'playngo', title: GAME_PROVIDER_NAMES.playngo, isAggregator: false, colour: '#2e86ab', restrictedCountry: [] },
  { id: 'pragmaticplay', title: GAME_PROVIDER_NAMES.pragmaticplay, isAggregator: false, colour: '#f18f01', restrictedCountry: [] },
  { id: 'yggdrasil', title: GAME_PROVIDER_NAMES.yggdrasil, isAggregator: false, colour: '#3d315b', restrictedCountry: ['PH'] },
  { id: 'pariplay', title: GAME_PROVIDER_NAMES.pariplay, isAggregator: true, colour: '#5c2a9d', restrictedCountry: [] },
  { id: 'softswiss', title: GAME_PROVIDER_NAMES.softswiss, isAggregator: true, colour: '#c1121f', restrictedCountry: [] },
  { id: 'novomatic', title: GAME_PROVIDER_NAMES.novomatic, isAggregator: false, colour: '#006494', restrictedCountry: ['TR'] },
];

/** The spec's restriction row for a sub-provider (behaviour.md §5), plus the content's own countries. */
const restrictions = (id: string, own: readonly string[] = []): string[] => [...new Set([...(PROVIDER_RESTRICTED_COUNTRIES[id] ?? []), ...own])];

export const SUB_PROVIDERS: readonly CatalogSubProvider[] = [
  { id: 'thunderkick', title: 'Thunderkick', parent: 'pariplay', lobbies: ['casino'], restrictedCountry: restrictions('thunderkick'), removeRestrictedCountryOverlay: false, exclusion: false, excludedIn: [], colour: '#ef476f' },
  { id: 'elk', title: 'ELK Studios', parent: 'pariplay', lobbies: ['casino'], restrictedCountry: restrictions('elk'), removeRestrictedCountryOverlay: true, exclusion: false, excludedIn: [], colour: '#118ab2' },
  { id: 'hacksaw', title: 'Hacksaw Gaming', parent: 'pariplay', lobbies: ['casino'], restrictedCountry: restrictions('hacksaw'), removeRestrictedCountryOverlay: false, exclusion: false, excludedIn: [], colour: '#073b4c' },
  { id: 'creedroomz', title: 'CreedRoomz', parent: 'pariplay', lobbies: ['live-casino'], restrictedCountry: restrictions('creedroomz', ['TR']), removeRestrictedCountryOverlay: false, exclusion: false, excludedIn: [], colour: '#8338ec' },
  { id: 'northlight', title: 'Northlight Studios', parent: 'pariplay', lobbies: ['casino'], restrictedCountry: [], removeRestrictedCountryOverlay: false, exclusion: true, excludedIn: ['CA', 'GG'], colour: '#6c757d' },
  { id: 'playtech', title: 'Playtech', parent: 'softswiss', lobbies: ['casino', 'live-casino'], restrictedCountry: restrictions('playtech'), removeRestrictedCountryOverlay: false, exclusion: false, excludedIn: [], colour: '#264653' },
  { id: 'skywind', title: 'Skywind', parent: 'softswiss', lobbies: ['casino', 'live-casino'], restrictedCountry: restrictions('skywind'), removeRestrictedCountryOverlay: true, exclusion: false, excludedIn: [], colour: '#2a9d8f' },
  { id: 'netent', title: 'NetEnt', parent: 'softswiss', lobbies: ['casino'], restrictedCountry: restrictions('netent'), removeRestrictedCountryOverlay: false, exclusion: false, excludedIn: [], colour: '#3a5a40' },
  { id: 'redtiger', title: 'Red Tiger', parent: 'softswiss', lobbies: ['casino'], restrictedCountry: restrictions('redtiger', ['GB']), removeRestrictedCountryOverlay: false, exclusion: false, excludedIn: [], colour: '#d62828' },
  { id: 'bluebird', title: 'Bluebird Games', parent: 'softswiss', lobbies: ['casino'], restrictedCountry: [], removeRestrictedCountryOverlay: false, exclusion: true, excludedIn: ['NO', 'FI'], colour: '#6c757d' },
];

/** behaviour.md §5 "Some providers are hidden for given markets": the content's choice. */
export const HIDDEN_PROVIDERS_BY_MARKET: Readonly<Partial<Record<MarketCode, readonly GameProvider[]>>> = {
  FI: ['novomatic'],
  NO: ['pariplay'],
};

export function providerById(id: string): CatalogProvider | undefined {
  return PROVIDERS.find((provider) => provider.id === id);
}

export function subProviderById(id: string): CatalogSubProvider | undefined {
  return SUB_PROVIDERS.find((subProvider) => subProvider.id === id);
}

/** Is this provider's content hidden in the market? */
export function providerHiddenIn(market: MarketCode, provider: GameProvider): boolean {
  return HIDDEN_PROVIDERS_BY_MARKET[market]?.includes(provider) ?? false;
}

/** Is this sub-provider's content left out of the market's lists (an exclusion sub-provider)? */
export function subProviderExcludedIn(market: MarketCode, subProviderId: string | null): boolean {
  if (subProviderId === null) return false;
  return subProviderById(subProviderId)?.excludedIn.includes(market) ?? false;
}

/** The content id of a provider (`provider-relax`) and of a sub-provider (`subprovider-elk`). */
export const providerContentId = (id: string) => `provider-${id}`;
export const subProviderContentId = (id: string) => `subprovider-${id}`;
