import { queryOptions } from '@tanstack/react-query';
import { accountApi } from './account';

// Query options of the account area's read-only lists (CONVENTIONS.md "Routes"): the player's login
// history, under ['player', ...] like the other answers about the logged-in player, keyed by the
// player so a new login on the same tab never shows the last player's list.

export const accountKeys = {
  player: ['player', 'account'] as const,
  loginHistory: (playerId: number) => [...accountKeys.player, playerId, 'login-history'] as const,
  latestActivity: (playerId: number) => [...accountKeys.player, playerId, 'latest-activity'] as const,
};

/** The latest logins, newest first; asked afresh each time the tab is shown (a login is new data). */
export const loginHistoryQuery = (playerId: number | null) =>
  queryOptions({
    queryKey: accountKeys.loginHistory(playerId ?? 0),
    queryFn: ({ signal }) => accountApi.loginHistory(signal),
    enabled: playerId !== null,
    staleTime: 0,
  });

/** The account's latest activity with its note (product.md §3 "Session"); asked afresh each time the tab is shown. */
export const latestActivityQuery = (playerId: number | null) =>
  queryOptions({
    queryKey: accountKeys.latestActivity(playerId ?? 0),
    queryFn: ({ signal }) => accountApi.latestActivity(signal),
    enabled: playerId !== null,
    staleTime: 0,
  });
