import { style } from '@vanilla-extract/css';
import { card, cardTitle, mutedText, page as pageFrame, successStatus } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';

// The verification tab and modal, mobile first: one column of document rows; from md up a row's
// name and status sit beside its button. Long German and Portuguese labels wrap.

export const page = pageFrame({ layout: 'halves' });
export const section = card();
export const sectionTitle = cardTitle;
export const text = mutedText;
export const success = successStatus;

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm });

export const row = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
  '@media': { [mq.md]: { gridTemplateColumns: 'minmax(0, 1fr) auto', alignItems: 'center' } },
});

export const rowName = style({ margin: 0, fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.medium, overflowWrap: 'anywhere' });

export const rowStatus = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

export const files = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xxs, fontSize: vars.fontSize.sm, gridColumn: '1 / -1' });

export const fileName = style({ overflowWrap: 'anywhere' });

export const reason = style({ margin: 0, color: vars.color.warning, fontSize: vars.fontSize.sm });

export const wrapButton = style({ whiteSpace: 'normal', textAlign: 'center' });

export const step = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.md, minWidth: 0 });

export const stepTitle = style({ margin: 0, fontSize: vars.fontSize.lg });

export const fileInput = style({ width: '100%', minWidth: 0, maxWidth: '100%', fontSize: vars.fontSize.sm, color: vars.color.text });

export const chosen = style([mutedText, { overflowWrap: 'anywhere' }]);

export const progress = style({ width: '100%', height: '12px', accentColor: vars.color.accent });

export const errorText = style({ margin: 0, color: vars.color.error });
