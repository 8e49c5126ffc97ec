// Feature flags from the environment (behaviour.md §9: "Feature flags from the environment control
// ... the game slug routes"), read at build time from Vite's env (VITE_*). An operator turns a
// feature off with the variable set to "off" when building.

export const FEATURES = {
  /** /play/{gameSlug} (product.md §2: the slug-based game page, enabled by a flag). On unless VITE_FEATURE_GAME_SLUG_ROUTES=off. */
  gameSlugRoutes: import.meta.env.VITE_FEATURE_GAME_SLUG_ROUTES !== 'off',
} as const;
