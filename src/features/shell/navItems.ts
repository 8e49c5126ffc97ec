import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/** The verticals in the header navigation (issue 2 "The shell"), as paths below /{langmarket}. */
export interface NavItem {
  readonly key: string;
  readonly segment: string;
  readonly label: MessageDescriptor;
}

export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'casino', segment: 'online-casino', label: msg({ id: 'shell.nav.casino', message: 'Casino' }) },
  { key: 'liveCasino', segment: 'live-casino-online', label: msg({ id: 'shell.nav.liveCasino', message: 'Live casino' }) },
  { key: 'sportsbook', segment: 'sportsbook', label: msg({ id: 'shell.nav.sportsbook', message: 'Sportsbook' }) },
  { key: 'virtuals', segment: 'virtuals', label: msg({ id: 'shell.nav.virtuals', message: 'Virtuals' }) },
  { key: 'promotions', segment: 'promotions', label: msg({ id: 'shell.nav.promotions', message: 'Promotions' }) },
];
