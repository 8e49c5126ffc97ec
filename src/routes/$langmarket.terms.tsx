import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /terms, from the content page 'terms_and_conditions'.
export const Route = createFileRoute('/$langmarket/terms')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'terms_and_conditions'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="terms_and_conditions" />;
}
