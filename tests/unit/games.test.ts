import { describe, expect, it } from 'vitest';
import { IMAGE_QUALITY } from '../../machines/lib/constants';
import {
  boxVisible,
  categoryPath,
  filterEnabled,
  gameAvailability,
  gamePlayPath,
  imageUrl,
  inProviderFilter,
  nameMatches,
  providerIdOf,
  restrictedIn,
  searchGames,
  typoAllowance,
  uniqueById,
  type BoxTargeting,
  type RestrictableGame,
  type Viewer,
} from '../../machines/lib/games';

// The games domain's rules (issue 12; machines/lib/games.ts): providerId (product.md §3), the
// provider filter's exclusions and when the filter is on (behaviour.md §5), country restrictions by
// provider and sub-provider (the §5 table) and what the lobby does with them, the search
// (case-insensitive substring, typo-tolerant only when nothing contains the text), content
// audiences and dates (behaviour.md §6), de-duplication (product.md §3), paths and image URLs (§9).

const provider = (_id: string, title: string, isAggregators = false) => ({ _id, title, isAggregators });

describe('providerIdOf (product.md §3)', () => {
  it('is the part after the dash when _id has exactly two dash-separated parts, otherwise the title', () => {
    expect(providerIdOf(provider('provider-relax', 'Relax Gaming'))).toBe('relax');
    expect(providerIdOf(provider('subprovider-thunderkick', 'Thunderkick'))).toBe('thunderkick');
    expect(providerIdOf(provider('relax', 'Relax Gaming'))).toBe('Relax Gaming');
    expect(providerIdOf(provider('a-b-c', 'Three Parts'))).toBe('Three Parts');
    expect(providerIdOf(provider('provider-', 'Empty'))).toBe('');
  });
});

describe('the provider filter (behaviour.md §5)', () => {
  it('leaves out pariplay, softswiss and creedroomz in live casino', () => {
    expect(inProviderFilter('live-casino', provider('provider-pariplay', 'Pariplay', true))).toBe(false);
    expect(inProviderFilter('live-casino', provider('provider-softswiss', 'SOFTSWISS', true))).toBe(false);
    expect(inProviderFilter('live-casino', provider('subprovider-creedroomz', 'CreedRoomz'))).toBe(false);
    expect(inProviderFilter('live-casino', provider('provider-evolution', 'Evolution'))).toBe(true);
    expect(inProviderFilter('live-casino', provider('provider-pragmaticplay', 'Pragmatic Play'))).toBe(true);
  });

  it('leaves out relax and aggregators in casino', () => {
    expect(inProviderFilter('casino', provider('provider-relax', 'Relax Gaming'))).toBe(false);
    expect(inProviderFilter('casino', provider('provider-pariplay', 'Pariplay', true))).toBe(false);
    expect(inProviderFilter('casino', provider('provider-softswiss', 'SOFTSWISS', true))).toBe(false);
    expect(inProviderFilter('casino', provider('provider-quickspin', 'Quickspin'))).toBe(true);
    // Sub-providers of aggregators are offered themselves; creedroomz only drops out of live.
    expect(inProviderFilter('casino', provider('subprovider-thunderkick', 'Thunderkick'))).toBe(true);
    expect(inProviderFilter('casino', provider('subprovider-creedroomz', 'CreedRoomz'))).toBe(true);
  });

  it('is enabled when a provider is checked or the search text is not empty', () => {
    expect(filterEnabled([], '')).toBe(false);
    expect(filterEnabled([], '   ')).toBe(false);
    expect(filterEnabled(['provider-evolution'], '')).toBe(true);
    expect(filterEnabled([], 'book')).toBe(true);
  });
});

