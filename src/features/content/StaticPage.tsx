import { Trans } from '@lingui/react/macro';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useMemo, type ReactNode } from 'react';
import { format, parseISO } from 'date-fns';
import { DISPLAY_DATE_FORMAT } from '../../../machines/lib/constants';
import type { LangMarket } from '../../../machines/lib/markets';
import type { StaticPageId } from '../../api/content';
import { staticPageQuery } from '../../api/queries';
import * as s from './content.css';
import { sanitizeCmsHtml } from './sanitize';

function displayDate(iso: string): string | null {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? null : format(date, DISPLAY_DATE_FORMAT);
}

export interface StaticPageProps {
  langMarket: LangMarket;
  id: StaticPageId;
  /** "Last updated" belongs to legal texts; an error page such as /401 leaves it out. */
  showUpdated?: boolean;
  /** What the player can do here (the /401 page's log-in), right under the heading. */
  actions?: ReactNode;
}

/**
 * A static or legal page rendered from its content document (product.md §2), per market and
 * language. The route's loader has already fetched it (`ensureQueryData(staticPageQuery(...))`).
 */
export function StaticPage({ langMarket, id, showUpdated = true, actions }: StaticPageProps) {
  const { data: page } = useSuspenseQuery(staticPageQuery(langMarket, id));
  const html = useMemo(() => sanitizeCmsHtml(page.html), [page.html]);
  const updated = showUpdated ? displayDate(page.updatedAt) : null;
  return (
    <article className={s.page}>
      <title>{page.seo.title}</title>
      <meta name="description" content={page.seo.description} />
      <h1 className={s.title}>{page.title}</h1>
      {updated ? (
        <p className={s.updated}>
          <Trans id="content.updated">Last updated {updated}</Trans>
        </p>
      ) : null}
      {actions === undefined ? null : <div className={s.actions}>{actions}</div>}
      {/* Sanitised above with DOMPurify (sanitize.ts). */}
      <div className={s.prose} dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
