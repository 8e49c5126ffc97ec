import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /casino-rules, from the content page 'casino_rules'.
export const Route = createFileRoute('/$langmarket/casino-rules')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'casino_rules'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="casino_rules" />;
}
