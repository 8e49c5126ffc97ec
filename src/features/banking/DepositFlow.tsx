import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { DepositContext, depositMachine } from '../../../machines/deposit.machine';
import type { Reward } from '../../api/bonuses';
import { formatLangMarket, isMarketCode, type LangMarket } from '../../../machines/lib/markets';
import { CASHIER_LIMITS, CURRENCY_MINOR_UNITS, parseMoney } from '../../../machines/lib/wallet';
import { limitsQuery, marketRulesQuery } from '../../api/responsibleGamblingQueries';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { formActionsClass } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import * as s from './banking.css';
import { dateOf, displayDate } from './dates';
import { cashierErrorMessage, DEPOSIT_NOT_ALLOWED, operationStatusMessage, type AmountBounds } from './errorMessages';
import { Facts } from '../../ui/Facts';
import { isCashierPreparing, Notice, NoticeText, type SessionRef } from './parts';
import { CashierForm } from './CashierForm';
import { CheckFailed, CheckResult, NotOffered, RetryButton, UploadDocumentsButton, type CheckResultState } from './results';
import { useMoney } from '../../ui/money';

type DepositActor = ActorRefFrom<typeof depositMachine>;

export interface DepositFlowProps {
  session: SessionRef;
  langMarket: LangMarket;
  /**
   * Starts a new deposit after an outcome. The route decides how: back to its own path without
   * the provider's depositId (a new flow), or `deposit.clear` when there is none.
   */
  onRestart: (deposit: DepositActor) => void;
}

/**
 * The deposit (behaviour.md §4 "Deposit and withdraw flows", §5; product.md §3): the session's
 * deposit flow, started by the route (/deposit in a modal, /my-account/banking/deposit in a tab).
 * The cashier (payment methods with the recent ones first, the amount with the currency's presets
 * and bounds), then the payment provider's page (the browser leaves), and on the way back the
 * deposit's outcome; every operation UI status with its text.
 */
export function DepositFlow({ session, langMarket, onRestart }: DepositFlowProps) {
  const deposit = useSelector(session, (snapshot) => snapshot.context.flows.deposit);
  return deposit === null ? (
    <Loader layout="inline" />
  ) : (
    <Deposit key={deposit.sessionId} session={session} deposit={deposit} langMarket={langMarket} onRestart={() => onRestart(deposit)} />
  );
}

function Deposit({ session, deposit, langMarket, onRestart }: { session: SessionRef; deposit: DepositActor; langMarket: LangMarket; onRestart: () => void }) {
  const value = useSelector(deposit, (snapshot) => snapshot.value);
  const currency = useSelector(deposit, (snapshot) => snapshot.context.player.currency);
  const money = useMoney(langMarket, currency);

  if (isCashierPreparing(value)) return <Loader layout="inline" />;
  switch (value) {
    case 'form':
    case 'requesting':
      return <DepositForm session={session} deposit={deposit} langMarket={langMarket} />;
    case 'redirecting':
      return (
        <Notice announce>
          <NoticeText>
            <Trans id="banking.deposit.redirecting">Taking you to the payment page…</Trans>
          </NoticeText>
        </Notice>
      );
    case 'settling':
    case 'waiting':
      return (
        <Notice announce>
          <NoticeText>
            <Trans id="banking.deposit.checkingPayment">Checking your payment…</Trans>
          </NoticeText>
          <Loader layout="inline" />
        </Notice>
      );
    case 'succeeded':
    case 'declined':
    case 'stillPending':
    case 'statusUnknown':
      return <DepositOutcome deposit={deposit} money={money} onRestart={onRestart} />;
    case 'notAllowed':
      return <NotOffered message={DEPOSIT_NOT_ALLOWED} announce />;
    case 'failed':
      return <DepositFailed deposit={deposit} />;
    case 'verifyDocument':
    case 'underReview':
    case 'documentsRequired':
    case 'documentsStrict':
    case 'limitReached':
    case 'restricted':
    case 'refused':
      return <DepositStatus session={session} deposit={deposit} state={value} langMarket={langMarket} />;
  }
}

