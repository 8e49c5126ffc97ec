import { queryOptions } from '@tanstack/react-query';
import type { LangMarket } from '../../../machines/lib/markets';
import { contentApi } from '../../api/content';
import { contentKeys } from '../../api/queries';

/** The market's terms versions (behaviour.md §7 "Content"), under the content key of its langmarket. */
export const termsVersionsQuery = (lm: LangMarket) =>
  queryOptions({
    queryKey: [...contentKeys.scope(lm), 'terms-versions'] as const,
    queryFn: ({ signal }) => contentApi.termsVersions(lm, signal),
  });
