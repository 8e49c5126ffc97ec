import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  BONUS_ERROR_CODES,
  bonusCodeErrorShownByCode,
  conversionCents,
  depositTriggers,
  isCashbackTrigger,
  isFreeSpinCampaign,
  isValidProgressSteps,
  normalizeBonusCode,
  offersForfeit,
  percentageOfCents,
  progressStep,
  regularRewards,
  sumAmounts,
  wageringPercent,
  wageringRequirementCents,
  walletVerticalOf,
} from '../../machines/lib/bonuses';
import { BONUS_STEPS_MAX, BONUS_STEPS_MIN, CASHBACK_NOTIFICATION_MS } from '../../machines/lib/constants';
import { ERROR_CODES } from '../../machines/lib/errorCodes';
import {
  activateRequestSchema,
  agreementRequestSchema,
  bonusCodeValidateRequestSchema,
  claimResponseSchema,
  forfeitRequestSchema,
  manualClaimRequestSchema,
  rewardSchema,
  rewardsQuerySchema,
} from '../../src/api/bonuses';
import { reward } from '../machines/lib/rewards.fixtures';
import { depositRequestSchema } from '../../src/api/wallet';
import { bonusRulesFor, DEFAULT_PLATFORM_SETTINGS } from '../../server/domain/settings';

// The bonus rules written once (machines/lib/bonuses.ts; issue 24) and the contract's request
// schemas (src/api/bonuses.ts): behaviour.md §5 (bonus steps 2..101, free spins for betBonusType -1
// only, tournament rewards out of the lists, amounts summed to two decimals), §8 "Bonus" (the forfeit
// codes, bonus-code errors by code), §9 (the cashback notification), and the market bonus defaults.

describe('behaviour.md §5 and §9', () => {
  it('bonus steps are 2 to 101 (§9), and a progress bar of n steps shows the step a percentage reached', () => {
    expect([BONUS_STEPS_MIN, BONUS_STEPS_MAX]).toEqual([2, 101]);
    expect([1, 2, 50, 101, 102, 2.5].map(isValidProgressSteps)).toEqual([false, true, true, true, false, false]);
    expect(progressStep(0, 101)).toBe(0);
    expect(progressStep(37.5, 101)).toBe(37);
    expect(progressStep(100, 101)).toBe(100);
    expect(progressStep(99.99, 2)).toBe(0);
    expect(progressStep(100, 2)).toBe(1);
    expect(progressStep(150, 11)).toBe(10);
    expect(progressStep(-5, 11)).toBe(0);
  });

  it('the contract takes a reward only with a progress bar of 2 to 101 steps (the app and the platform parse with it)', () => {
    const withSteps = (progressSteps: number) => v.safeParse(rewardSchema, { ...reward({ campaignId: 'steps' }), progressSteps }).success;
    expect([1, 2, 101, 102, 2.5].map(withSteps)).toEqual([false, true, true, false, false]);
  });

  it('free-spin participation is only for betBonusType -1', () => {
    expect(isFreeSpinCampaign({ betBonusType: -1 })).toBe(true);
    expect(isFreeSpinCampaign({ betBonusType: 0 })).toBe(false);
    expect(isFreeSpinCampaign({ betBonusType: 1 })).toBe(false);
  });

  it('tournament rewards are left out of a regular list, and the triggers the query excludes', () => {
    const list = [
      { id: 1, triggerEvent: 'TOURNAMENT' as const },
      { id: 2, triggerEvent: null },
      { id: 3, triggerEvent: 'CASHBACK_DAILY' as const },
      { id: 4, triggerEvent: 'FIRST_DEPOSIT' as const },
    ];
    expect(regularRewards(list).map((reward) => reward.id)).toEqual([2, 3, 4]);
    expect(regularRewards(list, ['CASHBACK_DAILY']).map((reward) => reward.id)).toEqual([2, 4]);
  });

  it('cash and bonus amounts are summed exactly and written with two decimals (the money codec)', () => {
    expect(sumAmounts(['0.10', '0.20'])).toBe('0.30');
    expect(sumAmounts(['10', '2.5', '-0.05'])).toBe('12.45');
    expect(sumAmounts([])).toBe('0.00');
    expect(sumAmounts(['12.345', 'x', '1.00'])).toBe('1.00');
  });

  it('the cashback notification clears after 5000 ms', () => {
    expect(CASHBACK_NOTIFICATION_MS).toBe(5_000);
  });
});

