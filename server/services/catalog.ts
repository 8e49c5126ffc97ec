import type { Kysely } from 'kysely';
import type {
  Box,
  BoxesResponse,
  CategoryPageResponse,
  Category,
  Game,
  GameIndexResponse,
  JackpotsResponse,
  LobbyResponse,
  TableSeatsResponse,
} from '../../src/api/games';
import { CASINO_CATEGORY_PAGE_SIZE, GAMES_PAGE_SIZE, IMAGE_QUALITY } from '../../machines/lib/constants';
import {
  boxVisible,
  gameAvailability,
  imageUrl,
  restrictedIn,
  type GameAvailability,
  type GameChannel,
  type LobbyType,
  type Viewer,
} from '../../machines/lib/games';
import { MARKETS, type LanguageCode, type MarketCode } from '../../machines/lib/markets';
import { SESSION_ABSOLUTE_LIFETIME_MS } from '../config';
import { boxBanner, gameArtwork, providerLogo } from '../content/catalog/artwork';
import { BOXES, type CatalogBox } from '../content/catalog/boxes';
import { catalogGame, categoriesOf, categoryKey, loadCatalog, type Catalog, type CatalogCategory, type CatalogGame } from '../content/catalog/index';
import { JACKPOT_CURRENCY, jackpotAmountAt } from '../content/catalog/jackpots';
import { textIn } from '../content/catalog/localised';
import { SEATS_BUCKET_MS, seatsBucketOf, seatsTakenAt, seatsTakenInBucket } from '../content/catalog/seats';
import {
  HIDDEN_PROVIDERS_BY_MARKET,
  providerById,
  providerHiddenIn,
  subProviderById,
  subProviderExcludedIn,
  SUB_PROVIDERS,
} from '../content/catalog/providers';
import { boxBannerPath, indexEntry, providersOf, shapeGame, subProvidersOf } from '../content/catalog/shape';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { successfulDepositCount } from '../repositories/player-games';
import { liveSessionPlayers } from '../repositories/sessions';

// The lobbies' content (issue 12; contract src/api/games.ts; product.md §2 "Casino and live
// casino", §3 "Games and lobby"; behaviour.md §5, §6, §7 "Games" and "Content", §9).
//
// The catalog (server/content/catalog/) is built in memory once; a lobby *view* is its games for
// one market filter (behaviour.md §5 hidden providers, the excluded sub-providers of §7), lobby and
// channel, with each category's games in order. Views are kept (a few, least recently used out),
// so a lobby, a category page and the search index are slices of lists already made. Country
// restrictions are not applied here: the app hides or overlays a game with gameAvailability and the
// visitor's country; the answers carry what it needs (subProvider.restrictedCountry,
// providerRestrictedCountry, removeRestrictedCountryOverlay).

export interface CatalogDeps {
  db: Kysely<Database>;
  clock: () => Date;
}

export interface CatalogScope {
  market: MarketCode;
  language: LanguageCode;
}

// ------------------------------------------------------------------------------ views

/** Markets that filter the same providers and sub-providers share their views. */
export function marketFilterKey(market: MarketCode): string {
  const hidden = [...(HIDDEN_PROVIDERS_BY_MARKET[market] ?? [])].sort();
  const excluded = SUB_PROVIDERS.filter((subProvider) => subProvider.excludedIn.includes(market)).map((subProvider) => subProvider.id);
  return `${hidden.join(',')}|${excluded.join(',')}`;
}

/** Is the game offered in this market at all (not hidden by its provider or sub-provider)? */
export function offeredIn(market: MarketCode, game: CatalogGame): boolean {
  return !providerHiddenIn(market, game.provider) && !subProviderExcludedIn(market, game.subProvider);
}

interface LobbyView {
  /** Every game of the lobby in this market and channel, in generation order. */
  games: readonly CatalogGame[];
  categories: readonly { category: CatalogCategory; games: readonly CatalogGame[] }[];
}

const VIEWS_KEPT = 32;
const views = new Map<string, { catalog: Catalog; view: LobbyView }>();

