import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PageRenderer } from './pages';

// The pages' first paint is the app's own components rendered on the platform: `npm run build`
// writes them, with the app's styles and catalogs, to dist-ssr/prerender.js beside dist/.

/** Loads dist-ssr/prerender.js beside the static folder; null (and a log line) when it is not built. */
export async function loadPageRenderer(staticDir: string | undefined): Promise<PageRenderer | null> {
  if (staticDir === undefined) return null;
  const file = join(dirname(resolve(staticDir)), 'dist-ssr', 'prerender.js');
  if (!existsSync(file)) {
    console.warn(`No first-paint renderer at ${file}: pages are served with their head only (run npm run build).`);
    return null;
  }
  const module = (await import(pathToFileURL(file).href)) as PageRenderer;
  return { renderPage: (input) => module.renderPage(input) };
}
