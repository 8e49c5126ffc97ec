import { createVar, style } from '@vanilla-extract/css';

// The virtual grid's own layout (VirtualGrid.tsx): a list as tall as all its rows, each rendered
// tile placed at its row (`top`, set inline) and column: its width and offset are fractions of the
// list's width less the gaps, so placing a tile needs no measurement.

/** Set on the list: its number of columns and the gap between tiles. */
export const columns = createVar();
export const gap = createVar();
/** Set on a tile: its column, from 0. */
export const column = createVar();

export const list = style({ position: 'relative', display: 'block' });

export const placed = style({
  position: 'absolute',
  width: `calc((100% - (${columns} - 1) * ${gap}) / ${columns})`,
  left: `calc((100% - (${columns} - 1) * ${gap}) * ${column} / ${columns} + ${column} * ${gap})`,
});
