import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { payAndPlayTarget, targetHref } from '../../machines/lib/payAndPlayTarget';
import { isAuthorized } from '../../machines/session.guards';
import type { RouterContext } from '../app/context';
import { PayAndPlayFlow } from '../features/payAndPlay/PayAndPlayFlow';
import { amountInputOf, payAndPlayCallbackSearchSchema, type PayAndPlayCallbackSearch } from '../features/payAndPlay/search';
import { seoQuery } from '../api/queries';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /signup/callback, the return from the bank-identification provider with a one-time
// code (or an error). A player who is already logged in goes on to the saved target. Entering starts
// the session's payAndPlay flow with the provider's answer; a new answer on the same page is a new
// flow; leaving stops it (docs/ARCHITECTURE.md).
export const Route = createFileRoute('/$langmarket/signup/callback')({
  validateSearch: (search) => v.parse(payAndPlayCallbackSearchSchema, search),
  beforeLoad: ({ context, params, search }) => {
    if (isAuthorized(context.session.getSnapshot())) {
      throw redirect({ href: targetHref(params.langmarket, payAndPlayTarget(search.target)), replace: true });
    }
  },
  // The flow's machine arrives with the route (its own chunk) before onEnter starts it.
  loader: ({ context }) => {
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    return context.loadFlow('payAndPlay');
  },
  onEnter: ({ context, params, search }) => startFlow(context, params.langmarket, search),
  onStay: ({ context, params, search }) => {
    const running = context.session.getSnapshot().context.flows.payAndPlay?.getSnapshot().context.callback;
    const answer = callbackOf(search);
    if (running?.code !== answer.code || running.sessionId !== answer.sessionId || running.error !== answer.error) {
      startFlow(context, params.langmarket, search);
    }
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'payAndPlay' });
  },
  component: CallbackPage,
});

function callbackOf({ code, sessionId, error }: PayAndPlayCallbackSearch) {
  return { code: code ?? null, sessionId: sessionId ?? null, error: error ?? null };
}

function startFlow(context: RouterContext, langmarket: string, search: PayAndPlayCallbackSearch) {
  context.session.send({
    type: 'flow.start',
    flow: 'payAndPlay',
    input: { langmarket, target: payAndPlayTarget(search.target), amount: amountInputOf(search.amount), callback: callbackOf(search) },
  });
}

function CallbackPage() {
  const { session, langMarket } = Route.useRouteContext();
  return (
    <>
      <SeoHead langMarket={langMarket} entry="payAndPlayCallback" />
      <PayAndPlayFlow session={session} langMarket={langMarket} />
    </>
  );
}
