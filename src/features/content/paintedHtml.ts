// CMS HTML the platform's first paint put in the page already (src/app/firstPaint.ts). The platform
// sanitised it with the one policy (src/api/cmsHtml.ts) before painting it, and the browser has
// parsed it into the page: sanitising that same string again in the browser protects nothing the
// paint had not already shown, and costs a phone's main thread a long task when the app starts
// (issue 22: 25-30 ms on this machine for /terms, about 120 ms at a phone's 4x). Any other HTML
// (a page loaded later, another language, a change of the content) is sanitised in the browser as before.
// A module of its own: the start-up code that records it does not load the sanitiser (DOMPurify).

const painted = new Set<string>();

/** Records the HTML of the content document the first paint showed. */
export function rememberPaintedHtml(html: string): void {
  painted.add(html);
}

/** Whether exactly this HTML is what the first paint showed. */
export function wasPainted(html: string): boolean {
  return painted.has(html);
}
