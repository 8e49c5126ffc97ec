import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { formatLangMarket } from '../../machines/lib/markets';
import { seoQuery } from '../api/queries';
import { DepositSection } from '../features/banking/DepositFlow';
import { depositSearchSchema, depositTabReturnPath } from '../features/banking/search';
import { depositGuard, restartDepositIfChanged, startDeposit } from './-components/depositRoute';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /my-account/banking/deposit, the "deposit" tab: the deposit flow in the page. The
// payment provider sends the player back here with the deposit's id, and the flow shows the outcome.
export const Route = createFileRoute('/$langmarket/my-account/banking/deposit')({
  validateSearch: (search) => v.parse(depositSearchSchema, search),
  beforeLoad: ({ context, location, params }) => depositGuard(context, location.href, params.langmarket),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('deposit');
  },
  onEnter: ({ context, params, search }) => startDeposit(context, depositTabReturnPath(params.langmarket), search.depositId),
  onStay: ({ context, params, search }) => restartDepositIfChanged(context, depositTabReturnPath(params.langmarket), search.depositId),
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'deposit' });
  },
  component: BankingDeposit,
});

function BankingDeposit() {
  const { session, langMarket } = Route.useRouteContext();
  const { depositId } = Route.useSearch();
  const navigate = useNavigate();
  const langmarket = formatLangMarket(langMarket);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="deposit" />
      <DepositSection
        session={session}
        langMarket={langMarket}
        onRestart={(deposit) => {
          // Back from the provider: the tab without the deposit's id is a new flow (onStay).
          if (depositId === undefined) deposit.send({ type: 'deposit.clear' });
          else void navigate({ to: '/$langmarket/my-account/banking/deposit', params: { langmarket }, search: {} });
        }}
      />
    </>
  );
}
