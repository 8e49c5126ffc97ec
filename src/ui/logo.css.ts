import { keyframes, style } from '@vanilla-extract/css';
import { mq, reducedMotion, vars } from './theme.css';

export const logo = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xs,
  color: vars.color.text,
  textDecoration: 'none',
  whiteSpace: 'nowrap',
});

export const mark = style({ flexShrink: 0, display: 'block' });

export const wordmark = style({
  fontFamily: vars.font.display,
  fontWeight: vars.fontWeight.black,
  fontSize: vars.fontSize.md,
  letterSpacing: '0.02em',
  lineHeight: 1,
  '@media': { [mq.md]: { fontSize: vars.fontSize.lg } },
});

export const wordmarkFromTablet = style({
  display: 'none',
  '@media': { [mq.md]: { display: 'inline' } },
});

export const wordmarkAccent = style({ color: vars.color.accent });

const pulse = keyframes({
  '0%, 100%': { transform: 'scale(1)', opacity: 1 },
  '50%': { transform: 'scale(0.92)', opacity: 0.75 },
});

export const pulsing = style({
  animation: `${pulse} 1.4s ease-in-out infinite`,
  '@media': { [reducedMotion]: { animation: 'none' } },
});
