import { describe, expect, it } from 'vitest';
import { GAME_PROVIDERS, GAME_PROVIDER_NAMES, providerNameOf } from '../../../machines/lib/games';
import { PROVIDERS } from '../../../server/content/catalog/providers';
import type { GameIndexResponse, Provider } from '../../../src/api/games';
import { providersWithGames, tilesOfIndex, visibleTiles } from '../../../src/features/games/tiles';

// Issue 21: the provider panel offers only providers with a game the viewer sees in the lobby and
// market (Skywind's games are removed where it is restricted, so it must not be offered there), and
// a game's provider is shown by name, never by its id ("pragmaticplay").

const provider = (_id: string, title: string): Provider => ({ _id, id: _id.split('-')[1] ?? _id, title, isAggregators: false, providerImgUrl: '', type: 'provider' });

const entry = (id: string, gameProvider: GameIndexResponse['games'][number]['gameProvider'], subProviderId: string | null) =>
  ({ id, label: id, gameProvider, subProviderId, thumbnail: '', gridSize: '1x', jackpotExist: false, providerRestrictedCountry: [] }) as unknown as GameIndexResponse['games'][number];

const index = {
  lobby: 'casino',
  subProviders: [
    { _id: 'subprovider-skywind', title: 'Skywind', restrictedCountry: ['MT'], removeRestrictedCountryOverlay: true },
    { _id: 'subprovider-netent', title: 'NetEnt', restrictedCountry: [], removeRestrictedCountryOverlay: false },
  ],
  games: [entry('a', 'quickspin', null), entry('b', 'softswiss', 'subprovider-skywind'), entry('c', 'softswiss', 'subprovider-netent')],
} as unknown as GameIndexResponse;

const subProviderOf = new Map([
  ['b', 'skywind'],
  ['c', 'netent'],
]);

const offered = [
  provider('provider-quickspin', 'Quickspin'),
  provider('provider-yggdrasil', 'Yggdrasil'),
  provider('subprovider-skywind', 'Skywind'),
  provider('subprovider-netent', 'NetEnt'),
];

describe('providersWithGames (issue 21: the provider panel)', () => {
  it('leaves out a provider without games in the lobby', () => {
    const tiles = visibleTiles(tilesOfIndex(index, 'FI'));
    expect(providersWithGames(offered, tiles, subProviderOf).map((entry) => entry.title)).toEqual(['Quickspin', 'Skywind', 'NetEnt']);
  });

  it('leaves out a sub-provider whose games are all removed for the viewer’s country', () => {
    const tiles = visibleTiles(tilesOfIndex(index, 'MT'));
    expect(providersWithGames(offered, tiles, subProviderOf).map((entry) => entry.title)).toEqual(['Quickspin', 'NetEnt']);
  });

  it('offers nothing without games', () => {
    expect(providersWithGames(offered, [], subProviderOf)).toEqual([]);
  });
});

describe('providerNameOf (issue 21: a provider by name)', () => {
  it('names a provider’s own game by the provider’s name', () => {
    expect(providerNameOf({ gameProvider: 'pragmaticplay', subProvider: null })).toBe('Pragmatic Play');
    expect(providerNameOf({ gameProvider: 'quickspin', subProvider: null })).toBe('Quickspin');
  });

  it('names an aggregator’s game by its studio', () => {
    expect(providerNameOf({ gameProvider: 'softswiss', subProvider: { title: 'NetEnt' } })).toBe('NetEnt');
  });

  it('has a name for every provider, the one the content gives it', () => {
    for (const id of GAME_PROVIDERS) {
      expect(GAME_PROVIDER_NAMES[id]).not.toBe(id);
      expect(PROVIDERS.find((entry) => entry.id === id)?.title).toBe(GAME_PROVIDER_NAMES[id]);
    }
  });

  it('is what a tile shows under the game’s name', () => {
    expect(tilesOfIndex(index, 'FI').map((tile) => tile.providerName)).toEqual(['Quickspin', 'Skywind', 'NetEnt']);
  });
});
