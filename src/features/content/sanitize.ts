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
 * Sanitises CMS HTML. The page's title is its only h1, so CMS headings are moved one level down
 * (h1 -> h2): the document outline stays valid whatever the editor wrote.
 */
export function sanitizeCmsHtml(html: string): string {
  addHooks();
  const clean = DOMPurify.sanitize(html, {
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
