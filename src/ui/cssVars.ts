import type { CSSProperties } from 'react';

// Inline values for vanilla-extract variables (`createVar()` gives `var(--x)`; a style attribute
// sets `--x`): a value the CSS reads but only the render knows (a grid's columns from the content,
// a ticker's duration, a tile's column).

/** `var(--x)` → `--x`: the property name a style attribute or `style.setProperty` sets. */
export function cssVarName(variable: string): string {
  return variable.replace(/^var\((.*)\)$/, '$1');
}

/** `[[var(--x), 3]]` → `{ '--x': '3' }`. */
export function cssVars(values: readonly (readonly [variable: string, value: string | number])[]): CSSProperties {
  return Object.fromEntries(values.map(([variable, value]) => [cssVarName(variable), String(value)]));
}
