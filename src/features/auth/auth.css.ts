import { style } from '@vanilla-extract/css';
import { card, page as pageFrame, pageTitle } from '../../ui/page.css';
import { mq, vars } from '../../ui/theme.css';

// Header account actions, the login and idle dialogs, and the accept-terms page.

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xxs,
  '@media': { [mq.md]: { gap: vars.space.xs } },
});

/**
 * Log in and Sign up share a 320 px phone's header with the menu, the logo and the language (issue
 * 8): small type, little padding, and a two-word label ("Kirjaudu sisään", "Iniciar sessão") may
 * take two lines there rather than be cut. `:is(a, button)` outweighs the button recipe's size.
 */
export const headerButton = style({
  selectors: {
    '&:is(a, button)': {
      paddingLeft: vars.space.xxs,
      paddingRight: vars.space.xxs,
      fontSize: vars.fontSize.xs,
      lineHeight: vars.lineHeight.tight,
      whiteSpace: 'normal',
      textAlign: 'center',
    },
  },
  '@media': {
    [mq.md]: {
      selectors: {
        '&:is(a, button)': {
          paddingLeft: vars.space.sm,
          paddingRight: vars.space.sm,
          fontSize: vars.fontSize.sm,
          whiteSpace: 'nowrap',
        },
      },
    },
  },
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

// The accept-terms page on the shared page frame (src/ui/page.css.ts), at a reading width.
export const page = pageFrame({ layout: 'prose' });

export const title = pageTitle;

export const documentCard = card({ size: 'compact' });

/** A player's header actions are icons on a phone (the label stays their accessible name) and words from md up. */
export const compactOnPhone = style({
  // 36 px on a phone: the header also holds the player's balance and Deposit button (issue 11).
  minWidth: '36px',
  paddingLeft: 0,
  paddingRight: 0,
  '@media': { [mq.md]: { paddingLeft: vars.space.sm, paddingRight: vars.space.sm } },
});

export const phoneIcon = style({
  display: 'block',
  '@media': { [mq.md]: { display: 'none' } },
});

export { labelFromTablet } from '../../ui/global.css';

/** The submit button with the retry status under it (the empty status takes no room). */
export const submitRow = style({ display: 'grid', gap: vars.space.xs });
