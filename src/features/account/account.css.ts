import { style } from '@vanilla-extract/css';
import { card, cardTitle, mutedText, page as pageFrame, successStatus } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';

// The account page on the shared page frame (src/ui/page.css.ts): sections stacked on phones,
// details beside the two forms from lg up.

export const page = pageFrame({ layout: 'halves' });
export const section = card();
export const sectionTitle = cardTitle;
export const text = mutedText;
export const status = successStatus;

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xs,
  margin: 0,
  '@media': { [mq.sm]: { gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: vars.space.lg } },
});

export const term = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const value = style({ margin: `0 0 ${vars.space.xs}`, overflowWrap: 'anywhere', '@media': { [mq.sm]: { margin: 0 } } });
