import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { formatLangMarket, intlLocaleFor, parseLangMarket } from '../../machines/lib/markets';
import { localeRedirect, termsRedirect, waitForResolved, waitForSettled } from '../../machines/session.guards';
import { footerQuery } from '../api/queries';
import { AccountActions } from '../features/auth/AccountActions';
import { HeaderBalance } from '../features/banking/HeaderBalance';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { Shell } from '../features/shell/Shell';
import { loadCatalog } from '../i18n/catalog';

// Every route lives under /$langmarket (product.md §2). This layout fixes up a bad segment, waits
// for the session, loads the route language's catalog (only that one), applies the terms guard
// and frames the page with the player's balance and the account actions in the header.
export const Route = createFileRoute('/$langmarket')({
  beforeLoad: async ({ context, location, params, preload }) => {
    const target = localeRedirect(location.pathname);
    const langMarket = parseLangMarket(params.langmarket);
    if (target !== null || langMarket === null) {
      const hash = location.hash ? `#${location.hash}` : '';
      throw redirect({ href: `${target ?? '/'}${location.searchStr}${hash}`, replace: true });
    }
    await waitForResolved(context.session);
    // product.md §2 "Terms guard": a player whose accepted terms are older than the market's current
    // ones goes to accept-terms (the account pages and that page are exempt). The profile carries
    // the accepted version, so a player's navigation waits for it.
    const terms = termsRedirect(location.pathname, await waitForSettled(context.session));
    if (terms !== null) throw redirect({ href: terms, replace: true });
    const intlLocale = intlLocaleFor(langMarket);
    await loadCatalog(langMarket.language, intlLocale);
    if (!preload) {
      const current = context.session.getSnapshot().context.langMarket;
      if (formatLangMarket(current) !== formatLangMarket(langMarket)) {
        context.session.send({ type: 'locale.change', langMarket });
      }
      document.documentElement.lang = intlLocale;
    }
    return { langMarket };
  },
  loader: ({ context }) => {
    // The footer is not worth blocking the page for: fetch it alongside.
    void context.queryClient.query(footerQuery(context.langMarket)).catch(() => undefined);
  },
  component: LangMarketLayout,
  notFoundComponent: LangMarketNotFound,
});

function LangMarketLayout() {
  const { langMarket, session } = Route.useRouteContext();
  return (
    <Shell
      langMarket={langMarket}
      actions={
        <>
          <HeaderBalance session={session} langMarket={langMarket} />
          <AccountActions session={session} langmarket={formatLangMarket(langMarket)} />
        </>
      }
    >
      <Outlet />
    </Shell>
  );
}

function LangMarketNotFound() {
  const { langmarket } = Route.useParams();
  return <NotFoundPage langmarket={langmarket} />;
}
