// The games domain (issue 12; product.md §2 "Casino and live casino", §3 "Games and lobby";
// behaviour.md §5, §6, §7 "Games", §9): lobbies, providers, the provider rules of the spec and the
// country restrictions, written once for the app, the machines and the platform. Pure functions,
// no I/O: the content service and the lobby screens both call these.

/** The two lobbies (product.md §2): casino and live casino. */
export const LOBBY_TYPES = ['casino', 'live-casino'] as const;
export type LobbyType = (typeof LOBBY_TYPES)[number];

/** The app path (below /{langmarket}) of each lobby: product.md §2. */
export const LOBBY_PATHS: Readonly<Record<LobbyType, string>> = {
  casino: '/online-casino',
  'live-casino': '/live-casino-online',
};

/** product.md §2: the casino's providers. */
export const CASINO_PROVIDERS = ['relax', 'quickspin', 'evolution', 'playngo', 'pragmaticplay', 'yggdrasil', 'pariplay', 'softswiss', 'novomatic'] as const;
/** product.md §2: the live casino's providers. */
export const LIVE_CASINO_PROVIDERS = ['evolution', 'pragmaticplay', 'pariplay', 'softswiss'] as const;
/** Every provider a launch route may name (product.md §2 routes `/play/{provider}/{id?}`). */
export const GAME_PROVIDERS = ['relax', 'quickspin', 'evolution', 'playngo', 'pragmaticplay', 'yggdrasil', 'pariplay', 'softswiss', 'novomatic'] as const;
export type GameProvider = (typeof GAME_PROVIDERS)[number];

export function isGameProvider(value: string): value is GameProvider {
  return (GAME_PROVIDERS as readonly string[]).includes(value);
}

/** The providers' names as players read them (brand names, the same in every language; the content's provider titles). */
export const GAME_PROVIDER_NAMES: Readonly<Record<GameProvider, string>> = {
  relax: 'Relax Gaming',
  quickspin: 'Quickspin',
  evolution: 'Evolution',
  playngo: "Play'n GO",
  pragmaticplay: 'Pragmatic Play',
  yggdrasil: 'Yggdrasil',
  pariplay: 'Pariplay',
  softswiss: 'SOFTSWISS',
  novomatic: 'Novomatic',
};

/**
 * The name a player sees for where a game comes from (issue 21: never a raw id such as
 * "pragmaticplay"): an aggregator's game names its sub-provider (the studio), any other its provider.
 */
export function providerNameOf(game: { gameProvider: GameProvider; subProvider: { title: string } | null }): string {
  return game.subProvider?.title ?? GAME_PROVIDER_NAMES[game.gameProvider];
}

/** The providers of a lobby (product.md §2). */
export function lobbyProviders(lobby: LobbyType): readonly GameProvider[] {
  return lobby === 'casino' ? CASINO_PROVIDERS : LIVE_CASINO_PROVIDERS;
}

/** Grid sizes of a game tile (product.md §3 "thumbnail ... grid sizes 4x, 2xh, 2xv, 1x"). */
export const GRID_SIZES = ['4x', '2xh', '2xv', '1x'] as const;
export type GridSize = (typeof GRID_SIZES)[number];

/** Columns and rows a tile of each grid size takes. */
export const GRID_SIZE_SPAN: Readonly<Record<GridSize, { columns: number; rows: number }>> = {
  '4x': { columns: 2, rows: 2 },
  '2xh': { columns: 2, rows: 1 },
  '2xv': { columns: 1, rows: 2 },
  '1x': { columns: 1, rows: 1 },
};

/** Launch channels (product.md §3 `channels`; behaviour.md §7 "channel"). */
export const GAME_CHANNELS = ['desktop', 'mobile'] as const;
export type GameChannel = (typeof GAME_CHANNELS)[number];

export const VOLATILITIES = ['low', 'medium', 'high'] as const;
export type Volatility = (typeof VOLATILITIES)[number];

