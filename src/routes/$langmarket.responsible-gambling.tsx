import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /responsible-gambling, from the content page 'responsible_gambling'.
export const Route = createFileRoute('/$langmarket/responsible-gambling')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'responsible_gambling'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="responsible_gambling" />;
}
