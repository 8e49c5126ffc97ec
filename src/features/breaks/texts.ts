import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { BreakChoice, ExclusionError } from '../../../machines/exclusion.machine';
import { commonFlowErrors } from '../../ui/commonErrors';

// The texts of the breaks section and the reality check (CONVENTIONS.md "Text": one table per
// domain; a raw code never reaches the player).

const BREAK_ERRORS: Readonly<Record<ExclusionError['code'], MessageDescriptor>> = {
  network: commonFlowErrors.network,
  // The platform refused the length (another market's rules, or a changed setting).
  validation: msg({ id: 'breaks.error.validation', message: 'This length is not available. Please choose another one.' }),
  unknown: msg({ id: 'breaks.error.unknown', message: 'Your break could not be started. Nothing has changed: please try again.' }),
};

export function breakErrorMessage(code: ExclusionError['code']): MessageDescriptor {
  return BREAK_ERRORS[code];
}

/** A length as the radio button and the confirmation say it: "7 days", "3 months", "Indefinitely". */
export function lengthLabel(i18n: I18n, choice: BreakChoice): string {
  if (choice.kind === 'coolingOff') {
    const days = choice.days;
    return i18n._(msg({ id: 'breaks.length.days', message: plural(days, { one: '# day', other: '# days' }) }));
  }
  const months = choice.months;
  if (months === 'indefinite') return i18n._(msg({ id: 'breaks.length.indefinite', message: 'Indefinitely' }));
  return i18n._(msg({ id: 'breaks.length.months', message: plural(months, { one: '# month', other: '# months' }) }));
}

/** How long the player has played this session: "45 minutes", "1 hour 5 minutes". */
export function playedFor(i18n: I18n, totalMinutes: number): string {
  const hours = Math.floor(totalMinutes / 60);
  const minutes = totalMinutes % 60;
  if (hours === 0) return i18n._(msg({ id: 'breaks.reality.played.minutes', message: plural(minutes, { one: '# minute', other: '# minutes' }) }));
  return i18n._(
    msg({
      id: 'breaks.reality.played.hours',
      message: `${plural(hours, { one: '# hour', other: '# hours' })} ${plural(minutes, { one: '# minute', other: '# minutes' })}`,
    }),
  );
}
