import { createFileRoute } from '@tanstack/react-router';
import { staticPageQuery } from '../api/queries';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /401, from the content page 'page-error-401'.
export const Route = createFileRoute('/$langmarket/401')({
  loader: ({ context }) => context.queryClient.query(staticPageQuery(context.langMarket, 'page-error-401')),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="page-error-401" />;
}
