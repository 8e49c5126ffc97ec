import { createFileRoute, redirect } from '@tanstack/react-router';
import { DEFAULT_LANGMARKET } from '../../machines/lib/markets';

// product.md §2: the default langmarket is en-UN; `/` lands there (search and hash kept).
export const Route = createFileRoute('/')({
  beforeLoad: ({ location }) => {
    const hash = location.hash ? `#${location.hash}` : '';
    throw redirect({ href: `/${DEFAULT_LANGMARKET}${location.searchStr}${hash}`, replace: true });
  },
});
