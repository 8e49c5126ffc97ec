import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { cssVars } from '../../ui/cssVars';
import * as layout from './VirtualGrid.css';

// A grid of many tiles that renders only the rows near the viewport (issue 12: "large categories
// render virtualised so 10,000 games stay smooth"). The page scrolls as usual (window scrolling, no
// inner scroll box, so keyboard, find-in-page of the visible part and the browser's own scrolling
// behave); the list keeps its full height. Columns follow the list's width (a tile is at least
// MIN_TILE_PX wide); a row's height is measured from the first rendered tile.
//
// Each tile is placed at its own row and column (absolutely, in CSS lengths of the list's width),
// so a tile never moves while it is rendered: rows coming and going at the edges are the only
// layout and paint a scroll causes. (A list that pads its top instead moves every tile at every row
// change, and the browser paints all of them again.)
//
// Tiles that come into the range (a scroll, a keystroke's new results) first appear as plain
// placeholders of the tile's size and are drawn a row's worth at a time, nearest the viewport
// first, one frame each: a flick through a thousand rows or a new search never makes one long task
// of drawing, decoding and painting dozens of tiles at once (issue 12's "no task over 50 ms while
// scrolling"), and the first rows are drawn within a few frames.

const MIN_TILE_PX = 144;
/** Rows rendered beyond the viewport above and below, so a fast flick never shows blank rows. */
const OVERSCAN_ROWS = 2;
/** Before the first measurement: a 4:3 tile and its label. */
const ESTIMATED_ROW_PX = 170;
/** Tiles drawn per frame after the first ones: a row's worth, and no fewer than this. */
const MIN_TILES_PER_FRAME = 4;
/** The tiles a new grid draws at once, with its first render, unless told otherwise: a phone's first screen and its overscan. */
const FIRST_DRAWN = 24;

export interface VirtualGridProps<T> {
  /** Class of the placeholder an item has until it is drawn. */
  placeholderClassName: string;
  /**
   * How many tiles the first render draws (the rest a row per frame): a page's grid draws its first
   * screen with the page; search results, which come with a keystroke, draw from the next frame on.
   */
  firstDrawn?: number;
  items: readonly T[];
  keyOf: (item: T) => string;
  renderItem: (item: T, index: number) => ReactNode;
  /** Accessible name of the list. */
  label: string;
  className: string;
  itemClassName: string;
  /** Called when the last rendered row is within the overscan of the end (load the next page). */
  onNearEnd?: () => void;
  /** Told which items are rendered (start inclusive, end exclusive) when that changes. */
  onRangeChange?: (start: number, end: number) => void;
}

function columnsFor(width: number, gapPx: number): number {
  return Math.max(2, Math.floor((width + gapPx) / (MIN_TILE_PX + gapPx)));
}

