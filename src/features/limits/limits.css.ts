import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { card, cardTitle, mutedText, page as pageFrame, pageTitle, successStatus } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';

// The gambling limits page (product.md §2 /my-account/gambling-limits) on the shared page frame
// (src/ui/page.css.ts). Mobile first: one column and every row wraps, so nothing is wider than a
// 320 px phone; the three periods of a kind stand side by side where they fit.

export const page = style([pageFrame(), { width: '100%', maxWidth: '72rem' }]);
export const title = pageTitle;
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
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  minWidth: 0,
  '@media': { [mq.md]: { padding: vars.space.md } },
});

export const periodTitle = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.bold });

export const badge = style({
  justifySelf: 'start',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: '1px solid currentColor',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});

export const facts = style({ display: 'grid', gap: vars.space.xxs, margin: 0 });

/**
 * A dt and its dd on one line, the value at the end; where both do not fit (a date on a 320 px
 * phone) the value goes under its term whole, never broken inside a number.
 */
export const factPair = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: vars.space.sm });

export const factTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const factValue = style({ margin: 0, marginInlineStart: 'auto', textAlign: 'end', fontVariantNumeric: 'tabular-nums' });

/** A warning or a pending change in a box, its tone on the left edge (a text always says it: colour is never the only sign). */
export const notice = recipe({
  base: {
    display: 'grid',
    gap: vars.space.xs,
    margin: 0,
    padding: vars.space.sm,
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: '4px',
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    overflowWrap: 'anywhere',
  },
  variants: {
    tone: {
      info: { borderLeftColor: vars.color.link },
      warning: { borderLeftColor: vars.color.warning },
      error: { borderLeftColor: vars.color.error },
    },
  },
  defaultVariants: { tone: 'info' },
});

export const noticeText = style({ margin: 0 });

export const countdown = style({ margin: 0, fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums' });

/** Buttons wrap (a long German label must not widen a phone's page). */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const wrapButton = style({ whiteSpace: 'normal', textAlign: 'center' });

export const editor = style({ display: 'grid', gap: vars.space.sm });

export const fieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: vars.space.xs });

export const legend = style({ padding: 0, marginBottom: vars.space.xs, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const choices = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 11rem), 1fr))',
  gap: vars.space.xs,
});

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surfaceRaised,
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.accent, boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ width: '18px', height: '18px', margin: 0, flexShrink: 0, accentColor: vars.color.accent });
