import type { Game, GameIndexEntry, Provider, SubProvider } from '../../../src/api/games';
import { IMAGE_QUALITY } from '../../../machines/lib/constants';
import { GRID_SIZE_SPAN, imageUrl, type GameProvider } from '../../../machines/lib/games';
import { CURRENCY_MINOR_UNITS, isCurrency } from '../../../machines/lib/wallet';
import { engineFacts, playCurrency } from '../../providers/demo-games/games';
import type { CatalogGame } from './games';
import { providerById, providerContentId, PROVIDERS, subProviderById, subProviderContentId, SUB_PROVIDERS, type CatalogSubProvider } from './providers';

// The catalog's games in the contract's shapes (src/api/games.ts; product.md §3 "Game (shaped)"):
// artwork URLs built with machines/lib/games.ts imageUrl (behaviour.md §9 "Image URL quality: 75,
// webp, sizes doubled"), bet limits in the asked currency, the sub-provider with its restricted
// countries and the provider's own (the app applies them with gameAvailability and the visitor's
// country: the platform never hides a game by country itself).

/** Where the generated artwork is served (server/routes/games-content.ts). */
export const ARTWORK_PATH = '/api/content/artwork';
export const gameArtworkPath = (gameId: string) => `${ARTWORK_PATH}/games/${encodeURIComponent(gameId)}.svg`;
export const gameVerticalArtworkPath = (gameId: string) => `${ARTWORK_PATH}/games/${encodeURIComponent(gameId)}/vertical.svg`;
export const providerLogoPath = (id: string) => `${ARTWORK_PATH}/providers/${encodeURIComponent(id)}.svg`;
export const boxBannerPath = (id: string) => `${ARTWORK_PATH}/boxes/${encodeURIComponent(id)}.svg`;

/** CSS width of one grid column's tile; a tile spanning two columns is twice as wide. */
export const TILE_CSS_WIDTH = 180;
/** CSS width of a vertical image. */
export const VERTICAL_CSS_WIDTH = 240;

/** Rough EUR rates for the generated bet limits: plausible amounts per currency, not a price list. */
const EUR_RATES: Readonly<Record<string, number>> = {
  EUR: 1,
  BRL: 6,
  CAD: 1.5,
  CLP: 1_000,
  INR: 90,
  NZD: 1.8,
  NOK: 11.5,
  SEK: 11.5,
  GBP: 0.85,
  PHP: 60,
  TRY: 35,
  JPY: 160,
};

/** An EUR amount in `currency`, rounded to two significant digits (whole units where the currency has no minor unit). */
export function convertAmount(eur: number, currency: string): number {
  const value = Number((eur * (EUR_RATES[currency] ?? 1)).toPrecision(2));
  const whole = isCurrency(currency) && CURRENCY_MINOR_UNITS[currency] === 0;
  return whole ? Math.max(1, Math.round(value)) : Math.round(value * 100) / 100;
}

export function subProviderOf(id: string | null): SubProvider | null {
  const subProvider = id === null ? undefined : subProviderById(id);
  if (!subProvider) return null;
  return {
    _id: subProviderContentId(subProvider.id),
    title: subProvider.title,
    restrictedCountry: [...subProvider.restrictedCountry],
    removeRestrictedCountryOverlay: subProvider.removeRestrictedCountryOverlay,
  };
}

/**
 * product.md §3 "Game (shaped)" for a market whose currency is `currency`. The RTP, volatility and
 * (for a casino game) bet limits are those of the demo engine that plays the game
 * (server/providers/demo-games/games.ts engineFacts): the info panel never shows a figure the game
 * does not have.
 */
