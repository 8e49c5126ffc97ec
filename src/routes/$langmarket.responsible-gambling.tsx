import { createFileRoute } from '@tanstack/react-router';
import { staticPageQuery } from '../api/queries';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /responsible-gambling, from the content page 'responsible_gambling'.
export const Route = createFileRoute('/$langmarket/responsible-gambling')({
  loader: ({ context }) => context.queryClient.query(staticPageQuery(context.langMarket, 'responsible_gambling')),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="responsible_gambling" />;
}
