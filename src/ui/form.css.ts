import { globalStyle, style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { framedBox } from './styles';

// Form fields and modal dialogs shared by every feature (sign-up, login, reset, account).

export const form = style({ display: 'grid', gap: vars.space.md });

export const field = style({ display: 'grid', gap: vars.space.xxs });

export const label = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium, color: vars.color.text });

export const input = style({
  minHeight: '44px',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.text,
  font: 'inherit',
  width: '100%',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.error },
  },
});

export const hint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const fieldError = style({ fontSize: vars.fontSize.sm, color: vars.color.error });

export const checkboxRow = style({ display: 'flex', gap: vars.space.xs, alignItems: 'flex-start', fontSize: vars.fontSize.sm });

export const checkbox = style({ width: '20px', height: '20px', marginTop: '2px', accentColor: vars.color.accent, flexShrink: 0 });

export const formError = style({
  padding: vars.space.sm,
  borderRadius: vars.radius.sm,
  border: `1px solid ${vars.color.error}`,
  color: vars.color.text,
  background: vars.color.surfaceRaised,
});

// A form's buttons keep one line where they fit; a translation longer than a phone is wide (German's
// "Cookie-Einstellungen speichern" at 320 px) wraps inside its button instead of widening the page.
export const actions = style({
  display: 'flex',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
});
globalStyle(`${actions} > button, ${actions} > a`, { whiteSpace: 'normal', textAlign: 'center', maxWidth: '100%' });

export const overlay = style({ position: 'fixed', inset: 0, background: vars.color.overlay, zIndex: vars.zIndex.drawer });

export const dialog = style({
  position: 'fixed',
  zIndex: vars.zIndex.drawer,
  left: '50%',
  top: '50%',
  transform: 'translate(-50%, -50%)',
  width: 'min(28rem, calc(100vw - 2rem))',
  maxHeight: 'calc(100vh - 2rem)',
  overflowY: 'auto',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceRaised,
  boxShadow: vars.shadow.overlay,
  display: 'grid',
  gap: vars.space.md,
});

export const dialogHeader = style({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: vars.space.sm });

export const dialogTitle = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });

export const dialogDescription = style({ margin: 0, color: vars.color.textMuted });

/** A group of controls without the browser's frame (a radio group under its legend). */
export const plainFieldset = style({ border: 0, margin: 0, padding: 0, minWidth: 0, display: 'grid', gap: vars.space.xs });

export const plainLegend = style({ padding: 0, marginBottom: vars.space.xs, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

/**
 * A radio drawn as a card (a payment method, a reality-check interval): the whole card is the
 * label; the chosen one is outlined in the accent, the focused one ringed (colour is not the only
 * sign: the radio itself shows the choice).
 */
export const choiceCard = style({
  ...framedBox(),
  cursor: 'pointer',
  selectors: {
    '&:has(input:checked)': { borderColor: vars.color.accent, boxShadow: `inset 0 0 0 1px ${vars.color.accent}` },
    '&:has(input:focus-visible)': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
});

export const choiceRadio = style({ width: '18px', height: '18px', margin: 0, flexShrink: 0, accentColor: vars.color.accent });
