import type { EventObject } from 'xstate';
import type { BonusCodeContext } from '../../../machines/bonusCode.machine';
import type { AssignmentResponse, BonusCodeValidation, ClaimResponse, ManualClaimAvailability, Reward } from '../../../src/api/bonuses';
import { ApiError } from '../../../src/api/errors';
import { reward as rewardOf } from './rewards.fixtures';

// The bonus code flow's samples, shared by its path test (tests/machines/bonusCode.machine.test.ts)
// and `npm run paths bonusCode` (scripts/lib/pathModels.ts): the platform's answers and the
// player's events, by state.

/** The bonus code's offer as the platform answers it: the rewards flow's sample reward (rewards.fixtures.ts) with the code campaign's fields. */
export function reward(extra: Partial<Reward> = {}): Reward {
  return rewardOf({
    campaignId: 'welcome-50',
    triggerEvent: 'MANUAL_BONUS_CODE',
    hasBonusCode: true,
    bonusAmount: '50.00',
    wrMultiplier: 30,
    progressSteps: 11,
    expiryDays: 30,
    campaignDisplayInfo: { language: 'en', title: 'Welcome 50', description: '50 EUR to play with', terms: 'Wager 30 times.', imageUrl: null },
    ...extra,
  });
}

export const OFFER = reward();
export const VALIDATION: BonusCodeValidation = { bonusCodeValue: 'WELCOME50', campaignId: 'welcome-50', reward: OFFER };
/** The player's active casino bonus (the one a claim in the same vertical is refused for), and a sports one. */
export const ACTIVE_CASINO = reward({
  campaignId: 'reload-20',
  assignmentId: 'as-7',
  state: 'ACTIVATED',
  amount: '20.00',
  balance: '12.40',
  wageringProgress: 35.5,
  campaignDisplayInfo: { language: 'en', title: 'Reload 20', description: '', terms: '', imageUrl: null },
});
export const ACTIVE_SPORTS = reward({ campaignId: 'sports-10', assignmentId: 'as-9', vertical: 'SPORTS', walletVertical: 'SPORTS', state: 'ACTIVATED', amount: '10.00', balance: '10.00', wageringProgress: 0 });
export const AVAILABLE: ManualClaimAvailability = { isAvailable: true, requested: false };
export const REQUESTED: ManualClaimAvailability = { isAvailable: false, requested: true };
export const CLAIMED: ClaimResponse = { outcome: 'ACTIVATED', reward: { ...OFFER, assignmentId: 'as-8', state: 'ACTIVATED', amount: '50.00', balance: '50.00', wageringProgress: 0 } };
export const FORFEITED: AssignmentResponse = { reward: { ...ACTIVE_CASINO, state: 'FORFEITED', endReason: 'FORFEITED' }, removedAmount: '12.40', credited: null };

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const invalidCode = new ApiError('http', 400, 'error.bonus_code.invalid', 'No campaign has this bonus code.');
export const usedCode = new ApiError('http', 409, 'error.bonus_code.already_used', 'This bonus code was claimed already.');
export const notAllowed = new ApiError('http', 409, 'error.bonus.not_allowed', 'Bonuses are not offered to you now.');
export const activeExists = new ApiError('http', 409, 'error.bonus.active.already.exists', 'An active bonus exists in this vertical.');
export const triggeredExists = new ApiError('http', 409, 'error.bonus.active.triggered.already.exists', 'An active triggered bonus exists.');

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;
const change = (value: string): EventObject => ({ type: 'code.change', value }) as EventObject;

/** The events to try in a state (its value), with its context: the calls' answers while one runs, the player's events elsewhere. */
export function eventsIn(state: string, context: Pick<BonusCodeContext, 'code' | 'error'>): EventObject[] {
  switch (state) {
    case 'idle':
      // Typed with spaces and in lower case (sent normalised), nothing, or not a code's shape.
      if (context.code === '') return [{ type: 'code.verify' }, change(' welcome50 ')];
      if (context.code === ' welcome50 ') return [{ type: 'code.verify' }, change('no!')];
      return [{ type: 'code.verify' }];
    case 'verifying':
      return [done('validateBonusCode', VALIDATION), failed('validateBonusCode', invalidCode), failed('validateBonusCode', offline)];
    case 'verifyFailed':
      return [{ type: 'code.verify' }, change('no!')];
    case 'checkingAvailability':
      return [done('manualClaimAvailability', AVAILABLE), done('manualClaimAvailability', REQUESTED), failed('manualClaimAvailability', offline)];
    case 'unavailable':
      return [change('no!')];
    case 'ready':
      return [{ type: 'code.claim' }, change('no!')];
    case 'claiming':
      return [
        done('manualClaim', CLAIMED),
        failed('manualClaim', activeExists),
        failed('manualClaim', triggeredExists),
        failed('manualClaim', usedCode),
        failed('manualClaim', notAllowed),
      ];
    case 'claimFailed':
      return [{ type: 'code.claim' }, change('no!')];
    case 'lookingUpActive':
      return [done('loadActiveRewards', [ACTIVE_SPORTS, ACTIVE_CASINO]), done('loadActiveRewards', [ACTIVE_SPORTS]), failed('loadActiveRewards', offline)];
    case 'forfeitPrompt':
      return [{ type: 'forfeit.confirm' }, { type: 'forfeit.cancel' }];
    case 'forfeiting':
      return [done('forfeitBonus', FORFEITED), failed('forfeitBonus', offline)];
    case 'claimed':
      return [{ type: 'code.reset' }];
    default:
      return [];
  }
}
