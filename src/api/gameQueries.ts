import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import { DEFAULT_SITE_ID, RECENT_GAMES_LIMIT, TABLE_SEATS_REFRESH_MS } from '../../machines/lib/constants';
import type { GameChannel, LobbyPageType, LobbyType } from '../../machines/lib/games';
import type { LangMarket } from '../../machines/lib/markets';
import { gamesApi } from './games';
import { contentKeys } from './queries';

// Query options of the lobbies (issue 12; CONVENTIONS.md "Routes"): content keys under
// ['content', market, language] (src/api/queries.ts), the player's lists under ['player', ...] so a
// logout can drop them together.

export const gameKeys = {
  lobby: (lm: LangMarket, lobby: LobbyType, channel: GameChannel) => [...contentKeys.scope(lm), 'lobby', lobby, channel] as const,
  category: (lm: LangMarket, lobby: LobbyType, categoryId: string, channel: GameChannel) =>
    [...contentKeys.scope(lm), 'lobby', lobby, channel, 'category', categoryId] as const,
  index: (lm: LangMarket, lobby: LobbyType, channel: GameChannel) => [...contentKeys.scope(lm), 'lobby', lobby, channel, 'index'] as const,
  boxes: (lm: LangMarket, lobby: LobbyType, authorized: boolean) => [...contentKeys.scope(lm), 'boxes', lobby, authorized] as const,
  jackpots: (gameIds: readonly string[]) => ['jackpots', ...gameIds] as const,
  tableSeats: () => ['tables', 'seats'] as const,
  player: ['player', 'games'] as const,
  favorites: () => [...gameKeys.player, 'favorites'] as const,
  recent: (category: LobbyPageType) => [...gameKeys.player, 'recent', category] as const,
};

export const lobbyQuery = (lm: LangMarket, lobby: LobbyType, channel: GameChannel) =>
  queryOptions({ queryKey: gameKeys.lobby(lm, lobby, channel), queryFn: ({ signal }) => gamesApi.lobby(lm, lobby, channel, signal) });

/** A category's pages (60 desktop / 30 mobile, behaviour.md §9), the next while the last was full. */
export const categoryPagesQuery = (lm: LangMarket, lobby: LobbyType, categoryId: string, channel: GameChannel) =>
  infiniteQueryOptions({
    queryKey: gameKeys.category(lm, lobby, categoryId, channel),
    queryFn: ({ pageParam, signal }) => gamesApi.categoryPage(lm, lobby, categoryId, channel, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last) => ((last.page + 1) * last.pageSize < last.total ? last.page + 1 : undefined),
    // Pages never change once loaded: comparing thousands of games with the last answer on every
    // new page would be a long task for nothing.
    structuralSharing: false,
  });

export const gameIndexQuery = (lm: LangMarket, lobby: LobbyType, channel: GameChannel) =>
  queryOptions({ queryKey: gameKeys.index(lm, lobby, channel), queryFn: ({ signal }) => gamesApi.gameIndex(lm, lobby, channel, signal) });

export const boxesQuery = (lm: LangMarket, lobby: LobbyType, authorized: boolean) =>
  queryOptions({ queryKey: gameKeys.boxes(lm, lobby, authorized), queryFn: ({ signal }) => gamesApi.boxes(lm, lobby, authorized, signal) });

/** Jackpot values move: asked again every JACKPOT_REFRESH_MS while shown. */
export const JACKPOT_REFRESH_MS = 30_000;

export const jackpotsQuery = (gameIds: readonly string[]) =>
  queryOptions({
    queryKey: gameKeys.jackpots(gameIds),
    queryFn: ({ signal }) => gamesApi.jackpots(gameIds, DEFAULT_SITE_ID, signal),
    refetchInterval: JACKPOT_REFRESH_MS,
    enabled: gameIds.length > 0,
    // While the next tiles' amounts come, the last ones stay (scrolling asks for other games).
    placeholderData: keepPreviousData,
  });

/** Every live table's count in one small answer, asked again as often as the platform's count holds (TABLE_SEATS_REFRESH_MS): each tile and the info panel read their own with `select`. */
export const tableSeatsQuery = () =>
  queryOptions({
    queryKey: gameKeys.tableSeats(),
    queryFn: ({ signal }) => gamesApi.tableSeats(signal),
    refetchInterval: TABLE_SEATS_REFRESH_MS,
    staleTime: TABLE_SEATS_REFRESH_MS,
  });

export const favoritesQuery = (authorized: boolean) =>
  queryOptions({ queryKey: gameKeys.favorites(), queryFn: ({ signal }) => gamesApi.favorites(signal), enabled: authorized });

export const recentGamesQuery = (category: LobbyPageType, authorized: boolean) =>
  queryOptions({
    queryKey: gameKeys.recent(category),
    queryFn: ({ signal }) => gamesApi.recentGames(category, RECENT_GAMES_LIMIT, signal),
    enabled: authorized,
  });
