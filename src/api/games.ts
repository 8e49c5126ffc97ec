import * as v from 'valibot';
import { CONTENT_GET_MAX_URL_CHARS, DEFAULT_SITE_ID, RECENT_GAMES_LIMIT } from '../../machines/lib/constants';
import { FIELD_CODES } from '../../machines/lib/errorCodes';
import type { LangMarket } from '../../machines/lib/markets';
import {
  BOX_AUDIENCES,
  GAME_CHANNELS,
  GAME_PROVIDERS,
  GAME_TYPES,
  GRID_SIZES,
  LOBBY_PAGE_TYPES,
  LOBBY_TYPES,
  VOLATILITIES,
  type GameChannel,
  type LobbyPageType,
  type LobbyType,
} from '../../machines/lib/games';
import { request } from './client';

// The games contract (issue 12; product.md §2 "Casino and live casino", §3 "Games and lobby";
// behaviour.md §7 "Games" and "Content"). The platform parses every request with the request
// schemas below and answers these response shapes; the app parses every answer with them.
//
// Content (public, per market and language; the lobby screens):
//   GET /content/{m}/{l}/lobbies/{lobby}?channel                 -> LobbyResponse (categories with their first page)
//   GET /content/{m}/{l}/lobbies/{lobby}/categories/{id}?channel&page -> CategoryPageResponse (60 desktop / 30 mobile)
//   GET /content/{m}/{l}/lobbies/{lobby}/games?channel           -> GameIndexResponse (every game of the lobby, for search and filters)
//   GET /content/{m}/{l}/boxes?lobby                             -> BoxesResponse (content and tournament boxes for the caller:
//                                                                   the bearer token, when sent, decides the audience)
//   GET /jackpots?gameIds=a,b&siteId                             -> JackpotsResponse
//   GET /tables/seats                                            -> TableSeatsResponse (seats taken at every live table now)
// The player's (id token required):
//   GET    /player/favorites                                     -> FavoritesResponse
//   POST   /player/favorites   { gameId, lobbyPageType }         -> FavoritesResponse
//   DELETE /player/favorites   { gameId, lobbyPageType }         -> FavoritesResponse
//   GET    /player/recent-games?category&limit                   -> RecentGamesResponse (limit default 30)
//   POST   /player/recent-games { category, gameId }             -> RecentGamesResponse
// Launch (behaviour.md §7 "Games"; the game launch machine, machines/gameLaunch.machine.ts):
//   POST /game/detail (id token) and /game/detail/demo (anonymous) GameDetailRequest -> { data: { gameDetail } }
//   POST /game/ticket (id token) and /game/ticket/demo  { gameId, channel, partner, jurisdiction } -> { ticket }
//   POST /game/token (id token)                          { gameId, channel, partner, jurisdiction } -> { token }
//   POST /game/launch (id token unless isDemo)           CasinoLaunchRequest -> { data: { gameURL } }
//   and the per-provider launch calls of behaviour.md §7 (src/api/gameLaunch.ts).
//
// Error codes: 400 error.validation | 404 error.not_found (unknown lobby, category or game) |
// 400 error.market.unknown / error.language.unknown | 401 error.token.expired ("Token expired":
// the game token is missing, expired or for another game) | 451 error.game.restricted (the game is
// restricted in the player's country) | 409 error.game.demo_unavailable (live casino has no demo) |
// 409 error.game.access_restricted (the player may not play this vertical now). Never 403 to the
// player's own calls: a 403 logs the player out (src/api/client.ts).

const nonEmpty = v.pipe(v.string(), v.minLength(1), v.maxLength(200));
const countryList = v.array(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)));
/** A lobby (casino or live casino): the one a game is of, and the one an answer is for. */
const lobbyType = v.picklist(LOBBY_TYPES);

export const subProviderSchema = v.object({
  _id: nonEmpty,
  title: v.string(),
  restrictedCountry: countryList,
  removeRestrictedCountryOverlay: v.boolean(),
});
export type SubProvider = v.InferOutput<typeof subProviderSchema>;

