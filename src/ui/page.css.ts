import { style } from '@vanilla-extract/css';
import { recipe } from '@vanilla-extract/recipes';
import { pillLink } from './styles';
import { mq, vars } from './theme.css';

// The frame of a feature page (the account page, the password reset, the accept-terms page): a
// centred column with the page's padding, its title, and cards for its sections. Mobile first: one
// column on phones; from lg up the layout variant may put two columns side by side.

export const page = recipe({
  base: {
    margin: '0 auto',
    padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xl}`,
    display: 'grid',
    gap: vars.space.lg,
    '@media': { [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
  },
  variants: {
    layout: {
      /** Sections in two equal columns from lg up (the account page). */
      halves: {
        maxWidth: vars.size.contentMax,
        '@media': { [mq.lg]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', alignItems: 'start' } },
      },
      /** A form's column beside wider help text from lg up (the password reset). */
      formBeside: {
        maxWidth: vars.size.contentMax,
        gap: vars.space.xl,
        '@media': {
          [mq.lg]: { gridTemplateColumns: 'minmax(0, 28rem) minmax(0, 1fr)', alignItems: 'start', columnGap: vars.space.xxl },
        },
      },
      /** One column at a reading width (a document to read and accept). */
      prose: { maxWidth: vars.size.proseMax },
    },
  },
});

/** The page's h1; it spans both columns of a two-column layout. */
export const pageTitle = style({
  fontSize: vars.fontSize.xxl,
  fontWeight: vars.fontWeight.black,
  lineHeight: vars.lineHeight.tight,
  margin: 0,
  '@media': { [mq.lg]: { gridColumn: '1 / -1' } },
});

/** A section of the page on its own surface. */
export const card = recipe({
  base: {
    display: 'grid',
    border: `1px solid ${vars.color.border}`,
    backgroundColor: vars.color.surface,
  },
  variants: {
    size: {
      /** A form or a group of details. */
      regular: { gap: vars.space.md, padding: vars.space.lg, borderRadius: vars.radius.lg },
      /** A short note inside a page's text (a document's version and link). */
      compact: { gap: vars.space.xs, padding: vars.space.md, borderRadius: vars.radius.md },
    },
  },
  defaultVariants: { size: 'regular' },
});

/** A card's h2. */
export const cardTitle = style({ fontSize: vars.fontSize.lg, margin: 0 });

/** Explanations next to a form, quieter than what the player types. */
export const mutedText = style({ margin: 0, color: vars.color.textMuted });

/** "A new code is on its way" and other good news under a form (announced by a role=status parent). */
export const successStatus = style({ margin: 0, color: vars.color.success, fontSize: vars.fontSize.sm });

/** A page's tabs (links in a nav: banking's sections, the rewards' offers and active bonuses): they wrap on a phone. */
export const pageTabList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'flex', flexWrap: 'wrap', gap: vars.space.xs });

/** What a page's tabs show, under them. */
export const pageTabPanel = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

/** One tab: a 44 px pill, filled when it is the page shown (aria-current). */
export const pageTab = style({
  ...pillLink('44px', vars.space.md),
  gap: vars.space.xs,
  fontWeight: vars.fontWeight.medium,
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceRaised, color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-current="page"]': { backgroundColor: vars.color.accent, borderColor: vars.color.accent, color: vars.color.onAccent },
  },
});

/** A small outlined label on a card (a limit's state, a reward's vertical). */
export const tagLabel = style({
  justifySelf: 'start',
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  border: '1px solid currentColor',
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
});
