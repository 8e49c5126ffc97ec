import { queryOptions } from '@tanstack/react-query';
import type { MarketCode } from '../../machines/lib/markets';
import type { LimitKind } from '../../machines/lib/responsibleGambling';
import { responsibleGamblingApi } from './responsibleGambling';

// Query options of the compliance layer (issue 13 "The compliance layer, per market"; CONVENTIONS.md
// "Routes"). A market's rules are public and per market; the player's answers live under
// ['player', ...] like the games' lists (src/api/gameQueries.ts). The activity summary is keyed by
// the login (player id and the token's issue time): a new login never shows the last one's clock or
// net position, even for a moment.

export const rgKeys = {
  marketRules: (market: MarketCode) => ['markets', market, 'responsible-gambling'] as const,
  player: ['player', 'responsible-gambling'] as const,
  activitySummary: (login: RgLogin) => [...rgKeys.player, login.playerId, login.iat, 'activity-summary'] as const,
  limits: (playerId: number, kind: LimitKind) => [...rgKeys.player, playerId, 'limits', kind] as const,
};

/** Which login a summary belongs to: the id token's player_id and iat (product.md §3 "Session"). */
export interface RgLogin {
  playerId: number;
  iat: number;
}

/** The market's compliance switches (GET /markets/{market}/responsible-gambling; the first paint carries the route market's). */
export const marketRulesQuery = (market: MarketCode) =>
  queryOptions({ queryKey: rgKeys.marketRules(market), queryFn: ({ signal }) => responsibleGamblingApi.marketRules(market, signal) });

/**
 * This login's activity summary: sessionStartedAt and delta (the UK session bar, UKGC RTS 13C) and
 * the limit warnings (issue 13: 80 %). Asked again when the wallet's balance moves (a bet, a win, a
 * deposit): the screens invalidate it then, so it needs no timer of its own.
 */
export const activitySummaryQuery = (login: RgLogin | null) =>
  queryOptions({
    queryKey: rgKeys.activitySummary(login ?? { playerId: 0, iat: 0 }),
    queryFn: ({ signal }) => responsibleGamblingApi.activitySummary(signal),
    enabled: login !== null,
  });

/**
 * The player's limits of one kind. Always asked afresh when a screen needs them (staleTime 0): the
 * gambling-limits page changes them through its own flow, not through this cache.
 */
export const limitsQuery = (playerId: number | null, kind: LimitKind) =>
  queryOptions({
    queryKey: rgKeys.limits(playerId ?? 0, kind),
    queryFn: ({ signal }) => responsibleGamblingApi.limits(kind, signal),
    enabled: playerId !== null,
    staleTime: 0,
  });
