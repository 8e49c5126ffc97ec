import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatLangMarket, intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import type { payAndPlayMachine } from '../../../machines/payAndPlay.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import { paynplayApi } from '../../api/paynplay';
import { BRAND_NAME } from '../../ui/brand';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { FormError } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import { AmountStep } from './AmountStep';
import { flowErrorMessage, isRetryable } from './errorMessages';
import { moneyFormat } from './format';
import { Progress } from './Progress';
import { UpdateStep } from './UpdateStep';
import * as s from './paynplay.css';

export type PayAndPlayActor = ActorRefFrom<typeof payAndPlayMachine>;

export interface PayAndPlayFlowProps {
  session: ActorRefFrom<typeof sessionMachine>;
  langMarket: LangMarket;
}

type Step = 'amount' | 'update' | 'failed' | 'progress';

/**
 * Pay and play (behaviour.md §4, product.md §2 /signup/pnp and /signup/callback): the session's
 * payAndPlay flow, started by the route (one per page: the browser visits the bank in between).
 * This screen renders the machine's state and sends the browser to the provider page when the
 * machine says `redirect`; the flow's end (log in, go to the target) is the session's.
 */
export function PayAndPlayFlow({ session, langMarket }: PayAndPlayFlowProps) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.payAndPlay);
  return actor === null ? <Loader layout="inline" /> : <PayAndPlaySteps actor={actor} langMarket={langMarket} />;
}

function PayAndPlaySteps({ actor, langMarket }: { actor: PayAndPlayActor; langMarket: LangMarket }) {
  const { t, i18n } = useLingui();
  const brand = BRAND_NAME;
  const langmarket = formatLangMarket(langMarket);
  const intlLocale = intlLocaleFor(langMarket);
  const callback = useSelector(actor, (snapshot) => snapshot.context.callback);
  const value = useSelector(actor, (snapshot) => snapshot.value);
  const currency = useSelector(actor, (snapshot) => snapshot.context.visitor.currency);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const savedTarget = useSelector(actor, (snapshot) => snapshot.context.target);
  const redirectUrl = useSelector(actor, (snapshot) => (snapshot.hasTag('redirect') ? snapshot.context.redirectUrl : null));
  const money = useMemo(() => moneyFormat(intlLocale, currency), [intlLocale, currency]);
  const providerUrl = redirectUrl === null ? null : paynplayApi.providerUrl(redirectUrl);

  // The machine has opened a provider session: the browser goes to the bank page.
  useEffect(() => {
    if (providerUrl !== null) window.location.assign(providerUrl);
  }, [providerUrl]);

  const step: Step =
    value === 'amount' || value === 'authorizing' || (value === 'starting' && callback === null)
      ? 'amount'
      : value === 'updateForm' || value === 'updatingPlayer'
        ? 'update'
        : value === 'identificationFailed' || value === 'verificationFailed' || value === 'loginFailed'
          ? 'failed'
          : 'progress';

  // A new step the player must act on (the update form, a failure) takes the focus to its heading.
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    if (step === 'update' || step === 'failed') headingRef.current?.focus();
  }, [step]);

  const startAgain = (
    <Link
      to="/$langmarket/signup/pnp"
      params={{ langmarket }}
      search={savedTarget === null ? {} : { target: savedTarget }}
      className={button({ variant: value === 'identificationFailed' ? 'primary' : 'secondary' })}
    >
      <Trans id="paynplay.failed.startAgain">Start again</Trans>
    </Link>
  );

  // The callback's waiting states (not the amount page's own start): "Pay and play" and what is happening.
  const waiting: ReactNode =
    (value === 'starting' && callback !== null) || value === 'verifyingCode' ? (
      <Trans id="paynplay.progress.verifying">Checking your bank identification…</Trans>
    ) : value === 'loggingIn' ? (
      <Trans id="paynplay.progress.loggingIn">Logging you in…</Trans>
    ) : value === 'done' ? (
      <Trans id="paynplay.progress.done">You are logged in. Taking you on…</Trans>
    ) : null;

  let title: ReactNode;
  let lead: ReactNode = null;
  let body: ReactNode;
  if (waiting !== null) {
    title = <Trans id="paynplay.callback.title">Pay and play</Trans>;
    body = <Progress>{waiting}</Progress>;
  } else {
    switch (value) {
      case 'starting':
      case 'amount':
      case 'authorizing':
        title = <Trans id="paynplay.amount.title">Deposit and play</Trans>;
        lead = (
          <Trans id="paynplay.amount.lead">
            No sign-up form: choose how much to deposit, identify with your online bank and start playing.
          </Trans>
        );
        body =
          value === 'starting' ? (
            <Progress>
              <Trans id="paynplay.progress.starting">Getting ready…</Trans>
            </Progress>
          ) : (
            <>
              <AmountStep actor={actor} money={money} langmarket={langmarket} />
              <p className={s.lead}>
                <Trans id="paynplay.signupLink">
                  Prefer to fill in a form?{' '}
                  <Link to="/$langmarket/signup" params={{ langmarket }}>
                    Sign up with your details
                  </Link>
                </Trans>
              </p>
            </>
          );
        break;
      case 'redirecting':
        title = <Trans id="paynplay.amount.title">Deposit and play</Trans>;
        body = (
          <>
            <Progress>
              <Trans id="paynplay.progress.redirecting">Taking you to your bank…</Trans>
            </Progress>
            {providerUrl !== null ? (
              <p className={s.lead}>
                <Trans id="paynplay.redirecting.fallback">
                  Nothing happening? <a href={providerUrl}>Continue to your bank</a>.
                </Trans>
              </p>
            ) : null}
          </>
        );
        break;
      case 'updateForm':
      case 'updatingPlayer':
        title = <Trans id="paynplay.update.title">Complete your account</Trans>;
        lead = (
          <Trans id="paynplay.update.intro">
            Your bank has confirmed who you are and your deposit has been made. Add your e-mail address and mobile number
            so that we can reach you about your account.
          </Trans>
        );
        body = <UpdateStep actor={actor} />;
        break;
      case 'identificationFailed':
      case 'verificationFailed':
      case 'loginFailed': {
        // The reason, a retry where it can help, and a new start.
        const code = errorCode ?? 'unknown.error';
        const retryEvent = value === 'verificationFailed' ? 'verify.retry' : value === 'loginFailed' ? 'login.retry' : null;
        title =
          value === 'loginFailed' ? (
            <Trans id="paynplay.failed.login.title">We could not log you in</Trans>
          ) : (
            <Trans id="paynplay.failed.identification.title">Bank identification not completed</Trans>
          );
        body = (
          <>
            <FormError>{i18n._(flowErrorMessage(code))}</FormError>
            <div className={s.actions}>
              {retryEvent !== null && isRetryable(code) ? (
                <Button onClick={() => actor.send({ type: retryEvent })}>
                  <Trans id="paynplay.failed.retry">Try again</Trans>
                </Button>
              ) : null}
              {startAgain}
            </div>
          </>
        );
      }
    }
  }

  return (
    <div className={s.page}>
      <title>{t({ id: 'paynplay.pageTitle', message: `Pay and play | ${brand}` })}</title>
      <section className={s.card} aria-labelledby={headingId}>
        <header className={s.header}>
          <h1 id={headingId} ref={headingRef} tabIndex={-1} className={s.title}>
            {title}
          </h1>
          {lead !== null ? <p className={s.lead}>{lead}</p> : null}
        </header>
        {body}
      </section>
    </div>
  );
}
