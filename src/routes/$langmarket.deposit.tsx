import { createFileRoute, useNavigate } from '@tanstack/react-router';
import * as v from 'valibot';
import { formatLangMarket } from '../../machines/lib/markets';
import { seoQuery } from '../api/queries';
import { DepositDialog } from '../features/banking/DepositDialog';
import { depositCloseHref, depositModalReturnPath, depositSearchSchema } from '../features/banking/search';
import { VerificationHost } from '../features/verification/VerificationModal';
import { depositGuard, restartDepositIfChanged, startDeposit } from './-components/depositRoute';
import { SeoHead } from './-components/SeoHead';

// product.md §2 "/deposit : deposit modal": the deposit flow in a dialog over the site. `from` is
// where the player opened it (the header's Deposit button passes it); closing goes back there, a
// deep link closes to the home page. The payment provider sends the player back here with the
// deposit's id (and the same `from`), and the flow shows the outcome.
export const Route = createFileRoute('/$langmarket/deposit')({
  validateSearch: (search) => v.parse(depositSearchSchema, search),
  beforeLoad: ({ context, location, params }) => depositGuard(context, location.href, params.langmarket),
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return Promise.all([context.loadFlow('deposit'), context.loadFlow('verification'), context.loadFlow('verificationModal')]);
  },
  onEnter: ({ context, params, search }) => {
    startDeposit(context, depositModalReturnPath(params.langmarket, search.from), search.depositId);
    // Issue 23: a deposit that asks for documents opens the verification modal over this one.
    context.session.send({ type: 'flow.start', flow: 'verification' });
    context.session.send({ type: 'flow.start', flow: 'verificationModal' });
  },
  onStay: ({ context, params, search }) => restartDepositIfChanged(context, depositModalReturnPath(params.langmarket, search.from), search.depositId),
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'deposit' });
    context.session.send({ type: 'flow.stop', flow: 'verification' });
    context.session.send({ type: 'flow.stop', flow: 'verificationModal' });
  },
  component: DepositModal,
});

function DepositModal() {
  const { session, langMarket } = Route.useRouteContext();
  const { from, depositId } = Route.useSearch();
  const navigate = useNavigate();
  const langmarket = formatLangMarket(langMarket);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="deposit" />
      <DepositDialog
        session={session}
        langMarket={langMarket}
        onClose={() => void navigate({ href: depositCloseHref(langmarket, from) })}
        onRestart={(deposit) => {
          // Back from the provider: the same modal without the deposit's id is a new flow (onStay).
          if (depositId === undefined) deposit.send({ type: 'deposit.clear' });
          else void navigate({ to: '/$langmarket/deposit', params: { langmarket }, search: { from } });
        }}
      />
      <VerificationHost session={session} />
    </>
  );
}
