import { globalStyle, style } from '@vanilla-extract/css';
import { card, cardTitle, mutedText } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';

// The breaks section (a card on the gambling-limits page) and the reality check's figures. Mobile
// first: one column on a 320 px phone, the lengths side by side where they fit.

export const section = card();
export const sectionTitle = cardTitle;
export const text = mutedText;

export const groups = style({ display: 'grid', gap: vars.space.md });

export const fieldset = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.sm,
  minWidth: 0,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const legend = style({ padding: `0 ${vars.space.xxs}`, fontWeight: vars.fontWeight.bold });

export const hint = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const options = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const option = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  // A target a finger can hit (WCAG 2.5.8), and wide enough for "Indefinitely" in German.
  minHeight: '44px',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.pill,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.accent, background: vars.color.surfaceRaised },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const radio = style({ width: '18px', height: '18px', margin: 0, accentColor: vars.color.accent, flexShrink: 0 });

export const consequences = style({ display: 'grid', gap: vars.space.xs, margin: 0, paddingInlineStart: vars.space.lg });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  justifyContent: 'flex-end',
});

// Long labels (German, Portuguese) wrap instead of widening a phone's page.
globalStyle(`${actions} > button`, { whiteSpace: 'normal', textAlign: 'center' });

export const figures = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr) auto',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  margin: 0,
});

export const figureTerm = style({ color: vars.color.textMuted });

export const figureValue = style({ margin: 0, textAlign: 'end', fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums' });

export const limitsLink = style({
  color: vars.color.link,
  textDecoration: 'underline',
  justifySelf: 'start',
  // A comfortable target on a phone.
  padding: `${vars.space.xxs} 0`,
  '@media': { [mq.sm]: { padding: 0 } },
});
