import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { bonusCodeMachine } from '../../../machines/bonusCode.machine';
import type { LangMarket } from '../../../machines/lib/markets';
import type { sessionMachine } from '../../../machines/session.machine';
import type { Reward } from '../../api/bonuses';
import { Button } from '../../ui/Button';
import { CardSection } from '../../ui/CardSection';
import { FormError, formActionsClass, formClass, TextField } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { useMoney } from '../../ui/money';
import { PageFrame } from '../../ui/PageFrame';
import * as s from './bonusCode.css';
import { bonusCodeErrorMessage, bonusCodeProblemMessage } from './errorMessages';

type SessionRef = ActorRefFrom<typeof sessionMachine>;
type BonusCodeActor = ActorRefFrom<typeof bonusCodeMachine>;

/**
 * /my-account/bonus-code (behaviour.md §4 "Bonuses and rewards"): the code field, Check code, the
 * bonus the code gives and Claim; a claim refused for an active bonus of the same kind asks whether
 * to forfeit it. The session's bonusCode flow, started by the route; this only renders its states.
 */
export function BonusCodePage({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.bonusCode);
  return (
    <PageFrame className={s.page} title={<Trans id="bonusCode.title">Bonus code</Trans>}>
      {flow === null ? <Loader layout="inline" /> : <BonusCodeFlow key={flow.sessionId} flow={flow} langMarket={langMarket} />}
    </PageFrame>
  );
}

function BonusCodeFlow({ flow, langMarket }: { flow: BonusCodeActor; langMarket: LangMarket }) {
  const { t, i18n } = useLingui();
  const snapshot = useSelector(flow, (current) => current);
  const { context } = snapshot;
  const loading = snapshot.hasTag('loading');
  const editable = snapshot.hasTag('form') && !loading;
  const verifyError = snapshot.matches('verifyFailed') ? context.error : null;

  const verify = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    flow.send({ type: 'code.verify' });
  };

  if (snapshot.hasTag('claimed') && context.claim !== null) {
    return <Claimed flow={flow} langMarket={langMarket} />;
  }
  return (
    <>
      <CardSection headingId="bonus-code-enter" heading={<Trans id="bonusCode.enter.heading">Enter your bonus code</Trans>}>
        <form className={formClass} noValidate onSubmit={verify} aria-busy={snapshot.matches('verifying') || snapshot.matches('checkingAvailability')}>
          <TextField
            name="bonusCode"
            label={t({ id: 'bonusCode.title', message: 'Bonus code' })}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={context.code}
            readOnly={!editable}
            onChange={(event) => flow.send({ type: 'code.change', value: event.currentTarget.value })}
            error={context.codeProblem === null ? undefined : i18n._(bonusCodeProblemMessage(context.codeProblem))}
          />
          {verifyError !== null ? <FormError>{i18n._(bonusCodeErrorMessage(verifyError))}</FormError> : null}
          {snapshot.hasTag('unavailable') ? (
            <FormError>
              {context.availability?.requested === true ? (
                <Trans id="bonusCode.unavailable.requested">You have claimed a bonus code in the last 24 hours. You can claim another one later.</Trans>
              ) : (
                <Trans id="bonusCode.unavailable">You cannot claim a bonus code right now.</Trans>
              )}
            </FormError>
          ) : null}
          {snapshot.hasTag('offer') ? null : (
            <div className={formActionsClass}>
              <Button type="submit" disabled={!editable}>
                {loading ? <Trans id="common.checking">Checking…</Trans> : <Trans id="bonusCode.verify">Check code</Trans>}
              </Button>
            </div>
          )}
        </form>
      </CardSection>
      {snapshot.hasTag('offer') && context.offer !== null ? <Offer flow={flow} offer={context.offer} langMarket={langMarket} /> : null}
    </>
  );
}