describe('country restrictions (behaviour.md §5 "Provider restrictions by country")', () => {
  const game = (gameProvider: string, subProvider: RestrictableGame['subProvider'] = null, providerRestrictedCountry: string[] = []): RestrictableGame => ({
    gameProvider,
    subProvider,
    providerRestrictedCountry,
  });
  const sub = (restrictedCountry: string[], removeRestrictedCountryOverlay = false) => ({ restrictedCountry, removeRestrictedCountryOverlay });

  it.each([
    ['relax', ['SE', 'CA'], 'FI'],
    ['pragmaticplay', ['FR', 'IN'], 'SE'],
    ['playngo', ['CA', 'SE'], 'FI'],
    ['evolution', ['CA', 'SE'], 'NO'],
  ])('restricts %s in %j and not in %s', (gameProvider, countries, free) => {
    for (const country of countries) expect(restrictedIn(game(gameProvider), country)).toBe(true);
    expect(restrictedIn(game(gameProvider), free)).toBe(false);
  });

  it('restricts the table’s sub-providers through their own restrictedCountry (thunderkick, elk, playtech, skywind, hacksaw)', () => {
    const thunderkick = game('pariplay', sub(['SE', 'CA']));
    expect(restrictedIn(thunderkick, 'SE')).toBe(true);
    expect(restrictedIn(thunderkick, 'CA')).toBe(true);
    expect(restrictedIn(thunderkick, 'FI')).toBe(false);
    expect(restrictedIn(game('softswiss', sub(['SE', 'CA', 'MT'])), 'MT')).toBe(true);
    expect(restrictedIn(game('pariplay', sub(['SE'])), 'CA')).toBe(false);
  });

  it('adds the content’s providerRestrictedCountry, matches case-insensitively and knows nothing of an unknown country', () => {
    expect(restrictedIn(game('novomatic', null, ['TR']), 'TR')).toBe(true);
    expect(restrictedIn(game('relax'), 'se')).toBe(true);
    expect(restrictedIn(game('relax'), null)).toBe(false);
    expect(restrictedIn(game('quickspin'), 'SE')).toBe(false);
  });

  it('overlays a restricted game, unless its sub-provider asks to remove it', () => {
    expect(gameAvailability(game('relax'), 'SE')).toBe('overlaid');
    expect(gameAvailability(game('pariplay', sub(['SE'], true)), 'SE')).toBe('hidden');
    expect(gameAvailability(game('pariplay', sub(['SE'], true)), 'FI')).toBe('available');
    expect(gameAvailability(game('pariplay', sub(['SE'], false)), 'SE')).toBe('overlaid');
    expect(gameAvailability(game('relax'), null)).toBe('available');
  });
});

describe('search (behaviour.md §5 "case-insensitive substring match on name")', () => {
  const names = ['Book of Aurora', 'Gates of Valhalla', 'Sweet Nectar', 'Aurora Riches', 'Frozen Kraken Megaways', 'Blackjack Lapland 3'];
  const search = (text: string) => searchGames(names, (name) => name, text);

  it('matches a substring in any case, in the list’s order', () => {
    expect(nameMatches('Book of Aurora', 'AURORA')).toBe(true);
    expect(nameMatches('Book of Aurora', '  of aur ')).toBe(true);
    expect(nameMatches('Book of Aurora', 'kraken')).toBe(false);
    expect(search('aurora').map((hit) => hit.item)).toEqual(['Book of Aurora', 'Aurora Riches']);
    expect(search('aurora').every((hit) => hit.kind === 'substring' && hit.typos === 0)).toBe(true);
    expect(search('  ').map((hit) => hit.item)).toEqual(names);
  });

  it('falls back to names within a few typos only when nothing contains the text, closest first', () => {
    const hits = search('valhala');
    expect(hits.map((hit) => hit.item)).toEqual(['Gates of Valhalla']);
    expect(hits[0]).toMatchObject({ kind: 'typo', typos: 1 });
    expect(search('krakken megawys').map((hit) => hit.item)).toEqual(['Frozen Kraken Megaways']);
    expect(search('kraken').every((hit) => hit.kind === 'substring')).toBe(true);
    // Short texts tolerate no typo; far-off texts find nothing.
    expect(search('bok')).toEqual([]);
    expect(search('zzzzzzzz')).toEqual([]);
  });

  it('ignores accents and punctuation when it looks for typos', () => {
    expect(searchGames(['Montréal Roulette'], (name) => name, 'montreal').map((hit) => hit.kind)).toEqual(['typo']);
    expect(searchGames(['Casino Hold’em'], (name) => name, 'holdem').map((hit) => hit.typos)).toEqual([0]);
  });

  it('tolerates no typo up to 3 letters, one up to 6, two beyond', () => {
    expect([1, 3, 4, 6, 7, 20].map(typoAllowance)).toEqual([0, 0, 1, 1, 2, 2]);
  });
});

