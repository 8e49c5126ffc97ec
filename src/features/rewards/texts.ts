import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { BONUS_ERROR_CODES, type CampaignVertical } from '../../../machines/lib/bonuses';
import type { RewardsError } from '../../../machines/rewards.machine';
import { commonFlowErrors } from '../../ui/commonErrors';

// The rewards pages' one text table (CONVENTIONS.md "Text"): every code a reward action or a list's
// load can end with (behaviour.md §8 "Bonus", src/api/bonuses.ts's header) as a translated text, and
// the campaign verticals' names. A raw code never reaches the player.

const OOPS = msg({ id: 'rewards.error.oops', message: 'Something went wrong with your bonus. Please try again.' });

export const REWARDS_ERRORS: Readonly<Record<RewardsError['code'], MessageDescriptor>> = {
  [BONUS_ERROR_CODES.activeAlreadyExists]: msg({
    id: 'rewards.error.activeExists',
    message: 'You already have an active bonus of this kind. Forfeit it first to claim this one.',
  }),
  [BONUS_ERROR_CODES.activeTriggeredAlreadyExists]: msg({
    id: 'rewards.error.activeTriggeredExists',
    message: 'A bonus you received automatically is active for this kind of game. Forfeit it first to claim this one.',
  }),
  [BONUS_ERROR_CODES.oopsTryAgain]: OOPS,
  [BONUS_ERROR_CODES.campaignNotFound]: msg({ id: 'rewards.error.campaignNotFound', message: 'This offer is no longer available.' }),
  [BONUS_ERROR_CODES.notEligible]: msg({ id: 'rewards.error.notEligible', message: 'You cannot claim this offer now.' }),
  [BONUS_ERROR_CODES.notAllowed]: msg({
    id: 'rewards.error.notAllowed',
    message: 'Bonuses are not available on your account at the moment.',
  }),
  [BONUS_ERROR_CODES.assignmentNotFound]: msg({ id: 'rewards.error.assignmentNotFound', message: 'We could not find this bonus on your account.' }),
  [BONUS_ERROR_CODES.stateInvalid]: msg({ id: 'rewards.error.stateInvalid', message: 'This bonus has already ended. Your list has been updated.' }),
  [BONUS_ERROR_CODES.agreementRequired]: msg({ id: 'rewards.error.agreementRequired', message: 'Please agree to the bonus terms before claiming it.' }),
  [BONUS_ERROR_CODES.bonusCodeInvalid]: msg({ id: 'rewards.error.bonusCodeInvalid', message: 'This bonus code is not valid.' }),
  [BONUS_ERROR_CODES.manualClaimNotAllowed]: msg({ id: 'bonusCode.error.notAllowed', message: 'Bonus codes cannot be claimed on your account.' }),
  [BONUS_ERROR_CODES.bonusCodeUsed]: msg({ id: 'bonusCode.error.used', message: 'You have already used this bonus code.' }),
  network: commonFlowErrors.network,
  validation: OOPS,
  unknown: commonFlowErrors.unknown,
};

/** The text of a rewards error (an unforeseen code reaches the flow as `unknown`, the generic one). */
export function rewardsErrorMessage(error: Pick<RewardsError, 'code'>): MessageDescriptor {
  return REWARDS_ERRORS[error.code];
}

/** product.md §3: a campaign's vertical, as a reward card names it. */
export const VERTICAL_NAMES: Readonly<Record<CampaignVertical, MessageDescriptor>> = {
  // The banking page's names of the same bonus money (one id per text).
  CASINO: msg({ id: 'banking.balance.casinoBonus', message: 'Casino bonus' }),
  LIVE_CASINO: msg({ id: 'banking.balance.liveCasinoBonus', message: 'Live casino bonus' }),
  SPORTS: msg({ id: 'banking.balance.sportsBonus', message: 'Sports bonus' }),
  FREE_BET: msg({ id: 'rewards.vertical.freeBet', message: 'Free bet' }),
  FREE_SPINS: msg({ id: 'rewards.vertical.freeSpins', message: 'Free spins' }),
};
