import { describe, expect, it } from 'vitest';
import { GAMBLING_LIMITS_ERROR_CODES, type GamblingLimitsError } from '../../../machines/gamblingLimits.machine';
import { FIELD_CODES } from '../../../machines/lib/errorCodes';
import { LIMIT_ERROR_CODES, type LimitDuration } from '../../../machines/lib/responsibleGambling';
import { limitDraftMessage, limitErrorMessage } from '../../../src/features/limits/errorMessages';
import { formatTimeLeft, timeLeft } from '../../../src/features/limits/format';

// The gambling limits page's texts for the platform's answers (behaviour.md §5) and its countdown.

const bounds = { min: '€1', max: '€1,000' };
const error = (code: GamblingLimitsError['code'], fieldErrors: GamblingLimitsError['fieldErrors'] = []): GamblingLimitsError => ({ code, fieldErrors });

describe('limit errors per period (behaviour.md §5: daily too high; weekly low and high; monthly low; locked is common)', () => {
  it.each<[string, LimitDuration, string]>([
    [LIMIT_ERROR_CODES.tooHigh, 'D', 'limits.error.dailyTooHigh'],
    [LIMIT_ERROR_CODES.tooLow, 'W', 'limits.error.weeklyTooLow'],
    [LIMIT_ERROR_CODES.tooHigh, 'W', 'limits.error.weeklyTooHigh'],
    [LIMIT_ERROR_CODES.tooLow, 'M', 'limits.error.monthlyTooLow'],
    // The periods without a shorter (daily) or longer (monthly) one: the platform's bounds.
    [LIMIT_ERROR_CODES.tooLow, 'D', 'limits.error.belowMinimum'],
    [LIMIT_ERROR_CODES.tooHigh, 'M', 'limits.error.aboveMaximum'],
    [LIMIT_ERROR_CODES.locked, 'D', 'limits.error.locked'],
    [LIMIT_ERROR_CODES.locked, 'W', 'limits.error.locked'],
    [LIMIT_ERROR_CODES.locked, 'M', 'limits.error.locked'],
    [LIMIT_ERROR_CODES.interval, 'D', 'limits.error.interval'],
  ])('%s for %s is %s', (code, duration, id) => {
    expect(limitErrorMessage(error(code as GamblingLimitsError['code']), duration, bounds).id).toBe(id);
  });

  it('has a text for every code the flow tells apart, and for no answer or an unknown one', () => {
    for (const code of [...GAMBLING_LIMITS_ERROR_CODES, 'network', 'unknown', 'validation'] as const) {
      for (const duration of ['D', 'W', 'M'] as const) expect(limitErrorMessage(error(code), duration, bounds).id, `${code} ${duration}`).toMatch(/\w/);
    }
    expect(limitErrorMessage(error('network'), 'D', bounds).id).toBe('error.network');
    expect(limitErrorMessage(error('unknown'), 'D', bounds).id).toBe('error.unknown');
    expect(limitErrorMessage(error('validation', [{ field: 'limit', code: FIELD_CODES.amountTooHigh }]), 'D', bounds).id).toBe('limits.error.aboveMaximum');
    expect(limitErrorMessage(error('validation', [{ field: 'limit', code: 'validation.amount' }]), 'D', bounds).id).toBe('banking.amount.invalid');
  });

  it('says the same for the shared rules as for the platform’s codes', () => {
    expect(limitDraftMessage('tooHigh', 'D', bounds).id).toBe(limitErrorMessage(error(LIMIT_ERROR_CODES.tooHigh), 'D', bounds).id);
    expect(limitDraftMessage('tooLow', 'M', bounds).id).toBe(limitErrorMessage(error(LIMIT_ERROR_CODES.tooLow), 'M', bounds).id);
    expect(limitDraftMessage('belowMinimum', 'W', bounds).id).toBe('limits.error.belowMinimum');
    expect(limitDraftMessage('aboveMaximum', 'W', bounds).id).toBe('limits.error.aboveMaximum');
    expect(limitDraftMessage('invalid', 'W', bounds).id).toBe('banking.amount.invalid');
  });
});

describe('the pending change’s countdown', () => {
  const now = new Date('2026-11-20T10:00:00.000Z');
  const later = (ms: number) => new Date(now.getTime() + ms);

  it('counts whole minutes, rounded up, in hours and minutes; days only from two days on', () => {
    expect(timeLeft(later(24 * 3_600_000), now)).toEqual({ days: 0, hours: 24, minutes: 0 });
    expect(timeLeft(later(24 * 3_600_000 - 30_000), now)).toEqual({ days: 0, hours: 24, minutes: 0 });
    expect(timeLeft(later(24 * 3_600_000 - 60_000), now)).toEqual({ days: 0, hours: 23, minutes: 59 });
    expect(timeLeft(later(30_000), now)).toEqual({ days: 0, hours: 0, minutes: 1 });
    expect(timeLeft(later(72 * 3_600_000 + 5 * 60_000), now)).toEqual({ days: 3, hours: 0, minutes: 5 });
    expect(timeLeft(now, now)).toBeNull();
    expect(timeLeft(later(-1), now)).toBeNull();
  });

  it('names the units in the route’s language', () => {
    expect(formatTimeLeft({ days: 0, hours: 23, minutes: 5 }, 'en')).toBe('23 hr 5 min');
    expect(formatTimeLeft({ days: 3, hours: 1, minutes: 0 }, 'en')).toBe('3 days 1 hr 0 min');
    expect(formatTimeLeft({ days: 0, hours: 23, minutes: 5 }, 'de-DE')).toBe('23 Std., 5 Min.');
  });
});
