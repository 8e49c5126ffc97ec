import { style } from '@vanilla-extract/css';
import { card, mutedText, page as pageFrame, successStatus } from '../../ui/page.css';
import { vars } from '../../ui/theme.css';

// The bonus code page on the shared page frame (src/ui/page.css.ts): one column at a reading width.

export const page = pageFrame({ layout: 'prose' });
export const section = card();
export const text = mutedText;
export const status = successStatus;
export const offer = style({ display: 'grid', gap: vars.space.xs, margin: 0, overflowWrap: 'anywhere' });
export const offerTitle = style({ margin: 0, fontSize: vars.fontSize.lg, fontWeight: vars.fontWeight.bold });
/** Buttons whose translations are long wrap inside themselves on a phone (docs/CONTRIBUTING.md src/ui). */
export const wrapButton = style({ whiteSpace: 'normal', textAlign: 'center' });
