import { fromPromise } from 'xstate';
import { bonusCodeMachine, type BonusCodeForfeitRequest } from '../../../machines/bonusCode.machine';
import { bonusesApi, type AssignmentResponse, type BonusCodeValidation, type ClaimResponse, type ManualClaimAvailability, type Reward } from '../../api/bonuses';
import { refreshWallet } from './cashier';
import type { ProvideFlow } from './index';

/** The bonus code flow with the platform's calls (behaviour.md §7 "Bonuses": bonus-code/*, rewards ACTIVE, {assignmentId}/state). */
export function bonusCodeFlow() {
  return bonusCodeMachine.provide({
    actors: {
      validateBonusCode: fromPromise<BonusCodeValidation, { bonusCode: string }>(({ input, signal }) => bonusesApi.validateBonusCode(input.bonusCode, signal)),
      manualClaimAvailability: fromPromise<ManualClaimAvailability>(({ signal }) => bonusesApi.manualClaimAvailability(signal)),
      manualClaim: fromPromise<ClaimResponse, { bonusCode: string }>(({ input, signal }) => bonusesApi.manualClaim(input.bonusCode, signal)),
      loadActiveRewards: fromPromise<Reward[]>(async ({ signal }) => (await bonusesApi.rewards({ rewardsType: 'ACTIVE' }, signal)).rewards),
      forfeitBonus: fromPromise<AssignmentResponse, BonusCodeForfeitRequest>(({ input, signal }) =>
        bonusesApi.forfeit(input.assignmentId, input.wageringProgress, signal),
      ),
    },
    actions: { refreshWallet },
  });
}

/** The flow's provided machine, as src/app/flows/index.ts loads it with the flow's route. */
export const provideFlow: ProvideFlow<'bonusCode'> = () => bonusCodeFlow();
