import { style } from '@vanilla-extract/css';
import { mq, vars } from './theme.css';
import { centredGrid } from './styles';

// A full-screen message (crash, maintenance, restricted country): logo, headline, text, action.

export const screen = style({
  ...centredGrid('100vh'),
  padding: vars.space.lg,
  backgroundColor: vars.color.background,
  backgroundImage: `radial-gradient(ellipse at top, ${vars.color.surfaceRaised} 0%, transparent 60%)`,
});

export const inline = style({
  ...centredGrid('60vh'),
  padding: vars.space.lg,
});

export const panel = style({
  width: '100%',
  maxWidth: '36rem',
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.md,
  textAlign: 'center',
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.raised,
  '@media': { [mq.md]: { padding: vars.space.xxl } },
});

export const title = style({
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.black,
  margin: 0,
  '@media': { [mq.md]: { fontSize: vars.fontSize.xxl } },
});

export const text = style({ color: vars.color.textMuted, margin: 0 });

export const detail = style({
  margin: 0,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  maxWidth: '100%',
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space.sm,
  marginTop: vars.space.xs,
});
