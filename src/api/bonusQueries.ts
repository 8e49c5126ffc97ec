import { queryOptions } from '@tanstack/react-query';
import { bonusesApi } from './bonuses';

// Query options of the player's bonuses read outside the rewards flow (issue 24): the account
// navigation's badge, the count of the ACTIVE list (product.md §2 "bonus tabs: rewards, active").
// Under ['player', ...] like the other answers about the logged-in player, keyed by the player so a
// new login on the same tab never shows the last player's count. The rewards flow writes each
// ACTIVE list it loads here (src/app/flows/rewards.flow.ts), so a claim or a forfeit moves the badge.

export const bonusKeys = {
  player: ['player', 'bonus'] as const,
  active: (playerId: number) => [...bonusKeys.player, playerId, 'rewards', 'ACTIVE'] as const,
  manualClaim: (playerId: number) => [...bonusKeys.player, playerId, 'manual-claim', 'available'] as const,
};

/** The player's ACTIVE rewards list (behaviour.md §7 /bonus/rewards rewardsType ACTIVE); only for a logged-in player whose pages allow it. */
export const activeRewardsQuery = (playerId: number | null, enabled = true) =>
  queryOptions({
    queryKey: bonusKeys.active(playerId ?? 0),
    queryFn: ({ signal }) => bonusesApi.rewards({ rewardsType: 'ACTIVE' }, signal),
    enabled: enabled && playerId !== null,
  });

/**
 * Whether the player may claim a bonus code by hand (behaviour.md §6 manual-claim permission; §7
 * bonus-code/manual-claim/available): the account navigation offers the bonus-code page only then,
 * as its route guard lets only such a player in.
 */
export const manualClaimAvailabilityQuery = (playerId: number | null, enabled = true) =>
  queryOptions({
    queryKey: bonusKeys.manualClaim(playerId ?? 0),
    queryFn: ({ signal }) => bonusesApi.manualClaimAvailability(signal),
    enabled: enabled && playerId !== null,
  });
