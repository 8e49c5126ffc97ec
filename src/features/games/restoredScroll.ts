import { useElementScrollRestoration, useRouter } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';

// Back from a game to a lobby or a category page lands where the player left it, with the tile they
// opened under the same spot of the screen (issue 21). The router keeps each history entry's scroll
// position and restores it once, when the page renders; but then:
// - a lobby adds its rows one per task after the first three, and a category's virtual grid learns
//   its columns and row height after its first render: at that moment the page is shorter than
//   where the player was, and the browser stops at its end;
// - a lobby row far from the viewport is not laid out (content-visibility: auto) and counts as an
//   estimate until first drawn. Whether a row above the place has been drawn yet differs between
//   the visit the player left and the one they come back to (it depends on how fast the rows came
//   and where the page was meanwhile), so the same position is not the same place: a row drawn in
//   one visit and still an estimate in the other moves everything under it (two rows of 371 and
//   240 px against two estimates of 320 px: the tile came back 29 px lower).
// So when the player leaves by a link, the page notes (per history entry) the tile they opened and
// where it was on screen, and the height of each part that can be an estimate (its
// `data-restore-size` id). Coming back, those parts keep the heights they had (reservedSize), so
// the page above the place is laid out as it was; and the place is held while the page grows or
// settles: each time its height changes, or the browser moves the page itself (clamping to a
// shorter page, scroll anchoring), the tile opened is put back under the same spot (by the saved
// position until the tile is there), until the player scrolls, taps or types, or RESTORE_WINDOW_MS
// have passed since the page was first drawn again. A visit without a saved position (a new entry)
// does nothing; nothing runs per tile.

/** How long after the page is first drawn with its content the place is held. */
const RESTORE_WINDOW_MS = 3000;
/** The player's own moves end the hold at once. */
const PLAYER_MOVES = ['wheel', 'touchstart', 'keydown', 'pointerdown'] as const;
/** Where the places are kept for a reload of the tab (the router keeps its positions there too). */
const STORAGE_KEY = 'games.restoredPlaces.v1';
/** The history entries whose place is kept: the latest ones. */
const PLACES_KEPT = 20;

/** The link the player followed: the `nth` of the `count` links to `href` in the page's main, its top `top` px below the viewport's. */
export interface PlaceAnchor {
  href: string;
  nth: number;
  count: number;
  top: number;
}

/** A page as the player left it. */
export interface Place {
  /** The window's scroll position then: the place is the router's saved position only if they agree. */
  scrollY: number;
  anchor: PlaceAnchor | null;
  /** The content height (px) of each part marked `data-restore-size`, by its id. */
  sizes: Record<string, number>;
}

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

function isPlace(value: unknown): value is Place {
  if (typeof value !== 'object' || value === null) return false;
  const place = value as Record<string, unknown>;
  return typeof place.scrollY === 'number' && typeof place.sizes === 'object' && place.sizes !== null && typeof place.anchor === 'object';
}

function storedPlaces(): Map<string, Place> {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
    if (!Array.isArray(stored)) return new Map();
    return new Map(stored.filter((entry): entry is [string, Place] => Array.isArray(entry) && typeof entry[0] === 'string' && isPlace(entry[1])));
  } catch {
    return new Map();
  }
}

let places: Map<string, Place> | null = null;

/** Notes the place of the history entry `key`, keeping the latest PLACES_KEPT. */
export function rememberPlace(key: string, place: Place): void {
  places ??= storedPlaces();
  places.delete(key);
  places.set(key, place);
  for (const old of places.keys()) {
    if (places.size <= PLACES_KEPT) break;
    places.delete(old);
  }
  try {
    storage()?.setItem(STORAGE_KEY, JSON.stringify([...places]));
  } catch {
    // A full or forbidden storage keeps the places in memory only.
  }
}

/** The place noted for the history entry `key`, if it is the one the router restores (`scrollY`, its saved position). */
export function placeFor(key: string, scrollY: number): Place | null {
  places ??= storedPlaces();
  const place = places.get(key);
  return place !== undefined && Math.abs(place.scrollY - scrollY) <= 1 ? place : null;
}

/** Forgets every place (tests). */
export function forgetPlaces(): void {
  places = new Map();
  storage()?.removeItem(STORAGE_KEY);
}

/** The links to `href` in `main`, in the document's order. */
function linksTo(main: Element, href: string): HTMLAnchorElement[] {
  return [...main.querySelectorAll<HTMLAnchorElement>('a[href]')].filter((link) => link.getAttribute('href') === href);
}

function contentHeight(element: HTMLElement): number {
  const style = getComputedStyle(element);
  const edges = ['paddingTop', 'paddingBottom', 'borderTopWidth', 'borderBottomWidth'] as const;
  return edges.reduce((height, edge) => height - (Number.parseFloat(style[edge]) || 0), element.getBoundingClientRect().height);
}

