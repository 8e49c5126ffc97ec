import { createFileRoute } from '@tanstack/react-router';
import * as v from 'valibot';
import { formatLangMarket } from '../../machines/lib/markets';
import { LoginRequiredActions } from '../features/auth/LoginRequiredActions';
import { loadStaticPage } from '../features/content/loadStaticPage';
import { StaticPage } from '../features/content/StaticPage';

// product.md §2: /401, the access-error page, from the content page 'page-error-401'; an account
// page sends a visitor here with its path as `redirect`. The page offers its own log-in (back to
// that path) and sign-up (issue 8); as an error page it has no "Last updated".
const accessErrorSearchSchema = v.object({ redirect: v.fallback(v.optional(v.string()), undefined) });

export const Route = createFileRoute('/$langmarket/401')({
  validateSearch: (search) => v.parse(accessErrorSearchSchema, search),
  loader: ({ context }) => loadStaticPage(context.queryClient, context.langMarket, 'page-error-401'),
  component: Page,
});

function Page() {
  const { langMarket, session } = Route.useRouteContext();
  const { redirect } = Route.useSearch();
  return (
    <StaticPage
      langMarket={langMarket}
      id="page-error-401"
      showUpdated={false}
      actions={
        <LoginRequiredActions
          langmarket={formatLangMarket(langMarket)}
          onLogin={() => session.send({ type: 'login.open', redirect: redirect ?? null })}
        />
      }
    />
  );
}
