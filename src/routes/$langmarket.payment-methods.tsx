import { createFileRoute } from '@tanstack/react-router';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /payment-methods, from the content page 'payment_methods'.
export const Route = createFileRoute('/$langmarket/payment-methods')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'payment_methods'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="payment_methods" />;
}
