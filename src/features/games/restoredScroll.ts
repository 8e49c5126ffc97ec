import { useElementScrollRestoration } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

// Back from a game to a lobby or a category page lands where the player left it (issue 21). The
// router keeps each history entry's scroll position and restores it once, when the page renders;
// but a lobby adds its rows one per task after the first three, and a category's virtual grid
// learns its columns and row height after its first render: at that moment the page is shorter than
// where the player was, and the browser stops at its end. This holds the saved position while the
// page grows or settles: each time the page's height changes, or the browser moves the page itself
// (clamping to a shorter page, scroll anchoring while the grid re-lays its rows), the position is
// set again, until the player scrolls, taps or types, or RESTORE_WINDOW_MS have passed. A visit
// without a saved position (a new entry) does nothing; nothing runs per tile.

/** How long after the page's content is there the saved position is held. */
const RESTORE_WINDOW_MS = 3000;
/** The player's own moves end the hold at once. */
const PLAYER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;

const windowOrNothing = () => (typeof window === 'undefined' ? undefined : window);

/** Restores this history entry's saved window scroll position once `ready` (the page's content is known). */
export function useRestoredScroll(ready: boolean): void {
  const saved = useElementScrollRestoration({ getElement: windowOrNothing });
  // The position saved when the entry was left; read at mount, before this visit's own scrolling.
  const [target] = useState(() => saved?.scrollY ?? 0);
  useEffect(() => {
    if (!ready || target <= 0) return;
    let holding = true;
    const apply = () => {
      if (holding && Math.abs(window.scrollY - target) > 1) window.scrollTo({ top: target, left: window.scrollX, behavior: 'instant' });
    };
    const observer = new ResizeObserver(apply);
    const release = () => {
      if (!holding) return;
      holding = false;
      observer.disconnect();
      clearTimeout(timer);
      for (const type of PLAYER_MOVES) window.removeEventListener(type, release, true);
      window.removeEventListener('scroll', apply);
    };
    const timer = setTimeout(release, RESTORE_WINDOW_MS);
    for (const type of PLAYER_MOVES) window.addEventListener(type, release, { capture: true, passive: true });
    // Until the player moves, a scroll away from the place is the page's doing, not theirs.
    window.addEventListener('scroll', apply, { passive: true });
    observer.observe(document.body);
    apply();
    return release;
  }, [ready, target]);
}
