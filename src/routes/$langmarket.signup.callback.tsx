import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { payAndPlayTarget, targetHref } from '../../machines/lib/payAndPlay';
import { isAuthorized } from '../../machines/session.guards';
import { PayAndPlayHost } from '../features/payAndPlay/PayAndPlayFlow';
import { payAndPlayCallbackSearchSchema } from '../features/payAndPlay/search';

// product.md §2: /signup/callback, the return from the bank-identification provider with a one-time
// code (or an error). A player who is already logged in goes on to the saved target.
export const Route = createFileRoute('/$langmarket/signup/callback')({
  validateSearch: (search) => v.parse(payAndPlayCallbackSearchSchema, search),
  beforeLoad: ({ context, params, search }) => {
    if (isAuthorized(context.session.getSnapshot())) {
      throw redirect({ href: targetHref(params.langmarket, payAndPlayTarget(search.target)), replace: true });
    }
  },
  component: CallbackPage,
});

function CallbackPage() {
  const { session, langMarket } = Route.useRouteContext();
  const { code, sessionId, error, target } = Route.useSearch();
  const callback = { code: code ?? null, sessionId: sessionId ?? null, error: error ?? null };
  return (
    <PayAndPlayHost
      // A new answer from the provider is a new flow.
      key={`${callback.code ?? ''}|${callback.sessionId ?? ''}|${callback.error ?? ''}`}
      session={session}
      langMarket={langMarket}
      target={payAndPlayTarget(target)}
      callback={callback}
    />
  );
}
