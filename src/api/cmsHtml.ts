import createDOMPurify from 'dompurify';

// CMS HTML is untrusted (issue 2 "Static and legal pages"): the content service's pages are
// sanitised with this one policy on the platform, before they are stored in an answer or in a
// first paint (server/content/sanitize.ts, with a jsdom window), and again in the browser before
// they reach the DOM (src/features/content/sanitize.ts), but for the very HTML the first paint put
// there already (src/features/content/paintedHtml.ts). Normal prose markup stays (headings,
// paragraphs, lists, tables, links, emphasis, images); scripts, styles, frames, forms, event
// handlers and inline styles go. The page's title is its only h1, so CMS headings move one level
// down (h1 -> h2): the document outline stays valid whatever the editor wrote.

const FORBID_TAGS = ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'option', 'link', 'meta', 'base', 'noscript', 'template', 'svg', 'math'];
const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'action'];

/** The window DOMPurify works in: the page's own, or a jsdom window on the platform. */
export type SanitizerWindow = NonNullable<Parameters<typeof createDOMPurify>[0]>;

/** A sanitiser bound to a window; each keeps its own DOMPurify with the policy's hooks. */
export function createCmsSanitizer(window: SanitizerWindow): (html: string) => string {
  const purify = createDOMPurify(window);
  // Links that open a new window must not hand it our window (reverse tabnabbing).
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
  return (html) => {
    const clean = purify.sanitize(withoutEventHandlers(html), {
      USE_PROFILES: { html: true },
      FORBID_TAGS,
      FORBID_ATTR,
      ADD_ATTR: ['target'],
      ALLOW_DATA_ATTR: false,
    });
    if (!clean.includes('<h1')) return clean;
    // An inert document (DOMParser): nothing in it loads or runs while headings are renamed.
    const doc = new window.DOMParser().parseFromString(`<!doctype html><body>${clean}</body>`, 'text/html');
    for (const heading of Array.from(doc.body.querySelectorAll('h1'))) {
      const demoted = doc.createElement('h2');
      demoted.append(...Array.from(heading.childNodes));
      heading.replaceWith(demoted);
    }
    return doc.body.innerHTML;
  };
}

/**
 * Chromium reports a Content-Security-Policy violation on the console for every inline event
 * handler it parses, even in the inert document DOMPurify parses into, though it never runs it
 * (issue 8 "A quiet console", issue 10). The platform sanitises before anything reaches a browser,
 * so none arrives; handler attributes are still cut before parsing here, for content from a
 * platform that does not. This is only about the console: DOMPurify is what makes the HTML safe.
 */
const EVENT_HANDLER_ATTRIBUTE = /(<[a-z][^>]*?)\s+on[a-z]+\s*=\s*(?:"[^"]*"|'[^']*'|[^\s>]+)/gi;

function withoutEventHandlers(html: string): string {
  let previous = '';
  let current = html;
  while (current !== previous) {
    previous = current;
    current = current.replace(EVENT_HANDLER_ATTRIBUTE, '$1');
  }
  return current;
}
