import { useQuery } from '@tanstack/react-query';
import type { CampaignVertical } from '../../../machines/lib/bonuses';
import { BREAKPOINTS_PX } from '../../../machines/lib/constants';
import type { GameChannel, LobbyType } from '../../../machines/lib/games';
import type { LangMarket } from '../../../machines/lib/markets';
import { gameIndexQuery } from '../../api/gameQueries';
import type { GameIndexResponse } from '../../api/games';

// The names of a reward's games (its game limitations, its free-spin games): the lobby's search
// index (src/api/gameQueries.ts gameIndexQuery, id -> label), the same query and cache key as the
// lobby's, so a player who came from the lobby reads it from the cache. The rewards route is lazy:
// this reaches no start-up JavaScript. Until the index is there (or if a game is not in it), a card
// says how many games, never their ids.

/** The lobby whose games a campaign's vertical names (sports and free bets have none). */
export function lobbyOfVertical(vertical: CampaignVertical): LobbyType | null {
  if (vertical === 'LIVE_CASINO') return 'live-casino';
  if (vertical === 'CASINO' || vertical === 'FREE_SPINS') return 'casino';
  return null;
}

/** The lobby's channel as the lobby routes choose it (src/routes/-components/gameRoutes.ts): mobile below the md breakpoint. */
function channelNow(): GameChannel {
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return 'desktop';
  return window.matchMedia(`(min-width: ${String(BREAKPOINTS_PX.md)}px)`).matches ? 'desktop' : 'mobile';
}

/** Every id's name, in the ids' order, or null while the index loads or when one of the ids is not in it. */
export function namesOf(ids: readonly string[], labels: ReadonlyMap<string, string> | undefined): string[] | null {
  if (labels === undefined) return null;
  const names: string[] = [];
  for (const id of ids) {
    const label = labels.get(id);
    if (label === undefined || label === '') return null;
    names.push(label);
  }
  return names;
}

// Module level: one function for every render, so the query computes the map once per index.
function labelsOf(index: GameIndexResponse): ReadonlyMap<string, string> {
  return new Map(index.games.map((game) => [game.id, game.label]));
}

/** The id -> name map of the vertical's lobby (undefined until loaded; no query when no game is asked for). */
export function useGameLabels(langMarket: LangMarket, vertical: CampaignVertical, wanted: boolean): ReadonlyMap<string, string> | undefined {
  const lobby = lobbyOfVertical(vertical);
  const index = useQuery({
    ...gameIndexQuery(langMarket, lobby ?? 'casino', channelNow()),
    enabled: wanted && lobby !== null,
    select: labelsOf,
  });
  return index.data;
}