/** product.md §3 "Game (shaped)", with the info panel's RTP and volatility (issue 12). */
export const gameSchema = v.object({
  id: nonEmpty,
  type: lobbyType,
  label: v.string(),
  gameProvider: v.picklist(GAME_PROVIDERS),
  subProvider: v.nullable(subProviderSchema),
  /** Artwork at 1x, 2x and 3x (product.md §3 thumbnail.img3x ...). */
  thumbnail: v.object({ img1x: v.string(), img2x: v.string(), img3x: v.string() }),
  gridSize: v.picklist(GRID_SIZES),
  gameType: v.picklist(GAME_TYPES),
  /** Default empty list (product.md §3). Amounts in major units of `currency`. */
  betLimits: v.array(v.object({ min: v.number(), max: v.number(), currency: v.string() })),
  /** Tables only. */
  seats: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  seatsTaken: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  jackpotExist: v.boolean(),
  verticalImage: v.nullable(v.string()),
  gameSlug: nonEmpty,
  channels: v.array(v.picklist(GAME_CHANNELS)),
  providerRestrictedCountry: countryList,
  /** Return to player, percent (e.g. 96.2). */
  rtp: v.number(),
  volatility: v.picklist(VOLATILITIES),
});
export type Game = v.InferOutput<typeof gameSchema>;

const gridSchema = v.object({ columns: v.pipe(v.number(), v.integer(), v.minValue(1)), rows: v.pipe(v.number(), v.integer(), v.minValue(1)) });

/** product.md §3 "Category" (with its widget type). */
export const categorySchema = v.object({
  id: nonEmpty,
  label: v.string(),
  visibleInMenu: v.boolean(),
  visibleInLobby: v.boolean(),
  /** Trusted SVG markup from the content service's own seed (sanitised by the app before use). */
  iconSvg: v.string(),
  grid: v.object({ desktop: gridSchema, tablet: gridSchema, mobile: gridSchema }),
  widgetType: v.picklist(['grid', 'row', 'jackpot', 'live']),
});
export type Category = v.InferOutput<typeof categorySchema>;

/** product.md §3 "Provider" (type provider) and its sub-providers (type subprovider). */
export const providerSchema = v.object({
  _id: nonEmpty,
  id: v.string(),
  title: v.string(),
  isAggregators: v.boolean(),
  /** Empty for exclusion sub-providers (product.md §3: they have no image). */
  providerImgUrl: v.string(),
  type: v.picklist(['provider', 'subprovider']),
});
export type Provider = v.InferOutput<typeof providerSchema>;

export const lobbyCategorySchema = v.object({
  category: categorySchema,
  /** Games in the category for this channel and market. */
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  /** The first page (30 desktop / 15 mobile, behaviour.md §9). */
  games: v.array(gameSchema),
});
export type LobbyCategory = v.InferOutput<typeof lobbyCategorySchema>;

export const lobbyResponseSchema = v.object({
  lobby: lobbyType,
  categories: v.array(lobbyCategorySchema),
  providers: v.array(providerSchema),
});
export type LobbyResponse = v.InferOutput<typeof lobbyResponseSchema>;

export const categoryPageResponseSchema = v.object({
  category: categorySchema,
  total: v.pipe(v.number(), v.integer(), v.minValue(0)),
  page: v.pipe(v.number(), v.integer(), v.minValue(0)),
  pageSize: v.pipe(v.number(), v.integer(), v.minValue(1)),
  games: v.array(gameSchema),
});
export type CategoryPageResponse = v.InferOutput<typeof categoryPageResponseSchema>;

/** One game of the search index: what a tile, the search and the filters need. */
export const gameIndexEntrySchema = v.object({
  id: nonEmpty,
  label: v.string(),
  gameProvider: v.picklist(GAME_PROVIDERS),
  subProviderId: v.nullable(v.string()),
  providerRestrictedCountry: countryList,
  /** Category ids the game is in. */
  categories: v.array(v.string()),
  thumbnail: v.string(),
  gridSize: v.picklist(GRID_SIZES),
  jackpotExist: v.boolean(),
  gameSlug: v.string(),
});
export type GameIndexEntry = v.InferOutput<typeof gameIndexEntrySchema>;

