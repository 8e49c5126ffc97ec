import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /age-restrictions, from the content page 'age_restrictions'.
export const Route = createFileRoute('/$langmarket/age-restrictions')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'age_restrictions'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="age_restrictions" />;
}
