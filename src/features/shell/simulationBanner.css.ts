import { style } from '@vanilla-extract/css';
import { vars } from '../../ui/theme.css';

// The simulation-mode strip above the header: the accent pair (contrast checked in theme.css.ts).
export const banner = style({
  margin: 0,
  padding: `${vars.space.xxs} ${vars.space.sm}`,
  backgroundColor: vars.color.accent,
  color: vars.color.onAccent,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.bold,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'center',
  overflowWrap: 'anywhere',
});
