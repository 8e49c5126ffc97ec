import { style } from '@vanilla-extract/css';
import { inlineCentred, srOnly as srOnlyStyle } from '../../ui/styles';
import { mq, vars } from '../../ui/theme.css';

// The account area's navigation, above every /my-account page, aligned with the page frame
// (src/ui/page.css.ts): wraps on a 320 px phone, one row where it fits.

export const nav = style({
  width: '100%',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.md} ${vars.space.md} 0`,
  '@media': { [mq.md]: { padding: `${vars.space.lg} ${vars.space.lg} 0` } },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.md}`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const link = style({
  ...inlineCentred,
  minHeight: '44px',
  color: vars.color.textMuted,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  marginBottom: '-1px',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-current="page"]': { color: vars.color.text, borderBottomColor: vars.color.accent },
  },
});

/** The rewards link's count of active bonuses. */
export const badge = style({
  ...inlineCentred,
  justifyContent: 'center',
  minWidth: '1.25rem',
  marginInlineStart: vars.space.xxs,
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

export const srOnly = style(srOnlyStyle);
