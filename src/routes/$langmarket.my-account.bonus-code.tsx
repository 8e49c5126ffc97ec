import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import * as v from 'valibot';
import { seoQuery } from '../api/queries';
import { BonusCodePage } from '../features/bonusCode/BonusCodePage';
import { bonusCodeSearchSchema } from '../features/bonusCode/search';
import { riskGuard } from './-components/accountGuards';
import { SeoHead } from './-components/SeoHead';

// product.md §2 /my-account/bonus-code and "Route guards": login required (the my-account layout
// route: else /401 with the path), the player neither risk-payout flagged nor multibrand-suspended
// (riskGuard: else the account page), and the manual-claim permission (behaviour.md §5, §6: "the
// bonus-code claim route is reachable only when manual claim is allowed"; redirect otherwise). The
// permission is the platform's answer to bonus-code/manual-claim/available: neither the profile nor
// the access details carry it. Entering starts the session's bonusCode flow (with the page's `code`,
// which the address then drops), leaving stops it; a language switch keeps what was typed.
export const Route = createFileRoute('/$langmarket/my-account/bonus-code')({
  validateSearch: (search) => v.parse(bonusCodeSearchSchema, search),
  beforeLoad: async ({ context, params, cause }) => {
    await riskGuard(context, params.langmarket);
    if (cause !== 'stay') await manualClaimGuard(params.langmarket);
  },
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('bonusCode');
  },
  onEnter: ({ context, search }) => {
    context.session.send({ type: 'flow.start', flow: 'bonusCode', input: { code: search.code ?? null } });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'bonusCode' });
  },
  component: BonusCode,
});

/**
 * behaviour.md §6: without the manual-claim permission (or when the platform cannot say) the player
 * goes to the account page: the page is never shown to a player who may not use it.
 */
async function manualClaimGuard(langmarket: string): Promise<void> {
  // The bonuses contract is loaded here, not imported: a route's guard is start-up JavaScript (the home page's budget).
  const { bonusesApi } = await import('../api/bonuses');
  const allowed = await bonusesApi.manualClaimAvailability().then(
    (availability) => availability.isAvailable,
    () => false,
  );
  if (!allowed) throw redirect({ href: `/${langmarket}/my-account/account`, replace: true });
}

function BonusCode() {
  const { session, langMarket } = Route.useRouteContext();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The flow has read the code (onEnter); the address drops it.
  useEffect(() => {
    if (search.code === undefined) return;
    void navigate({ search: (previous) => ({ ...previous, code: undefined }), replace: true });
  }, [search.code, navigate]);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="myAccount" />
      <BonusCodePage session={session} langMarket={langMarket} />
    </>
  );
}