/** The deposit's outcome on the way back from the provider (GLI-19: shown after an interruption too). */
function DepositOutcome({ deposit, money, onRestart }: { deposit: DepositActor; money: ReturnType<typeof useMoney>; onRestart: () => void }) {
  const { i18n } = useLingui();
  const value = useSelector(deposit, (snapshot) => snapshot.value);
  const paid = useSelector(deposit, (snapshot) => snapshot.context.deposit);
  const error = useSelector(deposit, (snapshot) => snapshot.context.error);
  const amount = paid === null ? '' : money.wire(paid.amount);
  const again = (
    <div className={formActionsClass}>
      <Button variant="secondary" onClick={() => deposit.send({ type: 'deposit.refresh' })}>
        <Trans id="banking.deposit.checkAgain">Check again</Trans>
      </Button>
    </div>
  );
  const another = (
    <div className={formActionsClass}>
      <Button onClick={onRestart}>
        <Trans id="banking.deposit.another">Make another deposit</Trans>
      </Button>
    </div>
  );
  switch (value) {
    case 'succeeded':
      return (
        <>
          <Notice tone="success" announce>
            <NoticeText>
              <Trans id="banking.deposit.paid">Your deposit of {amount} has been paid and is on your balance.</Trans>
            </NoticeText>
          </Notice>
          {another}
        </>
      );
    case 'declined':
      return (
        <>
          <Notice tone="error" announce>
            <NoticeText>
              {paid?.status === 'CANCELLED' ? (
                <Trans id="banking.deposit.cancelled">Your payment of {amount} was cancelled. No money was taken and your balance has not changed.</Trans>
              ) : (
                <Trans id="banking.deposit.declined">
                  Your payment of {amount} did not go through: it was declined or it timed out. No money was taken and your balance has not changed.
                </Trans>
              )}
            </NoticeText>
          </Notice>
          {another}
        </>
      );
    case 'stillPending':
      return (
        <>
          <Notice tone="warning" announce>
            <NoticeText>
              <Trans id="banking.deposit.pending">
                Your payment of {amount} is still being processed. Your balance will change as soon as the payment provider confirms it.
              </Trans>
            </NoticeText>
          </Notice>
          {again}
        </>
      );
    default:
      return (
        <>
          <Notice tone="error" announce>
            <NoticeText>
              <Trans id="banking.deposit.statusUnknown">We could not check your payment. Please check again in a moment.</Trans>
            </NoticeText>
            {error !== null && error.code === 'network' ? <NoticeText>{i18n._(cashierErrorMessage(error.code))}</NoticeText> : null}
          </Notice>
          {again}
        </>
      );
  }
}

function DepositFailed({ deposit }: { deposit: DepositActor }) {
  const code = useSelector(deposit, (snapshot) => snapshot.context.error?.code);
  return <CheckFailed code={code} onRetry={() => deposit.send({ type: 'deposit.clear' })} />;
}

