// Named style fragments that several style sheets share: plain objects (or functions that return one),
// spread into a `style({...})` or a recipe's base, so a sheet keeps only what is its own.
// Only .css.ts files import this module (it makes no class itself).
import { vars } from './theme.css';

/** Out of sight, still read by screen readers (the clip-path rule; spread where a rule hides only at some widths). */
export const srOnly = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Content centred on one line, the box as wide as its content. */
export const inlineCentred = { display: 'inline-flex', alignItems: 'center' } as const;

/** A box that centres its one child in a given height (a screen, a loader). */
export const centredGrid = (minHeight: string) => ({ minHeight, display: 'grid', placeItems: 'center' }) as const;

/** A pill: its least height, its padding at the sides and the round ends. */
export const pill = (minHeight: string, paddingX: string) =>
  ({ minHeight, padding: `0 ${paddingX}`, borderRadius: vars.radius.pill }) as const;

/** A pill with the hairline border (a tab, a tag, a search field). */
export const outlinedPill = (minHeight: string, paddingX: string) =>
  ({ ...pill(minHeight, paddingX), border: `1px solid ${vars.color.border}` }) as const;

/** A link drawn as an outlined pill (a page's tab, a badge): its content centred on one line, in the text's colour, not underlined. */
export const pillLink = (minHeight: string, paddingX: string) =>
  ({ ...inlineCentred, ...outlinedPill(minHeight, paddingX), color: vars.color.text, textDecoration: 'none' }) as const;

/** A band on the page's surface, set off by the hairline on one side (a bar, the badge strip, the drawer, the footer). */
export const surfaceBand = <Side extends 'borderTop' | 'borderRight' | 'borderBottom'>(side: Side) =>
  ({ backgroundColor: vars.color.surface, [side]: `1px solid ${vars.color.border}` }) as { backgroundColor: string } & Record<Side, string>;

/** A framed box on the raised surface (a list row, a card, a panel): the hairline in the border's colour, or a tone's. */
export const framedBox = (borderColor: string = vars.color.border) =>
  ({ borderRadius: vars.radius.md, border: `1px solid ${borderColor}`, backgroundColor: vars.color.surfaceRaised }) as const;

/** A box whose tone is its left edge (a notice, a toast): the edge's width and the box's background. */
export const edgeBox = (edgeWidth: string, backgroundColor: string) =>
  ({
    borderRadius: vars.radius.md,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: edgeWidth,
    backgroundColor,
    color: vars.color.text,
  }) as const;

/** The left-edge colour of each tone (an edgeBox's variants); colour is never the only sign. */
export const edgeTone = {
  info: { borderLeftColor: vars.color.link },
  success: { borderLeftColor: vars.color.success },
  warning: { borderLeftColor: vars.color.warning },
  error: { borderLeftColor: vars.color.error },
} as const;
