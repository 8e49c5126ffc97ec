import { style } from '@vanilla-extract/css';
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { slideUp } from './global.css';
import { mq, vars } from './theme.css';
import { edgeBox, edgeTone } from './styles';

export const region = style({
  position: 'fixed',
  top: `calc(${vars.size.headerHeight} + ${vars.space.xs})`,
  left: vars.space.xs,
  right: vars.space.xs,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
  pointerEvents: 'none',
  '@media': { [mq.md]: { left: 'auto', right: vars.space.lg, width: '24rem' } },
});

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xs,
});

export const toast = recipe({
  base: {
    pointerEvents: 'auto',
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'start',
    gap: vars.space.sm,
    padding: `${vars.space.sm} ${vars.space.xs} ${vars.space.sm} ${vars.space.md}`,
    ...edgeBox('6px', vars.color.surfaceRaised),
    boxShadow: vars.shadow.overlay,
    touchAction: 'pan-y',
    userSelect: 'none',
    animation: `${slideUp} 160ms ease-out`,
    transition: 'transform 120ms ease, opacity 120ms ease',
  },
  variants: {
    kind: {
      success: edgeTone.success,
      error: edgeTone.error,
      warning: edgeTone.warning,
    },
    dragging: {
      true: { transition: 'none' },
      false: {},
    },
  },
});
export type ToastVariants = NonNullable<RecipeVariants<typeof toast>>;

export const icon = recipe({
  base: { display: 'grid', placeItems: 'center', paddingTop: '2px' },
  variants: {
    kind: {
      success: { color: vars.color.success },
      error: { color: vars.color.error },
      warning: { color: vars.color.warning },
    },
  },
});

export const text = style({ margin: 0, paddingTop: '2px', overflowWrap: 'anywhere' });
