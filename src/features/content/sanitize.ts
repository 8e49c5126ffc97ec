import { createCmsSanitizer } from '../../api/cmsHtml';
import { wasPainted } from './paintedHtml';

// CMS HTML is sanitised again in the browser before it reaches the DOM (src/api/cmsHtml.ts has the
// policy; the platform has already applied it). On the platform's first paint (src/app/prerender.tsx,
// no DOM) the HTML is the platform's own sanitised copy and is used as it is; so it is in the browser
// while it is exactly the HTML that first paint showed (./paintedHtml.ts).

let sanitize: ((html: string) => string) | null = null;

/**
 * The last documents sanitised, by their HTML: a route's loader sanitises its page ahead of the
 * render (loadStaticPage.ts), and the render then finds it here instead of running DOMPurify inside
 * React's render (issue 22: 13-17 ms of a phone's main thread in the render's task on /terms).
 */
const sanitised = new Map<string, string>();
const KEPT_DOCUMENTS = 8;

export function sanitizeCmsHtml(html: string): string {
  if (typeof window === 'undefined' || wasPainted(html)) return html;
  const known = sanitised.get(html);
  if (known !== undefined) return known;
  sanitize ??= createCmsSanitizer(window);
  const clean = sanitize(html);
  sanitised.set(html, clean);
  if (sanitised.size > KEPT_DOCUMENTS) sanitised.delete(sanitised.keys().next().value ?? '');
  return clean;
}
