import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import * as v from 'valibot';
import { parseLangMarket } from '../../machines/lib/markets';
import { isAuthorized } from '../../machines/session.guards';
import { seoQuery, signupPageQuery, termsVersionsQuery } from '../api/queries';
import { signupSearchSchema } from '../features/signup/search';
import { SignupPage } from '../features/signup/SignupPage';
import { SeoHead } from './-components/SeoHead';

// product.md §2: /signup, the registration form (Details → ContactInfo → Verification → Complete).
// A player who is already logged in goes to the home page; the check runs when the page is entered,
// not when the sign-up itself logs the player in (the Complete step stays on screen).
// Entering the route starts the sign-up flow in the session, leaving it stops the flow
// (docs/ARCHITECTURE.md "How a route starts a flow"); a language switch stays on the route and
// keeps what was typed.
export const Route = createFileRoute('/$langmarket/signup/')({
  validateSearch: (search) => v.parse(signupSearchSchema, search),
  beforeLoad: ({ context, params, cause }) => {
    if (cause !== 'stay' && isAuthorized(context.session.getSnapshot())) {
      throw redirect({ to: '/$langmarket', params: { langmarket: params.langmarket }, replace: true });
    }
  },
  // The flow's machine arrives with the route (its own chunk) before onEnter starts it.
  loader: async ({ context }) => {
    // The form works without either: the panel is left out, the terms version is read again on sending.
    void context.queryClient.query(signupPageQuery(context.langMarket)).catch(() => undefined);
    void context.queryClient.query(seoQuery(context.langMarket)).catch(() => undefined);
    void context.queryClient.query(termsVersionsQuery(context.langMarket)).catch(() => undefined);
    await context.loadFlow('signup');
  },
  onEnter: ({ context, params, search }) => {
    const langMarket = parseLangMarket(params.langmarket);
    if (langMarket === null) return;
    context.session.send({
      type: 'flow.start',
      flow: 'signup',
      input: {
        languageCode: langMarket.language,
        // behaviour.md §4: the bonus code is read at sign-up (kept by the flow) and removed afterwards.
        bonusCode: search.bonusCode ?? null,
        affiliate: {
          ...(search.aff_id === undefined ? {} : { aff_id: search.aff_id }),
          ...(search.appsflyer_token === undefined ? {} : { appsflyer_token: search.appsflyer_token }),
        },
      },
    });
  },
  onLeave: ({ context }) => {
    context.session.send({ type: 'flow.stop', flow: 'signup' });
  },
  component: Signup,
});

function Signup() {
  const { langMarket, session } = Route.useRouteContext();
  const { langmarket } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  // The flow has read the bonus code (onEnter); the address drops it.
  useEffect(() => {
    if (search.bonusCode === undefined) return;
    void navigate({ search: (previous) => ({ ...previous, bonusCode: undefined }), replace: true });
  }, [search.bonusCode, navigate]);
  return (
    <>
      <SeoHead langMarket={langMarket} entry="signup" />
      <SignupPage langMarket={langMarket} langmarket={langmarket} session={session} />
    </>
  );
}