describe('boxVisible (behaviour.md §6 content audiences)', () => {
  const now = new Date('2025-06-11T12:00:00.000Z');
  const anonymous: Viewer = { authorized: false, playerId: null, depositCount: null };
  const player = (depositCount: number, playerId = 7): Viewer => ({ authorized: true, playerId, depositCount });
  const box = (overrides: Partial<BoxTargeting> = {}): BoxTargeting => ({
    authorized: 'both',
    targetAudience: { option: 'no-limit' },
    startDate: null,
    endDate: null,
    ...overrides,
  });

  it('shows authorized boxes to players, not-authorized to visitors, both to both', () => {
    expect(boxVisible(box({ authorized: 'authorized' }), player(0), now)).toBe(true);
    expect(boxVisible(box({ authorized: 'authorized' }), anonymous, now)).toBe(false);
    expect(boxVisible(box({ authorized: 'not-authorized' }), anonymous, now)).toBe(true);
    expect(boxVisible(box({ authorized: 'not-authorized' }), player(0), now)).toBe(false);
    expect(boxVisible(box(), anonymous, now)).toBe(true);
    expect(boxVisible(box(), player(3), now)).toBe(true);
  });

  it('targets players by deposit count: 0, 1, more than 1', () => {
    const group = (depositCount: 'none' | 'one' | 'more-than-one') => box({ authorized: 'authorized', targetAudience: { option: 'group', depositCount } });
    expect([0, 1, 2, 5].map((count) => boxVisible(group('none'), player(count), now))).toEqual([true, false, false, false]);
    expect([0, 1, 2, 5].map((count) => boxVisible(group('one'), player(count), now))).toEqual([false, true, false, false]);
    expect([0, 1, 2, 5].map((count) => boxVisible(group('more-than-one'), player(count), now))).toEqual([false, false, true, true]);
    expect(boxVisible(group('none'), { authorized: true, playerId: 7, depositCount: null }, now)).toBe(false);
    // A visitor is never in a group, even on a box for both.
    expect(boxVisible(box({ targetAudience: { option: 'group', depositCount: 'none' } }), anonymous, now)).toBe(false);
  });

  it('targets an explicit list of player ids', () => {
    const listed = box({ authorized: 'authorized', targetAudience: { option: 'players', playerIds: [1, 2, 3] } });
    expect(boxVisible(listed, player(0, 2), now)).toBe(true);
    expect(boxVisible(listed, player(0, 4), now)).toBe(false);
    expect(boxVisible(listed, anonymous, now)).toBe(false);
  });

  it('shows a box only between its start and end dates (open ended when null)', () => {
    expect(boxVisible(box({ startDate: '2025-06-12T00:00:00.000Z' }), anonymous, now)).toBe(false);
    expect(boxVisible(box({ startDate: '2025-06-11T12:00:00.000Z' }), anonymous, now)).toBe(true);
    expect(boxVisible(box({ endDate: '2025-06-11T11:59:59.999Z' }), anonymous, now)).toBe(false);
    expect(boxVisible(box({ endDate: '2025-06-11T12:00:00.000Z' }), anonymous, now)).toBe(true);
    expect(boxVisible(box({ startDate: '2025-06-01T00:00:00.000Z', endDate: '2025-06-30T00:00:00.000Z' }), player(1), now)).toBe(true);
  });
});

describe('lists, paths and image URLs', () => {
  it('de-duplicates games by id, keeping the first (product.md §3)', () => {
    const games = [
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
      { id: 'a', n: 3 },
    ];
    expect(uniqueById(games)).toEqual([
      { id: 'a', n: 1 },
      { id: 'b', n: 2 },
    ]);
  });

  it('builds category and play paths from ids (product.md §2, §3)', () => {
    expect(categoryPath('casino', 'slots')).toBe('/online-casino/slots');
    expect(categoryPath('live-casino', 'game shows')).toBe('/live-casino-online/game%20shows');
    expect(gamePlayPath('live-casino', 'evolution', 'live-0001')).toBe('/live-casino-online/play/evolution/live-0001');
  });

  it('asks for images at quality 75, webp, twice the CSS width (behaviour.md §9)', () => {
    expect(imageUrl('/api/content/artwork/games/cas-00001.svg', 180, IMAGE_QUALITY)).toBe('/api/content/artwork/games/cas-00001.svg?w=360&q=75&fm=webp');
    expect(imageUrl('https://images.example.com/a.png?w=10', 100.4, IMAGE_QUALITY)).toBe('https://images.example.com/a.png?w=201&q=75&fm=webp');
  });
});
