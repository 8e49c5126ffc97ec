import { createCmsSanitizer } from '../../api/cmsHtml';

// CMS HTML is sanitised again in the browser before it reaches the DOM (src/api/cmsHtml.ts has the
// policy; the platform has already applied it). On the platform's first paint (src/app/prerender.tsx,
// no DOM) the HTML is the platform's own sanitised copy and is used as it is.

let sanitize: ((html: string) => string) | null = null;

export function sanitizeCmsHtml(html: string): string {
  if (typeof window === 'undefined') return html;
  sanitize ??= createCmsSanitizer(window);
  return sanitize(html);
}