/** The deviation (in stakes) from which a game counts as medium, and as high volatility. */
export const VOLATILITY_DEVIATION_BOUNDS = { medium: 5, high: 15 } as const;

/**
 * A game's volatility class from the standard deviation of one stake's return (the spec names the
 * field only; these bounds are the usual reading: below 5 stakes low, below 15 medium, else high).
 */
export function volatilityOf(deviation: number): Volatility {
  return deviation < VOLATILITY_DEVIATION_BOUNDS.medium ? 'low' : deviation < VOLATILITY_DEVIATION_BOUNDS.high ? 'medium' : 'high';
}

/** Kinds of game the catalog holds (product.md §3 `gameType`). */
export const GAME_TYPES = ['slot', 'roulette', 'blackjack', 'baccarat', 'game-show', 'poker', 'table'] as const;
export type GameType = (typeof GAME_TYPES)[number];

/** The lobby page types favourites are posted with (behaviour.md §7 "Favorites ... lobbyPageType"). */
export const LOBBY_PAGE_TYPES = ['CASINO', 'LIVE_CASINO'] as const;
export type LobbyPageType = (typeof LOBBY_PAGE_TYPES)[number];

export const LOBBY_PAGE_TYPE_OF: Readonly<Record<LobbyType, LobbyPageType>> = { casino: 'CASINO', 'live-casino': 'LIVE_CASINO' };

// ------------------------------------------------------------------------------ providers

/**
 * product.md §3 "Provider": providerId is the part after the dash when _id has exactly two
 * dash-separated parts, otherwise the title.
 */
export function providerIdOf(provider: { _id: string; title: string }): string {
  const parts = provider._id.split('-');
  return parts.length === 2 && parts[1] !== undefined ? parts[1] : provider.title;
}

/**
 * behaviour.md §5: the provider filter excludes pariplay, softswiss and creedroomz in live casino;
 * in casino it excludes the relax provider and aggregators.
 */
export const LIVE_CASINO_FILTER_EXCLUDED = ['pariplay', 'softswiss', 'creedroomz'] as const;
export const CASINO_FILTER_EXCLUDED = ['relax'] as const;

/** Is this provider offered in the lobby's provider filter panel (behaviour.md §5)? */
export function inProviderFilter(lobby: LobbyType, provider: { _id: string; title: string; isAggregators: boolean }): boolean {
  const id = providerIdOf(provider).toLowerCase();
  if (lobby === 'live-casino') return !(LIVE_CASINO_FILTER_EXCLUDED as readonly string[]).includes(id);
  return !provider.isAggregators && !(CASINO_FILTER_EXCLUDED as readonly string[]).includes(id);
}

/** behaviour.md §5: the search filter is enabled when a provider is checked or the search text is non-empty. */
export function filterEnabled(checkedProviders: readonly string[], searchText: string): boolean {
  return checkedProviders.length > 0 || searchText.trim() !== '';
}

// ------------------------------------------------------------------------------ country restrictions

/**
 * behaviour.md §5 "Provider restrictions by country": the countries where a provider's games may
 * not be played. Keys are provider ids (providerIdOf), lower case.
 */
export const PROVIDER_RESTRICTED_COUNTRIES: Readonly<Record<string, readonly string[]>> = {
  relax: ['SE', 'CA'],
  pragmaticplay: ['FR', 'IN'],
  playngo: ['CA', 'SE'],
  thunderkick: ['SE', 'CA'],
  elk: ['SE', 'CA'],
  playtech: ['SE', 'CA'],
  skywind: ['SE', 'CA', 'MT'],
  hacksaw: ['SE'],
  evolution: ['CA', 'SE'],
};

/** What the restriction rule needs of a game (a full game or a search-index entry). */
export interface RestrictableGame {
  gameProvider: string;
  subProvider: { restrictedCountry: readonly string[]; removeRestrictedCountryOverlay: boolean } | null;
  providerRestrictedCountry: readonly string[];
}

export type GameAvailability = 'available' | 'overlaid' | 'hidden';

