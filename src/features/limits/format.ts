import { differenceInMinutes } from 'date-fns';
import { displayDate, displayTime } from '../../ui/dates';

// Dates and time left on the gambling limits page: date-fns in the player's time zone and the
// route's locale, as the banking screens show them (src/ui/dates.ts; behaviour.md §9 "Date format:
// day/month/year for display"); units of time through Intl, so every language the site has names them.

/** day/month/year and the time of day in the route's locale: "25/11/2026 14:05". */
export function displayDateTime(date: Date, locale: string): string {
  return `${displayDate(date)} ${displayTime(date, locale)}`;
}

const DAY_MINUTES = 24 * 60;

export interface TimeLeft {
  days: number;
  hours: number;
  minutes: number;
}

/**
 * What is left until `until` at `now`, in whole minutes rounded up (a change due in 30 seconds is
 * "1 min" away, never "0"); null once it is due. Hours and minutes; days only from two whole days
 * on, so that the common 24-hour cooling-off reads "23 hr 59 min", not "0 days".
 */
export function timeLeft(until: Date, now: Date): TimeLeft | null {
  const minutes = differenceInMinutes(until, now, { roundingMethod: 'ceil' });
  if (minutes <= 0) return null;
  const days = minutes >= 2 * DAY_MINUTES ? Math.floor(minutes / DAY_MINUTES) : 0;
  const rest = minutes - days * DAY_MINUTES;
  return { days, hours: Math.floor(rest / 60), minutes: rest % 60 };
}

function unit(locale: string, value: number, name: 'day' | 'hour' | 'minute'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: name, unitDisplay: name === 'day' ? 'long' : 'short' }).format(value);
  } catch {
    return new Intl.NumberFormat('en', { style: 'unit', unit: name, unitDisplay: 'short' }).format(value);
  }
}

/** "23 hr 5 min" / "3 days 2 hr 0 min" in the route's locale. */
export function formatTimeLeft(left: TimeLeft, locale: string): string {
  const parts = [...(left.days > 0 ? [unit(locale, left.days, 'day')] : []), unit(locale, left.hours, 'hour'), unit(locale, left.minutes, 'minute')];
  try {
    return new Intl.ListFormat(locale, { style: 'narrow', type: 'unit' }).format(parts);
  } catch {
    return parts.join(' ');
  }
}
