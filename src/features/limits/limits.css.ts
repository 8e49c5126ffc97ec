import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { choiceCard, choiceRadio } from '../../ui/form.css';
import { card, cardTitle, mutedText, page as pageFrame, successStatus, tagLabel } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';
import { edgeBox, edgeTone, framedBox } from '../../ui/styles';

// The gambling limits page (product.md §2 /my-account/gambling-limits) on the shared page frame
// (src/ui/page.css.ts). Mobile first: one column and every row wraps, so nothing is wider than a
// 320 px phone; the three periods of a kind stand side by side where they fit.

export const page = style([pageFrame(), { width: '100%', maxWidth: '72rem' }]);
export const section = card();
export const sectionTitle = cardTitle;
export const text = mutedText;
export const status = successStatus;

export const intro = style([mutedText, { maxWidth: vars.size.proseMax }]);

export const rules = style({ margin: 0, paddingInlineStart: vars.space.lg, display: 'grid', gap: vars.space.xxs, color: vars.color.text });

/** The three periods of a kind: stacked on phones, side by side where each has 16rem. */
export const periods = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
  gap: vars.space.sm,
});

export const period = style({
  display: 'grid',
  alignContent: 'start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  ...framedBox(),
  minWidth: 0,
  '@media': { [mq.md]: { padding: vars.space.md } },
});

export const periodTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const badge = tagLabel;

/** A warning or a pending change in a box, its tone on the left edge (a text always says it: colour is never the only sign). */
export const notice = recipe({
  base: {
    display: 'grid',
    gap: vars.space.xs,
    margin: 0,
    padding: vars.space.sm,
    ...edgeBox('4px', vars.color.surface),
    overflowWrap: 'anywhere',
  },
  variants: { tone: { info: edgeTone.info, warning: edgeTone.warning, error: edgeTone.error } },
  defaultVariants: { tone: 'info' },
});

export const noticeText = style({ margin: 0 });

export const countdown = style({ margin: 0, fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums' });

/** Buttons wrap (a long German label must not widen a phone's page). */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const wrapButton = style({ whiteSpace: 'normal', textAlign: 'center' });

export const editor = style({ display: 'grid', gap: vars.space.sm });

export { plainFieldset as fieldset, plainLegend as legend } from '../../ui/form.css';

export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
  gap: vars.space.xs,
});

export const choice = style([choiceCard, { display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: '44px', padding: `0 ${vars.space.sm}` }]);

export const radio = choiceRadio;
