import { style } from '@vanilla-extract/css';
import { mutedText, successStatus } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';

// The EDD questionnaire (src/features/edd/EddForm.tsx), mobile first: one column of fields on a
// phone (long option names wrap inside the selects' width), two columns of fields from md up, the
// free text of an Other choice under its select.

export const text = mutedText;

/**
 * The questionnaire's own column under the page it is placed on (the verification tab): the page
 * frame's width and side padding, without its top padding (the page above has its bottom one).
 */
export const frame = style({
  margin: '0 auto',
  width: '100%',
  maxWidth: vars.size.contentMax,
  boxSizing: 'border-box',
  padding: `0 ${vars.space.md} ${vars.space.xl}`,
  '@media': { [mq.md]: { padding: `0 ${vars.space.lg} ${vars.space.xxl}` } },
});
export const status = successStatus;

/** The fields: one column, two from md up (each Other text stays with its select). */
export const fields = style({
  display: 'grid',
  gap: vars.space.sm,
  minWidth: 0,
  '@media': { [mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', columnGap: vars.space.md } },
});

/** A select with its Other text: one cell of the grid. */
export const group = style({ display: 'grid', gap: vars.space.xs, minWidth: 0, alignContent: 'start' });

/** Selects as wide as their cell, never wider than a 320 px phone (long country names). */
export const select = style({ width: '100%', minWidth: 0, maxWidth: '100%', textOverflow: 'ellipsis' });

/** The sent answers, term over value on a phone, side by side from sm up. */
export const answers = style({
  display: 'grid',
  gap: vars.space.xxs,
  margin: 0,
  '@media': { [mq.sm]: { gridTemplateColumns: 'minmax(0, 14rem) minmax(0, 1fr)', columnGap: vars.space.md, rowGap: vars.space.xs } },
});
export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const value = style({ margin: `0 0 ${vars.space.xs}`, overflowWrap: 'anywhere', '@media': { [mq.sm]: { margin: 0 } } });

/** Buttons with long labels (German, Portuguese) may wrap on a 320 px phone. */
export const wrapButton = style({ whiteSpace: 'normal', textAlign: 'center' });