describe('the engine’s arithmetic, in cents', () => {
  it('wagering: the requirement is the amount times wrMultiplier; progress in percent, capped', () => {
    expect(wageringRequirementCents(1_000n, 10)).toBe(10_000n);
    expect(wageringRequirementCents(1_000n, 2.5)).toBe(2_500n);
    expect(wageringRequirementCents(1_000n, 0)).toBe(0n);
    expect(wageringPercent(0n, 10_000n)).toBe(0);
    expect(wageringPercent(3_333n, 10_000n)).toBe(33.33);
    expect(wageringPercent(20_000n, 10_000n)).toBe(100);
    expect(wageringPercent(0n, 0n)).toBe(100);
  });

  it('a percentage bonus is rounded down to the cent and capped at its maximum', () => {
    expect(percentageOfCents(3_000n, 50, null)).toBe(1_500n);
    expect(percentageOfCents(999n, 33.33, null)).toBe(332n);
    expect(percentageOfCents(50_000n, 100, 10_000n)).toBe(10_000n);
    expect(percentageOfCents(-100n, 50, null)).toBe(0n);
  });

  it('conversion: non-sticky moves all; sticky only the winnings above the bonus amount', () => {
    expect(conversionCents('NON_STICKY', 1_500n, 1_000n)).toEqual({ toMain: 1_500n, removed: 0n });
    expect(conversionCents('STICKY', 1_500n, 1_000n)).toEqual({ toMain: 500n, removed: 1_000n });
    expect(conversionCents('STICKY', 800n, 1_000n)).toEqual({ toMain: 0n, removed: 800n });
    expect(conversionCents('NON_STICKY', 0n, 1_000n)).toEqual({ toMain: 0n, removed: 0n });
  });

  it('the deposit triggers by the deposit’s number, and the wallet vertical of each campaign vertical', () => {
    expect(depositTriggers(1)).toEqual(['FIRST_DEPOSIT', 'NEXT_DEPOSIT']);
    expect(depositTriggers(5)).toEqual(['FIFTH_DEPOSIT', 'NEXT_DEPOSIT']);
    expect(depositTriggers(6)).toEqual(['NEXT_DEPOSIT']);
    expect(isCashbackTrigger('CASHBACK_WEEKLY')).toBe(true);
    expect(isCashbackTrigger('NEXT_DEPOSIT')).toBe(false);
    expect((['CASINO', 'FREE_SPINS', 'SPORTS', 'FREE_BET', 'LIVE_CASINO'] as const).map(walletVerticalOf)).toEqual(['CASINO', 'CASINO', 'SPORTS', 'SPORTS', 'LIVE_CASINO']);
  });
});

describe('behaviour.md §8 "Bonus"', () => {
  it('both "already exists" codes offer the forfeit; the codes are the catalogue’s', () => {
    expect(offersForfeit('error.bonus.active.already.exists')).toBe(true);
    expect(offersForfeit('error.bonus.active.triggered.already.exists')).toBe(true);
    expect(offersForfeit(BONUS_ERROR_CODES.notEligible)).toBe(false);
    for (const code of Object.values(BONUS_ERROR_CODES)) expect(Object.values(ERROR_CODES)).toContain(code);
  });

  it('bonus-code errors containing bonus_code or error.invalid.site.id are shown by code', () => {
    expect(bonusCodeErrorShownByCode(BONUS_ERROR_CODES.bonusCodeInvalid)).toBe(true);
    expect(bonusCodeErrorShownByCode('error.invalid.site.id')).toBe(true);
    expect(bonusCodeErrorShownByCode(BONUS_ERROR_CODES.notAllowed)).toBe(false);
    expect(normalizeBonusCode(' welcome50 ')).toBe('WELCOME50');
  });
});

