import { globalStyle, style } from '@vanilla-extract/css';
import { mutedText, successStatus } from '../../ui/page.css';
import { vars } from '../../ui/theme.css';

// The account page's Security section (issue 23): the second factor.

export const text = mutedText;
export const status = successStatus;

/** The authenticator secret and the recovery codes: monospace, wrapped anywhere on a 320 px phone. */
export const secret = style({
  margin: 0,
  padding: vars.space.xs,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
  backgroundColor: vars.color.surfaceRaised,
  borderRadius: vars.radius.sm,
});

export const codes = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(8rem, 1fr))',
  gap: vars.space.xxs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
});

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});
globalStyle(`${buttons} > button`, { whiteSpace: 'normal', maxWidth: '100%' });