/** A result instead of the cashier: the documents, a limit, a restriction, a refusal (behaviour.md §4's table). */
function DepositStatus({ session, deposit, state, langMarket }: { session: SessionRef; deposit: DepositActor; state: CheckResultState; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  const context = useSelector(deposit, (snapshot) => snapshot.context);
  const money = useMoney(langMarket, context.player.currency);
  const status = context.status ?? 'error';
  const message = i18n._(
    operationStatusMessage(status, { result: context.result, daysLeft: context.daysLeftToVerifyDocuments, limitType: context.limitType }),
  );
  const resetOn = context.resetOn === null ? null : dateOf(context.resetOn);
  const limitFirst = state === 'limitReached' && isDepositLimitRequiredFirst(context);
  return (
    <CheckResult
      state={state}
      actions={
        <>
          {limitFirst ? (
            <Link to="/$langmarket/my-account/gambling-limits" params={{ langmarket: formatLangMarket(langMarket) }} className={button()}>
              <Trans id="banking.deposit.setLimit">Set a deposit limit</Trans>
            </Link>
          ) : null}
          <UploadDocumentsButton session={session} startPoint="deposit" state={state} daysLeft={context.daysLeftToVerifyDocuments} />
          {state === 'verifyDocument' ? (
            <Button variant="secondary" onClick={() => deposit.send({ type: 'verification.postpone' })}>
              <Trans id="banking.deposit.postpone">Verify later and deposit now</Trans>
            </Button>
          ) : null}
          {state === 'refused' ? <RetryButton onRetry={() => deposit.send({ type: 'deposit.clear' })} /> : null}
        </>
      }
    >
      {limitFirst ? (
        <>
          <NoticeText>
            <RequiredLimitFirst market={context.player.market} langMarket={langMarket} />
          </NoticeText>
          <NoticeText>
            <Trans id="banking.deposit.limitFirst.why">The rules of your country ask you to choose how much you can deposit before you deposit.</Trans>
          </NoticeText>
        </>
      ) : (
        <NoticeText>{message}</NoticeText>
      )}
      {state === 'limitReached' && !limitFirst ? (
        <Facts
          items={[
            ...(context.limitLeft === null ? [] : [{ term: <Trans id="banking.limit.left">Still available</Trans>, value: money.wire(context.limitLeft) }]),
            ...(resetOn === null ? [] : [{ term: <Trans id="banking.limit.resetsOn">Resets on</Trans>, value: displayDate(resetOn) }]),
          ]}
        />
      ) : null}
    </CheckResult>
  );
}

/**
 * The limit the player's market requires before a deposit (issue 21: a German player is asked for
 * the monthly one, GlüStV 2021 §6c): the rules of the player's own market, the cashier's
 * `player.market`, whichever market's page they are on (docs/SPEC-READINGS.md). Until the rules are
 * known, or with 'any' period, it asks for a deposit limit.
 */
export function RequiredLimitFirst({ market, langMarket }: { market: string; langMarket: LangMarket }) {
  const rules = useQuery(marketRulesQuery(isMarketCode(market) ? market : langMarket.market)).data;
  switch (rules?.requiredDepositLimit) {
    case 'D':
      return <Trans id="banking.deposit.limitFirst.daily">Set a daily deposit limit before your first deposit.</Trans>;
    case 'W':
      return <Trans id="banking.deposit.limitFirst.weekly">Set a weekly deposit limit before your first deposit.</Trans>;
    case 'M':
      return <Trans id="banking.deposit.limitFirst.monthly">Set a monthly deposit limit before your first deposit.</Trans>;
    default:
      return <Trans id="banking.deposit.limitFirst">Set a deposit limit before your first deposit.</Trans>;
  }
}

/**
 * Issue 13 "limits first" (Sweden, Germany, the Netherlands): the platform refuses a player's first
 * deposit until the deposit limit their market requires is set, as SELF_LIMIT_REACHED with nothing
 * left and no reset (there is no limit to be left of). The deposit flow's `limitReached` state then
 * asks for the limit instead of saying a limit was reached.
 */
export function isDepositLimitRequiredFirst(context: Pick<DepositContext, 'limitLeft' | 'resetOn' | 'limitType'>): boolean {
  return context.limitLeft === null && context.resetOn === null && context.limitType !== 'loss';
}

/**
 * UKGC RTS 12A (issue 13, GG: rules.limitsPromptAtFirstDeposit): a player who has never deposited and
 * has no deposit limit is offered one on the deposit form, before the first deposit. An offer, not a
 * stop: the form stays usable.
 */
function FirstDepositLimitPrompt({ session, market, langMarket }: { session: SessionRef; market: string; langMarket: LangMarket }) {
  const rules = useQuery(marketRulesQuery(isMarketCode(market) ? market : langMarket.market)).data;
  const neverDeposited = useSelector(session, (snapshot) => snapshot.context.transactionSummary?.totalDepositsCount === 0);
  const playerId = useSelector(session, (snapshot) => snapshot.context.claims?.playerId ?? null);
  const offer = rules?.limitsPromptAtFirstDeposit === true && neverDeposited;
  const limits = useQuery(limitsQuery(offer ? playerId : null, 'deposit')).data;
  if (!offer || limits === undefined || limits.limits.some((limit) => limit.value !== null || limit.pendingValue !== null)) return null;
  return (
    <Notice>
      <NoticeText>
        <Trans id="banking.deposit.limitPrompt">Before your first deposit, you can set a deposit limit: how much you can deposit in a day, a week or a month.</Trans>
      </NoticeText>
      <NoticeText>
        <Link to="/$langmarket/my-account/gambling-limits" params={{ langmarket: formatLangMarket(langMarket) }}>
          <Trans id="banking.deposit.setLimit">Set a deposit limit</Trans>
        </Link>
      </NoticeText>
    </Notice>
  );
}

/** The cashier: the payment method, the amount, and the way to the provider. */
function DepositForm({ session, deposit, langMarket }: { session: SessionRef; deposit: DepositActor; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  const context = useSelector(deposit, (snapshot) => snapshot.context);
  const requesting = useSelector(deposit, (snapshot) => snapshot.value === 'requesting');
  const { currency } = context.player;
  const money = useMoney(langMarket, currency);
  const limits = CASHIER_LIMITS[currency];
  // Issue 21: a self-limit that leaves less than the cashier's largest deposit caps the form (warned
  // or not): the hint's upper bound and the presets offered are what the limit leaves.
  const capCents = context.limitLeft === null ? null : parseMoney(context.limitLeft, currency);
  const capped = capCents !== null && capCents > 0 && capCents < limits.maxDeposit * 100 ? capCents : null;
  const bounds: AmountBounds = {
    min: money.units(limits.minDeposit),
    max: capped === null ? money.units(limits.maxDeposit) : capped % 100 === 0 ? money.units(capped / 100) : money.cents(capped),
    available: context.limitLeft === null ? null : money.wire(context.limitLeft),
    fractionDigits: CURRENCY_MINOR_UNITS[currency],
  };
  const resetOn = context.resetOn === null ? null : dateOf(context.resetOn);
  const chosen = parseMoney(context.amountText, currency);
  const amount = chosen !== null && chosen > 0 ? money.cents(chosen) : null;

  return (
    <CashierForm
      context={context}
      currency={currency}
      bounds={bounds}
      presets={limits.depositPresets.filter((units) => capped === null || units * 100 <= capped).map((units) => ({ units, label: money.units(units) }))}
      requesting={requesting}
      onMethod={(methodId) => deposit.send({ type: 'method.select', methodId })}
      onAmount={(text) => deposit.send({ type: 'amount.change', value: text })}
      onSubmit={() => deposit.send({ type: 'deposit.submit' })}
      before={
        <>
          <FirstDepositLimitPrompt session={session} market={context.player.market} langMarket={langMarket} />
          {context.notification === 'limitNotice' ? (
            <Notice tone="warning">
              <NoticeText>
                {context.limitType === 'loss' ? (
                  <Trans id="banking.limit.notice.loss">You are close to your loss limit.</Trans>
                ) : (
                  <Trans id="banking.limit.notice.deposit">You are close to your deposit limit.</Trans>
                )}
              </NoticeText>
              <Facts
                items={[
                  ...(bounds.available === null || bounds.available === undefined
                    ? []
                    : [{ term: <Trans id="banking.limit.left">Still available</Trans>, value: bounds.available }]),
                  ...(resetOn === null ? [] : [{ term: <Trans id="banking.limit.resetsOn">Resets on</Trans>, value: displayDate(resetOn) }]),
                ]}
              />
            </Notice>
          ) : null}
          {context.notification === 'verificationPostponed' ? (
            <Notice tone="warning">
              <NoticeText>{i18n._(operationStatusMessage('verify-document', { daysLeft: context.daysLeftToVerifyDocuments }))}</NoticeText>
              {/* Issue 23: verify now after all; the deposit resumes with what is typed here. */}
              <div className={s.actions}>
                <UploadDocumentsButton session={session} startPoint="deposit" state="verifyDocument" daysLeft={context.daysLeftToVerifyDocuments} />
              </div>
            </Notice>
          ) : null}
        </>
      }
      after={
        context.selectBonus ? (
          <DepositBonusPicker bonuses={context.bonuses} selected={context.selectedBonusId} disabled={requesting} langMarket={langMarket} currency={currency} onSelect={(bonusId) => deposit.send({ type: 'bonus.select', bonusId })} />
        ) : null
      }
      submitLabel={
        requesting ? (
          <Trans id="banking.deposit.requesting">Starting your payment…</Trans>
        ) : amount !== null ? (
          <Trans id="banking.deposit.submitAmount">Deposit {amount}</Trans>
        ) : (
          <Trans id="banking.deposit.submit">Continue to payment</Trans>
        )
      }
    />
  );
}

/**
 * Issue 24 (product.md §3 selectBonus, selectedBonusId): the deposit bonuses offered, as a choice with
 * "No bonus" first and chosen by default (a regulated operator never chooses a bonus for the player);
 * the one chosen is claimed with the deposit when it is paid.
 */
function DepositBonusPicker({
  bonuses,
  selected,
  disabled,
  langMarket,
  currency,
  onSelect,
}: {
  bonuses: readonly Reward[];
  selected: string | null;
  disabled: boolean;
  langMarket: LangMarket;
  currency: string;
  onSelect: (bonusId: string | null) => void;
}) {
  const money = useMoney(langMarket, currency);
  return (
    <fieldset className={s.fieldset} disabled={disabled}>
      <legend className={s.legend}>
        <Trans id="banking.bonus.legend">Deposit bonus</Trans>
      </legend>
      <div className={s.methods}>
        <label className={s.bonusChoice}>
          <input type="radio" name="selectedBonusId" value="" className={s.methodRadio} checked={selected === null} onChange={() => onSelect(null)} />
          <span className={s.methodName}>
            <Trans id="banking.bonus.none">No bonus</Trans>
          </span>
        </label>
        {bonuses.map((bonus) => {
          const percentage = bonus.bonusPercentage;
          const max = bonus.maxBonusAmount === null ? null : money.wire(bonus.maxBonusAmount);
          const amount = bonus.bonusAmount === null ? null : money.wire(bonus.bonusAmount);
          const multiplier = bonus.wrMultiplier;
          return (
            <label key={bonus.campaignId} className={s.bonusChoice}>
              <input type="radio" name="selectedBonusId" value={bonus.campaignId} className={s.methodRadio} checked={selected === bonus.campaignId} onChange={() => onSelect(bonus.campaignId)} />
              <span className={s.methodBody}>
                <span className={s.methodName}>{bonus.campaignDisplayInfo.title}</span>
                <span className={s.bonusTerms}>
                  {percentage !== null && max !== null ? (
                    <Trans id="banking.bonus.percentage">{percentage} % of your deposit, up to {max}</Trans>
                  ) : amount !== null ? (
                    <Trans id="banking.bonus.amount">{amount} bonus</Trans>
                  ) : null}{' '}
                  <Trans id="banking.bonus.wagering">Wager it {multiplier} times.</Trans>
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

/** The deposit tab of /my-account/banking: the flow in the page, under its heading. */
export function DepositSection(props: DepositFlowProps) {
  return (
    <section className={s.section} aria-labelledby="banking-deposit">
      <h2 className={s.sectionTitle} id="banking-deposit">
        <Trans id="banking.deposit">Deposit</Trans>
      </h2>
      <DepositFlow {...props} />
    </section>
  );
}
