import type { ReactNode } from 'react';
import { pageTabList, pageTabPanel, pageTitle } from './page.css';

/**
 * A feature page on the shared page frame (src/ui/page.css.ts): its column (the feature's `page`
 * class, a variant of the frame), its one h1, then its sections.
 */
export function PageFrame({ className, title, children }: { className: string; title: ReactNode; children: ReactNode }) {
  return (
    <div className={className}>
      <h1 className={pageTitle}>{title}</h1>
      {children}
    </div>
  );
}

/**
 * A page of tabs (banking's sections, the rewards' lists): the frame, the tabs as a labelled nav
 * of links (`tabs`: one `<li>` each, styled `pageTab`, aria-current on the page shown), then the
 * shown tab's content.
 */
export function TabbedPageFrame({
  className,
  title,
  tabsLabel,
  tabs,
  children,
}: {
  className: string;
  title: ReactNode;
  tabsLabel: string;
  tabs: ReactNode;
  children: ReactNode;
}) {
  return (
    <PageFrame className={className} title={title}>
      <nav aria-label={tabsLabel}>
        <ul className={pageTabList}>{tabs}</ul>
      </nav>
      <div className={pageTabPanel}>{children}</div>
    </PageFrame>
  );
}
