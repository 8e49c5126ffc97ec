import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';

export const screen = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  backgroundColor: vars.color.background,
});

export const inline = style({
  minHeight: '40vh',
  display: 'grid',
  placeItems: 'center',
});
