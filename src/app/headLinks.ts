import type { AnyRouter } from '@tanstack/react-router';
import { pageAlternates, resolveSitePath, sitePagePath } from '../api/sitePages';

// The platform writes each page's canonical link, language alternates and robots rule into the
// head (server/http/pages.ts). The app's navigation changes the page without a load: the same links
// follow it here, from the same page table, so the head always describes the page on screen.

const MANAGED = 'link[rel="canonical"], link[rel="alternate"][hreflang], meta[name="robots"]';

/** The site origin the platform wrote (SITE_URL may differ from the address bar's); else this one. */
function siteOrigin(doc: Document): string {
  const written = doc.head.querySelector<HTMLLinkElement>('link[rel="canonical"], link[rel="alternate"][hreflang]');
  return written ? new URL(written.href).origin : doc.location.origin;
}

function element(doc: Document, tag: 'link' | 'meta', attributes: Record<string, string>): HTMLElement {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  return node;
}

/** Rewrites the head's links for `pathname`, as the platform would have written them. */
export function writeHeadLinks(pathname: string, origin: string, doc: Document = document): void {
  for (const node of Array.from(doc.head.querySelectorAll(MANAGED))) node.remove();
  const resolved = resolveSitePath(pathname);
  if (resolved.kind === 'redirect') return;
  if (resolved.kind === 'notFound' || !resolved.page.index) {
    doc.head.append(element(doc, 'meta', { name: 'robots', content: 'noindex' }));
    return;
  }
  const { page, langMarket } = resolved;
  const links = [
    element(doc, 'link', { rel: 'canonical', href: origin + sitePagePath(langMarket, page) }),
    ...pageAlternates(origin, page).map(({ hreflang, href }) => element(doc, 'link', { rel: 'alternate', hreflang, href })),
  ];
  doc.head.append(...links);
}

/** Keeps the head's links on the page the router shows, after each navigation. */
export function followHeadLinks(router: AnyRouter, doc: Document = document): () => void {
  const origin = siteOrigin(doc);
  let shown = doc.location.pathname;
  return router.subscribe('onResolved', ({ toLocation }) => {
    if (toLocation.pathname === shown) return;
    shown = toLocation.pathname;
    writeHeadLinks(shown, origin, doc);
  });
}
