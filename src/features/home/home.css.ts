import { style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';

export const home = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
  display: 'grid',
  // One column no wider than the screen: a long word cannot widen the page (issue 8).
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xl,
  '@media': { [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}`, gap: vars.space.xxl } },
});

export const hero = style({
  position: 'relative',
  overflow: 'hidden',
  padding: `${vars.space.xl} ${vars.space.lg}`,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  backgroundImage: [
    'radial-gradient(120% 90% at 100% 0%, rgba(142, 107, 255, 0.35) 0%, transparent 55%)',
    'radial-gradient(90% 80% at 0% 100%, rgba(246, 195, 68, 0.22) 0%, transparent 60%)',
  ].join(', '),
  '@media': { [mq.md]: { padding: `${vars.space.xxxl} ${vars.space.xxl}` } },
});

export const eyebrow = style({
  margin: `0 0 ${vars.space.sm}`,
  color: vars.color.accent,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: '0.08em',
  textTransform: 'uppercase',
  fontSize: vars.fontSize.sm,
});

export const heroTitle = style({
  fontSize: vars.fontSize.display,
  fontWeight: vars.fontWeight.black,
  maxWidth: '16ch',
  margin: `0 0 ${vars.space.md}`,
});

export const heroText = style({
  maxWidth: '40rem',
  fontSize: vars.fontSize.lg,
  color: vars.color.textMuted,
  margin: `0 0 ${vars.space.lg}`,
});

export const heroActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

export const sectionTitle = style({ fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.md}` });

export const verticals = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
  gridTemplateColumns: '1fr',
  '@media': {
    [mq.md]: { gridTemplateColumns: 'repeat(2, 1fr)', gap: vars.space.md },
    [mq.lg]: { gridTemplateColumns: 'repeat(3, 1fr)' },
  },
});

export const tile = style({
  height: '100%',
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  alignItems: 'center',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  minHeight: '96px',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  textDecoration: 'none',
  transition: 'border-color 120ms ease, transform 120ms ease',
  selectors: {
    '&:hover': { borderColor: vars.color.accent, color: vars.color.text, transform: 'translateY(-2px)' },
  },
});

export const tileIcon = style({
  gridRow: 'span 2',
  display: 'grid',
  placeItems: 'center',
  width: '52px',
  height: '52px',
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.background,
  color: vars.color.accent,
});

export const tileName = style({ fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
export const tileText = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const responsible = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const ageBadge = style({
  flexShrink: 0,
  display: 'grid',
  placeItems: 'center',
  width: '48px',
  height: '48px',
  borderRadius: '50%',
  border: `3px solid ${vars.color.error}`,
  fontWeight: vars.fontWeight.black,
});

export const responsibleTitle = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.xs}` });
export const responsibleText = style({ margin: 0, color: vars.color.textMuted });
