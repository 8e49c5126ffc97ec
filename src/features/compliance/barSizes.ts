// The player's bars' least heights (issue 13), shared by their styles (./player.css.ts) and the
// space kept for them while their code loads (./compliance.css.ts), so nothing moves when they come.
// Build-time values: the style files are compiled to class names, this module is not shipped.

/** The UK session bar: one line of small text. */
export const SESSION_BAR_MIN_HEIGHT = '2rem';
/** The German panic button's bar: a 44 px button and its padding. */
export const PANIC_BAR_MIN_HEIGHT = '3.25rem';
