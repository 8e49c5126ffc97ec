import { style } from '@vanilla-extract/css';
import { framedBox } from '../../ui/styles';
import { mq, vars } from '../../ui/theme.css';

// The login history (src/features/account/LoginHistory.tsx), mobile first: one framed row per login,
// its date on top and its address and country below, side by side where they fit.

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, minWidth: 0 });

export const item = style({ ...framedBox(), padding: `${vars.space.xs} ${vars.space.sm}`, display: 'grid', gap: vars.space.xxs, minWidth: 0 });

export const when = style({ fontWeight: vars.fontWeight.bold });

export const facts = style({
  margin: 0,
  display: 'grid',
  gap: vars.space.xxs,
  '@media': { [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: vars.space.md } },
});

export const fact = style({ display: 'flex', flexWrap: 'wrap', gap: `0 ${vars.space.xs}`, minWidth: 0 });

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: 0, fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });
