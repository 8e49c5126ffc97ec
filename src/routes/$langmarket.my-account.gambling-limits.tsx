import { createFileRoute } from '@tanstack/react-router';
import { isMarketCode, type MarketCode } from '../../machines/lib/markets';
import { cashierPlayerOf } from '../../machines/session.machine';
import { seoQuery } from '../api/queries';
import type { RouterContext } from '../app/context';
import { BreaksSection } from '../features/breaks/BreaksSection';
import { GamblingLimitsPage } from '../features/limits/GamblingLimitsPage';
import { riskGuard } from './-components/accountGuards';
import { SeoHead } from './-components/SeoHead';

// product.md §2 /my-account/gambling-limits: login required (the my-account layout route: else /401
// with the path), and the player neither risk-payout flagged nor multibrand-suspended (else the
// account page). Entering starts the session's gambling limits flow and its breaks and
// self-exclusion flow, leaving stops both (docs/ARCHITECTURE.md "How a route starts a flow"). A
// language switch keeps the flows (what was typed).
export const Route = createFileRoute('/$langmarket/my-account/gambling-limits')({
  beforeLoad: ({ context, params }) => riskGuard(context, params.langmarket),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return Promise.all([context.loadFlow('gamblingLimits'), context.loadFlow('exclusion')]);
  },
  onEnter: ({ context }) => {
    context.session.send({ type: 'flow.start', flow: 'gamblingLimits', input: { market: playerMarket(context) } });
    context.session.send({ type: 'flow.start', flow: 'exclusion' });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'gamblingLimits' });
    context.session.send({ type: 'flow.stop', flow: 'exclusion' });
  },
  component: GamblingLimits,
});

/** The market whose rules apply to the player (their country's, as for their money), else the route's. */
function playerMarket(context: RouterContext): MarketCode {
  const session = context.session.getSnapshot().context;
  const { market } = cashierPlayerOf(session);
  return isMarketCode(market) ? market : session.langMarket.market;
}

function GamblingLimits() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="gamblingLimits" />
      <GamblingLimitsPage session={session} langMarket={langMarket}>
        <BreaksSection session={session} />
      </GamblingLimitsPage>
    </>
  );
}
