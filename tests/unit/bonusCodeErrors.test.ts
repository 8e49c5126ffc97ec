import { describe, expect, it } from 'vitest';
import { BONUS_ERROR_CODES } from '../../machines/lib/bonuses';
import { bonusCodeErrorMessage, bonusCodeProblemMessage } from '../../src/features/bonusCode/errorMessages';
import { bonusCodeSearchSchema } from '../../src/features/bonusCode/search';
import * as v from 'valibot';

// behaviour.md §8 "Bonus": bonus-code errors containing bonus_code or error.invalid.site.id are shown
// by code, others by message (src/features/bonusCode/errorMessages.ts, one table).
const idOf = (code: string) => bonusCodeErrorMessage({ code }).id;

describe('the bonus code page\'s errors', () => {
  it('shows each bonus_code and error.invalid.site.id refusal by its own code', () => {
    expect(idOf(BONUS_ERROR_CODES.bonusCodeInvalid)).toBe('bonusCode.error.invalid');
    expect(idOf(BONUS_ERROR_CODES.bonusCodeUsed)).toBe('bonusCode.error.used');
    expect(idOf(BONUS_ERROR_CODES.manualClaimNotAllowed)).toBe('bonusCode.error.notAllowed');
    expect(idOf('error.invalid.site.id')).toBe('bonusCode.error.site');
    // A bonus_code refusal the table does not know yet: the bonus code's own text, never the generic one.
    expect(idOf('error.bonus_code.expired')).toBe('bonusCode.error.other');
  });

  it('words the others by what they mean, and anything else with the common message', () => {
    expect(idOf(BONUS_ERROR_CODES.activeAlreadyExists)).toBe('bonusCode.error.active');
    expect(idOf(BONUS_ERROR_CODES.activeTriggeredAlreadyExists)).toBe('bonusCode.error.active');
    expect(idOf(BONUS_ERROR_CODES.notAllowed)).toBe('bonusCode.error.bonusesOff');
    expect(idOf(BONUS_ERROR_CODES.notEligible)).toBe('bonusCode.error.notEligible');
    expect(idOf(BONUS_ERROR_CODES.campaignNotFound)).toBe('bonusCode.error.ended');
    expect(idOf('network')).toBe('error.network');
    expect(idOf('error.something.new')).toBe('error.unknown');
    expect(idOf('unknown')).toBe('error.unknown');
  });

  it('names the field\'s own refusals', () => {
    expect(bonusCodeProblemMessage('required').id).toBe('field.required');
    expect(bonusCodeProblemMessage('format').id).toBe('bonusCode.field.format');
  });

  it('reads the page\'s code parameter as text, and drops what is not a code', () => {
    expect(v.parse(bonusCodeSearchSchema, { code: ' WELCOME50 ' })).toEqual({ code: 'WELCOME50' });
    expect(v.parse(bonusCodeSearchSchema, { code: 2024 })).toEqual({ code: '2024' });
    expect(v.parse(bonusCodeSearchSchema, { code: '<script>' })).toEqual({ code: undefined });
    expect(v.parse(bonusCodeSearchSchema, {})).toEqual({});
  });
});
