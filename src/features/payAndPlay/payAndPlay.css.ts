import { keyframes, style } from '@vanilla-extract/css';
import { mq, reducedMotion, vars } from '../../ui/theme.css';

// Pay and play: one centred card, mobile first (full width on phones, a card from md up).

export const page = style({
  display: 'grid',
  // One column no wider than the screen: long labels (Finnish, German) wrap instead of widening it.
  gridTemplateColumns: 'minmax(0, 1fr)',
  justifyItems: 'center',
  padding: `${vars.space.lg} ${vars.space.md}`,
  '@media': { [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const card = style({
  width: '100%',
  maxWidth: '34rem',
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [mq.md]: {
      padding: vars.space.xl,
      borderRadius: vars.radius.lg,
      background: vars.color.surface,
      border: `1px solid ${vars.color.border}`,
      boxShadow: vars.shadow.raised,
    },
  },
});

export const header = style({ display: 'grid', gap: vars.space.xs });

export const title = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.black,
  lineHeight: vars.lineHeight.tight,
  outline: 'none',
  '@media': { [mq.md]: { fontSize: vars.fontSize.xxl } },
});

export const lead = style({ margin: 0, color: vars.color.textMuted });

export const presets = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  '@media': { [mq.md]: { gridTemplateColumns: 'repeat(4, minmax(0, 1fr))' } },
});

/** Issue 21: the first deposit limit's fields, where the market requires one (Sweden, Germany). */
export const limit = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
});

export const legend = style({
  gridColumn: '1 / -1',
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});

export const preset = style({ width: '100%' });

export const summary = style({
  margin: 0,
  minHeight: '1.6em',
  fontWeight: vars.fontWeight.medium,
  color: vars.color.text,
});

export const submit = style({ width: '100%', whiteSpace: 'normal' });

export const fineprint = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted });

const pulse = keyframes({
  '0%, 100%': { transform: 'scale(1)', opacity: 1 },
  '50%': { transform: 'scale(0.9)', opacity: 0.7 },
});

export const progress = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceRaised,
});

export const progressMark = style({
  flexShrink: 0,
  animation: `${pulse} 1.4s ease-in-out infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });
