import { createVar, keyframes, style } from '@vanilla-extract/css';
import { LIVE_CASINO_ROWS_SPAN } from '../../../machines/lib/constants';
import { mutedText, pageTitle } from '../../ui/page.css';
import { BOTTOM_BAR_HEIGHT } from '../../ui/bottomOverlay.css';
import { stickyTopHeight } from '../../ui/stickyTop.css';
import { mq, reducedMotion, vars } from '../../ui/theme.css';
import { outlinedPill, surfaceBand } from '../../ui/styles';

// The lobbies, category pages and the game page (issue 12; product.md §2 "Casino and live casino").
// Mobile first. A category's grid follows the content's grid per breakpoint (product.md §3: columns
// and rows for mobile, tablet, desktop): the section sets these variables from the content and the
// media queries pick the breakpoint's pair.

export const columnsMobile = createVar();
export const columnsTablet = createVar();
export const columnsDesktop = createVar();
export const rowsMobile = createVar();
export const rowsTablet = createVar();
export const rowsDesktop = createVar();
const columns = createVar();
const rows = createVar();

export const page = style({
  width: '100%',
  maxWidth: '90rem',
  margin: '0 auto',
  padding: `${vars.space.md} ${vars.space.md} calc(${vars.space.xxxl} + ${vars.space.xl})`,
  display: 'grid',
  gap: vars.space.lg,
  minWidth: 0,
  '@media': { [mq.md]: { padding: `${vars.space.lg} ${vars.space.lg} ${vars.space.xxl}` } },
});

export const title = pageTitle;
export const muted = mutedText;

export const toolbar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, alignItems: 'end' });

export const searchField = style({ display: 'grid', gap: vars.space.xxs, flex: '1 1 14rem', minWidth: 0 });

export const searchInput = style({
  ...outlinedPill('44px', vars.space.md),
  width: '100%',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const label = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted });

/** The lobby's tabs: a row under the title from md up, the bottom navigation bar on a phone. */
export const tabs = style({
  position: 'fixed',
  insetInline: 0,
  bottom: 0,
  zIndex: vars.zIndex.header,
  // A constant height, which the cookie notice's first paint sits above (src/ui/bottomOverlay.css.ts).
  height: BOTTOM_BAR_HEIGHT,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  ...surfaceBand('borderTop'),
  '@media': {
    [mq.md]: {
      position: 'static',
      height: 'auto',
      display: 'flex',
      gap: vars.space.xs,
      backgroundColor: 'transparent',
      borderTop: 'none',
    },
  },
});