function viewOf(catalog: Catalog, market: MarketCode, lobby: LobbyType, channel: GameChannel): LobbyView {
  const key = `${marketFilterKey(market)}|${lobby}|${channel}`;
  const kept = views.get(key);
  if (kept?.catalog === catalog) {
    // Most recently used last.
    views.delete(key);
    views.set(key, kept);
    return kept.view;
  }
  const fits = (game: CatalogGame) => game.channels.includes(channel) && offeredIn(market, game);
  const view: LobbyView = {
    games: catalog.games.filter((game) => game.lobby === lobby && fits(game)),
    categories: categoriesOf(lobby).map((category) => ({
      category,
      games: (catalog.categoryGames.get(categoryKey(lobby, category.id)) ?? []).filter(fits),
    })),
  };
  views.set(key, { catalog, view });
  if (views.size > VIEWS_KEPT) views.delete(views.keys().next().value ?? '');
  return view;
}

function categoryOf(category: CatalogCategory, language: LanguageCode): Category {
  return {
    id: category.id,
    label: textIn(category.label, language),
    visibleInMenu: category.visibleInMenu,
    visibleInLobby: category.visibleInLobby,
    iconSvg: category.iconSvg,
    grid: category.grid,
    widgetType: category.widgetType,
  };
}

const currencyOf = (market: MarketCode) => MARKETS[market].currency;

// ------------------------------------------------------------------------------ lobby, pages, index

/**
 * GET /content/{m}/{l}/lobbies/{lobby}: every category with its total and its first page only
 * (behaviour.md §9 "Casino category page size: 30 desktop, 15 mobile"), and the lobby's providers.
 */
export function lobbyContent(scope: CatalogScope, lobby: LobbyType, channel: GameChannel, catalog: Catalog = loadCatalog()): LobbyResponse {
  const view = viewOf(catalog, scope.market, lobby, channel);
  const pageSize = CASINO_CATEGORY_PAGE_SIZE[channel];
  const currency = currencyOf(scope.market);
  return {
    lobby,
    categories: view.categories.map(({ category, games }) => ({
      category: categoryOf(category, scope.language),
      total: games.length,
      games: games.slice(0, pageSize).map((game) => shapeGame(game, currency)),
    })),
    providers: providersOf(view.games),
  };
}

/** GET .../categories/{id}?page: one page of a category (behaviour.md §9 "60 desktop, 30 mobile"); 404 for another lobby's or an unknown category. */
export function categoryPage(
  scope: CatalogScope,
  lobby: LobbyType,
  categoryId: string,
  channel: GameChannel,
  page: number,
  catalog: Catalog = loadCatalog(),
): CategoryPageResponse {
  const found = viewOf(catalog, scope.market, lobby, channel).categories.find(({ category }) => category.id === categoryId);
  if (!found) throw new HttpError(404, ERROR_CODES.notFound, `No category "${categoryId}" in the ${lobby} lobby.`);
  const pageSize = GAMES_PAGE_SIZE[channel];
  const currency = currencyOf(scope.market);
  return {
    category: categoryOf(found.category, scope.language),
    total: found.games.length,
    page,
    pageSize,
    games: found.games.slice(page * pageSize, (page + 1) * pageSize).map((game) => shapeGame(game, currency)),
  };
}

/** GET .../lobbies/{lobby}/games: every game of the lobby for search and the provider filter, in the lobby's order. */
export function gameIndex(market: MarketCode, lobby: LobbyType, channel: GameChannel, catalog: Catalog = loadCatalog()): GameIndexResponse {
  const view = viewOf(catalog, market, lobby, channel);
  return {
    lobby,
    games: view.games.map((game) => indexEntry(game, catalog.categoriesOfGame.get(game.id) ?? [])),
    subProviders: subProvidersOf(view.games),
  };
}

/** The cache key of an answer that depends only on the market's filter (the search index). */
export function gameIndexKey(market: MarketCode, lobby: LobbyType, channel: GameChannel): string {
  const { casinoGames, liveTables } = loadCatalog().options;
  return `${String(casinoGames)}:${String(liveTables)}|${marketFilterKey(market)}|${lobby}|${channel}`;
}

