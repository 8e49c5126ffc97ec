import type { ReactNode } from 'react';
import { pageTitle } from './page.css';

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