function Offer({ flow, offer, langMarket }: { flow: BonusCodeActor; offer: Reward; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  const money = useMoney(langMarket, offer.currency);
  const snapshot = useSelector(flow, (current) => current);
  const { context } = snapshot;
  const claiming = snapshot.matches('claiming') || snapshot.matches('lookingUpActive');
  const claimError = snapshot.matches('claimFailed') ? context.error : null;
  const active = context.activeBonus;
  const info = offer.campaignDisplayInfo;
  const amount = offer.bonusAmount === null ? null : money.wire(offer.bonusAmount);
  const multiplier = offer.wrMultiplier;
  const days = offer.expiryDays;
  const activeTitle = active?.campaignDisplayInfo.title ?? '';
  const activeLeft = money.wire(active?.balance ?? '0.00');
  return (
    <CardSection headingId="bonus-code-offer" heading={<Trans id="bonusCode.offer.heading">Your bonus</Trans>}>
      <div className={s.offer}>
        <p className={s.offerTitle}>{info.title}</p>
        {info.description !== '' ? <p className={s.text}>{info.description}</p> : null}
        {amount !== null ? (
          <p className={s.text}>
            <Trans id="bonusCode.offer.amount">Bonus: {amount}</Trans>
          </p>
        ) : null}
        <p className={s.text}>
          <Trans id="bonusCode.offer.terms">
            Wager the bonus {multiplier} times within {days} days of claiming it.
          </Trans>
        </p>
        {info.terms !== '' ? <p className={s.text}>{info.terms}</p> : null}
      </div>
      {claimError !== null ? <FormError>{i18n._(bonusCodeErrorMessage(claimError))}</FormError> : null}
      <div className={formActionsClass}>
        <Button className={s.wrapButton} disabled={!(snapshot.matches('ready') || snapshot.matches('claimFailed'))} onClick={() => flow.send({ type: 'code.claim' })}>
          {claiming ? <Trans id="bonusCode.claiming">Claiming…</Trans> : <Trans id="bonusCode.claim">Claim bonus</Trans>}
        </Button>
      </div>
      <Modal
        open={snapshot.hasTag('forfeitPrompt') && active !== null}
        onClose={() => flow.send({ type: 'forfeit.cancel' })}
        alert
        title={<Trans id="bonusCode.forfeit.title">Forfeit your active bonus?</Trans>}
        description={
          <Trans id="bonusCode.forfeit.body">
            You already have an active bonus of this kind, {activeTitle}, with {activeLeft} left. To claim
            the new bonus, the active one is forfeited and its bonus money removed.
          </Trans>
        }
      >
        <div className={formActionsClass}>
          <Button className={s.wrapButton} disabled={snapshot.matches('forfeiting')} onClick={() => flow.send({ type: 'forfeit.confirm' })}>
            <Trans id="bonusCode.forfeit.confirm">Forfeit and claim</Trans>
          </Button>
          <Button className={s.wrapButton} variant="secondary" disabled={snapshot.matches('forfeiting')} onClick={() => flow.send({ type: 'forfeit.cancel' })}>
            <Trans id="bonusCode.forfeit.cancel">Keep my active bonus</Trans>
          </Button>
        </div>
      </Modal>
    </CardSection>
  );
}

function Claimed({ flow, langMarket }: { flow: BonusCodeActor; langMarket: LangMarket }) {
  const claim = useSelector(flow, (snapshot) => snapshot.context.claim);
  const offer = useSelector(flow, (snapshot) => snapshot.context.offer);
  const money = useMoney(langMarket, offer?.currency ?? 'EUR');
  if (claim === null) return null;
  const title = claim.outcome === 'ACTIVATED' ? claim.reward.campaignDisplayInfo.title : (offer?.campaignDisplayInfo.title ?? '');
  const amount = claim.outcome === 'ACTIVATED' ? money.wire(claim.reward.amount ?? '0.00') : '';
  return (
    <CardSection headingId="bonus-code-claimed" heading={<Trans id="bonusCode.claimed.heading">Bonus claimed</Trans>}>
      <p className={s.status} role="status">
        {claim.outcome === 'ACTIVATED' ? (
          <Trans id="bonusCode.claimed.active">
            {title} is active: {amount} bonus money was added to your balance.
          </Trans>
        ) : (
          <Trans id="bonusCode.claimed.queued">{title} is queued: it starts when your active bonus ends.</Trans>
        )}
      </p>
      <div className={formActionsClass}>
        <Button variant="secondary" className={s.wrapButton} onClick={() => flow.send({ type: 'code.reset' })}>
          <Trans id="bonusCode.another">Enter another code</Trans>
        </Button>
      </div>
    </CardSection>
  );
}
