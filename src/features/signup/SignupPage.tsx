import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { LangMarket } from '../../../machines/lib/markets';
import type { sessionMachine } from '../../../machines/session.machine';
import { signupStepOf } from '../../../machines/signup.machine';
import { signupPageQuery } from '../../api/queries';
import { BRAND_NAME } from '../../ui/brand';
import { signupMachineFor } from './actors';
import { BonusPanel } from './BonusPanel';
import { CompleteStep, DuplicatedStep, UnsupportedStep } from './EndSteps';
import { ContactStep } from './ContactStep';
import { DetailsStep } from './DetailsStep';
import type { SignupSearch } from './search';
import * as s from './signup.css';
import { StepIndicator } from './StepIndicator';
import { VerificationStep } from './VerificationStep';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;

export interface SignupPageProps {
  langMarket: LangMarket;
  langmarket: string;
  session: SessionRef;
  /** The query as it was when the page opened (the bonus code is removed from the address after). */
  search: SignupSearch;
}

/**
 * /signup (product.md §2): the sign-up flow (machines/signup.machine.ts) with the bonus CTA panel
 * from content. The flow's actor lives as long as the page; when it is done it either logs the
 * player in (session.authenticated) or, after the SMS block was read, goes to the home page.
 */
export function SignupPage({ langMarket, langmarket, session, search }: SignupPageProps) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [machine] = useState(() => signupMachineFor(langMarket, queryClient));
  const signup = useActorRef(machine, {
    input: {
      languageCode: langMarket.language,
      bonusCode: search.bonusCode ?? null,
      affiliate: {
        ...(search.aff_id === undefined ? {} : { aff_id: search.aff_id }),
        ...(search.appsflyer_token === undefined ? {} : { appsflyer_token: search.appsflyer_token }),
      },
    },
  });
  const step = useSelector(signup, signupStepOf);
  const bonusCode = useSelector(signup, (snapshot) => snapshot.context.bonusCode);
  // Headings take the focus when the step changes, not when the page opens.
  const stepsShown = useRef(0);
  useEffect(() => {
    stepsShown.current += 1;
  }, [step]);
  const focus = stepsShown.current > 0;
  const { data: panel } = useQuery(signupPageQuery(langMarket));

  // The language switcher keeps the page (and what was typed); the registration follows it.
  useEffect(() => {
    signup.send({ type: 'language.change', languageCode: langMarket.language });
  }, [signup, langMarket.language]);

  // The flow's end: log the player in, or leave after the SMS block (behaviour.md §8).
  const finished = useRef(false);
  useEffect(() => {
    const subscription = signup.subscribe((snapshot) => {
      if (snapshot.status !== 'done' || finished.current) return;
      finished.current = true;
      const output = snapshot.output;
      if (output.outcome === 'registered') {
        session.send({ type: 'session.authenticated', idToken: output.session.idToken, claims: output.session.claims });
      } else {
        void navigate({ to: '/$langmarket', params: { langmarket } });
      }
    });
    return () => subscription.unsubscribe();
  }, [signup, session, navigate, langmarket]);

  const brand = BRAND_NAME;
  return (
    <div className={s.page}>
      <title>{t({ id: 'signup.page.title', message: `Sign up – ${brand}` })}</title>
      <section className={s.card} aria-labelledby="signup-step-heading">
        {step === 'unsupported' || step === 'duplicated' ? null : (
          <StepIndicator step={step} template={panel?.stepIndicator} />
        )}
        {step === 'details' ? <DetailsStep signup={signup} focus={focus} /> : null}
        {step === 'contactInfo' ? <ContactStep signup={signup} langmarket={langmarket} focus={focus} /> : null}
        {step === 'verification' ? (
          <VerificationStep signup={signup} focus={focus} />
        ) : null}
        {step === 'complete' ? <CompleteStep langmarket={langmarket} focus={focus} /> : null}
        {step === 'duplicated' ? (
          <DuplicatedStep signup={signup} focus={focus} onLogin={() => session.send({ type: 'login.open', redirect: '/' })} />
        ) : null}
        {step === 'unsupported' ? <UnsupportedStep signup={signup} langmarket={langmarket} focus={focus} /> : null}
        {step === 'details' ? (
          <>
            <p className={s.loginHint}>
              <Trans id="signup.haveAccount">
                Already have an account?{' '}
                <button type="button" className={s.textButton} onClick={() => session.send({ type: 'login.open', redirect: '/' })}>
                  Log in
                </button>
              </Trans>
            </p>
            {/* Offered in every market: the platform runs pay and play for every country it registers,
                and the visitor's country (not the market) decides; a blocked one is told so there. */}
            <p className={s.loginHint}>
              <Trans id="signup.payAndPlayLink">
                No time for forms?{' '}
                <Link to="/$langmarket/signup/pnp" params={{ langmarket }} className={s.link}>
                  Deposit and play with your online bank
                </Link>
              </Trans>
            </p>
          </>
        ) : null}
      </section>
      {panel ? <BonusPanel panel={panel} bonusCode={bonusCode} /> : null}
    </div>
  );
}
