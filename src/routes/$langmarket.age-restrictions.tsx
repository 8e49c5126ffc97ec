import { createFileRoute } from '@tanstack/react-router';
import { staticPageQuery } from '../api/queries';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /age-restrictions, from the content page 'age_restrictions'.
export const Route = createFileRoute('/$langmarket/age-restrictions')({
  loader: ({ context }) => context.queryClient.query(staticPageQuery(context.langMarket, 'age_restrictions')),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="age_restrictions" />;
}
