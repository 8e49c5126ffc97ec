import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import { LOBBY_PAGE_TYPE_OF, type LobbyType } from '../../../machines/lib/games';
import { isAuthorized } from '../../../machines/session.guards';
import type { sessionMachine } from '../../../machines/session.machine';
import { gamesApi, type FavoritesResponse, type TableSeatsResponse } from '../../api/games';
import { favoritesQuery, gameKeys, jackpotsQuery, tableSeatsQuery } from '../../api/gameQueries';
import { moneyFormat, type MoneyFormat } from '../../ui/money';
import type { TileGame } from './tiles';

// The lobby's shared state from the session and the player's lists: who is looking (their country
// for the restrictions, logged in or not), the favourites with their toggle, jackpot amounts and
// the seats taken at live tables.

export type SessionRef = ActorRefFrom<typeof sessionMachine>;

export interface Viewer {
  authorized: boolean;
  /** The player's country, else the visitor's as the access check saw it (null: unknown). */
  country: string | null;
}

export function useViewer(session: SessionRef): Viewer {
  const authorized = useSelector(session, isAuthorized);
  const profileCountry = useSelector(session, (snapshot) => snapshot.context.profile?.countryCode ?? snapshot.context.claims?.countryCode ?? null);
  const accessCheck = useSelector(session, (snapshot) => snapshot.context.accessCheckRef);
  const visitorCountry = useSelector(accessCheck, (snapshot) => snapshot.context.countryCode);
  return { authorized, country: profileCountry ?? visitorCountry };
}

export interface Favorites {
  /** Null for a visitor (no favourites). */
  has: ((gameId: string) => boolean) | null;
  ids: readonly string[];
  toggle: (game: TileGame) => void;
}

/** The favourites (behaviour.md §7: GET; POST and DELETE with gameId and lobbyPageType), toggled optimistically. */
export function useFavorites(authorized: boolean, lobby: LobbyType): Favorites {
  const queryClient = useQueryClient();
  const { data } = useQuery(favoritesQuery(authorized));
  const lobbyPageType = LOBBY_PAGE_TYPE_OF[lobby];
  const ids = useMemo(() => (data?.favorites ?? []).filter((entry) => entry.lobbyPageType === lobbyPageType).map((entry) => entry.gameId), [data, lobbyPageType]);
  const set = useMemo(() => new Set(ids), [ids]);
  const mutation = useMutation({
    mutationFn: ({ gameId, add }: { gameId: string; add: boolean }) =>
      add ? gamesApi.addFavorite({ gameId, lobbyPageType }) : gamesApi.removeFavorite({ gameId, lobbyPageType }),
    onMutate: async ({ gameId, add }) => {
      await queryClient.cancelQueries({ queryKey: gameKeys.favorites() });
      const before = queryClient.getQueryData<FavoritesResponse>(gameKeys.favorites());
      const others = (before?.favorites ?? []).filter((entry) => !(entry.gameId === gameId && entry.lobbyPageType === lobbyPageType));
      queryClient.setQueryData<FavoritesResponse>(gameKeys.favorites(), {
        favorites: add ? [{ gameId, lobbyPageType, addedAt: new Date().toISOString() }, ...others] : others,
      });
      return { before };
    },
    onError: (_error, _variables, saved) => {
      if (saved?.before) queryClient.setQueryData(gameKeys.favorites(), saved.before);
    },
    onSuccess: (answer) => queryClient.setQueryData(gameKeys.favorites(), answer),
  });
  const { mutate } = mutation;
  const toggle = useCallback((game: TileGame) => mutate({ gameId: game.id, add: !set.has(game.id) }), [mutate, set]);
  return useMemo(() => ({ has: authorized ? (gameId: string) => set.has(gameId) : null, ids, toggle }), [authorized, set, ids, toggle]);
}

/** The ids the jackpots of these games are asked by, in the query's order (one query for the same games, whoever asks). */
export function jackpotIdsOf(games: readonly TileGame[]): string[] {
  return [...new Set(games.filter((game) => game.jackpotExist).map((game) => game.id))].sort();
}

/** Jackpot amounts of these games, formatted in the route's locale (refreshed every 30 s). */
export function useJackpots(games: readonly TileGame[], langMarket: LangMarket): (gameId: string) => string | null {
  const ids = useMemo(() => jackpotIdsOf(games), [games]);
  const { data } = useQuery(jackpotsQuery(ids));
  const locale = intlLocaleFor(langMarket);
  return useMemo(() => {
    // One format per currency, not one per jackpot: a format is five Intl.NumberFormat, ~1 ms each on
    // a phone, and a lobby has dozens of jackpots (issue 22: a 40-70 ms task when they came).
    const formats = new Map<string, MoneyFormat>();
    const formatOf = (currency: string) => {
      const known = formats.get(currency);
      if (known) return known;
      const format = moneyFormat(locale, currency);
      formats.set(currency, format);
      return format;
    };
    const amounts = new Map((data?.jackpots ?? []).map((jackpot) => [jackpot.gameId, formatOf(jackpot.currency).wire(jackpot.amount)]));
    return (gameId: string) => amounts.get(gameId) ?? null;
  }, [data, locale]);
}

export interface TableSeats {
  seats: number;
  seatsTaken: number;
}

/**
 * The seats taken at a live table now (GET /tables/seats, refreshed every 30 s); null while unknown
 * or for a game without seats. One query for every table: a tile re-renders only when its own count
 * changes (`select` picks it out, and an equal pick keeps the last result).
 */
export function useTableSeats(gameId: string, enabled = true): TableSeats | null {
  const select = useCallback(
    (data: TableSeatsResponse): TableSeats | null => {
      const table = data.tables.find((entry) => entry.gameId === gameId);
      return table ? { seats: table.seats, seatsTaken: table.seatsTaken } : null;
    },
    [gameId],
  );
  const { data } = useQuery({ ...tableSeatsQuery(), enabled, select });
  return data ?? null;
}

/** True from the first render where `open` is true on: a lazily loaded dialog stays mounted once it has been opened. */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return open || opened;
}
