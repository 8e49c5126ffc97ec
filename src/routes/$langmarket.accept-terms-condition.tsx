import { createFileRoute, redirect } from '@tanstack/react-router';
import { authRedirect } from '../../machines/session.guards';
import { seoQuery, termsVersionsQuery } from '../api/queries';
import { AcceptTermsPage } from '../features/auth/AcceptTermsPage';
import { SeoHead } from './-components/SeoHead';

// product.md §2 /accept-terms-condition: forced acceptance of updated terms, for a logged-in player
// (a visitor goes to /401 with this path passed on). The terms guard in the $langmarket layout
// sends players here; this page is exempt from it.
export const Route = createFileRoute('/$langmarket/accept-terms-condition')({
  beforeLoad: ({ context, location }) => {
    const target = authRedirect(location.href, context.session.getSnapshot());
    if (target !== null) throw redirect({ href: target, replace: true });
  },
  loader: ({ context }) => {
    // The page shows the session's version at once and the document when it arrives.
    void context.queryClient.query(termsVersionsQuery(context.langMarket)).catch(() => undefined);
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
  },
  component: Page,
});

function Page() {
  const { langMarket, session } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="acceptTerms" />
      <AcceptTermsPage session={session} langMarket={langMarket} />
    </>
  );
}
