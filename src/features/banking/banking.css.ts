import { globalStyle, style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { choiceCard, choiceRadio } from '../../ui/form.css';
import { card, cardTitle, mutedText, page as pageFrame, pageTab, pageTitle } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';
import { edgeBox, edgeTone, framedBox, inlineCentred } from '../../ui/styles';

// The banking pages (product.md §2: /my-account/banking and its tabs) and the deposit modal, on the
// shared page frame (src/ui/page.css.ts). Mobile first: one column, every row wraps; nothing is
// wider than a 320 px phone.

export const page = style([pageFrame(), { width: '100%', maxWidth: '60rem' }]);
export const title = pageTitle;
export const section = card();
export const sectionTitle = cardTitle;
export const text = mutedText;

export const tab = pageTab;

// ------------------------------------------------------------------------------ balances

export const balances = style({ display: 'grid', gap: 0, margin: 0 });

export const balanceRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: `${vars.space.xxs} ${vars.space.md}`,
  padding: `${vars.space.xs} 0`,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const balanceTotal = style({ borderBottom: 'none', fontWeight: vars.fontWeight.bold, fontSize: vars.fontSize.lg });

export const balanceLabel = style({ color: vars.color.textMuted, selectors: { [`${balanceTotal} &`]: { color: vars.color.text } } });

export const money = style({ margin: 0, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm });

// ------------------------------------------------------------------------------ notices

/** An outcome or a notice in a box, its tone on the left edge (colour is never the only sign: a text says it). */
export const notice = recipe({
  base: {
    display: 'grid',
    gap: vars.space.xs,
    margin: 0,
    padding: vars.space.md,
    ...edgeBox('4px', vars.color.surfaceRaised),
    overflowWrap: 'anywhere',
  },
  variants: { tone: edgeTone },
  defaultVariants: { tone: 'info' },
});

export const noticeText = style({ margin: 0 });

export const factTerm = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });

// ------------------------------------------------------------------------------ the cashier form

export { plainFieldset as fieldset, plainLegend as legend } from '../../ui/form.css';

export const methods = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 15rem), 1fr))',
  gap: vars.space.xs,
});

/** One method: the radio, the brand's logo and its name in a row (the name is what the radio is called). */
export const method = style([
  choiceCard,
  {
    display: 'grid',
    gridTemplateColumns: 'auto minmax(0, 6rem) minmax(0, 1fr)',
    alignItems: 'center',
    gap: vars.space.xs,
    minHeight: '56px',
    padding: `${vars.space.xxs} ${vars.space.xs}`,
  },
]);

export const methodRadio = choiceRadio;

/** Issue 24: what a deposit bonus gives, under its title. */
export const bonusTerms = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

/** Issue 24: one deposit bonus (or none): the radio, then its title and what it gives. */
export const bonusChoice = style([
  choiceCard,
  { display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', alignItems: 'center', gap: vars.space.xs, minHeight: '56px', padding: `${vars.space.xxs} ${vars.space.xs}` },
]);

export const methodLogo = style({ display: 'block', width: '100%', maxWidth: '6rem', height: 'auto', borderRadius: vars.radius.sm });

export const methodBody = style({ display: 'grid', gap: '2px', minWidth: 0 });

export const methodName = style({ fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' });

export const recentBadge = style({ fontSize: vars.fontSize.xs, color: vars.color.success, fontWeight: vars.fontWeight.medium });

export const presets = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

export const preset = style({
  selectors: {
    '&[aria-pressed="true"]': { backgroundColor: vars.color.accent, color: vars.color.onAccent, borderColor: vars.color.accent },
  },
});

export const fieldError = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.error });

// ------------------------------------------------------------------------------ lists

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs });

export const row = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  ...framedBox(),
  minWidth: 0,
});

export const rowLine = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: `${vars.space.xxs} ${vars.space.sm}`,
  minWidth: 0,
});

export const rowTitle = style({ fontWeight: vars.fontWeight.bold, overflowWrap: 'anywhere' });

export const rowMeta = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: 'anywhere' });

export const amount = recipe({
  base: { fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  variants: { sign: { in: { color: vars.color.success }, out: { color: vars.color.text }, none: { color: vars.color.textMuted } } },
  defaultVariants: { sign: 'out' },
});

export const badge = recipe({
  base: {
    ...inlineCentred,
    padding: `0 ${vars.space.xs}`,
    borderRadius: vars.radius.pill,
    border: '1px solid currentColor',
    fontSize: vars.fontSize.xs,
    fontWeight: vars.fontWeight.medium,
    whiteSpace: 'nowrap',
  },
  variants: {
    tone: {
      success: { color: vars.color.success },
      pending: { color: vars.color.warning },
      failed: { color: vars.color.error },
      neutral: { color: vars.color.textMuted },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export const dayGroup = style({ display: 'grid', gap: vars.space.xs });

export const dayHeading = style({
  margin: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.xs}`,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.bold,
});

export const dayDate = style({ color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });

// ------------------------------------------------------------------------------ history filters

export const filters = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  '@media': { [mq.md]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const filtersWide = style({ '@media': { [mq.md]: { gridColumn: '1 / -1' } } });

/** From and To side by side where two date inputs fit (a date input does not shrink below its own width). */
export const dates = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11rem), 1fr))',
  gap: vars.space.md,
});

export const summary = style({ display: 'grid', gap: vars.space.sm });

export const summaryFigures = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.sm,
  margin: 0,
  '@media': { [mq.sm]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
});

export const figure = style({
  display: 'grid',
  gap: vars.space.xxs,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surfaceRaised,
});

export const figureValue = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums', overflowWrap: 'anywhere' });

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm });

/** The deposit modal's content: the flow fills it; no page frame inside a dialog. */
export const dialogBody = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });

// A button's words may take two lines on a phone ("Weitere Auszahlung anfordern", "Später
// verifizieren und jetzt einzahlen") rather than push the page wider than the screen.
globalStyle(`${page} button, ${dialogBody} button`, { whiteSpace: 'normal', textAlign: 'center', maxWidth: '100%' });