export const gameIndexResponseSchema = v.object({
  lobby: lobbyType,
  games: v.array(gameIndexEntrySchema),
  subProviders: v.array(subProviderSchema),
});
export type GameIndexResponse = v.InferOutput<typeof gameIndexResponseSchema>;

export const boxSchema = v.object({
  id: nonEmpty,
  kind: v.picklist(['content', 'tournament']),
  title: v.string(),
  subtitles: v.array(v.string()),
  overlay: v.object({ colour: v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/)), opacity: v.pipe(v.number(), v.minValue(0), v.maxValue(1)) }),
  image: v.string(),
  /** The call to action differs for anonymous and logged-in viewers (behaviour.md §6); the platform sends the viewer's. */
  callToAction: v.nullable(v.object({ label: v.string(), path: v.string() })),
  authorized: v.picklist(BOX_AUDIENCES),
  startDate: v.nullable(v.string()),
  endDate: v.nullable(v.string()),
});
export type Box = v.InferOutput<typeof boxSchema>;
export const boxesResponseSchema = v.object({ boxes: v.array(boxSchema) });
export type BoxesResponse = v.InferOutput<typeof boxesResponseSchema>;

export const jackpotsResponseSchema = v.object({
  jackpots: v.array(v.object({ gameId: v.string(), amount: v.string(), currency: v.string(), updatedAt: v.string() })),
});
export type JackpotsResponse = v.InferOutput<typeof jackpotsResponseSchema>;

/**
 * Seats taken at the live tables that have seats, now (issue 12): the count moves with the clock,
 * so it comes apart from the lobby bodies (made once, answered with an ETag) and is asked again as
 * often as the jackpots. `updatedAt` is when the counts began to hold.
 */
export const tableSeatsResponseSchema = v.object({
  tables: v.array(
    v.object({ gameId: v.string(), seats: v.pipe(v.number(), v.integer(), v.minValue(1)), seatsTaken: v.pipe(v.number(), v.integer(), v.minValue(0)) }),
  ),
  updatedAt: v.string(),
});
export type TableSeatsResponse = v.InferOutput<typeof tableSeatsResponseSchema>;

export const favoriteRequestSchema = v.object({ gameId: nonEmpty, lobbyPageType: v.picklist(LOBBY_PAGE_TYPES) });
export type FavoriteRequest = v.InferOutput<typeof favoriteRequestSchema>;
export const favoritesResponseSchema = v.object({
  favorites: v.array(v.object({ gameId: v.string(), lobbyPageType: v.picklist(LOBBY_PAGE_TYPES), addedAt: v.string() })),
});
export type FavoritesResponse = v.InferOutput<typeof favoritesResponseSchema>;

export const recentGameRequestSchema = v.object({ category: v.picklist(LOBBY_PAGE_TYPES), gameId: nonEmpty });
export type RecentGameRequest = v.InferOutput<typeof recentGameRequestSchema>;
export const recentGamesResponseSchema = v.object({
  games: v.array(v.object({ gameId: v.string(), category: v.picklist(LOBBY_PAGE_TYPES), playedAt: v.string() })),
});
export type RecentGamesResponse = v.InferOutput<typeof recentGamesResponseSchema>;

/** behaviour.md §7 "Game detail: POST ... countryCode, currency, language, slug, platform, ip, locale, playerCountryCode, enabled". */
export const gameDetailRequestSchema = v.object({
  countryCode: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  language: v.pipe(v.string(), v.minLength(2), v.maxLength(4)),
  /** The game's gameSlug, or its id (the launch routes carry the id). */
  slug: nonEmpty,
  platform: v.picklist(GAME_CHANNELS),
  ip: v.string(),
  locale: v.string(),
  playerCountryCode: v.nullable(v.pipe(v.string(), v.regex(/^[A-Z]{2}$/))),
  enabled: v.boolean(),
});
export type GameDetailRequest = v.InferOutput<typeof gameDetailRequestSchema>;

/**
 * The game detail body for a game (its id or slug) as the app asks for it: the launch language as
 * the locale, the viewer's country as both countries; the address is the platform's to read from
 * the request (the page cannot know it).
 */
