import { createFileRoute } from '@tanstack/react-router';
import { staticPageQuery } from '../api/queries';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /casino-rules, from the content page 'casino_rules'.
export const Route = createFileRoute('/$langmarket/casino-rules')({
  loader: ({ context }) => context.queryClient.query(staticPageQuery(context.langMarket, 'casino_rules')),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="casino_rules" />;
}
