import { queryOptions } from '@tanstack/react-query';
import type { LangMarket } from '../../machines/lib/markets';
import { contentApi, type StaticPageId } from './content';

// Query options factories (CONVENTIONS.md "Routes"): the loader calls
// `queryClient.ensureQueryData(x(...))`, the component `useSuspenseQuery(x(...))` with the same
// options. Content keys are rooted at ['content', market, language] (content is per market and
// language, behaviour.md §7 "Content"). Stale time and retries are the QueryClient's defaults
// (QUERY_STALE_MS, QUERY_RETRIES, behaviour.md §9).

export const contentKeys = {
  all: ['content'] as const,
  scope: ({ market, language }: LangMarket) => ['content', market, language] as const,
  page: (lm: LangMarket, id: StaticPageId) => [...contentKeys.scope(lm), 'page', id] as const,
  footer: (lm: LangMarket) => [...contentKeys.scope(lm), 'footer'] as const,
  seo: (lm: LangMarket) => [...contentKeys.scope(lm), 'seo'] as const,
  signup: (lm: LangMarket) => [...contentKeys.scope(lm), 'signup'] as const,
  termsVersions: (lm: LangMarket) => [...contentKeys.scope(lm), 'terms-versions'] as const,
};

export const staticPageQuery = (lm: LangMarket, id: StaticPageId) =>
  queryOptions({
    queryKey: contentKeys.page(lm, id),
    queryFn: ({ signal }) => contentApi.page(lm, id, signal),
  });

export const footerQuery = (lm: LangMarket) =>
  queryOptions({
    queryKey: contentKeys.footer(lm),
    queryFn: ({ signal }) => contentApi.footer(lm, signal),
  });

export const seoQuery = (lm: LangMarket) =>
  queryOptions({
    queryKey: contentKeys.seo(lm),
    queryFn: ({ signal }) => contentApi.seo(lm, signal),
  });

/** The sign-up page's bonus CTA panel (behaviour.md §7 "Content": the signup page query). */
export const signupPageQuery = (lm: LangMarket) =>
  queryOptions({
    queryKey: contentKeys.signup(lm),
    queryFn: ({ signal }) => contentApi.signupPage(lm, signal),
  });

/** The terms versions; `current.version` is what a registration accepts (behaviour.md §5). */
export const termsVersionsQuery = (lm: LangMarket) =>
  queryOptions({
    queryKey: contentKeys.termsVersions(lm),
    queryFn: ({ signal }) => contentApi.termsVersions(lm, signal),
  });
