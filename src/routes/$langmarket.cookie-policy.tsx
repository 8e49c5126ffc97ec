import { createFileRoute } from '@tanstack/react-router';
import { staticPageQuery } from '../api/queries';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /cookie-policy, from the content page 'cookies_policy'.
export const Route = createFileRoute('/$langmarket/cookie-policy')({
  loader: ({ context }) => context.queryClient.query(staticPageQuery(context.langMarket, 'cookies_policy')),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="cookies_policy" />;
}
