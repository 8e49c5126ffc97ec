import { useQuery } from '@tanstack/react-query';
import type { LangMarket } from '../../../machines/lib/markets';
import { seoQuery } from '../../api/queries';
import type { SeoEntryId } from '../../api/sitePages';

/**
 * A page's <title> and meta description from the market's SEO document (the entry the page table
 * names, src/api/sitePages.ts): the same texts the platform wrote into the page's first paint, so
 * the head does not change when the app takes over, and follows the app's navigation. React puts
 * them in the head. `withTitle={false}` for a page whose title says where its flow stands.
 */
export function SeoHead({ langMarket, entry, withTitle = true }: { langMarket: LangMarket; entry: SeoEntryId; withTitle?: boolean }) {
  const { data } = useQuery(seoQuery(langMarket));
  const seo = data?.entries[entry];
  if (!seo) return null;
  return (
    <>
      {withTitle ? <title>{seo.title}</title> : null}
      <meta name="description" content={seo.description} />
    </>
  );
}
