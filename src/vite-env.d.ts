/// <reference types="vite/client" />

// Lingui catalogs: the Vite plugin compiles a .po file into a module exporting its messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

interface ImportMetaEnv {
  /** `VITE_INSPECT=1 npm run dev` connects Stately's live inspector (src/app/inspector.ts). */
  readonly VITE_INSPECT?: string;
  /** "off" removes /play/{gameSlug} (src/app/features.ts). */
  readonly VITE_FEATURE_GAME_SLUG_ROUTES?: string;
}
