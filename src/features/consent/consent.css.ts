import { style } from '@vanilla-extract/css';
import { slideUp } from '../../ui/global.css';
import { bottomBarHeight } from '../../ui/bottomOverlay.css';
import { mq, vars } from '../../ui/theme.css';

export const notice = style({
  position: 'fixed',
  left: vars.space.xs,
  right: vars.space.xs,
  // Above a page's fixed bottom bar (the lobby's tabs on a phone), which it would otherwise hide.
  bottom: `calc(${vars.space.xs} + ${bottomBarHeight})`,
  zIndex: vars.zIndex.notice,
  maxHeight: `calc(100vh - 2 * 56px - ${bottomBarHeight})`,
  overflowY: 'auto',
  padding: vars.space.md,
  borderRadius: vars.radius.lg,
  backgroundColor: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.overlay,
  animation: `${slideUp} 200ms ease-out`,
  '@media': {
    [mq.md]: { left: 'auto', right: vars.space.lg, bottom: `calc(${vars.space.lg} + ${bottomBarHeight})`, width: '30rem', padding: vars.space.lg },
  },
});

export const title = style({ fontSize: vars.fontSize.lg, margin: `0 0 ${vars.space.xs}` });

export const text = style({ margin: `0 0 ${vars.space.md}`, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
});

export const settings = style({
  margin: `0 0 ${vars.space.md}`,
  padding: 0,
  border: 0,
  display: 'grid',
  gap: vars.space.xs,
});

export const legend = style({ fontWeight: vars.fontWeight.bold, marginBottom: vars.space.xs, padding: 0 });

export const option = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: vars.space.sm,
  borderRadius: vars.radius.md,
  backgroundColor: vars.color.surface,
  cursor: 'pointer',
});

export const checkbox = style({
  width: '20px',
  height: '20px',
  margin: '2px 0 0',
  flexShrink: 0,
  accentColor: vars.color.accent,
});

export const optionText = style({ display: 'grid', gap: '2px' });
export const optionName = style({ fontWeight: vars.fontWeight.medium });
export const optionHint = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });
