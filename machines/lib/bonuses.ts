import { BONUS_STEPS_MAX, BONUS_STEPS_MIN } from './constants';
import { AMOUNT_BOUNDS, centsToDecimal, decimalToCents } from './money';
import type { BonusVertical } from './wallet';

// Bonuses and rewards, the rules written once (issue 24; product.md §3 "Bonuses and rewards" and
// "Wallet"; behaviour.md §4 "Bonuses and rewards", §5, §6, §8 "Bonus", §9). Read by the app's reward
// flows, the contract (src/api/bonuses.ts) and the platform's bonus engine (server/services/bonuses.ts).
// Pure: no I/O.

// ------------------------------------------------------------------------------ the spec's lists

/** product.md §3: a campaign's vertical. FREE_BET and FREE_SPINS are kinds of bonus of a vertical. */
export const CAMPAIGN_VERTICALS = ['CASINO', 'FREE_BET', 'LIVE_CASINO', 'SPORTS', 'FREE_SPINS'] as const;
export type CampaignVertical = (typeof CAMPAIGN_VERTICALS)[number];

/** product.md §3 campaignStatus. ALL is a filter value, never a campaign's own status. */
export const CAMPAIGN_STATUSES = ['ACTIVE', 'ALL', 'CANCELED', 'COMPLETED', 'DRAFT', 'EXPIRED'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

/** product.md §3 campaignCategory / type. */
export const CAMPAIGN_CATEGORIES = ['MANUAL', 'TRIGGERED', 'OPT_IN', 'LOYALTY'] as const;
export type CampaignCategory = (typeof CAMPAIGN_CATEGORIES)[number];

/**
 * product.md §3 triggerEvent: "first to fifth deposit, next deposit, registration with timeframe,
 * cashback instant, daily, weekly, with timeframe, specific day, linked campaign, cashback booster,
 * manual bonus code, tournament". The timeframes are the campaign's `timeframeHours`.
 */
export const TRIGGER_EVENTS = [
  'FIRST_DEPOSIT',
  'SECOND_DEPOSIT',
  'THIRD_DEPOSIT',
  'FOURTH_DEPOSIT',
  'FIFTH_DEPOSIT',
  'NEXT_DEPOSIT',
  'REGISTRATION',
  'CASHBACK_INSTANT',
  'CASHBACK_DAILY',
  'CASHBACK_WEEKLY',
  'CASHBACK_TIMEFRAME',
  'SPECIFIC_DAY',
  'LINKED_CAMPAIGN',
  'CASHBACK_BOOSTER',
  'MANUAL_BONUS_CODE',
  'TOURNAMENT',
] as const;
export type TriggerEvent = (typeof TRIGGER_EVENTS)[number];

/** The deposit triggers by the deposit's number (1 = the player's first deposit). */
export const DEPOSIT_NUMBER_TRIGGERS: Readonly<Record<number, TriggerEvent>> = {
  1: 'FIRST_DEPOSIT',
  2: 'SECOND_DEPOSIT',
  3: 'THIRD_DEPOSIT',
  4: 'FOURTH_DEPOSIT',
  5: 'FIFTH_DEPOSIT',
};

/** The triggers a settled deposit fires: its numbered one (first to fifth), and NEXT_DEPOSIT for every deposit. */
export function depositTriggers(depositNumber: number): TriggerEvent[] {
  const numbered = DEPOSIT_NUMBER_TRIGGERS[depositNumber];
  return numbered === undefined ? ['NEXT_DEPOSIT'] : [numbered, 'NEXT_DEPOSIT'];
}

/** The cashback triggers (a cashback campaign is activated and deactivated by the player). */
export const CASHBACK_TRIGGERS: ReadonlySet<TriggerEvent> = new Set(['CASHBACK_INSTANT', 'CASHBACK_DAILY', 'CASHBACK_WEEKLY', 'CASHBACK_TIMEFRAME', 'CASHBACK_BOOSTER']);

export function isCashbackTrigger(trigger: TriggerEvent): boolean {
  return CASHBACK_TRIGGERS.has(trigger);
}

/** product.md §3 bonusType: sticky (the bonus itself never becomes cash) or NON_STICKY. */
export const BONUS_TYPES = ['STICKY', 'NON_STICKY'] as const;
export type BonusType = (typeof BONUS_TYPES)[number];

/** behaviour.md §4: an assignment's state. */
export const ASSIGNMENT_STATES = ['ACTIVATED', 'FORFEITED'] as const;
export type AssignmentState = (typeof ASSIGNMENT_STATES)[number];

/**
 * Why an assignment ended (the platform's, beside the spec's state): the player forfeited it, it
 * expired, its wagering reached 100 % and it converted, or a withdrawal forfeited it.
 */
export const ASSIGNMENT_END_REASONS = ['FORFEITED', 'EXPIRED', 'CONVERTED', 'WITHDRAWAL'] as const;
export type AssignmentEndReason = (typeof ASSIGNMENT_END_REASONS)[number];

/** behaviour.md §4: the player's bonus lists. */
export const REWARDS_LIST_TYPES = ['ACTIVE', 'ELIGIBLE'] as const;
export type RewardsListType = (typeof REWARDS_LIST_TYPES)[number];

/** behaviour.md §7 "/bonus/rewards ... version v2": the list's version. */
export const REWARDS_VERSION = 'v2';

// ------------------------------------------------------------------------------ behaviour.md §5

/** behaviour.md §5: "Free-spin participation is only for campaigns with betBonusType -1". */
export const FREE_SPIN_BET_BONUS_TYPE = -1;

export function isFreeSpinCampaign(campaign: { betBonusType: number }): boolean {
  return campaign.betBonusType === FREE_SPIN_BET_BONUS_TYPE;
}

/** behaviour.md §5: "Tournament-trigger rewards are excluded from the regular rewards lists". */
export function isTournamentReward(reward: { triggerEvent: TriggerEvent | null }): boolean {
  return reward.triggerEvent === 'TOURNAMENT';
}

/** A regular rewards list: tournament rewards (and any trigger named in `exclude`) left out. */
export function regularRewards<T extends { triggerEvent: TriggerEvent | null }>(rewards: readonly T[], exclude: readonly TriggerEvent[] = []): T[] {
  return rewards.filter((reward) => !isTournamentReward(reward) && (reward.triggerEvent === null || !exclude.includes(reward.triggerEvent)));
}

/**
 * behaviour.md §5 / §9 "Bonus steps: min 2, max 101": how many steps a reward's wagering progress bar
 * has (docs/SPEC-READINGS.md): 2 is only "not done / done", 101 a step per whole percent (0..100).
 */
export function isValidProgressSteps(steps: number): boolean {
  return Number.isInteger(steps) && steps >= BONUS_STEPS_MIN && steps <= BONUS_STEPS_MAX;
}

/** The step (0..steps-1) a wagering progress in percent (0..100) has reached on a bar of `steps` steps. */
export function progressStep(progressPercent: number, steps: number): number {
  const bounded = Math.min(100, Math.max(0, progressPercent));
  const clamped = Math.min(BONUS_STEPS_MAX, Math.max(BONUS_STEPS_MIN, Math.trunc(steps)));
  return Math.floor((bounded * (clamped - 1)) / 100);
}

/**
 * behaviour.md §5: "Cash and bonus amounts are summed and rounded to two decimals": a sum of decimal
 * amounts ("12.50") with the money codec (machines/lib/money.ts), exact in cents, as a two-decimal
 * text. An amount that is not a decimal counts as 0.
 */
export function sumAmounts(amounts: readonly string[]): string {
  let cents = 0n;
  for (const amount of amounts) {
    const negative = amount.trim().startsWith('-');
    const parsed = decimalToCents(negative ? amount.trim().slice(1) : amount, AMOUNT_BOUNDS);
    if (parsed !== null) cents += negative ? -parsed : parsed;
  }
  return centsToDecimal(cents);
}

/** The wagering progress in percent (0..100, two decimals), from cents wagered and cents required. */
export function wageringPercent(wageredCents: bigint, requiredCents: bigint): number {
  if (requiredCents <= 0n) return 100;
  if (wageredCents >= requiredCents) return 100;
  if (wageredCents <= 0n) return 0;
  return Number((wageredCents * 10_000n) / requiredCents) / 100;
}

/** What a bonus must be wagered for: its amount times the campaign's wrMultiplier (a whole or decimal factor). */
export function wageringRequirementCents(bonusCents: bigint, wrMultiplier: number): bigint {
  if (!Number.isFinite(wrMultiplier) || wrMultiplier <= 0) return 0n;
  return (bonusCents * BigInt(Math.round(wrMultiplier * 100))) / 100n;
}

/**
 * A percentage bonus (percent of a deposit, or of a loss for a cashback) capped at its maximum,
 * in cents, rounded down to the cent (never more than the terms say).
 */
export function percentageOfCents(baseCents: bigint, percentage: number, maxCents: bigint | null): bigint {
  if (baseCents <= 0n || !Number.isFinite(percentage) || percentage <= 0) return 0n;
  const raw = (baseCents * BigInt(Math.round(percentage * 100))) / 10_000n;
  return maxCents !== null && raw > maxCents ? maxCents : raw;
}

/**
 * The ledger's BONUS account a campaign's money lives in (product.md §3 "Wallet": bonus entries
 * have a vertical, sports, casino or live casino): free spins' winnings are casino bonus money, a
 * free bet's sports bonus money. One active bonus per wallet vertical (docs/SPEC-READINGS.md).
 */
export function walletVerticalOf(vertical: CampaignVertical): BonusVertical {
  switch (vertical) {
    case 'FREE_SPINS':
    case 'CASINO':
      return 'CASINO';
    case 'FREE_BET':
    case 'SPORTS':
      return 'SPORTS';
    case 'LIVE_CASINO':
      return 'LIVE_CASINO';
  }
}

/**
 * Conversion at 100 % wagering (issue 24): a non-sticky bonus moves whole to MAIN; a sticky one moves
 * only what it holds above the bonus amount (its winnings), the bonus itself is removed.
 */
export function conversionCents(bonusType: BonusType, balanceCents: bigint, bonusAmountCents: bigint): { toMain: bigint; removed: bigint } {
  if (balanceCents <= 0n) return { toMain: 0n, removed: 0n };
  if (bonusType === 'NON_STICKY') return { toMain: balanceCents, removed: 0n };
  const winnings = balanceCents > bonusAmountCents ? balanceCents - bonusAmountCents : 0n;
  return { toMain: winnings, removed: balanceCents - winnings };
}

/** A bonus code as the player types it: letters, digits, '-' and '_', 3 to 40 of them; compared in upper case. */
export const BONUS_CODE_PATTERN = /^[A-Za-z0-9_-]{3,40}$/;

export function normalizeBonusCode(code: string): string {
  return code.trim().toUpperCase();
}

// ------------------------------------------------------------------------------ behaviour.md §8

/**
 * The bonus refusals (behaviour.md §8 "Bonus", and the platform's own, each a 4xx: never 403, which
 * logs the player out). The two "already exists" codes drive the forfeit flows. A bonus-code refusal
 * contains `bonus_code`, so the app shows it by code (§8).
 */
export const BONUS_ERROR_CODES = {
  /** 409: an active bonus in the same vertical (the forfeit prompt follows). */
  activeAlreadyExists: 'error.bonus.active.already.exists',
  /** 409: an active triggered bonus in the same vertical. */
  activeTriggeredAlreadyExists: 'error.bonus.active.triggered.already.exists',
  /** behaviour.md §8: a claim error without a code from the answer. Client side only. */
  oopsTryAgain: 'error.oops.tryAgain',
  /** 404: no campaign with this id is offered to the player. */
  campaignNotFound: 'error.bonus.campaign.not_found',
  /** 409: the campaign is not one the player may claim now (not eligible, claimed already, not claimable by hand). */
  notEligible: 'error.bonus.not_eligible',
  /** 409: bonuses are not offered to this player now (responsible gambling, the market, access flags). */
  notAllowed: 'error.bonus.not_allowed',
  /** 404: no assignment (or queued bonus) with this id is the player's. */
  assignmentNotFound: 'error.bonus.assignment.not_found',
  /** 409: the assignment ended already (forfeited, expired, converted); nothing changes. */
  stateInvalid: 'error.bonus.state.invalid',
  /** 409: the campaign needs the player's agreement to its terms first (agreement POST). */
  agreementRequired: 'error.bonus.agreement.required',
  /** 400: no campaign has this bonus code (or it is not valid now). */
  bonusCodeInvalid: 'error.bonus_code.invalid',
  /** 409: the player may not claim bonus codes by hand (behaviour.md §6 manual-claim permission). */
  manualClaimNotAllowed: 'error.bonus_code.manual_claim.not_allowed',
  /** 409: this bonus code's campaign was claimed by the player already. */
  bonusCodeUsed: 'error.bonus_code.already_used',
} as const;
export type BonusErrorCode = (typeof BONUS_ERROR_CODES)[keyof typeof BONUS_ERROR_CODES];

/** behaviour.md §4: the claim refusals that offer the forfeit prompt. */
export function offersForfeit(code: string): boolean {
  return code === BONUS_ERROR_CODES.activeAlreadyExists || code === BONUS_ERROR_CODES.activeTriggeredAlreadyExists;
}

/** behaviour.md §8: "Bonus-code errors containing bonus_code or error.invalid.site.id are shown by code. Others are shown by message." */
export function bonusCodeErrorShownByCode(code: string): boolean {
  return code.includes('bonus_code') || code.includes('error.invalid.site.id');
}