/**
 * Is the game restricted in `country` by its provider (the spec's table, plus the content's
 * providerRestrictedCountry) or its sub-provider (restrictedCountry)? Unknown country: not restricted.
 */
export function restrictedIn(game: RestrictableGame, country: string | null): boolean {
  if (country === null) return false;
  const code = country.toUpperCase();
  const byTable = PROVIDER_RESTRICTED_COUNTRIES[game.gameProvider.toLowerCase()] ?? [];
  return byTable.includes(code) || game.providerRestrictedCountry.includes(code) || (game.subProvider?.restrictedCountry.includes(code) ?? false);
}

/**
 * How the lobby shows a game in `country` (issue 12: "hidden or overlaid as the content says"): a
 * restricted game is overlaid ("not available in your country") unless its sub-provider asks to
 * remove it (removeRestrictedCountryOverlay: the game goes, overlay and all).
 */
export function gameAvailability(game: RestrictableGame, country: string | null): GameAvailability {
  if (!restrictedIn(game, country)) return 'available';
  return game.subProvider?.removeRestrictedCountryOverlay ? 'hidden' : 'overlaid';
}

// ------------------------------------------------------------------------------ search

/** behaviour.md §5: the game name search is a case-insensitive substring match. */
export function nameMatches(name: string, searchText: string): boolean {
  const needle = searchText.trim().toLocaleLowerCase();
  return needle === '' || name.toLocaleLowerCase().includes(needle);
}

/** Letters only, without accents, lower case: "Book of Râ!" -> "bookofra". */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '');
}

/** Levenshtein distance, stopping early past `limit` (returns limit + 1). */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  let previous = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    let best = i;
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      current.push(value);
      if (value < best) best = value;
    }
    if (best > limit) return limit + 1;
    previous = current;
  }
  return previous[b.length] ?? limit + 1;
}

/** How many typos a search of this length tolerates: none up to 3 letters, 1 up to 6, then 2. */
export function typoAllowance(length: number): number {
  return length <= 3 ? 0 : length <= 6 ? 1 : 2;
}

export interface SearchHit<T> {
  item: T;
  /** 'substring': the spec's match; 'typo': the closest names when no name contains the text. */
  kind: 'substring' | 'typo';
  /** For 'typo': the typos between the text and the closest part of the name. */
  typos: number;
}

/**
 * The spec's search (case-insensitive substring on the name, in the list's order); when nothing
 * matches, names within a few typos of the text (per word and over the whole name), closest first,
 * then in the list's order. Explainable: each typo hit says how many letters differ.
 */
export function searchGames<T>(items: readonly T[], nameOf: (item: T) => string, searchText: string): SearchHit<T>[] {
  return createGameSearch(items, nameOf)(searchText);
}

/**
 * searchGames over one list, many times (a search box: a search per keystroke): the names are
 * lower-cased and folded once, here, so each search only compares.
 */
export function createGameSearch<T>(items: readonly T[], nameOf: (item: T) => string): (searchText: string) => SearchHit<T>[] {
  const names = items.map((item) => nameOf(item));
  const lower = names.map((name) => name.toLocaleLowerCase());
  let foldedNames: { whole: string; words: string[] }[] | null = null;
  const folds = () => (foldedNames ??= names.map((name) => ({ whole: folded(name), words: name.split(/\s+/).map(folded) })));
  return (searchText) => {
    const text = searchText.trim();
    if (text === '') return items.map((item) => ({ item, kind: 'substring', typos: 0 }));
    const needleLower = text.toLocaleLowerCase();
    const exact: SearchHit<T>[] = [];
    items.forEach((item, index) => {
      if ((lower[index] ?? '').includes(needleLower)) exact.push({ item, kind: 'substring', typos: 0 });
    });
    if (exact.length > 0) return exact;
    const needle = folded(text);
    const limit = typoAllowance(needle.length);
    if (limit === 0) return [];
    const hits: SearchHit<T>[] = [];
    folds().forEach(({ whole, words }, index) => {
      let typos = limit + 1;
      const consider = (candidate: string) => {
        if (candidate !== '' && typos > 0) typos = Math.min(typos, distance(needle, candidate, limit));
      };
      consider(whole);
      for (const word of words) consider(word);
      // Every window of the name as long as the text (a typo inside a longer name).
      for (let start = 0; start + needle.length <= whole.length && typos > 0; start += 1) consider(whole.slice(start, start + needle.length));
      const item = items[index];
      if (typos <= limit && item !== undefined) hits.push({ item, kind: 'typo', typos });
    });
    return hits.sort((a, b) => a.typos - b.typos);
  };
}

