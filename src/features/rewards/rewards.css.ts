import { globalStyle, style } from '@vanilla-extract/css';
import { card, cardTitle, mutedText, page as pageFrame, pageTab, successStatus, tagLabel } from '../../ui/page.css';
import { inlineCentred, srOnly as srOnlyStyle } from '../../ui/styles';
import { mq, vars } from '../../ui/theme.css';

// The rewards pages (product.md §2 /my-account/rewards and /rewards/active) on the shared page frame.
// Mobile first: one column of reward cards, every row wraps and every button's words may take two
// lines (German and Finnish labels are long), so nothing is wider than a 320 px phone; cards stand
// side by side where each has 20rem.

export const page = style([pageFrame(), { width: '100%', maxWidth: vars.size.contentMax }]);

export const tab = pageTab;

export const count = style({
  ...inlineCentred,
  justifyContent: 'center',
  minWidth: '1.5rem',
  padding: `0 ${vars.space.xxs}`,
  borderRadius: vars.radius.pill,
  border: '1px solid currentColor',
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.bold,
});

export const content = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 });

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 20rem), 1fr))',
  gap: vars.space.md,
});

export const rewardCard = style([card(), { alignContent: 'start', minWidth: 0, overflowWrap: 'anywhere' }]);
export const rewardHeader = style({ display: 'grid', gap: vars.space.xxs });
export const rewardTitle = cardTitle;
export const vertical = tagLabel;
export const text = mutedText;
export const amount = style({ margin: 0, fontSize: vars.fontSize.xl, fontWeight: vars.fontWeight.bold });
export const terms = style([mutedText, { fontSize: vars.fontSize.sm }]);
export const status = successStatus;

export const progress = style({ display: 'grid', gap: vars.space.xxs });
export const progressTrack = style({
  height: '0.75rem',
  borderRadius: vars.radius.pill,
  backgroundColor: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
});
export const progressFill = style({ height: '100%', backgroundColor: vars.color.accent });

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xs, '@media': { [mq.md]: { gap: vars.space.sm } } });

export const section = style([card(), { minWidth: 0 }]);
export const sectionTitle = cardTitle;

export const srOnly = style(srOnlyStyle);

// A button's words may take two lines on a phone ("Bonus verwirken und beanspruchen") rather than
// push the page wider than the screen; the same in the forfeit dialog.
export const dialogBody = style({ display: 'grid', gap: vars.space.md, minWidth: 0 });
globalStyle(`${page} button, ${dialogBody} button`, { whiteSpace: 'normal', textAlign: 'center', maxWidth: '100%' });

/** An active free-spin reward's rounds, one game a line (a long game name wraps). */
export const rounds = style([mutedText, { listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.xs, overflowWrap: 'anywhere' }]);
