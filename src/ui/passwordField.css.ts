import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

// The password input with its show/hide button inside the same box (PasswordField.tsx).

export const row = style({ position: 'relative', display: 'flex', alignItems: 'center' });

/** Room on the right for the toggle, so a long password never runs under it. */
export const input = style({ paddingRight: '3.25rem' });

export const toggle = style({
  position: 'absolute',
  right: '2px',
  top: '50%',
  transform: 'translateY(-50%)',
  width: '44px',
  height: '40px',
  display: 'grid',
  placeItems: 'center',
  border: 'none',
  borderRadius: vars.radius.sm,
  background: 'transparent',
  color: vars.color.textMuted,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&:focus-visible': { outline: `2px solid ${vars.color.focus}`, outlineOffset: '0' },
  },
});
