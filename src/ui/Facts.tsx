import type { ReactNode } from 'react';
import * as s from './facts.css';

export interface Fact {
  term: ReactNode;
  value: ReactNode;
  testId?: string;
}

/**
 * Label and value pairs as a description list (a withdrawal's reference, a limit and when it
 * resets). `columns`: terms and values in two columns where they fit; `inline`: each pair on its
 * line, the value at the end (a narrow card).
 */
export function Facts({ items, layout = 'columns' }: { items: readonly Fact[]; layout?: 'columns' | 'inline' }) {
  return (
    <dl className={s.facts({ layout })}>
      {items.map((item, index) => (
        <div key={index} className={s.factPair({ layout })}>
          <dt className={s.factTerm}>{item.term}</dt>
          <dd className={s.factValue({ layout })} data-testid={item.testId}>
            {item.value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
