import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { PayAndPlayTag } from '../../../machines/payAndPlay.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import { formatLangMarket, intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import { checkDepositAmount, IDENTIFICATION_LIMIT_REACHED } from '../../../machines/lib/payAndPlay';
import { payAndPlayApi } from '../../api/payAndPlay';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { FormError } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import type { PayAndPlayActor } from './actor';
import { AmountStep } from './AmountStep';
import { flowErrorMessage, isRetryable } from './errorMessages';
import { moneyFormat } from './format';
import { Progress } from './Progress';
import { UpdateStep } from './UpdateStep';
import * as s from './payAndPlay.css';

export interface PayAndPlayPageProps {
  session: ActorRefFrom<typeof sessionMachine>;
  langMarket: LangMarket;
}

/**
 * Pay and play (behaviour.md §4, product.md §2 /signup/pnp and /signup/callback): the session's
 * payAndPlay flow, started by the route (one per page: the browser visits the bank in between).
 * The flow's end (log in, go to the target) is the session's.
 */
export function PayAndPlayFlow({ session, langMarket }: PayAndPlayPageProps) {
  const actor = useSelector(session, (snapshot) => snapshot.context.flows.payAndPlay);
  return actor === null ? <Loader layout="inline" /> : <PayAndPlaySteps actor={actor} langMarket={langMarket} />;
}

type Step = 'amount' | 'update' | 'failed' | 'progress';

/**
 * The flow's steps: renders its state by its tags and sends it the player's events. The flow itself sends the browser to
 * the provider's page (its redirectToProvider action); the link here is the fallback.
 */
function PayAndPlaySteps({ actor, langMarket }: { actor: PayAndPlayActor; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  const langmarket = formatLangMarket(langMarket);
  const intlLocale = intlLocaleFor(langMarket);
  const tags = useSelector(actor, (snapshot) => snapshot.tags, (a, b) => a.size === b.size && [...a].every((tag) => b.has(tag)));
  const onCallback = useSelector(actor, (snapshot) => snapshot.context.callback !== null);
  const canRetryVerify = useSelector(actor, (snapshot) => snapshot.can({ type: 'verify.retry' }));
  const canRetryLogin = useSelector(actor, (snapshot) => snapshot.can({ type: 'login.retry' }));
  const currency = useSelector(actor, (snapshot) => snapshot.context.visitor.currency);
  const errorCode = useSelector(actor, (snapshot) => snapshot.context.errorCode);
  const savedTarget = useSelector(actor, (snapshot) => snapshot.context.target);
  // On the callback, the amount sent to the bank (from the return address): Start again brings it back.
  const keptAmount = useSelector(actor, (snapshot) => {
    const check = checkDepositAmount(snapshot.context.amountText);
    return check.ok ? check.amount : null;
  });
  const redirectUrl = useSelector(actor, (snapshot) => snapshot.context.redirectUrl);
  const money = useMemo(() => moneyFormat(intlLocale, currency), [intlLocale, currency]);
  const has = (tag: PayAndPlayTag) => tags.has(tag);
  const starting = has('starting');

  const step: Step =
    has('amount') || (starting && !onCallback) ? 'amount' : has('update') ? 'update' : has('error') ? 'failed' : 'progress';

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
      search={{ ...(savedTarget === null ? {} : { target: savedTarget }), ...(keptAmount === null ? {} : { amount: keptAmount }) }}
      className={button({ variant: canRetryVerify || canRetryLogin ? 'secondary' : 'primary' })}
    >
      <Trans id="payAndPlay.failed.startAgain">Start again</Trans>
    </Link>
  );

  // The callback's waiting states (not the amount page's own start): "Pay and play" and what is happening.
  const waiting: ReactNode =
    (starting && onCallback) || has('verifying') ? (
      <Trans id="payAndPlay.progress.verifying">Checking your bank identification…</Trans>
    ) : has('loggingIn') ? (
      <Trans id="account.loggingIn">Logging you in…</Trans>
    ) : has('done') ? (
      <Trans id="payAndPlay.progress.done">You are logged in. Taking you on…</Trans>
    ) : null;
  const providerUrl = redirectUrl === null ? null : payAndPlayApi.providerUrl(redirectUrl);

  let title: ReactNode;
  let lead: ReactNode = null;
  let body: ReactNode;
  if (waiting !== null) {
    title = <Trans id="payAndPlay.callback.title">Pay and play</Trans>;
    body = <Progress>{waiting}</Progress>;
  } else if (step === 'amount') {
    title = <Trans id="payAndPlay.amount.title">Deposit and play</Trans>;
    lead = (
      <Trans id="payAndPlay.amount.lead">
        No sign-up form: choose how much to deposit, identify with your online bank and start playing.
      </Trans>
    );
    body = starting ? (
      <Progress>
        <Trans id="payAndPlay.progress.starting">Getting ready…</Trans>
      </Progress>
    ) : (
      <>
        <AmountStep actor={actor} money={money} langmarket={langmarket} />
        <p className={s.lead}>
          <Trans id="payAndPlay.signupLink">
            Prefer to fill in a form?{' '}
            <Link to="/$langmarket/signup" params={{ langmarket }}>
              Sign up with your details
            </Link>
          </Trans>
        </p>
      </>
    );
  } else if (has('redirecting')) {
    title = <Trans id="payAndPlay.amount.title">Deposit and play</Trans>;
    body = (
      <>
        <Progress>
          <Trans id="payAndPlay.progress.redirecting">Taking you to your bank…</Trans>
        </Progress>
        {providerUrl !== null ? (
          <p className={s.lead}>
            <Trans id="payAndPlay.redirecting.fallback">
              Nothing happening? <a href={providerUrl}>Continue to your bank</a>.
            </Trans>
          </p>
        ) : null}
      </>
    );
  } else if (step === 'update') {
    title = <Trans id="payAndPlay.update.title">Complete your account</Trans>;
    lead = (
      <Trans id="payAndPlay.update.intro">
        Your bank has confirmed who you are and your deposit has been made. Add your e-mail address and mobile number
        so that we can reach you about your account.
      </Trans>
    );
    body = <UpdateStep actor={actor} />;
  } else {
    // A failure: the reason, the retry the flow accepts where it can help, and a new start.
    const code = errorCode ?? 'unknown.error';
    const retryEvent = canRetryVerify ? 'verify.retry' : canRetryLogin ? 'login.retry' : null;
    title = canRetryLogin ? (
      <Trans id="payAndPlay.failed.login.title">We could not log you in</Trans>
    ) : code === IDENTIFICATION_LIMIT_REACHED ? (
      <Trans id="payAndPlay.failed.limit.title">Deposit not made</Trans>
    ) : (
      <Trans id="payAndPlay.failed.identification.title">Bank identification not completed</Trans>
    );
    body = (
      <>
        <FormError>{i18n._(flowErrorMessage(code))}</FormError>
        <div className={s.actions}>
          {retryEvent !== null && isRetryable(code) ? (
            <Button onClick={() => actor.send({ type: retryEvent })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          ) : null}
          {startAgain}
        </div>
      </>
    );
  }

  return (
    <div className={s.page}>
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
