import { globalStyle, style } from '@vanilla-extract/css';
import { card as cardFrame, mutedText, page as pageFrame, pageTitle, successStatus } from '../../ui/page.css';
import { vars } from '../../ui/theme.css';

// The reset-password page on the shared page frame (src/ui/page.css.ts): one column on phones,
// the flow beside the help text from lg up.

export const page = pageFrame({ layout: 'formBeside' });
export const title = pageTitle;
export const card = cardFrame();
export const text = mutedText;
export const status = successStatus;

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  gap: vars.space.xs,
  fontSize: vars.fontSize.sm,
});

export const stepItem = style({
  flex: '1 1 0',
  display: 'grid',
  gap: vars.space.xxs,
  color: vars.color.textMuted,
  selectors: {
    '&::before': { content: '""', display: 'block', height: '4px', borderRadius: vars.radius.pill, background: vars.color.border },
    '&[data-visited="true"]::before': { background: vars.color.secondary },
    '&[aria-current="step"]': { color: vars.color.text, fontWeight: vars.fontWeight.bold },
    '&[aria-current="step"]::before': { background: vars.color.accent },
  },
});

export const stepTitle = style({ fontSize: vars.fontSize.lg, margin: 0, outline: 'none' });

export const help = style({ color: vars.color.text, maxWidth: vars.size.proseMax });

globalStyle(`${help} h2`, { fontSize: vars.fontSize.lg, margin: `${vars.space.lg} 0 ${vars.space.xs}` });
globalStyle(`${help} h2:first-child`, { marginTop: 0 });
globalStyle(`${help} ul, ${help} ol`, { paddingLeft: vars.space.lg });