export function gameDetailRequest(game: { slug: string; channel: GameChannel; language: string; currency: string; country: string | null }): GameDetailRequest {
  return {
    countryCode: game.country,
    currency: game.currency,
    language: game.language,
    slug: game.slug,
    platform: game.channel,
    ip: '',
    locale: game.language,
    playerCountryCode: game.country,
    enabled: true,
  };
}

export const gameDetailSchema = v.object({
  ...gameSchema.entries,
  /** The provider's own id of the game (pragmatic symbol, evolution table id, ...). */
  providerGameId: v.string(),
  /** Demo (fun money) exists for this game: never for live casino (behaviour.md §5). */
  demoAvailable: v.boolean(),
  /** The provider's origin: messages from the game frame are accepted from it only. */
  providerOrigin: v.string(),
});
export type GameDetail = v.InferOutput<typeof gameDetailSchema>;

/** behaviour.md §8: "Unknown error", or "No game data returned" when data is empty. */
export const gameDetailResponseSchema = v.object({ data: v.nullable(v.object({ gameDetail: v.nullable(gameDetailSchema) })) });

/** behaviour.md §7 game-ticket and game-token body (partner 653, behaviour.md §9). */
export const gameTicketRequestSchema = v.object({
  gameId: nonEmpty,
  channel: v.picklist(GAME_CHANNELS),
  partner: v.pipe(v.number(), v.integer()),
  jurisdiction: v.pipe(v.string(), v.regex(/^[A-Z]{2}$/)),
});
export type GameTicketRequest = v.InferOutput<typeof gameTicketRequestSchema>;
export const gameTicketResponseSchema = v.object({ ticket: v.string() });
export const gameTokenResponseSchema = v.object({ token: v.string() });

/** behaviour.md §7 "Casino game launch request". */
export const casinoLaunchRequestSchema = v.object({
  isDemo: v.boolean(),
  gameId: nonEmpty,
  languageCode: v.pipe(v.string(), v.minLength(2), v.maxLength(4)),
  currencyCode: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
  channel: v.picklist(GAME_CHANNELS),
  lobbyUrl: v.pipe(v.string(), v.maxLength(500)),
});
export type CasinoLaunchRequest = v.InferOutput<typeof casinoLaunchRequestSchema>;
export const casinoLaunchResponseSchema = v.object({ data: v.object({ gameURL: v.string() }) });

// ------------------------------------------------------------------------------ query strings
// What the platform accepts in the query of each GET above (the app's calls below send these).

const channelQuery = v.optional(v.picklist(GAME_CHANNELS, FIELD_CODES.invalid), 'desktop');

/** GET .../lobbies/{lobby}?channel and .../lobbies/{lobby}/games?channel (desktop when absent). */
export const lobbyQuerySchema = v.object({ channel: channelQuery });

/** GET .../lobbies/{lobby}/categories/{id}?channel&page: pages count from 0. */
export const categoryPageQuerySchema = v.object({
  channel: channelQuery,
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,5}$/, FIELD_CODES.invalid), v.transform(Number)), '0'),
});

/** GET .../boxes?lobby: the boxes of one lobby, or of both when absent. */
export const boxesQuerySchema = v.object({ lobby: v.optional(v.picklist(LOBBY_TYPES, FIELD_CODES.invalid)) });

/** The most game ids one jackpot call may ask about. */
export const JACKPOT_IDS_MAX = 200;

/** GET /jackpots?gameIds=a,b&siteId (behaviour.md §7 "Jackpot amount: GET with gameIds (comma-separated) and siteId"). */
export const jackpotsQuerySchema = v.object({
  gameIds: v.pipe(
    v.string(),
    v.maxLength(CONTENT_GET_MAX_URL_CHARS, FIELD_CODES.tooLong),
    v.transform((text) => [...new Set(text.split(',').map((id) => id.trim()).filter((id) => id !== ''))]),
    v.array(v.pipe(v.string(), v.maxLength(200, FIELD_CODES.tooLong))),
    v.minLength(1, FIELD_CODES.required),
    v.maxLength(JACKPOT_IDS_MAX, FIELD_CODES.tooLong),
  ),
  siteId: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/, FIELD_CODES.invalid), v.transform(Number)), String(DEFAULT_SITE_ID)),
});

