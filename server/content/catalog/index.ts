import type { LobbyType } from '../../../machines/lib/games';
import { CATEGORIES, type CatalogCategory } from './categories';
import { catalogOptionsFromEnv, generateGames, type CatalogGame, type CatalogOptions } from './games';
import { SUMMER_WORDS } from './names';

// The catalog in memory (issue 12 "Content and catalog"): the generated games, looked up by id and
// slug, and each category's games in its order. Built once per size (a few tens of milliseconds
// for 10,000 games) and shared by every request; server/services/catalog.ts shapes it per market,
// language and channel.

export { CATEGORIES, categoriesOf, type CatalogCategory } from './categories';
export { catalogOptionsFromEnv, DEFAULT_CATALOG_OPTIONS, type CatalogGame, type CatalogOptions } from './games';

export interface Catalog {
  options: CatalogOptions;
  games: readonly CatalogGame[];
  byId: ReadonlyMap<string, CatalogGame>;
  bySlug: ReadonlyMap<string, CatalogGame>;
  /** Each category's games in the category's order, every market and channel (key: categoryKey). */
  categoryGames: ReadonlyMap<string, readonly CatalogGame[]>;
  /** The category ids each game is in (key: game id). */
  categoriesOfGame: ReadonlyMap<string, readonly string[]>;
}

export const categoryKey = (lobby: LobbyType, categoryId: string) => `${lobby}/${categoryId}`;

const byPopularity = (a: CatalogGame, b: CatalogGame) => b.popularity - a.popularity || a.index - b.index;
const byName = (a: CatalogGame, b: CatalogGame) => a.name.localeCompare(b.name, 'en') || a.index - b.index;
const byRelease = (a: CatalogGame, b: CatalogGame) => b.releasedOn.localeCompare(a.releasedOn) || a.index - b.index;
const SUMMER = new RegExp(`\\b(${SUMMER_WORDS.join('|')})\\b`);

/** A category's games, in its order (categories.ts `membership`). */
function membersOf(category: CatalogCategory, lobbyGames: readonly CatalogGame[]): CatalogGame[] {
  const popular = [...lobbyGames].sort(byPopularity);
  const top = (share: number) => Math.max(30, Math.ceil(lobbyGames.length * share));
  switch (category.membership) {
    case 'popular':
      return popular.slice(0, top(0.05));
    case 'new':
      return [...lobbyGames].sort(byRelease).slice(0, top(0.04));
    case 'jackpots':
      return popular.filter((game) => game.jackpotExist);
    case 'slots':
      return popular.filter((game) => game.gameType === 'slot');
    case 'megaways':
      return popular.filter((game) => game.name.includes('Megaways'));
    case 'table-games':
      return popular.filter((game) => game.gameType !== 'slot');
    case 'summer':
      return popular.filter((game) => SUMMER.test(game.name));
    case 'all':
      return [...lobbyGames].sort(byName);
    case 'roulette':
      return popular.filter((game) => game.gameType === 'roulette');
    case 'vip':
      return popular.filter((game) => game.betLimitsEur.max >= 10_000);
  }
}

export function buildCatalog(options: CatalogOptions): Catalog {
  const games = generateGames(options);
  const byId = new Map(games.map((game) => [game.id, game]));
  const bySlug = new Map(games.map((game) => [game.slug, game]));
  const categoryGames = new Map<string, CatalogGame[]>();
  const categoriesOfGame = new Map<string, string[]>(games.map((game) => [game.id, []]));
  for (const category of CATEGORIES) {
    const members = membersOf(
      category,
      games.filter((game) => game.lobby === category.lobby),
    );
    categoryGames.set(categoryKey(category.lobby, category.id), members);
    for (const game of members) categoriesOfGame.get(game.id)?.push(category.id);
  }
  return { options, games, byId, bySlug, categoryGames, categoriesOfGame };
}

const built = new Map<string, Catalog>();

/** The catalog of this size, built on first use (CATALOG_CASINO_GAMES / CATALOG_LIVE_TABLES by default). */
export function loadCatalog(options: CatalogOptions = catalogOptionsFromEnv()): Catalog {
  const key = `${options.seed}:${String(options.casinoGames)}:${String(options.liveTables)}`;
  let catalog = built.get(key);
  if (!catalog) {
    catalog = buildCatalog(options);
    // Two sizes at most stay in memory (a test may build a small and a large one).
    if (built.size >= 2) built.delete(built.keys().next().value ?? '');
    built.set(key, catalog);
  }
  return catalog;
}

/** A game by its id or its gameSlug, any lobby. */
export function catalogGame(catalog: Catalog, idOrSlug: string): CatalogGame | undefined {
  return catalog.byId.get(idOrSlug) ?? catalog.bySlug.get(idOrSlug);
}
