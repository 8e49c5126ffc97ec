import { describe, expect, it } from 'vitest';
import { dateInputValue, dayBoundary, dayOf, displayDate, relativeDay, weekdayName } from '../../../src/features/banking/dates';

// The history's days in the player's time zone (date-fns), the spec's day/month/year display.

describe('history dates', () => {
  it('gives the calendar day of an instant in the local time zone', () => {
    const local = new Date(2026, 10, 25, 23, 30);
    expect(dayOf(local.toISOString())).toBe('2026-11-25');
  });

  it('names today and yesterday, and other days by their weekday in the locale', () => {
    const now = new Date(2026, 10, 25, 12, 0);
    expect(relativeDay('2026-11-25', now)).toBe('today');
    expect(relativeDay('2026-11-24', now)).toBe('yesterday');
    expect(relativeDay('2026-11-20', now)).toBe('other');
    expect(weekdayName(new Date(2026, 10, 25), 'en')).toBe('Wednesday');
    expect(weekdayName(new Date(2026, 10, 25), 'fi-FI')).toBe('keskiviikko');
  });

  it('shows dates as day/month/year (behaviour.md §9)', () => {
    expect(displayDate(new Date(2026, 0, 5))).toBe('05/01/2026');
  });

  it('turns a date input into the start or end of that day, and back', () => {
    const from = dayBoundary('2026-11-01', 'start');
    const to = dayBoundary('2026-11-30', 'end');
    expect(from).toBe(new Date(2026, 10, 1, 0, 0, 0, 0).toISOString());
    expect(to).toBe(new Date(2026, 10, 30, 23, 59, 59, 999).toISOString());
    expect(dateInputValue(from)).toBe('2026-11-01');
    expect(dateInputValue(to)).toBe('2026-11-30');
    expect(dayBoundary('', 'start')).toBeNull();
    expect(dayBoundary('2026-13-40', 'end')).toBeNull();
    expect(dateInputValue(null)).toBe('');
  });
});
