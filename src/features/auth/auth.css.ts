import { style } from '@vanilla-extract/css';
import { mq, vars } from '../../ui/theme.css';

// Header account actions, the login and idle dialogs, and the accept-terms page.

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  '@media': { [mq.md]: { gap: vars.space.xs } },
});

/** Header buttons stay compact on a phone (the header is 56 px high and shared with the menu and logo). */
export const headerButton = style({
  paddingLeft: vars.space.xs,
  paddingRight: vars.space.xs,
  '@media': { [mq.md]: { paddingLeft: vars.space.sm, paddingRight: vars.space.sm } },
});

/** "Sign up" in the header from the tablet width up; on a phone it is in the login dialog. */
export const headerSignup = style({
  display: 'none',
  '@media': { [mq.md]: { display: 'inline-flex' } },
});

export const links = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  fontSize: vars.fontSize.sm,
});

export const link = style({
  color: vars.color.link,
  minHeight: '44px',
  display: 'inline-flex',
  alignItems: 'center',
});

export const status = style({
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  selectors: { '&:empty': { display: 'none' } },
});

export const submit = style({ width: '100%' });

export const text = style({ margin: 0, color: vars.color.text });

export const page = style({
  maxWidth: vars.size.proseMax,
  margin: '0 auto',
  padding: `${vars.space.xl} ${vars.space.md}`,
  display: 'grid',
  gap: vars.space.lg,
  '@media': { [mq.md]: { padding: `${vars.space.xxl} ${vars.space.lg}` } },
});

export const title = style({ margin: 0, fontSize: vars.fontSize.xxl, lineHeight: vars.lineHeight.tight });

export const documentCard = style({
  display: 'grid',
  gap: vars.space.xs,
  padding: vars.space.md,
  borderRadius: vars.radius.md,
  border: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
});

/** A player's header actions are icons on a phone (the label stays their accessible name) and words from md up. */
export const compactOnPhone = style({
  minWidth: '40px',
  paddingLeft: 0,
  paddingRight: 0,
  '@media': { [mq.md]: { paddingLeft: vars.space.sm, paddingRight: vars.space.sm } },
});

export const phoneIcon = style({
  display: 'block',
  '@media': { [mq.md]: { display: 'none' } },
});

export const labelFromTablet = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
  '@media': {
    [mq.md]: { position: 'static', width: 'auto', height: 'auto', margin: 0, overflow: 'visible', clipPath: 'none' },
  },
});

/** The submit button with the retry status under it (the empty status takes no room). */
export const submitRow = style({ display: 'grid', gap: vars.space.xs });
