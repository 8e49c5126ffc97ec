import type { InspectionEvent, Observer } from 'xstate';

/**
 * The live inspector (docs/ARCHITECTURE.md "Reviewing a flow"): in `npm run dev` only, when switched
 * on with VITE_INSPECT=1 or `?inspect` in the address, @statelyai/inspect opens Stately's inspector
 * in a new window and the root session is created with it, so product sees the whole actor system,
 * children included, while clicking through the site. The production build never contains it:
 * `import.meta.env.DEV` is false there and the import below is dropped with its branch.
 */
export async function devInspector(): Promise<Observer<InspectionEvent> | undefined> {
  if (!import.meta.env.DEV) return undefined;
  const wanted = import.meta.env.VITE_INSPECT === '1' || new URLSearchParams(window.location.search).has('inspect');
  if (!wanted) return undefined;
  const { createBrowserInspector } = await import('@statelyai/inspect');
  return createBrowserInspector().inspect;
}
