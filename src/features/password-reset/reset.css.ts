import { globalStyle, style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';

// The reset-password page: one column on phones, the flow beside the help text from md up.

export const page = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
  display: 'grid',
  gap: vars.space.xl,
  '@media': {
    [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` },
    [mq.lg]: { gridTemplateColumns: 'minmax(0, 28rem) minmax(0, 1fr)', alignItems: 'start', columnGap: vars.space.xxl },
  },
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  margin: 0,
  '@media': { [mq.lg]: { gridColumn: '1 / -1' } },
});

export const card = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const stepItem = style({
  flex: '1 1 0',
  display: 'grid',
  gap: vars.space.xxs,
  color: vars.color.textMuted,
  selectors: {
    '&::before': { content: '""', display: 'block', height: '4px', borderRadius: vars.radius.pill, background: vars.color.border },
    '&[data-visited="true"]::before': { background: vars.color.secondary },
    '&[aria-current="step"]': { color: vars.color.text, fontWeight: vars.fontWeight.bold },
    '&[aria-current="step"]::before': { background: vars.color.accent },
  },
});

export const stepTitle = style({ fontSize: vars.fontSize.lg, margin: 0, outline: 'none' });

export const text = style({ margin: 0, color: vars.color.textMuted });

export const status = style({ margin: 0, color: vars.color.success, fontSize: vars.fontSize.sm });

export const help = style({ color: vars.color.text, maxWidth: vars.size.proseMax });

globalStyle(`${help} h2`, { fontSize: vars.fontSize.lg, margin: `${vars.space.lg} 0 ${vars.space.xs}` });
globalStyle(`${help} h2:first-child`, { marginTop: 0 });
globalStyle(`${help} ul, ${help} ol`, { paddingLeft: vars.space.lg });
