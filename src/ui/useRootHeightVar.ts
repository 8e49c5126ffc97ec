import { useEffect, useRef, type RefObject } from 'react';
import { cssVarName } from './cssVars';

/**
 * Keeps a CSS variable of the root (`var(--x)` as vanilla-extract's createVar gives it) at what
 * `measure` reads of the element, while the element is mounted and whenever its size changes; the
 * variable goes when it unmounts. For what stays on screen over the page (the sticky top, the cookie
 * notice): the page's CSS keeps what the browser scrolls to or focuses clear of it.
 *
 * It writes a change only: a variable the CSS registers with an initial value (@property) is not
 * written while the element measures that value. An inherited variable's write re-styles the whole
 * page, a long task on a phone (issue 22).
 */
export function useRootHeightVar<T extends HTMLElement>(variable: string, measure: (element: T) => number = (element) => element.offsetHeight): RefObject<T | null> {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (element === null || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const name = cssVarName(variable);
    const observer = new ResizeObserver(() => {
      const value = `${String(measure(element))}px`;
      if (getComputedStyle(root).getPropertyValue(name).trim() !== value) root.style.setProperty(name, value);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty(name);
    };
    // `measure` is taken with the element, once: a caller's new function on each render changes nothing.
  }, [variable]);
  return ref;
}
