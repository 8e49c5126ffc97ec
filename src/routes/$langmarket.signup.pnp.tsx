import { createFileRoute, redirect } from '@tanstack/react-router';
import * as v from 'valibot';
import { payAndPlayTarget } from '../../machines/lib/payAndPlay';
import { isAuthorized } from '../../machines/session.guards';
import { PayAndPlayHost } from '../features/payAndPlay/PayAndPlayFlow';
import { payAndPlaySearchSchema } from '../features/payAndPlay/search';

// product.md §2: /signup/pnp, pay and play. A player who is already logged in goes home.
export const Route = createFileRoute('/$langmarket/signup/pnp')({
  validateSearch: (search) => v.parse(payAndPlaySearchSchema, search),
  beforeLoad: ({ context, params }) => {
    if (isAuthorized(context.session.getSnapshot())) {
      throw redirect({ to: '/$langmarket', params: { langmarket: params.langmarket }, replace: true });
    }
  },
  component: PayAndPlayPage,
});

function PayAndPlayPage() {
  const { session, langMarket } = Route.useRouteContext();
  const { target } = Route.useSearch();
  return <PayAndPlayHost session={session} langMarket={langMarket} target={payAndPlayTarget(target)} callback={null} />;
}
