import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /cookie-policy, from the content page 'cookies_policy'.
export const Route = createFileRoute('/$langmarket/cookie-policy')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'cookies_policy'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="cookies_policy" />;
}
