import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';

/**
 * The product's verticals (product.md §1), as paths below /{langmarket}: the header navigation and
 * the home page's tiles both list them from here.
 */
export type VerticalKey = 'casino' | 'liveCasino' | 'sportsbook' | 'virtuals' | 'promotions';

export interface Vertical {
  readonly key: VerticalKey;
  readonly segment: string;
  readonly label: MessageDescriptor;
}

export const VERTICALS: readonly Vertical[] = [
  { key: 'casino', segment: 'online-casino', label: msg({ id: 'shell.nav.casino', message: 'Casino' }) },
  { key: 'liveCasino', segment: 'live-casino-online', label: msg({ id: 'shell.nav.liveCasino', message: 'Live casino' }) },
  { key: 'sportsbook', segment: 'sportsbook', label: msg({ id: 'shell.nav.sportsbook', message: 'Sportsbook' }) },
  { key: 'virtuals', segment: 'virtuals', label: msg({ id: 'shell.nav.virtuals', message: 'Virtuals' }) },
  { key: 'promotions', segment: 'promotions', label: msg({ id: 'shell.nav.promotions', message: 'Promotions' }) },
];
