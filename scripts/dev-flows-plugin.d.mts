// Types of dev-flows-plugin.mjs (the /dev/flows page of the dev server, issue 22).
import type { Plugin } from 'vite';

/** Serves /dev/flows and its screenshots in `npm run dev` only (`apply: 'serve'`). */
export function devFlowsPage(): Plugin;
