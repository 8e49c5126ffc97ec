import { recipe, type RecipeVariants } from '@vanilla-extract/recipes';
import { vars } from './theme.css';

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xs,
    border: '2px solid transparent',
    borderRadius: vars.radius.pill,
    fontWeight: vars.fontWeight.bold,
    lineHeight: 1.2,
    textDecoration: 'none',
    cursor: 'pointer',
    whiteSpace: 'nowrap',
    transition: 'background-color 120ms ease, color 120ms ease, border-color 120ms ease',
    selectors: {
      '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
    },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.accent,
        color: vars.color.onAccent,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.accentHover, color: vars.color.onAccent } },
      },
      secondary: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        borderColor: vars.color.accent,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceRaised, color: vars.color.text } },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: { '&:hover:not(:disabled)': { backgroundColor: vars.color.surfaceRaised, color: vars.color.text } },
      },
    },
    size: {
      sm: { minHeight: '36px', padding: `${vars.space.xxs} ${vars.space.sm}`, fontSize: vars.fontSize.sm },
      md: { minHeight: '44px', padding: `${vars.space.xs} ${vars.space.lg}`, fontSize: vars.fontSize.md },
      lg: { minHeight: '52px', padding: `${vars.space.sm} ${vars.space.xl}`, fontSize: vars.fontSize.lg },
      icon: { width: '44px', height: '44px', padding: 0, borderRadius: vars.radius.md },
    },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;
