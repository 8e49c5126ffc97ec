import { createFileRoute, Outlet, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import { formatLangMarket, intlLocaleFor, parseLangMarket } from '../../machines/lib/markets';
import { localeRedirect, termsRedirect, waitForResolved, waitForSettled } from '../../machines/session.guards';
import { footerQuery } from '../api/queries';
import { marketRulesQuery } from '../api/responsibleGamblingQueries';
import { AccountActions } from '../features/auth/AccountActions';
import { HeaderBalance } from '../features/banking/HeaderBalance';
import { RealityCheck } from '../features/breaks/RealityCheck';
import { ComplianceBars, ComplianceNotices, ComplianceTop } from '../features/compliance/ComplianceLayer';
import { rulesMarketOf } from '../features/compliance/layer';
import { NotFoundPage } from '../features/errors/NotFoundPage';
import { Shell } from '../features/shell/Shell';
import { loadCatalog } from '../i18n/catalog';

// Every route lives under /$langmarket (product.md §2). This layout fixes up a bad segment, waits
// for the session, loads the route language's catalog (only that one), applies the terms guard
// and frames the page with the player's balance and the account actions in the header, and the
// market's compliance layer (issue 13) around it.
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
  loader: async ({ context }) => {
    // The footer is not worth blocking the page for: fetch it alongside.
    void context.queryClient.query(footerQuery(context.langMarket)).catch(() => undefined);
    // The market's compliance rules (issue 13) decide what the page's top shows: known already (the
    // first paint carries the route market's), nothing waits; otherwise (a player of another market)
    // the page waits for them rather than move down when the Swedish badges arrive.
    const rules = marketRulesQuery(rulesMarketOf(context.session.getSnapshot().context, context.langMarket.market));
    if (context.queryClient.getQueryData(rules.queryKey) === undefined) await context.queryClient.query(rules).catch(() => undefined);
  },
  component: LangMarketLayout,
  notFoundComponent: LangMarketNotFound,
});

function LangMarketLayout() {
  const { langMarket, session, loadFlow } = Route.useRouteContext();
  const loadExclusionFlow = useCallback(() => loadFlow('exclusion'), [loadFlow]);
  return (
    <Shell
      langMarket={langMarket}
      actions={
        <>
          <HeaderBalance session={session} langMarket={langMarket} />
          <AccountActions session={session} langmarket={formatLangMarket(langMarket)} />
          {/* The reality check's modal (issue 13), mounted like the idle warning: the session decides when. */}
          <RealityCheck session={session} langMarket={langMarket} />
        </>
      }
      // Issue 13: the market's compliance layer around the header and above the page.
      top={<ComplianceTop session={session} langMarket={langMarket} />}
      bars={<ComplianceBars session={session} langMarket={langMarket} loadExclusionFlow={loadExclusionFlow} />}
    >
      <ComplianceNotices session={session} langMarket={langMarket} />
      <Outlet />
    </Shell>
  );
}

function LangMarketNotFound() {
  const { langmarket } = Route.useParams();
  return <NotFoundPage langmarket={langmarket} />;
}
