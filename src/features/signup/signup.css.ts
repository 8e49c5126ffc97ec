import { globalStyle, style } from '@vanilla-extract/css';
import { mutedText } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';
import { framedBox } from '../../ui/styles';

// The sign-up page, mobile first: the bonus panel above the form on a phone, beside it from the
// tablet width up.

export const page = style({
  maxWidth: vars.size.contentMax,
  margin: '0 auto',
  padding: `${vars.space.lg} ${vars.space.md} ${vars.space.xxl}`,
  display: 'grid',
  // One column no wider than the screen: a long word or a row of buttons wraps instead of
  // widening the page (at 375 px the Verification step was 512 px wide, issue 8).
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.lg,
  alignItems: 'start',
  '@media': {
    [mq.md]: {
      gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)',
      gap: vars.space.xl,
      padding: `${vars.space.xl} ${vars.space.lg} ${vars.space.xxxl}`,
    },
  },
});

export const card = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  minWidth: 0,
  gap: vars.space.lg,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  '@media': { [mq.md]: { padding: vars.space.xl, gridRow: 1 } },
});

export const heading = style({
  margin: 0,
  fontSize: vars.fontSize.xl,
  lineHeight: vars.lineHeight.tight,
  overflowWrap: 'break-word',
  hyphens: 'auto',
  // Focused by the app when the step changes (tabIndex -1), never by the keyboard: no ring.
  selectors: { '&:focus': { outline: 'none' } },
  '@media': { [mq.md]: { fontSize: vars.fontSize.xxl } },
});

export const lead = mutedText;

// ---------------------------------------------------------------- step indicator

export const progress = style({ display: 'grid', gap: vars.space.xs });

export const steps = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(4, minmax(0, 1fr))',
  gap: vars.space.xxs,
});

export const step = style({
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.xxs,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
  textAlign: 'center',
  selectors: {
    '&[aria-current="step"]': { color: vars.color.text, fontWeight: vars.fontWeight.bold },
  },
});

export const stepBar = style({
  width: '100%',
  height: '4px',
  borderRadius: vars.radius.pill,
  background: vars.color.border,
  selectors: {
    [`${step}[data-state="done"] &, ${step}[aria-current="step"] &`]: { background: vars.color.accent },
  },
});

// On a phone a quarter of the width cannot hold "Yhteystiedot" or "Verificação": the names are read by
// screen readers only, and the "Step 1 of 4" line and the step's heading say where the player is.
export const stepName = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  '@media': {
    [mq.md]: { position: 'static', width: 'auto', height: 'auto', overflow: 'visible', clipPath: 'none', whiteSpace: 'normal', overflowWrap: 'break-word', hyphens: 'auto' },
  },
});

export const caption = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted });

// ---------------------------------------------------------------- form parts

export const consents = style({
  display: 'grid',
  gap: vars.space.xs,
  margin: 0,
  padding: vars.space.md,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});

export const legend = style({ padding: `0 ${vars.space.xxs}`, fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.medium });

export const captcha = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  ...framedBox(),
});

export const captchaStatus = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted });

export const link = style({ color: vars.color.link });

// A phone stacks the buttons (primary on top); from the tablet width they sit in a row, and wrap
// rather than overflow when a language's labels are long.
export const actions = style({
  display: 'flex',
  flexDirection: 'column-reverse',
  gap: vars.space.sm,
  '@media': { [mq.md]: { flexDirection: 'row', flexWrap: 'wrap', justifyContent: 'space-between', alignItems: 'center' } },
});

export const primaryAction = style({ '@media': { [mq.md]: { marginLeft: 'auto' } } });

export const codeField = style({ maxWidth: '16rem', width: '100%' });

globalStyle(`${codeField} input`, { fontSize: vars.fontSize.xl, letterSpacing: '0.4em', textAlign: 'center' });

export const sentTo = style({ margin: 0, overflowWrap: 'break-word' });

/** The masked phone or e-mail: kept on one line when it fits, broken anywhere when it does not. */
export const sentToAddress = style({ overflowWrap: 'anywhere' });

export const blocked = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  ...framedBox(vars.color.warning),
});

export const statusLine = mutedText;

export const loginHint = style([mutedText, { fontSize: vars.fontSize.sm }]);

// ---------------------------------------------------------------- bonus panel

export const panel = style({
  position: 'relative',
  overflow: 'hidden',
  display: 'grid',
  gap: vars.space.sm,
  padding: vars.space.lg,
  borderRadius: vars.radius.lg,
  border: `1px solid ${vars.color.border}`,
  isolation: 'isolate',
  '@media': { [mq.md]: { position: 'sticky', top: `calc(${vars.size.headerHeight} + ${vars.space.lg})` } },
});

export const panelBackground = style({
  position: 'absolute',
  inset: 0,
  width: '100%',
  height: '100%',
  objectFit: 'cover',
  zIndex: -2,
});

/** Keeps the panel's text readable whatever the background picture is. */
export const panelShade = style({
  position: 'absolute',
  inset: 0,
  zIndex: -1,
  background: 'linear-gradient(180deg, rgba(10, 14, 26, 0.55) 0%, rgba(10, 14, 26, 0.9) 100%)',
});

export const panelHead = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm });

export const panelIcon = style({ width: '48px', height: '48px', flexShrink: 0 });

export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.lg, lineHeight: vars.lineHeight.tight, color: vars.color.text });

export const panelText = style({ margin: 0, color: vars.color.text, fontSize: vars.fontSize.sm });

export const panelBanner = style({
  display: 'none',
  width: '100%',
  height: 'auto',
  borderRadius: vars.radius.md,
  '@media': { [mq.md]: { display: 'block' } },
});

export const bonusNote = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.text });

globalStyle(`${panel} strong`, { color: vars.color.accent });

export const textButton = style({
  padding: 0,
  border: 0,
  background: 'none',
  font: 'inherit',
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  minHeight: '24px',
});

// A button's label may be longer than a phone is wide in some languages: it wraps inside the button.
globalStyle(`${actions} > *`, { maxWidth: '100%', whiteSpace: 'normal', textAlign: 'center' });
