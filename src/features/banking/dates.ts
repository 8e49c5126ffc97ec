import { endOfDay, format, intlFormat, isValid, parseISO, startOfDay } from 'date-fns';
import { dateOf } from '../../ui/dates';

// Dates on the banking screens, with date-fns in the player's time zone and the route's locale
// (behaviour.md §9 "Date format: day/month/year for display; yyyy-MM-dd"). Names (weekdays) come
// from date-fns' Intl formatting, so every language the site has gets them, Tagalog included. The
// wire's instants and the day/month/year and time shown are the shared ones (src/ui/dates.ts).

export { dateOf, displayDate, displayTime } from '../../ui/dates';

/** The calendar day of an instant in the player's time zone ("2026-11-25"): the history's day groups. */
export function dayOf(iso: string): string {
  const date = dateOf(iso);
  return date === null ? iso : format(date, 'yyyy-MM-dd');
}

/** The weekday's name in the route's locale ("Tuesday", "tiistai"). */
export function weekdayName(date: Date, locale: string): string {
  return intlFormat(date, { weekday: 'long' }, { locale });
}

export type RelativeDay = 'today' | 'yesterday' | 'other';

/** Whether a day (yyyy-MM-dd) is today or yesterday at `now`, in the player's time zone. */
export function relativeDay(day: string, now: Date = new Date()): RelativeDay {
  if (day === format(now, 'yyyy-MM-dd')) return 'today';
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  return day === format(yesterday, 'yyyy-MM-dd') ? 'yesterday' : 'other';
}

/** A date input's value (yyyy-MM-dd) as the instant its day starts or ends in the player's time zone (ISO), or null. */
export function dayBoundary(value: string, edge: 'start' | 'end'): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const date = parseISO(value);
  if (!isValid(date)) return null;
  return (edge === 'start' ? startOfDay(date) : endOfDay(date)).toISOString();
}

/** An ISO instant as a date input's value (yyyy-MM-dd in the player's time zone); '' for none. */
export function dateInputValue(iso: string | null): string {
  const date = iso === null ? null : dateOf(iso);
  return date === null ? '' : format(date, 'yyyy-MM-dd');
}
