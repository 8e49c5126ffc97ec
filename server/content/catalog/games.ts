import type { GameChannel, GameProvider, GameType, GridSize, LobbyType } from '../../../machines/lib/games';
import { isRealTitle, liveTableName, liveTableSeats, slotName, slugify, tableGameName } from './names';
import { rngFor, type Rng } from './random';

// The generated games (issue 12 "Seed a realistic catalog: at least 2,000 casino games and 100 live
// tables across the spec's providers ... RTP and volatility per game"; the RTP and volatility shown are
// those of the demo engine that plays the game, server/content/catalog/shape.ts). Deterministic: game n is
// built from its own generator (`seed:casino:n`), so every process agrees and a larger catalog
// starts with the games of a smaller one. Names are unique per lobby; slugs are unique across both
// (live slugs end in `-live`, which no casino name produces).
//
// Sizes: CATALOG_CASINO_GAMES (default 2,400) and CATALOG_LIVE_TABLES (default 120) in the
// platform's environment; `npm run bench` loads a 10,000-game lobby with CATALOG_CASINO_GAMES=10000.

export interface CatalogOptions {
  casinoGames: number;
  liveTables: number;
  seed: string;
}

export const DEFAULT_CATALOG_OPTIONS: CatalogOptions = { casinoGames: 2_400, liveTables: 120, seed: 'aurora-catalog-1' };
/** Bounds of the sizes an environment may ask for. */
export const CATALOG_MAX_GAMES = 100_000;

function sizeFrom(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const size = Number(value);
  if (!Number.isInteger(size) || size < 1 || size > CATALOG_MAX_GAMES) {
    throw new Error(`${name} must be an integer from 1 to ${String(CATALOG_MAX_GAMES)} (got "${value}").`);
  }
  return size;
}

/** The catalog's size from the environment (CATALOG_CASINO_GAMES, CATALOG_LIVE_TABLES), else the defaults. */
export function catalogOptionsFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): CatalogOptions {
  return {
    casinoGames: sizeFrom(env.CATALOG_CASINO_GAMES, 'CATALOG_CASINO_GAMES', DEFAULT_CATALOG_OPTIONS.casinoGames),
    liveTables: sizeFrom(env.CATALOG_LIVE_TABLES, 'CATALOG_LIVE_TABLES', DEFAULT_CATALOG_OPTIONS.liveTables),
    seed: DEFAULT_CATALOG_OPTIONS.seed,
  };
}

/** One game of the catalog as the content holds it; catalog.ts shapes it per market (product.md §3). */
export interface CatalogGame {
  id: string;
  lobby: LobbyType;
  /** Position in its lobby's generation order. */
  index: number;
  name: string;
  slug: string;
  provider: GameProvider;
  /** A sub-provider id (providers.ts), for aggregators' games. */
  subProvider: string | null;
  gameType: GameType;
  gridSize: GridSize;
  channels: readonly GameChannel[];
  /** In EUR; catalog.ts converts per currency. */
  betLimitsEur: { min: number; max: number };
  seats: number | null;
  /** A table's count when the catalog is built (the cached lobby bodies'); the count now moves with the clock (seats.ts). */
  seatsTaken: number | null;
  jackpotExist: boolean;
  hasVerticalImage: boolean;
  /** 0..1, higher is more played: the order of most categories. */
  popularity: number;
  /** yyyy-mm-dd: the "new" category's order. */
  releasedOn: string;
  /** The provider's own id of the game (a pragmatic symbol, an evolution table id, ...). */
  providerGameId: string;
}

const CASINO_PROVIDER_WEIGHTS: readonly (readonly [GameProvider, number])[] = [
  ['pragmaticplay', 18],
  ['playngo', 12],
  ['quickspin', 8],
  ['yggdrasil', 9],
  ['relax', 7],
  ['evolution', 6],
  ['novomatic', 8],
  ['pariplay', 15],
  ['softswiss', 17],
];
const LIVE_PROVIDER_WEIGHTS: readonly (readonly [GameProvider, number])[] = [
  ['evolution', 50],
  ['pragmaticplay', 25],
  ['pariplay', 12],
  ['softswiss', 13],
];
/** Aggregators' games by sub-provider (providers.ts SUB_PROVIDERS). */
const SUB_PROVIDER_WEIGHTS: Readonly<Record<LobbyType, Partial<Record<GameProvider, readonly (readonly [string, number])[]>>>> = {
  casino: {
    pariplay: [['thunderkick', 4], ['elk', 3], ['hacksaw', 5], ['northlight', 1]],
    softswiss: [['playtech', 4], ['skywind', 3], ['netent', 5], ['redtiger', 4], ['bluebird', 1]],
  },
  'live-casino': {
    pariplay: [['creedroomz', 1]],
    softswiss: [['playtech', 2], ['skywind', 1]],
  },
};

/**
 * Issue 21 ("Blackjack Riviera 2" opened a roulette table): a game is what its screen plays. Every
 * game is played by one of the demo provider's three games (server/providers/demo-games/games.ts
 * demoKindOf): the slot, the European roulette and the live European roulette table. So the catalog
 * offers slots and roulettes only, named as such (names.ts); a blackjack, baccarat, poker or game
 * show would open a roulette. tests/server/catalog-launch.test.ts checks every game.
 */
const CASINO_TYPE_WEIGHTS: readonly (readonly [GameType, number])[] = [
  ['slot', 88],
  ['roulette', 12],
];
const LIVE_TYPE_WEIGHTS: readonly (readonly [GameType, number])[] = [['roulette', 1]];

/** The day the generated release dates count back from (fixed, so "new" does not move with the clock). */
const CATALOG_EPOCH_MS = Date.UTC(2025, 5, 1);
const DAY_MS = 86_400_000;

