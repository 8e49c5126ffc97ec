import { style } from '@vanilla-extract/css';
import { framedBox } from '../../ui/styles';
import { mq, vars } from '../../ui/theme.css';

// The marketing preferences (src/features/account/MarketingPreferencesForm.tsx), mobile first: one
// box per communication, its channels as checkboxes that wrap into as many columns as fit (one on a
// 320 px phone); the section spans both columns of the account page from lg up.

/** The section across both columns of the account page's two-column layout. */
export const wide = style({ minWidth: 0, '@media': { [mq.lg]: { gridColumn: '1 / -1' } } });

export const communications = style({
  display: 'grid',
  gap: vars.space.sm,
  '@media': { [mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

/** One communication: a fieldset on the raised surface, its name as the legend. */
export const communication = style({
  ...framedBox(),
  margin: 0,
  minWidth: 0,
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.xs,
});

export const legend = style({ padding: `0 ${vars.space.xxs}`, fontWeight: vars.fontWeight.bold });

/** The channels: as many columns as fit, at least 8rem each. */
export const channels = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8rem), 1fr))',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

/** A checkbox and its label, the whole row a 44 px target; a long word breaks rather than overflow. */
export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  hyphens: 'auto',
  cursor: 'pointer',
});

/** The communication's "all channels" box, set apart from the channels under it. */
export const allChoice = style([choice, { fontWeight: vars.fontWeight.medium, borderBottom: `1px solid ${vars.color.border}` }]);

export const checkbox = style({ width: '20px', height: '20px', margin: 0, flexShrink: 0, accentColor: vars.color.accent });
