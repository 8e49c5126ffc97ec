import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /500, from the content page 'page-error-500' (an error page: no "Last updated").
export const Route = createFileRoute('/$langmarket/500')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'page-error-500'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="page-error-500" showUpdated={false} />;
}