export function VirtualGrid<T>({
  items,
  keyOf,
  renderItem,
  label,
  className,
  itemClassName,
  placeholderClassName,
  firstDrawn = FIRST_DRAWN,
  onNearEnd,
  onRangeChange,
}: VirtualGridProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_PX);
  const [range, setRange] = useState({ first: 0, last: 6 });
  // The keys of the items drawn (the rest in range are placeholders); only keys in range are kept.
  const [drawn, setDrawn] = useState<ReadonlySet<string>>(() => new Set(items.slice(0, firstDrawn).map(keyOf)));
  // The grid's own gap (the theme's xs, 0.5rem) in px: the row arithmetic needs a number.
  const gapPx = 8;
  const columns = width > 0 ? columnsFor(width, gapPx) : 2;
  const rowCount = Math.ceil(items.length / columns);

  useLayoutEffect(() => {
    const list = listRef.current;
    if (!list) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(entry.contentRect.width);
    });
    observer.observe(list);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const list = listRef.current;
    if (!list) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const top = list.getBoundingClientRect().top;
      const first = Math.max(0, Math.floor(-top / rowHeight) - OVERSCAN_ROWS);
      const last = Math.min(rowCount - 1, Math.ceil((window.innerHeight - top) / rowHeight) + OVERSCAN_ROWS);
      setRange((current) => (current.first === first && current.last === last ? current : { first, last }));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [rowCount, rowHeight]);

  // The real row height, once a row is on screen and again when the width changes (the tile's width
  // decides its image's height): measured then only, since a measurement forces a layout. A width
  // whose tiles are all placeholders (a grid mounted far down, as when Back restores the place) is
  // measured with the first tile drawn at it, not left with the height of another width's tiles.
  const measuredAt = useRef<string | null>(null);
  useLayoutEffect(() => {
    const at = `${String(width)}/${String(columns)}`;
    if (measuredAt.current === at) return;
    const firstItem = listRef.current?.querySelector<HTMLElement>('[data-virtual-item]');
    if (!firstItem) return;
    const measured = Math.round(firstItem.getBoundingClientRect().height) + gapPx;
    if (measured <= gapPx) return;
    measuredAt.current = at;
    setRowHeight((current) => (Math.abs(measured - current) > 1 ? measured : current));
  }, [columns, width, drawn]);

  useEffect(() => {
    if (onNearEnd && range.last >= rowCount - 1 - OVERSCAN_ROWS) onNearEnd();
  }, [onNearEnd, range.last, rowCount]);

  const first = Math.min(range.first, Math.max(0, rowCount - 1));
  const last = Math.min(range.last, rowCount - 1);
  const start = first * columns;
  const end = Math.min(items.length, (last + 1) * columns);
  const visible = items.slice(start, end);

  useEffect(() => {
    onRangeChange?.(start, end);
  }, [onRangeChange, start, end]);

  // The next few placeholders become tiles in the next frame: those in the viewport (the middle of
  // the range, without its overscan) first, then the overscan; drawn keys that left the range go.
  useEffect(() => {
    const keys = visible.map(keyOf);
    const inView = (index: number) => {
      const row = first + Math.floor(index / columns);
      return row >= first + OVERSCAN_ROWS && row <= last - OVERSCAN_ROWS;
    };
    const waiting = keys.flatMap((key, index) => (drawn.has(key) ? [] : [{ key, inView: inView(index) }]));
    // Keys that left the range are dropped with the next frame's drawing, or now when nothing waits.
    if (waiting.length === 0 && drawn.size <= keys.length) return;
    const frame = requestAnimationFrame(() => {
      const next = [...waiting.filter((item) => item.inView), ...waiting.filter((item) => !item.inView)].slice(0, Math.max(MIN_TILES_PER_FRAME, columns));
      setDrawn(new Set([...keys.filter((key) => drawn.has(key)), ...next.map((item) => item.key)]));
    });
    return () => cancelAnimationFrame(frame);
  }, [visible, keyOf, drawn, first, last, columns]);
  return (
    <ul
      ref={listRef}
      aria-label={label}
      className={`${className} ${layout.list}`}
      style={{
        ...cssVars([
          [layout.columns, columns],
          [layout.gap, `${String(gapPx)}px`],
        ]),
        height: `${String(Math.max(0, rowCount * rowHeight - gapPx))}px`,
      }}
    >
      {visible.map((item, offset) => {
        const position = start + offset;
        const key = keyOf(item);
        const place = { ...cssVars([[layout.column, position % columns]]), top: `${String(Math.floor(position / columns) * rowHeight)}px` };
        return drawn.has(key) ? (
          <li key={key} className={`${itemClassName} ${layout.placed}`} data-virtual-item="" style={place}>
            {renderItem(item, position)}
          </li>
        ) : (
          <li
            key={key}
            className={`${placeholderClassName} ${layout.placed}`}
            aria-hidden="true"
            style={{ ...place, height: `${String(rowHeight - gapPx)}px` }}
          />
        );
      })}
    </ul>
  );
}
