import type { QueryClient } from '@tanstack/react-query';
import type { LangMarket } from '../../../machines/lib/markets';
import type { StaticPageId } from '../../api/content';
import { staticPageQuery } from '../../api/queries';

/**
 * A static page route's loader (product.md §2): the page's content document, then its HTML
 * sanitised in a task of its own, so that the page's render (StaticPage) finds it sanitised and the
 * two do not add up to one long task on a phone (issue 22, Total Blocking Time). The sanitiser
 * (DOMPurify) is imported here, not at the top: route loaders are in the start-up JavaScript, and
 * the sanitiser belongs with the pages that need it (`npm run size`: +10 KB on the home route
 * otherwise). A dynamic import resolves in a later task, which is the task of its own.
 */
export async function loadStaticPage(queryClient: QueryClient, langMarket: LangMarket, id: StaticPageId) {
  const [page, { sanitizeCmsHtml }] = await Promise.all([queryClient.query(staticPageQuery(langMarket, id)), import('./sanitize')]);
  await new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
  sanitizeCmsHtml(page.html);
  return page;
}