/** GET /player/recent-games?category&limit (behaviour.md §7, §9: limit default and at most 30; both lobbies when no category). */
export const recentGamesQuerySchema = v.object({
  category: v.optional(v.picklist(LOBBY_PAGE_TYPES, FIELD_CODES.invalid)),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^\d{1,3}$/, FIELD_CODES.invalid), v.transform(Number), v.integer(), v.minValue(1, FIELD_CODES.invalid), v.maxValue(RECENT_GAMES_LIMIT, FIELD_CODES.invalid)),
    String(RECENT_GAMES_LIMIT),
  ),
});

const scope = ({ market, language }: LangMarket) => `/content/${market}/${language}`;
const PLAYER = '/player';

export const gamesApi = {
  lobby: (lm: LangMarket, lobby: LobbyType, channel: GameChannel, signal?: AbortSignal) =>
    request(`${scope(lm)}/lobbies/${lobby}?channel=${channel}`, lobbyResponseSchema, { signal }),
  categoryPage: (lm: LangMarket, lobby: LobbyType, categoryId: string, channel: GameChannel, page: number, signal?: AbortSignal) =>
    request(`${scope(lm)}/lobbies/${lobby}/categories/${encodeURIComponent(categoryId)}?channel=${channel}&page=${String(page)}`, categoryPageResponseSchema, {
      signal,
    }),
  gameIndex: (lm: LangMarket, lobby: LobbyType, channel: GameChannel, signal?: AbortSignal) =>
    request(`${scope(lm)}/lobbies/${lobby}/games?channel=${channel}`, gameIndexResponseSchema, { signal }),
  boxes: (lm: LangMarket, lobby: LobbyType, authorized: boolean, signal?: AbortSignal) =>
    request(`${scope(lm)}/boxes?lobby=${lobby}`, boxesResponseSchema, { signal, auth: authorized }),
  jackpots: (gameIds: readonly string[], siteId: number, signal?: AbortSignal) =>
    request(`/jackpots?gameIds=${gameIds.map(encodeURIComponent).join(',')}&siteId=${String(siteId)}`, jackpotsResponseSchema, { signal }),
  tableSeats: (signal?: AbortSignal) => request('/tables/seats', tableSeatsResponseSchema, { signal }),
  favorites: (signal?: AbortSignal) => request(`${PLAYER}/favorites`, favoritesResponseSchema, { auth: true, signal }),
  addFavorite: (body: FavoriteRequest, signal?: AbortSignal) =>
    request(`${PLAYER}/favorites`, favoritesResponseSchema, { method: 'POST', body, auth: true, signal }),
  removeFavorite: (body: FavoriteRequest, signal?: AbortSignal) =>
    request(`${PLAYER}/favorites`, favoritesResponseSchema, { method: 'DELETE', body, auth: true, signal }),
  recentGames: (category: LobbyPageType, limit: number, signal?: AbortSignal) =>
    request(`${PLAYER}/recent-games?category=${category}&limit=${String(limit)}`, recentGamesResponseSchema, { auth: true, signal }),
  addRecentGame: (body: RecentGameRequest, signal?: AbortSignal) =>
    request(`${PLAYER}/recent-games`, recentGamesResponseSchema, { method: 'POST', body, auth: true, signal }),
  gameDetail: (body: GameDetailRequest, demo: boolean, signal?: AbortSignal) =>
    request(demo ? '/game/detail/demo' : '/game/detail', gameDetailResponseSchema, { method: 'POST', body, auth: !demo, signal }),
  gameTicket: (body: GameTicketRequest, demo: boolean, signal?: AbortSignal) =>
    request(demo ? '/game/ticket/demo' : '/game/ticket', gameTicketResponseSchema, { method: 'POST', body, auth: !demo, signal }),
  gameToken: (body: GameTicketRequest, signal?: AbortSignal) => request('/game/token', gameTokenResponseSchema, { method: 'POST', body, auth: true, signal }),
  casinoLaunch: (body: CasinoLaunchRequest, signal?: AbortSignal) =>
    request('/game/launch', casinoLaunchResponseSchema, { method: 'POST', body, auth: !body.isDemo, signal }),
};
