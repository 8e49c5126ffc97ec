import { style } from '@vanilla-extract/css';
import { vars } from './theme.css';
import { centredGrid } from './styles';

export const screen = style({
  ...centredGrid('100vh'),
  backgroundColor: vars.color.background,
});

export const inline = style({
  ...centredGrid('40vh'),
});
