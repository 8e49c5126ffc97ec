import type { QueryClient } from '@tanstack/react-query';
import type { LangMarket } from '../../../machines/lib/markets';
import type { StaticPageId } from '../../api/content';
import { staticPageQuery } from '../../api/queries';
import { sanitizeCmsHtml } from './sanitize';

/**
 * A static page route's loader (product.md §2): the page's content document, then its HTML
 * sanitised in a task of its own, so that the page's render (StaticPage) finds it sanitised and the
 * two do not add up to one long task on a phone (issue 22, Total Blocking Time).
 */
export async function loadStaticPage(queryClient: QueryClient, langMarket: LangMarket, id: StaticPageId) {
  const page = await queryClient.query(staticPageQuery(langMarket, id));
  await new Promise((resolve) => {
    setTimeout(resolve, 0);
  });
  sanitizeCmsHtml(page.html);
  return page;
}
