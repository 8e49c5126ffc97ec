import { createVar, fallbackVar } from '@vanilla-extract/css';
import { vars } from './theme.css';

// What stays on screen at the top of every page while it scrolls: the header and, per market, the
// compliance bars with it (issue 13: the Swedish badges above it, the UK session bar and the German
// panic button below it). The shell measures it while the app runs and sets the variable on the
// root; until then (the first paint) it is the header's height. A screen that fills the viewport
// under it (the game frame) subtracts this, not the header's height alone.

export const stickyTopHeightVar = createVar();

/** The sticky top's height: measured by the shell, else the header's. */
export const stickyTopHeight = fallbackVar(stickyTopHeightVar, vars.size.headerHeight);
