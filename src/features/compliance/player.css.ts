import { style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';
import { PANIC_BAR_MIN_HEIGHT, SESSION_BAR_MIN_HEIGHT } from './barSizes';
import { surfaceBand } from '../../ui/styles';

// The player's bars and notice (issue 13), loaded with ./PlayerCompliance.tsx: the UK session bar and
// the German panic button below the header (inside the shell's sticky top), and the 80 % limit
// warning at the top of the page's content. Every bar fits a 320 px phone: its items wrap rather
// than widen it.

// --------------------------------------------------------------------- the bars under the header

const bar = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'center',
  columnGap: vars.space.md,
  rowGap: vars.space.xxs,
  padding: `${vars.space.xxs} ${vars.space.xs}`,
  ...surfaceBand('borderBottom'),
});

/** UKGC RTS 13C: time since login and net position, one line on every phone we test (it wraps if the words are long). */
export const sessionBar = style([
  bar,
  {
    minHeight: SESSION_BAR_MIN_HEIGHT,
    margin: 0,
    fontSize: vars.fontSize.xs,
    '@media': { [mq.md]: { fontSize: vars.fontSize.sm } },
  },
]);

export const sessionFact = style({ display: 'inline-flex', alignItems: 'baseline', gap: vars.space.xxs, margin: 0 });

export const sessionTerm = style({ color: vars.color.textMuted });

export const sessionValue = style({ margin: 0, fontWeight: vars.fontWeight.bold, fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' });

/** GlüStV 2021 §6a (5): the panic button, with what it does beside it. */
export const panicBar = style([bar, { minHeight: PANIC_BAR_MIN_HEIGHT }]);

// The error red with the dark text of the accent pair: 6.7:1 (theme.css.ts checks the others).
export const panicButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  padding: `${vars.space.xxs} ${vars.space.md}`,
  border: '2px solid transparent',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.error,
  color: vars.color.onAccent,
  fontWeight: vars.fontWeight.black,
  lineHeight: vars.lineHeight.tight,
  textAlign: 'center',
  cursor: 'pointer',
  selectors: {
    '&:hover:not(:disabled)': { borderColor: vars.color.text },
    '&:disabled': { cursor: 'progress', opacity: 0.7 },
  },
});

export const panicHint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.xs, textAlign: 'center' });

// ------------------------------------------------------------------------ the 80 % limit warning

export const warnings = style({
  maxWidth: vars.size.contentMax,
  margin: `${vars.space.sm} ${vars.space.xs} 0`,
  '@media': { [mq.md]: { margin: `${vars.space.md} ${vars.space.lg} 0` }, [mq.xl]: { margin: `${vars.space.md} auto 0` } },
  selectors: { '&:empty': { display: 'none' } },
});

export const warning = style({
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.warning}`,
  borderLeftWidth: '4px',
  backgroundColor: vars.color.surface,
});

export const warningBody = style({ flex: 1, minWidth: 0 });

export const warningText = style({ margin: `0 0 ${vars.space.xxs}`, lineHeight: vars.lineHeight.tight });

export const warningLink = style({ fontWeight: vars.fontWeight.bold });

export const dismiss = style({
  flexShrink: 0,
  selectors: { '&:is(button)': { width: '40px', height: '40px' } },
});