function channelsFor(rng: Rng, lobby: LobbyType): GameChannel[] {
  const both = lobby === 'casino' ? 90 : 95;
  const desktopOnly = lobby === 'casino' ? 6 : 3;
  return rng.weighted<GameChannel[]>([
    [['desktop', 'mobile'], both],
    [['desktop'], desktopOnly],
    [['mobile'], 100 - both - desktopOnly],
  ]);
}

function betLimitsFor(rng: Rng, gameType: GameType, lobby: LobbyType, name: string): { min: number; max: number } {
  if (lobby === 'casino') {
    return gameType === 'slot'
      ? { min: rng.pick([0.1, 0.2, 0.25]), max: rng.pick([20, 50, 100, 250]) }
      : { min: rng.pick([0.5, 1]), max: rng.pick([200, 500, 1000]) };
  }
  if (name.startsWith('VIP')) return { min: 50, max: 25_000 };
  // A seated table (names.ts liveTableSeats) takes higher stakes than an open one.
  if (liveTableSeats(name) !== null) return { min: rng.pick([5, 10, 25]), max: rng.pick([2_500, 5_000, 10_000]) };
  return { min: rng.pick([0.1, 0.2, 0.5, 1]), max: rng.pick([2_000, 5_000, 10_000]) };
}

function providerGameIdFor(rng: Rng, provider: GameProvider, slug: string): string {
  const compact = slug.replace(/-/g, '').slice(0, 12);
  switch (provider) {
    case 'pragmaticplay':
      return `vs${String(rng.pick([10, 20, 25, 40, 50]))}${compact}`;
    case 'evolution':
      return Array.from({ length: 16 }, () => 'abcdefghijklmnopqrstuvwxyz0123456789'.charAt(rng.int(0, 35))).join('');
    case 'playngo':
      return String(rng.int(100, 999));
    default:
      return `${provider}_${compact}`;
  }
}

interface NameRegistry {
  names: Set<string>;
  slugs: Set<string>;
}

/** A name not used yet in the lobby (and no real title): a few new draws, then a number. */
function uniqueName(rng: Rng, registry: NameRegistry, draw: () => string): string {
  for (let attempt = 0; attempt < 12; attempt += 1) {
    const name = draw();
    if (!registry.names.has(name.toLowerCase()) && !isRealTitle(name)) return name;
  }
  const base = draw();
  let number = 2;
  while (registry.names.has(`${base} ${String(number)}`.toLowerCase())) number += 1;
  return `${base} ${String(number)}`;
}

function generateGame(options: CatalogOptions, lobby: LobbyType, index: number, registry: NameRegistry): CatalogGame {
  const rng = rngFor(`${options.seed}:${lobby}:${String(index)}`);
  const provider = rng.weighted(lobby === 'casino' ? CASINO_PROVIDER_WEIGHTS : LIVE_PROVIDER_WEIGHTS);
  const subWeights = SUB_PROVIDER_WEIGHTS[lobby][provider];
  const subProvider = subWeights ? rng.weighted(subWeights) : null;
  const gameType = rng.weighted(lobby === 'casino' ? CASINO_TYPE_WEIGHTS : LIVE_TYPE_WEIGHTS);
  const name = uniqueName(rng, registry, () =>
    lobby === 'live-casino' ? liveTableName(rng) : gameType === 'slot' ? slotName(rng) : tableGameName(rng),
  );
  registry.names.add(name.toLowerCase());
  let slug = lobby === 'live-casino' ? `${slugify(name)}-live` : slugify(name);
  for (let number = 2; registry.slugs.has(slug); number += 1) slug = `${slugify(name)}${lobby === 'live-casino' ? '-live' : ''}-${String(number)}`;
  registry.slugs.add(slug);

  const gridSize = rng.weighted<GridSize>(
    lobby === 'casino'
      ? [
          ['1x', 85],
          ['2xh', 6],
          ['2xv', 5],
          ['4x', 4],
        ]
      : [
          ['1x', 85],
          ['2xh', 15],
        ],
  );
  const seats = lobby === 'live-casino' ? liveTableSeats(name) : null;
  return {
    id: lobby === 'casino' ? `cas-${String(index + 1).padStart(5, '0')}` : `live-${String(index + 1).padStart(4, '0')}`,
    lobby,
    index,
    name,
    slug,
    provider,
    subProvider,
    gameType,
    gridSize,
    channels: channelsFor(rng, lobby),
    betLimitsEur: betLimitsFor(rng, gameType, lobby, name),
    seats,
    seatsTaken: seats === null ? null : rng.int(0, seats),
    jackpotExist: gameType === 'slot' && rng.chance(0.09),
    hasVerticalImage: lobby === 'live-casino' || gridSize === '2xv' || gridSize === '4x' || rng.chance(0.25),
    popularity: Math.round(rng.next() ** 2 * 1_000_000) / 1_000_000,
    releasedOn: new Date(CATALOG_EPOCH_MS - rng.int(0, 1_800) * DAY_MS).toISOString().slice(0, 10),
    providerGameId: providerGameIdFor(rng, provider, slug),
  };
}

/** Every game of both lobbies, casino first, each lobby in generation order. */
export function generateGames(options: CatalogOptions): CatalogGame[] {
  const games: CatalogGame[] = [];
  for (const [lobby, count] of [
    ['casino', options.casinoGames],
    ['live-casino', options.liveTables],
  ] as const) {
    const registry: NameRegistry = { names: new Set(), slugs: new Set() };
    for (let index = 0; index < count; index += 1) games.push(generateGame(options, lobby, index, registry));
  }
  return games;
}