export const tab = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  justifyContent: 'center',
  gap: '2px',
  minHeight: '56px',
  padding: `${vars.space.xxs} ${vars.space.xxs}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.medium,
  textAlign: 'center',
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' },
    '&[aria-current="page"]': { color: vars.color.accent },
  },
  '@media': {
    [mq.md]: {
      flexDirection: 'row',
      ...outlinedPill('44px', vars.space.md),
      fontSize: vars.fontSize.md,
      color: vars.color.text,
      selectors: {
        '&[aria-current="page"]': { backgroundColor: vars.color.accent, borderColor: vars.color.accent, color: vars.color.onAccent },
      },
    },
  },
});

export const section = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 });

/**
 * A lobby's category row: laid out and painted only near the viewport (its tiles' lazy images load
 * then too). A phone sees a row or two of eight at first; the others cost nothing until scrolled
 * to, and keep their size once drawn (`auto`), so nothing jumps back.
 */
export const categorySection = style([section, { contentVisibility: 'auto', containIntrinsicSize: 'auto 20rem' }]);

export const sectionHeader = style({ display: 'flex', alignItems: 'baseline', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });

export const sectionTitle = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  margin: 0,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.bold,
});

export const categoryIcon = style({ display: 'inline-flex', width: '24px', height: '24px', color: vars.color.accent });

export const seeAll = style({ color: vars.color.link, fontWeight: vars.fontWeight.medium, minHeight: '44px', display: 'inline-flex', alignItems: 'center' });

/**
 * A lobby row: the category's first page, `rows` rows high, scrolling sideways, `columns` tiles in
 * view (the content's grid for the breakpoint).
 */
export const row = style({
  vars: {
    [columns]: columnsMobile,
    [rows]: rowsMobile,
  },
  display: 'grid',
  gridAutoFlow: 'column dense',
  gridTemplateRows: `repeat(${rows}, auto)`,
  gridAutoColumns: `calc((100% - (${columns} - 1) * ${vars.space.xs}) / ${columns})`,
  gap: vars.space.xs,
  overflowX: 'auto',
  overscrollBehaviorX: 'contain',
  scrollSnapType: 'x proximity',
  listStyle: 'none',
  margin: 0,
  padding: `0 0 ${vars.space.xs}`,
  '@media': {
    [mq.md]: { vars: { [columns]: columnsTablet, [rows]: rowsTablet } },
    [mq.lg]: { vars: { [columns]: columnsDesktop, [rows]: rowsDesktop } },
  },
});

/** A page of games in a grid that wraps (search results, my games, category pages). */
export const grid = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(9rem, 45%), 1fr))',
  gap: vars.space.xs,
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [mq.md]: { gridTemplateColumns: 'repeat(auto-fill, minmax(10rem, 1fr))', gap: vars.space.sm } },
});

export const tileItem = style({ scrollSnapAlign: 'start', minWidth: 0 });

/** A tile not drawn yet in a long grid (VirtualGrid): its size and the tile's colour, nothing else to lay out or paint. */
export const tilePlaceholder = style({ borderRadius: vars.radius.md, backgroundColor: vars.color.surfaceRaised });

/** product.md §3 grid sizes: 4x (2 x 2), 2xh (2 wide), 2xv (2 high), 1x. */
export const span = {
  '4x': style({ gridColumn: 'span 2', gridRow: 'span 2' }),
  '2xh': style({ gridColumn: 'span 2' }),
  '2xv': style({ gridRow: 'span 2' }),
  '1x': style({}),
  /** behaviour.md §9: live casino rows span 2. */
  live: style({ gridRow: `span ${String(LIVE_CASINO_ROWS_SPAN)}` }),
};

// A tile is a block with its image on top (its height from its width: 4:3) and the name under it.
// Flex and blocks, not nested grids, and its layout contained: laying out hundreds of tiles for a
// keystroke or a scroll costs a pass each, not one per level of intrinsic sizing.
export const tile = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: '100%',
  borderRadius: vars.radius.md,
  overflow: 'hidden',
  contain: 'layout paint style',
  backgroundColor: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
});

export const tileLink = style({
  display: 'flex',
  flexDirection: 'column',
  flex: '1 1 auto',
  color: vars.color.text,
  textDecoration: 'none',
  minWidth: 0,
  minHeight: 0,
  selectors: { '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '-2px' } },
});

/** 4:3 from the tile's width; in a lobby row's taller cells (2xv, 4x, live) it grows to fill them. */
export const tileImage = style({ display: 'block', width: '100%', height: 'auto', flex: '1 1 auto', minHeight: 0, aspectRatio: '4 / 3', objectFit: 'cover' });

export const tileLabel = style({
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
});

export const tileMeta = style({ display: 'block', fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.regular });

export const tileActions = style({ position: 'absolute', top: vars.space.xxs, right: vars.space.xxs, display: 'flex', gap: vars.space.xxs });

export const tileButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.pill,
  border: 'none',
  backgroundColor: vars.color.overlay,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '1px' },
    '&[aria-pressed="true"]': { color: vars.color.accent },
  },
});

/** An SVG as a CSS image (the tile's icons: drawn as masks in the button's colour). */
const svgUrl = (body: string) =>
  `url("data:image/svg+xml,${encodeURIComponent(`<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24'>${body}</svg>`)}")`;

/**
 * A tile's icon: a mask filled with the button's text colour, not an inline SVG. Hundreds of tiles
 * carry two each; as masks they add one box, not an SVG document's elements to lay out and paint.
 * In forced colours the icon takes the system's button text colour.
 */
const tileIcon = style({
  display: 'block',
  width: '18px',
  height: '18px',
  backgroundColor: 'currentColor',
  maskRepeat: 'no-repeat',
  maskSize: 'contain',
  maskPosition: 'center',
  '@media': { '(forced-colors: active)': { forcedColorAdjust: 'none', backgroundColor: 'ButtonText' } },
});
const HEART = "M12 21s-7-4.4-9.3-9A5.3 5.3 0 0 1 12 6.2 5.3 5.3 0 0 1 21.3 12c-2.3 4.6-9.3 9-9.3 9z";
export const heartIcon = style([tileIcon, { maskImage: svgUrl(`<path d='${HEART}' fill='none' stroke='#000' stroke-width='2'/>`) }]);
export const heartFilledIcon = style([tileIcon, { maskImage: svgUrl(`<path d='${HEART}' fill='#000' stroke='#000' stroke-width='2'/>`) }]);
export const infoIcon = style([
  tileIcon,
  { maskImage: svgUrl("<g fill='none' stroke='#000' stroke-width='2' stroke-linecap='round'><circle cx='12' cy='12' r='9'/><path d='M12 11v6M12 7.5v.5'/></g>") },
]);

export const restricted = style({
  position: 'absolute',
  inset: 0,
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  padding: vars.space.xs,
  textAlign: 'center',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  backgroundColor: vars.color.overlay,
});

/** Just above a tile's name and provider (tileLabel: two lines, sm and xs, and its padding): where the badges over the artwork sit. */
const aboveTileLabel = `calc(3 * ${vars.space.xxs} + (${vars.fontSize.sm} + ${vars.fontSize.xs}) * ${vars.lineHeight.body})`;

/** Over the artwork's lower left corner, above the name (it used to cover the name where it wrapped to two lines on a phone). */
export const jackpot = style({
  position: 'absolute',
  left: vars.space.xxs,
  right: vars.space.xxs,
  width: 'fit-content',
  bottom: aboveTileLabel,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
});

export const boxes = style({
  display: 'grid',
  gridAutoFlow: 'column',
  gridAutoColumns: 'minmax(16rem, 85%)',
  gap: vars.space.sm,
  overflowX: 'auto',
  listStyle: 'none',
  margin: 0,
  padding: 0,
  '@media': { [mq.md]: { gridAutoColumns: 'minmax(18rem, 1fr)' } },
});

export const box = style({
  position: 'relative',
  display: 'grid',
  alignContent: 'end',
  gap: vars.space.xxs,
  minHeight: '9rem',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  overflow: 'hidden',
  backgroundColor: vars.color.surfaceRaised,
  backgroundSize: 'cover',
  backgroundPosition: 'center',
});

export const boxImage = style({ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' });

export const boxText = style({ position: 'relative', margin: 0 });
export const boxTitle = style({ position: 'relative', margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const filterList = style({ display: 'grid', gap: vars.space.xxs, listStyle: 'none', margin: 0, padding: 0, maxHeight: '50vh', overflowY: 'auto' });

export const filterOption = style({ display: 'flex', alignItems: 'center', gap: vars.space.xs, minHeight: '44px' });

export const dialogActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, justifyContent: 'flex-end' });

export const facts = style({ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: `${vars.space.xxs} ${vars.space.md}`, margin: 0 });
export const factTerm = style({ color: vars.color.textMuted });
export const factValue = style({ margin: 0, fontWeight: vars.fontWeight.medium });

// ------------------------------------------------------------------------------ the game page

export const gamePage = style({ display: 'grid', gap: vars.space.sm, padding: vars.space.xs, minWidth: 0, '@media': { [mq.md]: { padding: vars.space.md } } });

export const gameBar = style({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: vars.space.sm, flexWrap: 'wrap' });

export const gameTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });

export const frame = style({
  display: 'block',
  width: '100%',
  // Under the sticky top (the header and, per market, the compliance bars: issue 13), not the header alone.
  height: `calc(100dvh - ${stickyTopHeight} - 6rem)`,
  minHeight: '24rem',
  border: 'none',
  borderRadius: vars.radius.md,
  backgroundColor: '#000',
});

export const notice = style({
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  display: 'grid',
  gap: vars.space.sm,
  justifyItems: 'start',
});

// ------------------------------------------------------------------------------ live tables

/**
 * A live table's seats taken (TableSeats.tsx): over the artwork's lower left corner, so it moves
 * nothing when it comes and leaves the buttons at the top room on a narrow tile. Just above the
 * name and provider (tileLabel: two lines, sm and xs, and its padding).
 */
export const seats = style({
  position: 'absolute',
  left: vars.space.xxs,
  bottom: aboveTileLabel,
  padding: `2px ${vars.space.xs}`,
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.overlay,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
  fontVariantNumeric: 'tabular-nums',
  whiteSpace: 'nowrap',
});

// ------------------------------------------------------------------------------ the jackpot ticker
// JackpotTicker.tsx. One line of a fixed height, kept from the first paint on (nothing below it
// moves when the amounts come); the strip moves with a transform only (no layout, no paint of the
// page), and stands still for a player who asks for less motion.

/** The strip's time for one pass, set per number of jackpots (a steady speed, whatever the count). */
export const tickerDuration = createVar();

const tickerScroll = keyframes({ from: { transform: 'translateX(0)' }, to: { transform: 'translateX(-50%)' } });

export const tickerViewport = style({
  flex: '1 1 auto',
  alignSelf: 'stretch',
  display: 'flex',
  alignItems: 'center',
  minWidth: 0,
  // Scrolls by hand too (a swipe, or the arrow keys once focused): held still, every jackpot can
  // still be reached. No scroll bar while it moves by itself: it would only jitter.
  overflowX: 'auto',
  overflowY: 'hidden',
  scrollbarWidth: 'none',
  overscrollBehaviorX: 'contain',
  // The lists are at least as wide as this box (100cqi): the two copies then always join up.
  containerType: 'inline-size',
  // The ring is the whole strip's (ticker below): the fading edges would hide this box's own.
  selectors: { '&:focus-visible': { outline: 'none' } },
  // The jackpots fade in and out at the edges instead of being cut.
  maskImage: 'linear-gradient(to right, transparent, #000 0.75rem, #000 calc(100% - 0.75rem), transparent)',
  '@media': { [reducedMotion]: { scrollbarWidth: 'thin' } },
});

export const ticker = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  height: '2.75rem',
  minWidth: 0,
  paddingInlineStart: vars.space.sm,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  selectors: { [`&:has(${tickerViewport}:focus-visible)`]: { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' } },
});

export const tickerTitle = style({
  flex: 'none',
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  color: vars.color.accent,
  whiteSpace: 'nowrap',
});

export const tickerTrack = style({
  display: 'flex',
  width: 'max-content',
  animation: `${tickerScroll} ${tickerDuration} linear infinite`,
  selectors: {
    // Held while a pointer is on it (to read a name) or it has the focus (to scroll it), and by the pause button.
    [`${tickerViewport}:hover &, ${tickerViewport}:focus-visible &`]: { animationPlayState: 'paused' },
    '&[data-paused="true"]': { animationPlayState: 'paused' },
  },
  '@media': { [reducedMotion]: { animation: 'none' } },
});

export const tickerList = style({
  flex: 'none',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-around',
  gap: vars.space.lg,
  minWidth: '100cqi',
  margin: 0,
  // The gap between the last jackpot of one copy and the first of the next.
  padding: `0 ${vars.space.lg} 0 0`,
  listStyle: 'none',
  whiteSpace: 'nowrap',
  fontSize: vars.fontSize.sm,
  // The copy that closes the loop has nothing to close when the strip stands still.
  '@media': { [reducedMotion]: { selectors: { '&[aria-hidden="true"]': { display: 'none' } } } },
});

export const tickerItem = style({ display: 'inline-flex', alignItems: 'baseline', gap: vars.space.xs });

export const tickerName = style({ color: vars.color.textMuted });

export const tickerAmount = style({ fontWeight: vars.fontWeight.bold, color: vars.color.text, fontVariantNumeric: 'tabular-nums' });

export const tickerButton = style({
  flex: 'none',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  margin: '-1px -1px -1px 0',
  borderRadius: vars.radius.pill,
  border: 'none',
  backgroundColor: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '&:hover': { color: vars.color.accent } },
});
