import { style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';

// The account page: sections stacked on phones; details beside the two forms from lg up.

export const page = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
  display: 'grid',
  gap: vars.space.lg,
  '@media': {
    [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` },
    [mq.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', alignItems: 'start' },
  },
});

export const title = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  margin: 0,
  '@media': { [mq.lg]: { gridColumn: '1 / -1' } },
});

export const section = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
});

export const sectionTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xs,
  margin: 0,
  '@media': { [mq.sm]: { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space.lg } },
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: `0 0 ${vars.space.xs}`, overflowWrap: 'anywhere', '@media': { [mq.sm]: { margin: 0 } } });

export const text = style({ margin: 0, color: vars.color.textMuted });

export const phoneRow = style({
  display: 'grid',
  gap: vars.space.md,
  '@media': { [mq.md]: { gridTemplateColumns: 'minmax(0, 14rem) minmax(0, 1fr)', alignItems: 'end' } },
});

export const status = style({ margin: 0, color: vars.color.success, fontSize: vars.fontSize.sm });
