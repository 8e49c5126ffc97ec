import { queryOptions } from '@tanstack/react-query';
import { playerApi } from '../../api/player';

// The account page's server data (CONVENTIONS.md "Routes": one queryOptions factory, used by the
// route's loader and the component alike). Keyed by the player so one player's profile is never
// shown to another after a logout and login in the same tab.

export const accountKeys = {
  all: ['player'] as const,
  profile: (playerId: number) => ['player', playerId, 'profile'] as const,
};

export const profileQuery = (playerId: number) =>
  queryOptions({
    queryKey: accountKeys.profile(playerId),
    queryFn: ({ signal }) => playerApi.profile(signal),
  });