export function shapeGame(game: CatalogGame, currency: string): Game {
  const width = TILE_CSS_WIDTH * GRID_SIZE_SPAN[game.gridSize].columns;
  const artwork = gameArtworkPath(game.id);
  const tableLimits = { min: convertAmount(game.betLimitsEur.min, currency), max: convertAmount(game.betLimitsEur.max, currency), currency };
  const facts = engineFacts({ type: game.lobby, gameType: game.gameType, betLimits: [tableLimits] }, playCurrency(currency));
  return {
    id: game.id,
    type: game.lobby,
    label: game.name,
    gameProvider: game.provider,
    subProvider: subProviderOf(game.subProvider),
    thumbnail: {
      img1x: imageUrl(artwork, width, IMAGE_QUALITY),
      img2x: imageUrl(artwork, width * 2, IMAGE_QUALITY),
      img3x: imageUrl(artwork, width * 3, IMAGE_QUALITY),
    },
    gridSize: game.gridSize,
    gameType: game.gameType,
    betLimits: [{ ...facts.betLimits, currency }],
    seats: game.seats,
    // The lobby bodies made from this are cached with an ETag: they keep the catalog's count; the
    // count now is GET /tables/seats and the game detail's (services/catalog.ts findGame).
    seatsTaken: game.seatsTaken,
    jackpotExist: game.jackpotExist,
    verticalImage: game.hasVerticalImage ? imageUrl(gameVerticalArtworkPath(game.id), VERTICAL_CSS_WIDTH, IMAGE_QUALITY) : null,
    gameSlug: game.slug,
    channels: [...game.channels],
    providerRestrictedCountry: [...(providerById(game.provider)?.restrictedCountry ?? [])],
    rtp: facts.rtp,
    volatility: facts.volatility,
  };
}

/** One game of the search index (src/api/games.ts gameIndexEntrySchema). */
export function indexEntry(game: CatalogGame, categories: readonly string[]): GameIndexEntry {
  return {
    id: game.id,
    label: game.name,
    gameProvider: game.provider,
    subProviderId: game.subProvider === null ? null : subProviderContentId(game.subProvider),
    providerRestrictedCountry: [...(providerById(game.provider)?.restrictedCountry ?? [])],
    categories: [...categories],
    thumbnail: imageUrl(gameArtworkPath(game.id), TILE_CSS_WIDTH * GRID_SIZE_SPAN[game.gridSize].columns, IMAGE_QUALITY),
    gridSize: game.gridSize,
    jackpotExist: game.jackpotExist,
    gameSlug: game.slug,
  };
}

/** The providers and sub-providers with games in `games` (product.md §3 "Provider"), the spec's providers first. */
export function providersOf(games: readonly CatalogGame[]): Provider[] {
  const providers = new Set<GameProvider>(games.map((game) => game.provider));
  const subProviders = new Set(games.flatMap((game) => (game.subProvider === null ? [] : [game.subProvider])));
  return [
    ...PROVIDERS.filter((provider) => providers.has(provider.id)).map(
      (provider): Provider => ({
        _id: providerContentId(provider.id),
        id: provider.id,
        title: provider.title,
        isAggregators: provider.isAggregator,
        providerImgUrl: providerLogoPath(provider.id),
        type: 'provider',
      }),
    ),
    ...SUB_PROVIDERS.filter((subProvider) => subProviders.has(subProvider.id)).map(subProviderEntry),
  ];
}

function subProviderEntry(subProvider: CatalogSubProvider): Provider {
  return {
    _id: subProviderContentId(subProvider.id),
    id: subProvider.id,
    title: subProvider.title,
    isAggregators: false,
    // product.md §3: exclusion sub-providers have no image.
    providerImgUrl: subProvider.exclusion ? '' : providerLogoPath(subProvider.id),
    type: 'subprovider',
  };
}

/** The sub-providers of `games` as the search index lists them (with their restrictions). */
export function subProvidersOf(games: readonly CatalogGame[]): SubProvider[] {
  const ids = new Set(games.flatMap((game) => (game.subProvider === null ? [] : [game.subProvider])));
  return SUB_PROVIDERS.filter((subProvider) => ids.has(subProvider.id)).flatMap((subProvider) => subProviderOf(subProvider.id) ?? []);
}
