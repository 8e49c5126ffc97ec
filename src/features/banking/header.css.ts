import { style } from '@vanilla-extract/css';
import { labelFromTablet } from '../../ui/global.css';
import { mq, vars } from '../../ui/theme.css';
import { srOnly } from '../../ui/styles';

// The header's balance and deposit button (product.md §2: the balance on every page while logged
// in). On a 320 px phone they share the header with the menu, the logo, the language and the
// account actions: small type, the deposit button an icon (its label stays its accessible name);
// words from md up.

/** Below this width the amount takes the smallest readable type (a 320 px phone); not a spec breakpoint: the header's own need. */
const ROOMY_PHONE_MIN_WIDTH_PX = 360;
const roomyPhone = `screen and (min-width: ${String(ROOMY_PHONE_MIN_WIDTH_PX)}px)`;
const narrowPhone = `screen and (max-width: ${String(ROOMY_PHONE_MIN_WIDTH_PX - 0.02)}px)`;

export const group = style({
  display: 'flex',
  alignItems: 'center',
  gap: '2px',
  flexShrink: 0,
  '@media': { [mq.md]: { gap: vars.space.xs } },
});

export const balanceLink = style({
  display: 'inline-flex',
  flexDirection: 'column',
  justifyContent: 'center',
  minHeight: '40px',
  minWidth: 0,
  padding: '0 2px',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  lineHeight: vars.lineHeight.tight,
  selectors: {
    '&:hover': { color: vars.color.text, backgroundColor: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** "Balance", above the amount from md up; read with it everywhere. */
export const caption = style([
  labelFromTablet,
  { '@media': { [mq.md]: { fontSize: vars.fontSize.xs, color: vars.color.textMuted } } },
]);

export const amount = style({
  fontSize: '11px',
  fontWeight: vars.fontWeight.bold,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  '@media': { [roomyPhone]: { fontSize: vars.fontSize.xs }, [mq.md]: { fontSize: vars.fontSize.sm } },
  selectors: { '[data-stale="true"] &': { color: vars.color.warning } },
});

/** The bonus money under the total (issue 24): smaller and muted; its word from md up. */
export const bonusLine = style({
  fontSize: '10px',
  color: vars.color.textMuted,
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
  '@media': { [mq.md]: { fontSize: vars.fontSize.xs } },
});

/** The bonus line's gift mark, on phones only (from md up its word says it). */
export const bonusIcon = style({
  display: 'inline-block',
  verticalAlign: '-1px',
  marginRight: '2px',
  '@media': { [mq.md]: { display: 'none' } },
});

/** The exact amount: visually hidden below 360 px when it is long (it stays the link's name). */
export const amountExact = style({
  '@media': {
    [narrowPhone]: {
      ...srOnly,
    },
  },
});

/** The short amount ("€12K") that stands for a long one below 360 px. */
export const amountShort = style({ display: 'none', '@media': { [narrowPhone]: { display: 'inline' } } });

export const iconButton = style({
  selectors: {
    '&:is(a, button)': { minWidth: '32px', paddingLeft: 0, paddingRight: 0 },
  },
  '@media': {
    [mq.md]: { selectors: { '&:is(a, button)': { paddingLeft: vars.space.sm, paddingRight: vars.space.sm } } },
  },
});

export const staleButton = style({ color: vars.color.warning });

/** A word beside an icon, shown from md up (the control's accessible name keeps it on phones). */
export { labelFromTablet };

export const icon = style({ display: 'block', flexShrink: 0 });
