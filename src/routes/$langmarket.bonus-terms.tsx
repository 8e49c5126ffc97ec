import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /bonus-terms, from the content page 'bonus_terms'.
export const Route = createFileRoute('/$langmarket/bonus-terms')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'bonus_terms'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="bonus_terms" />;
}
