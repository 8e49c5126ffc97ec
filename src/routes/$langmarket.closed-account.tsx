import { createFileRoute } from '@tanstack/react-router';
import { ClosedAccountNotice } from '../features/account/ClosedAccountNotice';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /closed-account, from the content page 'page-closed-account'; where the app sends a
// player who closed their account (issue 23), with what happens to the balance.
export const Route = createFileRoute('/$langmarket/closed-account')({
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'page-closed-account'),
  component: Page,
});

function Page() {
  const { langMarket } = Route.useRouteContext();
  return <StaticPage langMarket={langMarket} id="page-closed-account" actions={<ClosedAccountNotice />} />;
}
