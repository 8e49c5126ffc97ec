import { I18nProvider } from '@lingui/react';
import { createRootRouteWithContext, Outlet, useLocation, useNavigate, useParams } from '@tanstack/react-router';
import { useEffect } from 'react';
import { DEFAULT_LANGMARKET, formatLangMarket, parseLangMarket } from '../../machines/lib/markets';
import { localeRedirect } from '../../machines/session.guards';
import { AppGate } from '../app/AppGate';
import type { RouterContext } from '../app/context';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { i18n } from '../i18n/catalog';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootComponent,
  notFoundComponent: RootNotFound,
});

function RootComponent() {
  const { session } = Route.useRouteContext();
  const params = useParams({ strict: false });
  const langMarket = parseLangMarket(params.langmarket ?? '');
  return (
    // Renders nothing until the route's catalog is active (index.html's static loader shows).
    <I18nProvider i18n={i18n}>
      <AppGate session={session} langmarket={langMarket ? formatLangMarket(langMarket) : DEFAULT_LANGMARKET}>
        <Outlet />
      </AppGate>
    </I18nProvider>
  );
}

/** No route matched at all: send the visitor under a valid langmarket (product.md §2). */
function RootNotFound() {
  const location = useLocation();
  const target = localeRedirect(location.pathname);
  const hash = location.hash ? `#${location.hash}` : '';
  const href = target === null ? null : `${target}${location.searchStr}${hash}`;
  const navigate = useNavigate();
  useEffect(() => {
    if (href !== null) void navigate({ href, replace: true });
  }, [href, navigate]);
  return href === null ? <NotFoundPage langmarket={DEFAULT_LANGMARKET} /> : null;
}
