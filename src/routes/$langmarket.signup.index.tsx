import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import * as v from 'valibot';
import { isAuthorized } from '../../machines/session.guards';
import { signupPageQuery, termsVersionsQuery } from '../api/queries';
import { signupSearchSchema } from '../features/signup/search';
import { SignupPage } from '../features/signup/SignupPage';

// product.md §2: /signup, the registration form (Details → ContactInfo → Verification → Complete).
// A player who is already logged in goes to the home page; the check runs when the page is entered,
// not when the sign-up itself logs the player in (the Complete step stays on screen).
export const Route = createFileRoute('/$langmarket/signup/')({
  validateSearch: (search) => v.parse(signupSearchSchema, search),
  beforeLoad: ({ context, params, cause }) => {
    if (cause !== 'stay' && isAuthorized(context.session.getSnapshot())) {
      throw redirect({ to: '/$langmarket', params: { langmarket: params.langmarket }, replace: true });
    }
  },
  loader: ({ context }) => {
    // The form works without either: the panel is left out, the terms version is read again on sending.
    void context.queryClient.query(signupPageQuery(context.langMarket)).catch(() => undefined);
    void context.queryClient.query(termsVersionsQuery(context.langMarket)).catch(() => undefined);
  },
  component: Signup,
});

function Signup() {
  const { langMarket, session } = Route.useRouteContext();
  const { langmarket } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // behaviour.md §4: the bonus code is read at sign-up (kept by the flow) and removed afterwards.
  const [initial] = useState(search);
  useEffect(() => {
    if (search.bonusCode === undefined) return;
    void navigate({ search: (previous) => ({ ...previous, bonusCode: undefined }), replace: true });
  }, [search.bonusCode, navigate]);
  return <SignupPage langMarket={langMarket} langmarket={langmarket} session={session} search={initial} />;
}
