import { gameAvailability, providerIdOf, providerNameOf, type GameAvailability, type GridSize, type LobbyType } from '../../../machines/lib/games';
import type { Game, GameIndexEntry, GameIndexResponse, LobbyCategory, LobbyResponse, Provider, SubProvider } from '../../api/games';

// What a game tile shows, from a full game (lobby rows, category pages) or a search-index entry
// (search, filters, my games, recently played): one shape, with the restriction already decided
// for the viewer's country (machines/lib/games.ts gameAvailability: shown, overlaid or hidden).

export interface TileGame {
  id: string;
  label: string;
  gameProvider: Game['gameProvider'];
  /** Where the game comes from, as a player reads it (providerNameOf: the studio's name, not an id). */
  providerName: string;
  thumbnail: string;
  gridSize: GridSize;
  jackpotExist: boolean;
  lobby: LobbyType;
  availability: GameAvailability;
}

export function tileOfGame(game: Game, country: string | null): TileGame {
  return {
    id: game.id,
    label: game.label,
    gameProvider: game.gameProvider,
    providerName: providerNameOf(game),
    thumbnail: game.thumbnail.img1x,
    gridSize: game.gridSize,
    jackpotExist: game.jackpotExist,
    lobby: game.type,
    availability: gameAvailability(game, country),
  };
}

/** The index's entries as tiles (their sub-providers' restrictions come with the index). */
export function tilesOfIndex(index: GameIndexResponse, country: string | null): TileGame[] {
  const subProviders = new Map<string, SubProvider>(index.subProviders.map((sub) => [sub._id, sub]));
  return index.games.map((entry: GameIndexEntry) => {
    const subProvider = entry.subProviderId === null ? null : (subProviders.get(entry.subProviderId) ?? null);
    return {
      id: entry.id,
      label: entry.label,
      gameProvider: entry.gameProvider,
      providerName: providerNameOf({ gameProvider: entry.gameProvider, subProvider }),
      thumbnail: entry.thumbnail,
      gridSize: entry.gridSize,
      jackpotExist: entry.jackpotExist,
      lobby: index.lobby,
      availability: gameAvailability({ gameProvider: entry.gameProvider, subProvider, providerRestrictedCountry: entry.providerRestrictedCountry }, country),
    };
  });
}

/** The tiles a viewer sees: hidden ones (removeRestrictedCountryOverlay) are left out. */
export function visibleTiles(tiles: readonly TileGame[]): TileGame[] {
  return tiles.filter((tile) => tile.availability !== 'hidden');
}

/** A lobby row: a category shown in the lobby, with the tiles the viewer sees. */
export interface LobbyRow {
  entry: LobbyCategory;
  tiles: TileGame[];
}

/** The lobby's rows as a viewer sees them: categories visible in the lobby that have games, their hidden games left out. */
export function lobbyRows(lobby: LobbyResponse, country: string | null): LobbyRow[] {
  return lobby.categories
    .filter((entry) => entry.category.visibleInLobby && entry.games.length > 0)
    .map((entry) => ({ entry, tiles: visibleTiles(entry.games.map((game) => tileOfGame(game, country))) }));
}

/**
 * The providers the filter panel offers (issue 21): of the lobby's providers (already those of the
 * market and lobby, the panel's exclusions applied), only those with a game the viewer sees, so
 * checking one never ends in "No games match". A game counts for its provider and its sub-provider
 * (`subProviderOf`: game id to the sub-provider's providerIdOf, as the filter compares them).
 */
export function providersWithGames(providers: readonly Provider[], tiles: readonly TileGame[], subProviderOf: ReadonlyMap<string, string>): Provider[] {
  const withGames = new Set<string>();
  for (const tile of tiles) {
    withGames.add(tile.gameProvider);
    const sub = subProviderOf.get(tile.id);
    if (sub !== undefined && sub !== '') withGames.add(sub);
  }
  return providers.filter((provider) => withGames.has(providerIdOf(provider)));
}