/** The cache key of a lobby answer (its labels are the language's, its bet limits the market's currency). */
export function lobbyKey(scope: CatalogScope, lobby: LobbyType, channel: GameChannel): string {
  const { casinoGames, liveTables } = loadCatalog().options;
  return `${String(casinoGames)}:${String(liveTables)}|${marketFilterKey(scope.market)}|${currencyOf(scope.market)}|${scope.language}|${lobby}|${channel}`;
}

// ------------------------------------------------------------------------------ one game

/**
 * A game of the catalog by its id or gameSlug, in any lobby, shaped for the market (bet limits in
 * `currency`, else the market's); undefined when unknown. The launch's game (game detail, ticket,
 * token, every launch call). Issue 21: it is not filtered by a market's hidden providers and
 * excluded sub-providers: those choose what a market's lobby lists (behaviour.md §7 "The casino
 * game query filters on ... excluded sub-providers"), and the lobby the player launched from is
 * the page's market's, not the market of the player's country: a Finnish player on /en-UN was
 * offered a game excluded in FI and its launch answered "This game does not exist". What binds a
 * player is their country's restrictions (451, gameCountryContext) and their market's rules.
 */
export function findGame(
  deps: CatalogDeps,
  input: { market: MarketCode; language: LanguageCode; idOrSlug: string; currency?: string | undefined },
): Promise<Game | undefined> {
  const game = catalogGame(loadCatalog(), input.idOrSlug);
  if (!game) return Promise.resolve(undefined);
  const shaped = shapeGame(game, input.currency ?? currencyOf(input.market));
  // The game detail and the launch are made per request: they carry the table's count now (as
  // GET /tables/seats does), not the catalog's that the cached lobby bodies keep.
  return Promise.resolve(game.seats === null ? shaped : { ...shaped, seatsTaken: seatsTakenAt(game.id, game.seats, deps.clock()) });
}

/** The catalog's own record of a game (the provider's game id, its lobby), by id or gameSlug; any market. */
export function findCatalogGame(idOrSlug: string): CatalogGame | undefined {
  return catalogGame(loadCatalog(), idOrSlug);
}

/** behaviour.md §5 "Provider restrictions by country" for one game and the player's country. */
export function gameCountryContext(game: Game, country: string | null): { country: string | null; restricted: boolean; availability: GameAvailability } {
  return { country, restricted: restrictedIn(game, country), availability: gameAvailability(game, country) };
}

// ------------------------------------------------------------------------------ boxes

/**
 * Who is asking for the boxes (behaviour.md §6): anonymous, or the player of a live session (the
 * bearer token's session neither revoked nor idle) with the count of their successful deposits.
 * A token that is not good, or whose session is over, reads as anonymous: public content never
 * answers 401.
 */
export async function viewerOf(deps: CatalogDeps, session: { sessionId: string; playerId: number } | null, idleLimitMs: number): Promise<Viewer> {
  const anonymous: Viewer = { authorized: false, playerId: null, depositCount: null };
  if (session === null) return anonymous;
  const live = await liveSessionPlayers(deps.db, [session.sessionId], deps.clock(), idleLimitMs, SESSION_ABSOLUTE_LIFETIME_MS);
  if (live.get(session.sessionId) !== session.playerId) return anonymous;
  return { authorized: true, playerId: session.playerId, depositCount: await successfulDepositCount(deps.db, session.playerId) };
}

function boxFor(box: CatalogBox, viewer: Viewer, language: LanguageCode, now: Date): Box {
  const { startDate, endDate } = box.dates(now);
  const action = viewer.authorized ? box.callToAction.authorized : box.callToAction.anonymous;
  return {
    id: box.id,
    kind: box.kind,
    title: textIn(box.title, language),
    subtitles: box.subtitles.map((subtitle) => textIn(subtitle, language)),
    overlay: box.overlay,
    image: imageUrl(boxBannerPath(box.id), 640, IMAGE_QUALITY),
    callToAction: action === null ? null : { label: textIn(action.label, language), path: action.path },
    authorized: box.authorized,
    startDate,
    endDate,
  };
}

