import { format, intlFormat, isValid, parseISO } from 'date-fns';
import { DISPLAY_DATE_FORMAT } from '../../machines/lib/constants';

// Dates as the screens show them (the banking screens, the gambling limits page), with date-fns in
// the player's time zone and the route's locale (behaviour.md §9 "Date format: day/month/year for
// display").

/** The wire's ISO instant as a Date, or null (also for no instant). */
export function dateOf(iso: string | null): Date | null {
  if (iso === null) return null;
  const date = parseISO(iso);
  return isValid(date) ? date : null;
}

/** day/month/year (behaviour.md §9). */
export function displayDate(date: Date): string {
  return format(date, DISPLAY_DATE_FORMAT);
}

/** The time of day in the route's locale ("14:05", "2:05 PM"). */
export function displayTime(date: Date, locale: string): string {
  return intlFormat(date, { hour: 'numeric', minute: '2-digit' }, { locale });
}
