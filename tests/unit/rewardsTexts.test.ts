import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BONUS_ERROR_CODES, CAMPAIGN_VERTICALS } from '../../machines/lib/bonuses';
import { REWARDS_ERROR_CODES, rewardsErrorOf } from '../../machines/rewards.machine';
import { ApiError } from '../../src/api/errors';
import { REWARDS_ERRORS, rewardsErrorMessage, VERTICAL_NAMES } from '../../src/features/rewards/texts';
import { timeLeftText } from '../../src/features/rewards/RewardCard';

// The rewards pages' one text table (src/features/rewards/texts.ts): every bonus code of
// behaviour.md §8 "Bonus" and of the contract, and each way a call can fail, has a translated text
// (in the English and the German catalog), and no raw code reaches the player.

function catalog(language: string): Map<string, string> {
  const text = readFileSync(resolve(process.cwd(), 'locales', language, 'messages.po'), 'utf8');
  return new Map([...text.matchAll(/^msgid "((?:[^"\\]|\\.)+)"\nmsgstr "((?:[^"\\]|\\.)*)"$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']));
}
const english = catalog('en');
const german = catalog('de');

describe('rewards error texts (behaviour.md §8 "Bonus")', () => {
  it.each([...Object.values(BONUS_ERROR_CODES), 'network', 'validation', 'unknown'] as const)('%s has a translated text', (code) => {
    const message = rewardsErrorMessage({ code });
    expect(message.id).toBeTruthy();
    expect(english.get(message.id), message.id).toBeTruthy();
    expect(german.get(message.id), message.id).toBeTruthy();
    expect(german.get(message.id)).not.toBe(english.get(message.id));
    // Never the code itself.
    expect(english.get(message.id)).not.toContain('error.');
  });

  it('covers exactly the codes the flow can end with', () => {
    expect(Object.keys(REWARDS_ERRORS).sort()).toEqual([...REWARDS_ERROR_CODES, 'network', 'validation', 'unknown'].sort());
  });

  it('the forfeit refusals say to forfeit first; a claim without a known code is "try again"', () => {
    expect(english.get(rewardsErrorMessage({ code: BONUS_ERROR_CODES.activeAlreadyExists }).id)).toMatch(/Forfeit it first/);
    expect(english.get(rewardsErrorMessage({ code: BONUS_ERROR_CODES.activeTriggeredAlreadyExists }).id)).toMatch(/Forfeit it first/);
    const claimError = rewardsErrorOf(new ApiError('http', 500, 'error.system.error', 'Internal'), true);
    expect(claimError.code).toBe(BONUS_ERROR_CODES.oopsTryAgain);
    expect(english.get(rewardsErrorMessage(claimError).id)).toMatch(/try again/i);
    expect(rewardsErrorOf(new ApiError('network', 0, 'network.error', 'Network Error'), true).code).toBe('network');
    expect(rewardsErrorOf(new ApiError('http', 409, BONUS_ERROR_CODES.notAllowed, 'No'), true).code).toBe(BONUS_ERROR_CODES.notAllowed);
  });

  it.each(CAMPAIGN_VERTICALS)('the vertical %s has a name', (vertical) => {
    const name = VERTICAL_NAMES[vertical];
    expect(english.get(name.id), name.id).toBe(name.message);
    expect(german.get(name.id)).toBeTruthy();
  });
});

describe('the expiry countdown (date-fns difference, Intl words)', () => {
  const now = new Date('2026-11-29T10:00:00Z');
  it('says days, hours or minutes left in the locale, and nothing once expired', () => {
    expect(timeLeftText(new Date('2026-12-02T10:00:00Z'), now, 'en')).toBe('in 3 days');
    expect(timeLeftText(new Date('2026-11-29T15:30:00Z'), now, 'de')).toBe('in 5 Stunden');
    expect(timeLeftText(new Date('2026-11-29T10:20:00Z'), now, 'fi')).toBe('20 minuutin päästä');
    expect(timeLeftText(new Date('2026-11-29T09:00:00Z'), now, 'en')).toBeNull();
  });
});
