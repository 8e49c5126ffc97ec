import type { ReactNode } from 'react';
import { card, cardTitle } from './page.css';

/** A section of a page on its own surface (a card), named by its h2 heading (`headingId`). */
export function CardSection({ headingId, heading, children }: { headingId: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section className={card()} aria-labelledby={headingId}>
      <h2 className={cardTitle} id={headingId}>
        {heading}
      </h2>
      {children}
    </section>
  );
}
