import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { payAndPlayTarget } from '../../machines/lib/payAndPlayTarget';
import { isAuthorized } from '../../machines/session.guards';
import { PayAndPlayFlow } from '../features/payAndPlay/PayAndPlayFlow';
import { amountInputOf, payAndPlaySearchSchema } from '../features/payAndPlay/search';
import { seoQuery } from '../api/queries';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /signup/pnp, pay and play. A player who is already logged in goes home. Entering
// starts the session's payAndPlay flow, leaving stops it (docs/ARCHITECTURE.md).
export const Route = createFileRoute('/$langmarket/signup/pnp')({
  validateSearch: (search) => v.parse(payAndPlaySearchSchema, search),
  beforeLoad: ({ context, params }) => {
    if (isAuthorized(context.session.getSnapshot())) {
      throw redirect({ to: '/$langmarket', params: { langmarket: params.langmarket }, replace: true });
    }
  },
  // The flow's machine arrives with the route (its own chunk) before onEnter starts it.
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('payAndPlay');
  },
  onEnter: ({ context, params, search }) => {
    context.session.send({
      type: 'flow.start',
      flow: 'payAndPlay',
      input: { langmarket: params.langmarket, target: payAndPlayTarget(search.target), amount: amountInputOf(search.amount), callback: null },
    });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'payAndPlay' });
  },
  component: PayAndPlayPage,
});

function PayAndPlayPage() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="payAndPlay" />
      <PayAndPlayFlow session={session} langMarket={langMarket} />
    </>
  );
}
