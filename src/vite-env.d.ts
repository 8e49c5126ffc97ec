/// <reference types="vite/client" />

// Lingui catalogs: the Vite plugin compiles a .po file into a module exporting its messages.
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
