import { style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';
import { PANIC_BAR_MIN_HEIGHT, SESSION_BAR_MIN_HEIGHT } from './barSizes';
import { pillLink, surfaceBand } from '../../ui/styles';

// The compliance layer's part of the page's first load (issue 13): the Swedish badges above the
// header, and the space the player's bars take while their code loads (./player.css.ts styles the
// bars themselves, in their own chunk). Every bar fits a 320 px phone: its items wrap rather than
// widen it.

// ------------------------------------------------------------------------ Swedish badges (PP)

export const badges = style({
  ...surfaceBand('borderBottom'),
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  '@media': { [mq.md]: { padding: `${vars.space.xxs} ${vars.space.lg}` } },
});

export const badgeList = style({
  listStyle: 'none',
  margin: '0 auto',
  padding: 0,
  maxWidth: vars.size.contentMax,
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.xs,
  // Aligned with the header's end, which uses the whole width from xl (src/features/shell/shell.css.ts).
  '@media': { [mq.md]: { justifyContent: 'flex-end' }, [mq.xl]: { maxWidth: 'none' } },
});

export const badge = style({
  ...pillLink('32px', vars.space.sm),
  backgroundColor: vars.color.surfaceRaised,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.text, borderColor: vars.color.accent },
  },
  '@media': { [mq.md]: { fontSize: vars.fontSize.sm } },
});

// ------------------------------------------------------ the bars' place while their code loads

const barSpace = surfaceBand('borderBottom');

export const sessionBarSpace = style({ ...barSpace, minHeight: SESSION_BAR_MIN_HEIGHT });

export const panicBarSpace = style({ ...barSpace, minHeight: PANIC_BAR_MIN_HEIGHT });
