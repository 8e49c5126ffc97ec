import { style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';
import { inlineCentred, pill, surfaceBand } from '../../ui/styles';

export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '-100px',
  zIndex: 1000,
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.bold,
  textDecoration: 'none',
  selectors: { '&:focus': { top: vars.space.xs, color: vars.color.onAccent } },
});

export const page = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
});

/**
 * The header and the compliance bars around it (issue 13), sticky together: one box, so a bar never
 * slides under the header or leaves a gap as the page scrolls.
 */
export const stickyTop = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.header,
});

export const header = style({
  height: vars.size.headerHeight,
  backgroundColor: 'rgba(10, 14, 26, 0.92)',
  backdropFilter: 'saturate(140%) blur(10px)',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  height: '100%',
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `0 ${vars.space.xs}`,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  '@media': {
    [mq.md]: { padding: `0 ${vars.space.lg}`, gap: vars.space.md },
    // The full navigation and a player's balance, deposit button and account actions share one row:
    // from xl up the header uses the whole width, not the content's.
    [mq.xl]: { maxWidth: 'none' },
  },
});

// The full navigation needs the widest screens once the account actions share the header (German
// and Finnish labels are long): below xl it lives in the menu drawer.
export const menuButton = style({
  flexShrink: 0,
  selectors: { '&:is(button)': { width: '40px' } },
  '@media': { [mq.md]: { selectors: { '&:is(button)': { width: '44px' } } }, [mq.xl]: { display: 'none' } },
});

export const brandLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  borderRadius: vars.radius.sm,
  color: vars.color.text,
  textDecoration: 'none',
  flexShrink: 0,
  selectors: { '&:hover': { color: vars.color.text } },
});

// A player's header also holds the balance, the deposit button and the account actions (issue 11):
// where the words of every link do not fit beside them, the navigation scrolls sideways in its own
// box (each link stays reachable by keyboard and touch) rather than push the account actions out.
export const desktopNav = style({
  display: 'none',
  '@media': {
    [mq.xl]: { display: 'block', marginLeft: vars.space.md, minWidth: 0, flex: '0 1 auto', overflowX: 'auto', scrollbarWidth: 'none', padding: `${vars.space.xxs} 0` },
  },
});

export const navList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.xxs,
});

export const navLink = style({
  ...inlineCentred,
  ...pill('40px', vars.space.sm),
  color: vars.color.text,
  fontWeight: vars.fontWeight.medium,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceRaised, color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.accent, backgroundColor: vars.color.surfaceRaised },
  },
});

export const headerEnd = style({
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  // 2 px on a phone: a player's header holds the language, the balance, Deposit and two actions.
  gap: '2px',
  minWidth: 0,
  '@media': { [mq.md]: { gap: vars.space.xs }, [mq.xl]: { flexShrink: 0 } },
});

// Below this width the language switcher shows the language's code instead of its name, so that
// Log in and Sign up keep their whole words beside the menu and the logo (issue 8; 320 and 375 px
// phones). Not one of the spec's breakpoints (behaviour.md §9): the header's own need.
const LANGUAGE_NAME_MIN_WIDTH_PX = 400;
const languageNameFits = `screen and (min-width: ${String(LANGUAGE_NAME_MIN_WIDTH_PX)}px)`;

export const languageField = style({
  position: 'relative',
  display: 'inline-flex',
  alignItems: 'center',
  flexShrink: 0,
  borderRadius: vars.radius.pill,
  selectors: {
    '&:focus-within': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

/** What the switcher looks like: a pill with the language (name or code) and a chevron. */
export const languageFace = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  minHeight: '40px',
  padding: `0 calc(${vars.space.xs} + 8px) 0 calc(${vars.space.xxs} + 2px)`,
  borderRadius: vars.radius.pill,
  border: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'nowrap',
  backgroundImage: `linear-gradient(45deg, transparent 50%, currentColor 50%), linear-gradient(135deg, currentColor 50%, transparent 50%)`,
  backgroundPosition: 'calc(100% - 11px) 50%, calc(100% - 6px) 50%',
  backgroundSize: '5px 5px, 5px 5px',
  backgroundRepeat: 'no-repeat',
  '@media': {
    [languageNameFits]: {
      paddingLeft: vars.space.sm,
      paddingRight: vars.space.lg,
      backgroundPosition: 'calc(100% - 14px) 50%, calc(100% - 9px) 50%',
    },
  },
});

export const languageIcon = style({
  display: 'none',
  flexShrink: 0,
  color: vars.color.textMuted,
  '@media': { [mq.md]: { display: 'block' } },
});

export const languageCode = style({
  fontWeight: vars.fontWeight.medium,
  '@media': { [languageNameFits]: { display: 'none' } },
});

export const languageName = style({
  display: 'none',
  '@media': { [languageNameFits]: { display: 'inline' } },
});

/** The real select, transparent over the face: it takes the clicks, the keys and the focus. */
export const languageSelect = style({
  appearance: 'none',
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  margin: 0,
  opacity: 0,
  // 16 px keeps iOS from zooming the page when the select takes the focus.
  fontSize: '16px',
  cursor: 'pointer',
});

export const main = style({
  flex: 1,
  width: '100%',
  outline: 'none',
});

// Mobile drawer (Radix Dialog)
export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.drawer,
  backgroundColor: vars.color.overlay,
});

export const drawer = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: vars.zIndex.drawer,
  width: 'min(20rem, 88vw)',
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.md,
  padding: vars.space.md,
  ...surfaceBand('borderRight'),
  boxShadow: vars.shadow.overlay,
  overflowY: 'auto',
});

export const drawerHeader = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  minHeight: '44px',
});

export const drawerTitle = style({
  margin: 0,
  fontSize: vars.fontSize.lg,
});

export const drawerList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxs,
});

export const drawerLink = style([
  navLink,
  {
    width: '100%',
    minHeight: '48px',
    padding: `0 ${vars.space.md}`,
    borderRadius: vars.radius.md,
    fontSize: vars.fontSize.lg,
  },
]);

// Footer
export const footer = style({
  marginTop: vars.space.xxl,
  ...surfaceBand('borderTop'),
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  // Below the fold on every page at first: the browser skips its style, layout and paint until it
  // nears the viewport (issue 22: the work after the app's first commit, which replaces the whole
  // page, is a long task on a phone). Its last rendered height is kept, so the page's length does
  // not jump; the estimate is its height on a phone.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 530px',
});

export const footerInner = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const footerTop = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.md,
});

export const footerLinks = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(11rem, 1fr))',
  gap: `${vars.space.xxs} ${vars.space.lg}`,
});

export const footerLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '32px',
  color: vars.color.text,
  textDecoration: 'none',
  selectors: { '&:hover': { textDecoration: 'underline', color: vars.color.accentHover } },
});

export const regulators = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
});

export const regulatorLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  padding: vars.space.xs,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceRaised,
});

export const regulatorLogo = style({ display: 'block', height: '32px', width: 'auto' });

export const licences = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const responsible = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  margin: 0,
});

export const ageBadge = style({
  flexShrink: 0,
  display: 'inline-grid',
  placeItems: 'center',
  width: '40px',
  height: '40px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.error}`,
  color: vars.color.text,
  fontWeight: vars.fontWeight.black,
  fontSize: vars.fontSize.sm,
});

export const copyright = style({ margin: 0 });

/** A page the app has yet to render (PageStandIn): as tall as the screen below the header. */
export const standIn = style({ minHeight: `calc(100vh - ${vars.size.headerHeight})` });

export const standInIntro = style({ margin: 0, color: vars.color.textMuted, lineHeight: 1.5 });
