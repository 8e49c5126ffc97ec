import { createGlobalTheme, createThemeContract } from '@vanilla-extract/css';
import { BREAKPOINTS_PX, HEADER_HEIGHT_PX } from '../../machines/lib/constants';

// The one theme contract of the app (ARCHITECTURE.md "Styles"): colours, spacing, type, radii,
// the spec's header height. Every style reads these variables; nothing hard-codes a colour.

export const vars = createThemeContract({
  color: {
    background: null,
    surface: null,
    surfaceRaised: null,
    border: null,
    text: null,
    textMuted: null,
    accent: null,
    accentHover: null,
    onAccent: null,
    secondary: null,
    onSecondary: null,
    link: null,
    focus: null,
    success: null,
    error: null,
    warning: null,
    overlay: null,
  },
  space: { none: null, xxs: null, xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, xxxl: null },
  font: { body: null, display: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, xxl: null, display: null },
  lineHeight: { tight: null, body: null },
  fontWeight: { regular: null, medium: null, bold: null, black: null },
  radius: { sm: null, md: null, lg: null, pill: null },
  shadow: { raised: null, overlay: null },
  size: { headerHeight: null, contentMax: null, proseMax: null },
  zIndex: { header: null, drawer: null, notice: null, toast: null },
});

// Contrast (WCAG AA, >= 4.5:1) checked for text on background, surface and surfaceRaised, and
// onAccent on accent: text #f5f2ea / bg #0a0e1a 17:1, textMuted #b8bfd6 on surfaceRaised 8:1,
// onAccent #1c1400 on accent #f6c344 11:1, link #b4a3ff on bg 8.6:1.
createGlobalTheme(':root', vars, {
  color: {
    background: '#0a0e1a',
    surface: '#121829',
    surfaceRaised: '#1a2238',
    border: '#2c3756',
    text: '#f5f2ea',
    textMuted: '#b8bfd6',
    accent: '#f6c344',
    accentHover: '#ffd76e',
    onAccent: '#1c1400',
    secondary: '#8e6bff',
    onSecondary: '#ffffff',
    link: '#b4a3ff',
    focus: '#ffe08a',
    success: '#3ddc84',
    error: '#ff6b78',
    warning: '#ffb547',
    overlay: 'rgba(4, 6, 14, 0.78)',
  },
  space: {
    none: '0',
    xxs: '0.25rem',
    xs: '0.5rem',
    sm: '0.75rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
    xxl: '3rem',
    xxxl: '4rem',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    display: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  },
  fontSize: {
    xs: '0.75rem',
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.5rem',
    xxl: '2rem',
    display: 'clamp(2rem, 6vw + 1rem, 3.75rem)',
  },
  lineHeight: { tight: '1.15', body: '1.6' },
  fontWeight: { regular: '400', medium: '500', bold: '700', black: '800' },
  radius: { sm: '6px', md: '10px', lg: '16px', pill: '999px' },
  shadow: {
    raised: '0 6px 24px rgba(0, 0, 0, 0.35)',
    overlay: '0 12px 48px rgba(0, 0, 0, 0.55)',
  },
  size: { headerHeight: `${HEADER_HEIGHT_PX}px`, contentMax: '1200px', proseMax: '72ch' },
  zIndex: { header: '100', drawer: '300', notice: '200', toast: '400' },
});

/** Media queries at the spec's breakpoints (behaviour.md §9), mobile first: min-width only. */
export const mq = {
  sm: `screen and (min-width: ${BREAKPOINTS_PX.sm}px)`,
  md: `screen and (min-width: ${BREAKPOINTS_PX.md}px)`,
  lg: `screen and (min-width: ${BREAKPOINTS_PX.lg}px)`,
  xl: `screen and (min-width: ${BREAKPOINTS_PX.xl}px)`,
} as const;

export const reducedMotion = 'screen and (prefers-reduced-motion: reduce)';
