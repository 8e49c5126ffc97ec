import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { mq, vars } from './theme.css';

// Label and value pairs (src/ui/Facts.tsx): a withdrawal's reference, a limit's figures.

export const facts = recipe({
  base: { display: 'grid', gap: vars.space.xxs, margin: 0 },
  variants: {
    layout: {
      /** Terms in one column and values in another from the small breakpoint; one column on a phone. */
      columns: {
        gridTemplateColumns: 'minmax(0, 1fr)',
        '@media': { [mq.sm]: { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space.md } },
      },
      /** Each pair on its own line, the value at the end (a narrow card). */
      inline: {},
    },
  },
  defaultVariants: { layout: 'columns' },
});

/** A dt and its dd, grouped for the markup. */
export const factPair = recipe({
  variants: {
    layout: {
      // Laid out by the list's grid.
      columns: { display: 'contents' },
      // Where both do not fit (a date on a 320 px phone) the value goes under its term whole, never broken inside a number.
      inline: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: vars.space.sm },
    },
  },
  defaultVariants: { layout: 'columns' },
});

export const factTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const factValue = recipe({
  base: { margin: 0, fontVariantNumeric: 'tabular-nums' },
  variants: {
    layout: {
      columns: { overflowWrap: 'anywhere' },
      inline: { marginInlineStart: 'auto', textAlign: 'end' },
    },
  },
  defaultVariants: { layout: 'columns' },
});
