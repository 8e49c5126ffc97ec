import DOMPurify from 'dompurify';

// CMS HTML is untrusted (issue 2 "Static and legal pages"): it is sanitised before it reaches the
// DOM. Normal prose markup stays (headings, paragraphs, lists, tables, links, emphasis, images);
// scripts, styles, frames, forms, event handlers and inline styles go.

const FORBID_TAGS = ['script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'option', 'link', 'meta', 'base', 'noscript', 'template', 'svg', 'math'];
const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'action'];

let hooked = false;
function addHooks(): void {
  if (hooked) return;
  hooked = true;
  // Links that open a new window must not hand it our window (reverse tabnabbing).
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (!node.hasAttribute('target')) return;
    if (node.tagName === 'A' && node.getAttribute('target') === '_blank') {
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
}

/**
 * Chromium reports a Content-Security-Policy violation on the console for every inline event
 * handler it parses, even in the inert document DOMPurify parses into, though it never runs it. A
 * CMS page with an `onerror` (the seed's terms page carries one on purpose) would then log an error
 * on every visit (issue 8 "A quiet console"). Handler attributes are cut from the markup before it
 * is parsed; this is only about the console: DOMPurify below is what makes the HTML safe.
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

/**
 * Sanitises CMS HTML. The page's title is its only h1, so CMS headings are moved one level down
 * (h1 -> h2): the document outline stays valid whatever the editor wrote.
 */
export function sanitizeCmsHtml(html: string): string {
  addHooks();
  const clean = DOMPurify.sanitize(withoutEventHandlers(html), {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ADD_ATTR: ['target'],
    ALLOW_DATA_ATTR: false,
  });
  if (!clean.includes('<h1')) return clean;
  // An inert document (DOMParser): nothing in it loads or runs while headings are renamed.
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${clean}</body>`, 'text/html');
  for (const heading of Array.from(doc.body.querySelectorAll('h1'))) {
    const demoted = doc.createElement('h2');
    demoted.append(...Array.from(heading.childNodes));
    heading.replaceWith(demoted);
  }
  return doc.body.innerHTML;
}
