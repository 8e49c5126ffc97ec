import { useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';

// A grid of many tiles that renders only the rows near the viewport (issue 12: "large categories
// render virtualised so 10,000 games stay smooth"). The page scrolls as usual (window scrolling, no
// inner scroll box, so keyboard, find-in-page of the visible part and the browser's own scrolling
// behave); the grid keeps its full height with spacers. Columns follow the grid's width (a tile is
// at least MIN_TILE_PX wide); a row's height is measured from the first rendered row.

const MIN_TILE_PX = 144;
/** Rows rendered beyond the viewport above and below, so a fast flick never shows blank rows. */
const OVERSCAN_ROWS = 4;
/** Before the first measurement: a 4:3 tile and its label. */
const ESTIMATED_ROW_PX = 170;

export interface VirtualGridProps<T> {
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

export function VirtualGrid<T>({ items, keyOf, renderItem, label, className, itemClassName, onNearEnd, onRangeChange }: VirtualGridProps<T>) {
  const listRef = useRef<HTMLUListElement>(null);
  const [width, setWidth] = useState(0);
  const [rowHeight, setRowHeight] = useState(ESTIMATED_ROW_PX);
  const [range, setRange] = useState({ first: 0, last: 6 });
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

  // The real row height, once a row is on screen and again when the columns change (the tile's width
  // decides its image's height): measured then only, since a measurement forces a layout.
  const hasItems = items.length > 0;
  useLayoutEffect(() => {
    const firstItem = listRef.current?.querySelector<HTMLElement>('[data-virtual-item]');
    if (!firstItem) return;
    const measured = Math.round(firstItem.getBoundingClientRect().height) + gapPx;
    if (measured > gapPx) setRowHeight((current) => (Math.abs(measured - current) > 1 ? measured : current));
  }, [columns, width, hasItems]);

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
  return (
    <ul
      ref={listRef}
      aria-label={label}
      className={className}
      style={{
        gridTemplateColumns: `repeat(${String(columns)}, minmax(0, 1fr))`,
        gap: `${String(gapPx)}px`,
        paddingTop: `${String(first * rowHeight)}px`,
        paddingBottom: `${String(Math.max(0, rowCount - 1 - last) * rowHeight)}px`,
      }}
    >
      {visible.map((item, offset) => (
        <li key={keyOf(item)} className={itemClassName} data-virtual-item="">
          {renderItem(item, start + offset)}
        </li>
      ))}
    </ul>
  );
}