/** The page as it is now, left by following `link` (an anchor when the link is in the main content). */
export function placeNow(link: Element | null): Place {
  const sizes: Record<string, number> = {};
  for (const part of document.querySelectorAll<HTMLElement>('[data-restore-size]')) {
    const id = part.dataset.restoreSize;
    const height = contentHeight(part);
    // A hidden part (the lobby under search results) has no height to keep.
    if (id !== undefined && id !== '' && height > 0) sizes[id] = height;
  }
  const main = link?.closest('main');
  const href = link?.getAttribute('href');
  let anchor: PlaceAnchor | null = null;
  if (link && main && href) {
    const same = linksTo(main, href);
    anchor = { href, nth: same.indexOf(link as HTMLAnchorElement), count: same.length, top: link.getBoundingClientRect().top };
  }
  return { scrollY: window.scrollY, anchor, sizes };
}

/** Where the anchor's link is now (its top in the viewport), or null while it is not there as it was (its row not added yet, not drawn, hidden). */
export function anchorTopNow(anchor: PlaceAnchor): number | null {
  const main = document.querySelector('main');
  if (!main) return null;
  const same = linksTo(main, anchor.href);
  if (same.length !== anchor.count) return null;
  const rect = same[anchor.nth]?.getBoundingClientRect();
  return rect && rect.height > 0 ? rect.top : null;
}

/**
 * The CSS `contain-intrinsic-block-size` of a part noted when the player left: its height then,
 * held while the place is restored (drawn meanwhile or not, a part not on screen has that height),
 * then remembered as usual (`auto`: the height it has when next drawn). Undefined: the stylesheet's.
 */
export function reservedSize(place: Place | null, id: string, holding: boolean): string | undefined {
  const height = place?.sizes[id];
  if (height === undefined) return undefined;
  return holding ? `${String(height)}px` : `auto ${String(height)}px`;
}

const windowOrNothing = () => (typeof window === 'undefined' ? undefined : window);

/** The router's scroll restoration key of a location (its default: the history entry's key). */
function entryKey(location: { href: string; state: { __TSR_key?: string } }): string {
  return location.state.__TSR_key ?? location.href;
}

/**
 * Restores this history entry's place once `ready` (the page's content is known), and notes the
 * place when the player leaves by a link. Returns the reserved size of a part (`data-restore-size`
 * id): its `contain-intrinsic-block-size`, or undefined.
 */
export function useRestoredScroll(ready: boolean): (id: string) => string | undefined {
  const router = useRouter();
  const saved = useElementScrollRestoration({ getElement: windowOrNothing });
  // The position saved when the entry was left; read at mount, before this visit's own scrolling.
  const [target] = useState(() => saved?.scrollY ?? 0);
  const [place] = useState(() => (target > 0 ? placeFor(entryKey(router.latestLocation), target) : null));
  const [holding, setHolding] = useState(place !== null);

  // Leaving by a link (a tile, a category's "See all", the header's): the place as it is.
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (link) rememberPlace(entryKey(router.latestLocation), placeNow(link));
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [router]);

  useEffect(() => {
    if (!ready || target <= 0) return;
    const anchor = place?.anchor ?? null;
    let active = true;
    let anchored = false;
    const apply = () => {
      if (!active) return;
      const top = anchor === null ? null : anchorTopNow(anchor);
      if (anchor !== null && top !== null) {
        // The tile opened is there: it goes back under the same spot.
        anchored = true;
        const moved = top - anchor.top;
        if (Math.abs(moved) > 1) window.scrollTo({ top: window.scrollY + moved, left: window.scrollX, behavior: 'instant' });
      } else if (!anchored && Math.abs(window.scrollY - target) > 1) {
        // Until then (its row still coming, or no tile), the saved position.
        window.scrollTo({ top: target, left: window.scrollX, behavior: 'instant' });
      }
    };
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The window opens with the page's first frame (the observer's first report), not at mount: a
    // phone that is slow to draw the page again still has it to settle.
    const observer = new ResizeObserver(() => {
      timer ??= setTimeout(release, RESTORE_WINDOW_MS);
      apply();
    });
    const stop = () => {
      active = false;
      observer.disconnect();
      clearTimeout(timer);
      for (const type of PLAYER_MOVES) window.removeEventListener(type, release, true);
      window.removeEventListener('scroll', apply);
    };
    const release = () => {
      if (!active) return;
      stop();
      setHolding(false);
    };
    for (const type of PLAYER_MOVES) window.addEventListener(type, release, { capture: true, passive: true });
    // Until the player moves, a scroll away from the place is the page's doing, not theirs.
    window.addEventListener('scroll', apply, { passive: true });
    observer.observe(document.body);
    apply();
    return stop;
  }, [ready, target, place]);

  return useCallback((id: string) => reservedSize(place, id, holding), [place, holding]);
}
