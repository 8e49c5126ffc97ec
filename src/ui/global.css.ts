import { globalStyle, keyframes, style } from '@vanilla-extract/css';
import { bottomCovered, bottomNoticeHeight } from './bottomOverlay.css';
import { stickyTopHeight } from './stickyTop.css';
import { mq, reducedMotion, vars } from './theme.css';
import { srOnly } from './styles';

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' });

globalStyle('html', {
  colorScheme: 'dark',
  backgroundColor: vars.color.background,
  WebkitTextSizeAdjust: '100%',
  // The sticky top (the header and, per market, the compliance bars: issue 13) and what covers the
  // bottom (a bottom bar, the cookie notice) never cover what the browser scrolls to or focuses
  // (WCAG 2.4.11).
  scrollPaddingTop: `calc(${stickyTopHeight} + ${vars.space.md})`,
  scrollPaddingBottom: `calc(${bottomCovered} + ${vars.space.md})`,
  // Room below the page's end while the cookie notice shows: its last links can scroll clear of it.
  // On the root, which alone reads the notice's height (src/ui/bottomOverlay.css.ts).
  paddingBottom: bottomNoticeHeight,
});

globalStyle('body', {
  margin: 0,
  minHeight: '100vh',
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.body,
  WebkitFontSmoothing: 'antialiased',
  overflowX: 'hidden',
});

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.display,
  lineHeight: vars.lineHeight.tight,
  margin: `0 0 ${vars.space.md}`,
  // A long word in a large heading ("tervetulleeksi", "Pankkitunnistautuminen", "Willkommen") is
  // wider than a 320 px phone: hyphenate where the browser can, else break it rather than widen
  // the page (issue 8; tests/e2e/layout-walk.spec.ts).
  overflowWrap: 'anywhere',
  hyphens: 'auto',
});

globalStyle('p', { margin: `0 0 ${vars.space.md}` });
globalStyle('img, svg', { maxWidth: '100%', height: 'auto' });

globalStyle('a', { color: vars.color.link, textUnderlineOffset: '0.2em' });
globalStyle('a:hover', { color: vars.color.accentHover });

// A focus ring everyone can see, on every interactive element (keyboard users, WCAG 2.4.7).
globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
});

globalStyle('button, input, select, textarea', { font: 'inherit', color: 'inherit' });

globalStyle('*, *::before, *::after', {
  '@media': {
    [reducedMotion]: {
      animationDuration: '0.01ms !important',
      animationIterationCount: '1 !important',
      transitionDuration: '0.01ms !important',
      scrollBehavior: 'auto',
    },
  },
});

// index.html shows a static loader (no script: CSP script-src 'self') until React renders into #root.
globalStyle('#root:not(:empty) + .boot-loader', { display: 'none' });
globalStyle('.boot-loader', {
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  backgroundColor: vars.color.background,
});

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
});

/**
 * A word beside an icon or a caption: read on every screen, shown from md up (on phones the control's
 * accessible name keeps it). Used by the header's account actions and balance.
 */
export const labelFromTablet = style({
  ...srOnly,
  '@media': {
    [mq.md]: { position: 'static', width: 'auto', height: 'auto', margin: 0, overflow: 'visible', clipPath: 'none' },
  },
});

// Entrances move, they never fade: a half-transparent frame would fail a contrast check.
export const slideUp = keyframes({
  from: { transform: 'translateY(12px)' },
  to: { transform: 'translateY(0)' },
});
