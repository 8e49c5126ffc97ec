import { globalStyle, style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';

export const page = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
  '@media': { [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  margin: `0 0 ${vars.space.xs}`,
  '@media': { [mq.md]: { fontSize: '2.5rem' } },
});

export const updated = style({
  margin: `0 0 ${vars.space.lg}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

/** The page's own actions under its heading (the /401 page's Log in and Sign up). */
export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  margin: `${vars.space.md} 0 ${vars.space.lg}`,
});

export const prose = style({
  maxWidth: vars.size.proseMax,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

globalStyle(`${prose} h2`, { fontSize: vars.fontSize.xl, margin: `${vars.space.xl} 0 ${vars.space.sm}` });
globalStyle(`${prose} h3`, { fontSize: vars.fontSize.lg, margin: `${vars.space.lg} 0 ${vars.space.xs}` });
globalStyle(`${prose} ul, ${prose} ol`, { paddingLeft: vars.space.lg, margin: `0 0 ${vars.space.md}` });
globalStyle(`${prose} li`, { marginBottom: vars.space.xxs });
globalStyle(`${prose} table`, { width: '100%', borderCollapse: 'collapse', margin: `0 0 ${vars.space.md}`, display: 'block', overflowX: 'auto' });
globalStyle(`${prose} th, ${prose} td`, { border: `1px solid ${vars.color.border}`, padding: vars.space.xs, textAlign: 'left' });
globalStyle(`${prose} img`, { maxWidth: '100%', height: 'auto' });
globalStyle(`${prose} blockquote`, { margin: `0 0 ${vars.space.md}`, paddingLeft: vars.space.md, borderLeft: `3px solid ${vars.color.accent}` });
