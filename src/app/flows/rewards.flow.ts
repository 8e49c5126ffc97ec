import type { QueryClient } from '@tanstack/react-query';
import { fromPromise } from 'xstate';
import type { QueuedClaimInput, ForfeitInput } from '../../../machines/rewards.machine';
import { rewardsMachine } from '../../../machines/rewards.machine';
import { bonusesApi, type AgreementRequest, type AssignmentResponse, type ClaimResponse, type RewardsResponse } from '../../api/bonuses';
import { bonusKeys } from '../../api/bonusQueries';
import type { ProvideFlow } from './index';

/**
 * The rewards pages' flow with the platform's calls (behaviour.md §7 "Bonuses", src/api/bonuses.ts).
 * Each ACTIVE list it loads is also the account navigation's badge count (src/api/bonusQueries.ts):
 * written into the player's cached ACTIVE list, so a claim or a forfeit moves the badge at once.
 */
export function rewardsFlow(queryClient: QueryClient) {
  const activeLoaded = (response: RewardsResponse): RewardsResponse => {
    queryClient.setQueriesData<RewardsResponse>({ queryKey: bonusKeys.player, predicate: (query) => query.queryKey.at(-1) === 'ACTIVE' }, response);
    return response;
  };
  return rewardsMachine.provide({
    actors: {
      loadEligible: fromPromise<RewardsResponse>(({ signal }) => bonusesApi.rewards({ rewardsType: 'ELIGIBLE' }, signal)),
      loadActive: fromPromise<RewardsResponse>(({ signal }) => bonusesApi.rewards({ rewardsType: 'ACTIVE' }, signal).then(activeLoaded)),
      claimReward: fromPromise<ClaimResponse, string>(({ input, signal }) => bonusesApi.claim(input, signal)),
      claimFreeSpins: fromPromise<ClaimResponse, string>(({ input, signal }) => bonusesApi.claimFreeSpins(input, signal)),
      claimQueued: fromPromise<ClaimResponse, QueuedClaimInput>(({ input, signal }) => bonusesApi.claimQueued(input.campaignId, input.queuedPlayerBonusId, signal)),
      giveConsent: fromPromise<unknown, AgreementRequest>(({ input, signal }) => bonusesApi.agreement(input, signal)),
      forfeitBonus: fromPromise<AssignmentResponse, ForfeitInput>(({ input, signal }) => bonusesApi.forfeit(input.assignmentId, input.wageringProgress, signal)),
      activateCashback: fromPromise<unknown, string>(({ input, signal }) => bonusesApi.activateCashback(input, signal)),
      deactivateCashback: fromPromise<unknown, string>(({ input, signal }) => bonusesApi.deactivateCashback(input, signal)),
      optIn: fromPromise<unknown, string>(({ input, signal }) => bonusesApi.optIn(input, signal)),
      optOut: fromPromise<unknown, string>(({ input, signal }) => bonusesApi.optOut(input, signal)),
    },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'rewards'> = ({ queryClient }) => rewardsFlow(queryClient);
