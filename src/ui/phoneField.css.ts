import { style } from '@vanilla-extract/css';
import { mq, vars } from './theme.css';

// The phone prefix and number (src/ui/PhoneField.tsx): stacked on phones, side by side from md up,
// tops aligned so a hint or an error under one field does not push the other down.

export const row = style({
  display: 'grid',
  gap: vars.space.sm,
  alignItems: 'start',
  margin: 0,
  padding: 0,
  border: 0,
  minWidth: 0,
  '@media': { [mq.md]: { gridTemplateColumns: 'minmax(9rem, 2fr) 3fr' } },
});

export const legend = style({
  padding: 0,
  marginBottom: vars.space.xs,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
});