/** GET .../boxes?lobby: the content and tournament boxes this viewer may see now (machines/lib/games.ts boxVisible). */
export function boxesFor(deps: CatalogDeps, scope: CatalogScope, lobby: LobbyType | undefined, viewer: Viewer): BoxesResponse {
  const now = deps.clock();
  return {
    boxes: BOXES.filter((box) => lobby === undefined || box.lobbies.includes(lobby))
      .filter((box) => boxVisible({ authorized: box.authorized, targetAudience: box.targetAudience, ...box.dates(now) }, viewer, now))
      .map((box) => boxFor(box, viewer, scope.language, now)),
  };
}

// ------------------------------------------------------------------------------ jackpots

/** GET /jackpots?gameIds: the current value of each asked game that has a jackpot; other ids are left out. */
export function jackpotsOf(deps: CatalogDeps, gameIds: readonly string[]): JackpotsResponse {
  const now = deps.clock();
  const catalog = loadCatalog();
  return {
    jackpots: gameIds.flatMap((id) => {
      const game = catalog.byId.get(id);
      if (!game?.jackpotExist) return [];
      return [{ gameId: game.id, amount: jackpotAmountAt(game.id, now), currency: JACKPOT_CURRENCY, updatedAt: now.toISOString() }];
    }),
  };
}

// ------------------------------------------------------------------------------ seats

/** The tables with seats, per catalog: the same list every bucket. */
const seatedTables = new WeakMap<Catalog, readonly { id: string; seats: number }[]>();
/** The last answer, per catalog: every lobby asks for the same counts during a bucket. */
let lastSeats: { catalog: Catalog; bucket: number; answer: TableSeatsResponse } | null = null;

/**
 * GET /tables/seats: the seats taken at every live table that has seats, now
 * (server/content/catalog/seats.ts: a function of the table and the clock's 30 s bucket).
 */
export function tableSeatsOf(deps: CatalogDeps): TableSeatsResponse {
  const catalog = loadCatalog();
  const bucket = seatsBucketOf(deps.clock());
  if (lastSeats?.catalog === catalog && lastSeats.bucket === bucket) return lastSeats.answer;
  let tables = seatedTables.get(catalog);
  if (!tables) {
    tables = catalog.games.flatMap((game) => (game.lobby === 'live-casino' && game.seats !== null ? [{ id: game.id, seats: game.seats }] : []));
    seatedTables.set(catalog, tables);
  }
  const answer: TableSeatsResponse = {
    tables: tables.map((table) => ({ gameId: table.id, seats: table.seats, seatsTaken: seatsTakenInBucket(table.id, table.seats, bucket) })),
    updatedAt: new Date(bucket * SEATS_BUCKET_MS).toISOString(),
  };
  lastSeats = { catalog, bucket, answer };
  return answer;
}

// ------------------------------------------------------------------------------ artwork

/** The SVG of a game's tile or vertical image; undefined for an unknown game (or one without a vertical image). */
export function gameArtworkSvg(gameId: string, variant: 'tile' | 'vertical'): string | undefined {
  const game = loadCatalog().byId.get(gameId);
  if (!game || (variant === 'vertical' && !game.hasVerticalImage)) return undefined;
  const providerTitle = (game.subProvider === null ? undefined : subProviderById(game.subProvider)?.title) ?? providerById(game.provider)?.title ?? game.provider;
  return gameArtwork({ id: game.id, name: game.name, providerTitle, gridSize: game.gridSize }, variant);
}

/** A provider's or sub-provider's wordmark; undefined when unknown or an exclusion sub-provider (no image). */
export function providerLogoSvg(id: string): string | undefined {
  const provider = providerById(id);
  if (provider) return providerLogo(provider.title, provider.colour);
  const subProvider = subProviderById(id);
  return subProvider && !subProvider.exclusion ? providerLogo(subProvider.title, subProvider.colour) : undefined;
}

export function boxBannerSvg(id: string): string | undefined {
  return BOXES.some((box) => box.id === id) ? boxBanner(id) : undefined;
}