// ------------------------------------------------------------------------------ lists

/** product.md §3 "Game list ... de-duplicated by game id", keeping the first of each id. */
export function uniqueById<T extends { id: string }>(games: readonly T[]): T[] {
  const seen = new Set<string>();
  return games.filter((game) => (seen.has(game.id) ? false : (seen.add(game.id), true)));
}

/** A category's app path (product.md §3 "url derived from id"): `/online-casino/{id}`, `/live-casino-online/{id}`. */
export function categoryPath(lobby: LobbyType, categoryId: string): string {
  return `${LOBBY_PATHS[lobby]}/${encodeURIComponent(categoryId)}`;
}

/** A game's launch path (product.md §2): `/online-casino/play/{provider}/{id}`, `/live-casino-online/play/{provider}/{id}`. */
export function gamePlayPath(lobby: LobbyType, provider: string, gameId: string): string {
  return `${LOBBY_PATHS[lobby]}/play/${encodeURIComponent(provider)}/${encodeURIComponent(gameId)}`;
}

/** behaviour.md §9 "Image URL quality: 75, webp, sizes doubled": an image URL for a box `width` CSS px wide. */
export function imageUrl(base: string, width: number, quality: number): string {
  const url = new URL(base, 'https://placeholder.invalid');
  url.searchParams.set('w', String(Math.round(width * 2)));
  url.searchParams.set('q', String(quality));
  url.searchParams.set('fm', 'webp');
  return base.startsWith('http') ? url.toString() : `${url.pathname}${url.search}`;
}

// ------------------------------------------------------------------------------ audience targeting

/** product.md §3 / behaviour.md §6: who a content or tournament box is for. */
export const BOX_AUDIENCES = ['authorized', 'not-authorized', 'both'] as const;
export type BoxAudience = (typeof BOX_AUDIENCES)[number];

export type TargetAudience =
  | { option: 'no-limit' }
  | { option: 'group'; depositCount: 'none' | 'one' | 'more-than-one' }
  | { option: 'players'; playerIds: readonly number[] };

export interface BoxTargeting {
  authorized: BoxAudience;
  targetAudience: TargetAudience;
  /** ISO instants; null: open ended. */
  startDate: string | null;
  endDate: string | null;
}

export interface Viewer {
  authorized: boolean;
  playerId: number | null;
  /** Successful deposits so far; null when unknown (anonymous). */
  depositCount: number | null;
}

/** Is a content or tournament box shown to this viewer now (behaviour.md §6 "Content is visible to ...")? */
export function boxVisible(box: BoxTargeting, viewer: Viewer, now: Date): boolean {
  if (box.startDate !== null && now.getTime() < Date.parse(box.startDate)) return false;
  if (box.endDate !== null && now.getTime() > Date.parse(box.endDate)) return false;
  if (box.authorized === 'authorized' && !viewer.authorized) return false;
  if (box.authorized === 'not-authorized' && viewer.authorized) return false;
  if (!viewer.authorized) return box.targetAudience.option === 'no-limit';
  switch (box.targetAudience.option) {
    case 'no-limit':
      return true;
    case 'players':
      return viewer.playerId !== null && box.targetAudience.playerIds.includes(viewer.playerId);
    case 'group': {
      if (viewer.depositCount === null) return false;
      const group = viewer.depositCount === 0 ? 'none' : viewer.depositCount === 1 ? 'one' : 'more-than-one';
      return group === box.targetAudience.depositCount;
    }
  }
}
