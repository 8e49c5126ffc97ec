import { createVar, fallbackVar } from '@vanilla-extract/css';

// What covers the bottom of the viewport: a page's fixed bottom bar (the lobby's tabs on a phone)
// and, above it, the cookie notice while it shows. Each is measured while the app runs
// (src/ui/useRootHeightVar.ts) and set on the root, 0 when absent. The page keeps room below its end
// for the notice, and the browser scrolls what it focuses above both (src/ui/global.css.ts), so that
// no control a keyboard reaches is hidden behind them (WCAG 2.4.11 Focus Not Obscured; at 320 px
// the notice covers half the screen).

/** The fixed bottom bar's height. */
export const bottomBarHeightVar = createVar();
export const bottomBarHeight = fallbackVar(bottomBarHeightVar, '0px');

/** The cookie notice's reach from the viewport's bottom edge: its height, its gap and the bar under it. */
export const bottomNoticeHeightVar = createVar();
export const bottomNoticeHeight = fallbackVar(bottomNoticeHeightVar, '0px');

/** How much of the viewport's bottom is covered. */
export const bottomCovered = `max(${bottomBarHeight}, ${bottomNoticeHeight})`;
