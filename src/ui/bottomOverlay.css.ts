import { createVar, fallbackVar, globalStyle } from '@vanilla-extract/css';
import { mq } from './theme.css';

// What covers the bottom of the viewport: a page's fixed bottom bar (the lobby's tabs on a phone)
// and, above it, the cookie notice while it shows. The page keeps room below its end for the notice,
// and the browser scrolls what it focuses above both (src/ui/global.css.ts), so that no control a
// keyboard reaches is hidden behind them (WCAG 2.4.11 Focus Not Obscured; at 320 px the notice
// covers half the screen).
//
// The bar's height is a constant, known to the CSS of the first paint: the notice is painted above
// the bar from the start, and never moves when the app starts (a layout shift). The notice's height
// depends on its text: the app measures it (src/ui/useRootHeightVar.ts); only the root's scroll
// padding and the room below the page (the root's padding) read that, and neither moves what is on
// screen. Its variable is not inherited (@property): only the root reads it, and a write then
// re-styles the root alone, not the whole page (a long task on a phone when the app starts: issue 22).

/** The height of a fixed bottom bar on a phone (room for labels of two lines). */
export const BOTTOM_BAR_HEIGHT = '4.5rem';

/** Marks a page's fixed bottom bar (below md; from md up it is not fixed, and counts as 0). */
export const BOTTOM_BAR_ATTRIBUTE = 'data-bottom-bar';

const bottomBarHeightVar = createVar();
globalStyle(`:root:has([${BOTTOM_BAR_ATTRIBUTE}])`, {
  vars: { [bottomBarHeightVar]: BOTTOM_BAR_HEIGHT },
  '@media': { [mq.md]: { vars: { [bottomBarHeightVar]: '0px' } } },
});

/** The fixed bottom bar's height: BOTTOM_BAR_HEIGHT while a page has one, else 0. */
export const bottomBarHeight = fallbackVar(bottomBarHeightVar, '0px');

/** The cookie notice's reach from the viewport's bottom edge: its height, its gap and the bar under it. Read by the root only. */
export const bottomNoticeHeightVar = createVar({ syntax: '<length>', inherits: false, initialValue: '0px' });
export const bottomNoticeHeight = fallbackVar(bottomNoticeHeightVar, '0px');

/** How much of the viewport's bottom is covered. */
export const bottomCovered = `max(${bottomBarHeight}, ${bottomNoticeHeight})`;
