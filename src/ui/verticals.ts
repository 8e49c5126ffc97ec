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
  /**
   * Whether the vertical's pages exist. A link to one that does not would answer the not-found page
   * (issue 21), so the header and the home page show only these; the sportsbook, virtuals and
   * promotions issues set it when their routes land.
   */
  readonly shipped: boolean;
}

export const VERTICALS: readonly Vertical[] = [
  { key: 'casino', segment: 'online-casino', label: msg({ id: 'shell.nav.casino', message: 'Casino' }), shipped: true },
  { key: 'liveCasino', segment: 'live-casino-online', label: msg({ id: 'shell.nav.liveCasino', message: 'Live casino' }), shipped: true },
  { key: 'sportsbook', segment: 'sportsbook', label: msg({ id: 'shell.nav.sportsbook', message: 'Sportsbook' }), shipped: false },
  { key: 'virtuals', segment: 'virtuals', label: msg({ id: 'shell.nav.virtuals', message: 'Virtuals' }), shipped: false },
  { key: 'promotions', segment: 'promotions', label: msg({ id: 'shell.nav.promotions', message: 'Promotions' }), shipped: false },
];

/** The verticals a player can open today: the only ones the site links to. */
export const SHIPPED_VERTICALS: readonly Vertical[] = VERTICALS.filter((vertical) => vertical.shipped);

/** Whether the vertical of `key` has its pages. */
export function isShipped(key: VerticalKey): boolean {
  return VERTICALS.some((vertical) => vertical.key === key && vertical.shipped);
}
