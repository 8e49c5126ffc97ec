import { createCmsSanitizer } from '../../src/api/cmsHtml';

// The content service's pages leave the platform sanitised (issue 10: "make sanitising happen
// where nothing can run"): DOMPurify with the app's policy (src/api/cmsHtml.ts) in a jsdom window,
// which runs no script and loads nothing. The browser sanitises again, finding nothing to cut.
// Each page's HTML is sanitised once per version (a document is replaced with a new updatedAt).

let sanitizer: Promise<(html: string) => string> | null = null;
const cache = new Map<string, string>();
const CACHE_ENTRIES_MAX = 2_000;

function loadSanitizer(): Promise<(html: string) => string> {
  sanitizer ??= import('jsdom').then(({ JSDOM }) => createCmsSanitizer(new JSDOM('').window as unknown as Parameters<typeof createCmsSanitizer>[0]));
  return sanitizer;
}

/**
 * Loads the sanitiser's jsdom window now (server/main.ts, at start-up, in the background): loading
 * jsdom takes 1-2 s of CPU on the developers' machine class, which the first request for a content
 * page after a start would otherwise wait for.
 */
export async function prepareSanitizer(): Promise<void> {
  await loadSanitizer();
}

/** The sanitised HTML of a page version; `version` names it (scope, id and updatedAt). */
export async function sanitizedPageHtml(version: string, html: string): Promise<string> {
  const cached = cache.get(version);
  if (cached !== undefined) return cached;
  const clean = (await loadSanitizer())(html);
  if (cache.size >= CACHE_ENTRIES_MAX) cache.clear();
  cache.set(version, clean);
  return clean;
}
