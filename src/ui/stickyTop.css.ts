import { createVar, fallbackVar } from '@vanilla-extract/css';
import { HEADER_HEIGHT_PX } from '../../machines/lib/constants';
import { vars } from './theme.css';

// What stays on screen at the top of every page while it scrolls: the header and, per market, the
// compliance bars with it (issue 13: the Swedish badges above it, the UK session bar and the German
// panic button below it). The shell measures it while the app runs and sets the variable on the
// root; until then (the first paint) it is the header's height. A screen that fills the viewport
// under it (the game frame) subtracts this, not the header's height alone.
//
// The variable is registered (@property) with the header's height as its initial value: the shell
// then writes it only when the sticky top measures otherwise (useRootHeightVar writes a change only). A
// write re-styles the whole page (the game frame inherits it), which on a phone is a long task
// when the app starts (issue 22). Where @property is not supported, the fallback is the header's.

export const stickyTopHeightVar = createVar({ syntax: '<length>', inherits: true, initialValue: `${String(HEADER_HEIGHT_PX)}px` });

/** The sticky top's height: measured by the shell, else the header's. */
export const stickyTopHeight = fallbackVar(stickyTopHeightVar, vars.size.headerHeight);