describe('the contract’s requests (src/api/bonuses.ts)', () => {
  it('the rewards query: ELIGIBLE or ACTIVE, version v2 by default, excludeTriggerType a comma list of triggers', () => {
    expect(v.parse(rewardsQuerySchema, { rewardsType: 'ACTIVE' })).toEqual({ rewardsType: 'ACTIVE', version: 'v2' });
    expect(v.parse(rewardsQuerySchema, { rewardsType: 'ELIGIBLE', hasBonusCode: 'false', excludeTriggerType: 'TOURNAMENT, CASHBACK_DAILY' })).toMatchObject({
      hasBonusCode: 'false',
      excludeTriggerType: ['TOURNAMENT', 'CASHBACK_DAILY'],
    });
    for (const bad of [{ rewardsType: 'ALL' }, { rewardsType: 'ACTIVE', version: 'v1' }, { rewardsType: 'ACTIVE', hasBonusCode: 'yes' }, { rewardsType: 'ACTIVE', excludeTriggerType: 'NOPE' }]) {
      expect(v.safeParse(rewardsQuerySchema, bad).success).toBe(false);
    }
  });

  it('the state calls: PUT FORFEITED with the progress 0..100, POST ACTIVATED with bonusAssignmentId', () => {
    expect(v.safeParse(forfeitRequestSchema, { state: 'FORFEITED', wageringProgress: 42.5 }).success).toBe(true);
    expect(v.safeParse(forfeitRequestSchema, { state: 'FORFEITED', wageringProgress: -1 }).success).toBe(false);
    expect(v.safeParse(forfeitRequestSchema, { state: 'FORFEITED' }).success).toBe(false);
    expect(v.safeParse(activateRequestSchema, { state: 'ACTIVATED', bonusAssignmentId: '17' }).success).toBe(true);
    expect(v.safeParse(activateRequestSchema, { state: 'ACTIVATED', bonusAssignmentId: '../1' }).success).toBe(false);
  });

  it('bonus codes: letters, digits, - and _; the manual claim says ACTIVATED; the agreement names a code or a campaign', () => {
    expect(v.parse(bonusCodeValidateRequestSchema, { bonusCode: ' WELCOME50 ' })).toEqual({ bonusCode: 'WELCOME50' });
    expect(v.safeParse(bonusCodeValidateRequestSchema, { bonusCode: 'a b' }).success).toBe(false);
    expect(v.safeParse(bonusCodeValidateRequestSchema, { bonusCode: '' }).success).toBe(false);
    expect(v.safeParse(manualClaimRequestSchema, { bonusCode: 'WELCOME50', state: 'ACTIVATED' }).success).toBe(true);
    expect(v.safeParse(manualClaimRequestSchema, { bonusCode: 'WELCOME50' }).success).toBe(false);
    expect(v.parse(agreementRequestSchema, { agreed: true, bonusCode: '' })).toEqual({ agreed: true, bonusCode: '' });
    expect(v.safeParse(agreementRequestSchema, { agreed: true, bonusCode: '', campaignId: 'x', extra: 1 }).success).toBe(false);
  });

  it('a claim answers ACTIVATED with the reward or QUEUED with the queued bonus; a deposit may name the bonus chosen', () => {
    const queued = { queuedPlayerBonusId: '3', campaignId: 'second-deposit', amount: '15.00', isCredited: false, createdAt: '2030-01-01T00:00:00.000Z' };
    expect(v.safeParse(claimResponseSchema, { outcome: 'QUEUED', queuedPlayerBonus: queued }).success).toBe(true);
    expect(v.safeParse(claimResponseSchema, { outcome: 'ACTIVATED', queuedPlayerBonus: queued }).success).toBe(false);
    const deposit = { amount: '10', methodId: 'trustly', idempotencyKey: 'abcdefgh-1', returnPath: '/en-UN/deposit' };
    expect(v.safeParse(depositRequestSchema, deposit).success).toBe(true);
    expect(v.safeParse(depositRequestSchema, { ...deposit, selectedBonusId: 'welcome-first-deposit' }).success).toBe(true);
    expect(v.safeParse(depositRequestSchema, { ...deposit, selectedBonusId: 'a b' }).success).toBe(false);
  });
});

describe('the markets’ bonus defaults (server/domain/settings.ts), with the operator’s overrides', () => {
  it('Sweden the first play only; Germany and the Netherlands none; Great Britain a 10x cap; elsewhere all', () => {
    const settings = DEFAULT_PLATFORM_SETTINGS;
    expect(bonusRulesFor(settings, 'PP')).toMatchObject({ bonuses: true, firstPlayOnly: true, manualClaim: false });
    expect(bonusRulesFor(settings, 'JJ')).toMatchObject({ bonuses: false });
    expect(bonusRulesFor(settings, 'LL')).toMatchObject({ bonuses: false });
    expect(bonusRulesFor(settings, 'GG')).toMatchObject({ bonuses: true, maxWrMultiplier: 10 });
    expect(bonusRulesFor(settings, 'FI')).toEqual({ bonuses: true, firstPlayOnly: false, manualClaim: true, maxWrMultiplier: null });
    expect(bonusRulesFor({ bonusRules: { JJ: { bonuses: true } } }, 'JJ').bonuses).toBe(true);
  });
});
