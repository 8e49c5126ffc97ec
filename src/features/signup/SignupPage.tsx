import { Trans } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isMarketCode, type LangMarket } from '../../../machines/lib/markets';
import { cashierPlayerOf, type sessionMachine } from '../../../machines/session.machine';
import { signupStepOf, type signupMachine } from '../../../machines/signup.machine';
import { signupPageQuery } from '../../api/queries';
import { Loader } from '../../ui/Loader';
import { BonusPanel } from './BonusPanel';
import { CompleteStep, DuplicatedStep, UnsupportedStep } from './EndSteps';
import { ContactStep } from './ContactStep';
import { DetailsStep } from './DetailsStep';
import * as s from './signup.css';
import { StepIndicator } from './StepIndicator';
import { VerificationStep } from './VerificationStep';

export type SessionRef = ActorRefFrom<typeof sessionMachine>;
type SignupRef = ActorRefFrom<typeof signupMachine>;

export interface SignupPageProps {
  langMarket: LangMarket;
  langmarket: string;
  session: SessionRef;
}

/**
 * /signup (product.md §2): the sign-up flow (machines/signup.machine.ts), a child of the session
 * started by the route, with the bonus CTA panel from content. What its end means (the automatic
 * login, or home after the SMS block) is the session's to decide.
 */
export function SignupPage({ session, ...props }: SignupPageProps) {
  const signup = useSelector(session, (snapshot) => snapshot.context.flows.signup);
  return signup === null ? <Loader layout="inline" /> : <SignupFlow {...props} session={session} signup={signup} />;
}

function SignupFlow({ langMarket, langmarket, session, signup }: SignupPageProps & { signup: SignupRef }) {
  const step = useSelector(signup, signupStepOf);
  const bonusCode = useSelector(signup, (snapshot) => snapshot.context.bonusCode);
  // Headings take the focus when the step changes, not when the page opens.
  const stepsShown = useRef(0);
  useEffect(() => {
    stepsShown.current += 1;
  }, [step]);
  const focus = stepsShown.current > 0;
  const { data: panel } = useQuery(signupPageQuery(langMarket));
  // Whose rules the Complete step follows (issue 13): the new player's market (their country's, as
  // the cashier reads it), else the page's.
  const market = useSelector(session, (snapshot) => {
    const { market: playerMarket } = cashierPlayerOf(snapshot.context);
    return isMarketCode(playerMarket) ? playerMarket : langMarket.market;
  });

  // The language switcher keeps the page (and what was typed); the registration follows it.
  useEffect(() => {
    signup.send({ type: 'language.change', languageCode: langMarket.language });
  }, [signup, langMarket.language]);

  return (
    <div className={s.page}>
      <section className={s.card} aria-labelledby="signup-step-heading">
        {step === 'unsupported' || step === 'duplicated' ? null : (
          <StepIndicator step={step} template={panel?.stepIndicator} />
        )}
        {step === 'details' ? <DetailsStep signup={signup} focus={focus} /> : null}
        {step === 'contactInfo' ? <ContactStep signup={signup} langmarket={langmarket} focus={focus} /> : null}
        {step === 'verification' ? (
          <VerificationStep signup={signup} focus={focus} />
        ) : null}
        {step === 'complete' ? <CompleteStep langmarket={langmarket} market={market} focus={focus} /> : null}
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
