import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import { sumAmounts } from '../../../machines/lib/bonuses';
import { CASHIER_LIMITS, CURRENCY_MINOR_UNITS, parseMoney, unsignedAmount } from '../../../machines/lib/wallet';
import type { withdrawMachine } from '../../../machines/withdraw.machine';
import type { Transaction } from '../../api/wallet';
import { Button } from '../../ui/Button';
import { FormError, formActionsClass } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import * as s from './banking.css';
import { dateOf, displayDate, displayTime } from './dates';
import {
  cashierErrorMessage,
  operationStatusMessage,
  WITHDRAWAL_IRREVERSIBLE,
  WITHDRAWAL_NOT_ALLOWED,
  WITHDRAWAL_SUSPENDED,
  type AmountBounds,
} from './errorMessages';
import { Facts } from '../../ui/Facts';
import { isCashierPreparing, Notice, NoticeText, type SessionRef } from './parts';
import { CashierForm } from './CashierForm';
import { CheckFailed, CheckResult, NotOffered, RetryButton, UploadDocumentsButton } from './results';
import { WITHDRAW_FACTOR_EXPIRED, WithdrawFactorStep } from './WithdrawFactorStep';
import { useMoney } from '../../ui/money';

type WithdrawActor = ActorRefFrom<typeof withdrawMachine>;

/**
 * /my-account/banking/withdraw (behaviour.md §4 "Deposit and withdraw flows", §6; product.md §3):
 * the session's withdraw flow, started by the route. What can be withdrawn, the amount and the
 * method, the request (the money moves to LOCKED and the withdrawal is pending with its reference),
 * and the pending withdrawals, each cancellable except in the GG market, where a sentence says
 * that a requested withdrawal cannot be reversed (UKGC RTS 14B). Issue 23: a new payment method asks
 * for the second factor first (WithdrawFactorStep); a document result opens the verification modal,
 * after which (and after the operator's review) the withdrawal resumes with the amount typed.
 */
export function WithdrawPage({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const withdraw = useSelector(session, (snapshot) => snapshot.context.flows.withdraw);
  return (
    <>
      <section className={s.section} aria-labelledby="banking-withdraw">
        <h2 className={s.sectionTitle} id="banking-withdraw">
          <Trans id="banking.withdraw.heading">Request a withdrawal</Trans>
        </h2>
        {withdraw === null ? <Loader layout="inline" /> : <WithdrawRequest key={withdraw.sessionId} session={session} withdraw={withdraw} langMarket={langMarket} />}
      </section>
      <section className={s.section} aria-labelledby="banking-pending">
        <h2 className={s.sectionTitle} id="banking-pending">
          <Trans id="banking.pending.heading">Pending withdrawals</Trans>
        </h2>
        {withdraw === null ? <Loader layout="inline" /> : <PendingWithdrawals key={withdraw.sessionId} withdraw={withdraw} langMarket={langMarket} />}
      </section>
    </>
  );
}

function WithdrawRequest({ session, withdraw, langMarket }: { session: SessionRef; withdraw: WithdrawActor; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  // The factor step's inner states (choosing, verifying) are one view.
  const state = useSelector(withdraw, (snapshot) => (typeof snapshot.value.request === 'string' ? snapshot.value.request : 'secondFactor'));
  const context = useSelector(withdraw, (snapshot) => snapshot.context);
  const money = useMoney(langMarket, context.player.currency);
  const clear = () => withdraw.send({ type: 'withdraw.clear' });

  if (isCashierPreparing(state)) return <Loader layout="inline" />;
  switch (state) {
    case 'form':
    case 'requesting':
      return <WithdrawForm withdraw={withdraw} langMarket={langMarket} />;
    case 'secondFactor':
      return <WithdrawFactorStep withdraw={withdraw} />;
    case 'requested': {
      const requested = parseMoney(context.amountText, context.player.currency);
      const amount = requested === null ? '' : money.cents(requested);
      return (
        <>
          <Notice tone="success" announce>
            <NoticeText>
              <Trans id="banking.withdraw.requested">Your withdrawal of {amount} has been requested and is pending.</Trans>
            </NoticeText>
            {context.referenceId === null ? null : (
              <Facts items={[{ term: <Trans id="banking.reference">Reference</Trans>, value: context.referenceId, testId: 'withdrawal-reference' }]} />
            )}
            {context.cancelAllowed ? null : <NoticeText>{i18n._(WITHDRAWAL_IRREVERSIBLE)}</NoticeText>}
          </Notice>
          <div className={formActionsClass}>
            <Button variant="secondary" onClick={() => withdraw.send({ type: 'withdraw.clear' })}>
              <Trans id="banking.withdraw.another">Request another withdrawal</Trans>
            </Button>
          </div>
        </>
      );
    }
    case 'suspended':
      return <NotOffered message={WITHDRAWAL_SUSPENDED} />;
    case 'notAllowed':
      return <NotOffered message={WITHDRAWAL_NOT_ALLOWED} />;
    case 'failed':
      return <CheckFailed code={context.error?.code} onRetry={clear} />;
    default: {
      // limitReached, the document results, restricted, refused: the result's UI status (behaviour.md §4).
      const status = context.status ?? 'error';
      const limit = context.limit === null ? null : money.wire(context.limit);
      return (
        <CheckResult
          state={state}
          actions={state === 'refused' ? <RetryButton onRetry={clear} /> : <UploadDocumentsButton session={session} startPoint="withdraw" state={state} />}
        >
          <NoticeText>{i18n._(operationStatusMessage(status, { result: context.result, limit, duration: context.duration }))}</NoticeText>
          {state === 'limitReached' && context.originalLimit !== null ? (
            <Facts items={[{ term: <Trans id="banking.withdraw.originalLimit">Limit before the pending change</Trans>, value: money.wire(context.originalLimit) }]} />
          ) : null}
        </CheckResult>
      );
    }
  }
}

function WithdrawForm({ withdraw, langMarket }: { withdraw: WithdrawActor; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  const context = useSelector(withdraw, (snapshot) => snapshot.context);
  const requesting = useSelector(withdraw, (snapshot) => snapshot.matches({ request: 'requesting' }));
  const { currency } = context.player;
  const money = useMoney(langMarket, currency);
  const limits = CASHIER_LIMITS[currency];
  const available = context.balance === null ? null : money.wire(context.balance);
  const bounds: AmountBounds = {
    min: money.units(limits.minWithdrawal),
    max: money.units(limits.maxWithdrawal),
    available,
    fractionDigits: CURRENCY_MINOR_UNITS[currency],
  };
  return (
    <CashierForm
      context={context}
      currency={currency}
      bounds={bounds}
      requesting={requesting}
      onMethod={(methodId) => withdraw.send({ type: 'method.select', methodId })}
      onAmount={(text) => withdraw.send({ type: 'amount.change', value: text })}
      onSubmit={() => withdraw.send({ type: 'withdraw.submit' })}
      before={
        available === null ? null : (
          <Facts items={[{ term: <Trans id="banking.withdraw.available">Available to withdraw</Trans>, value: available, testId: 'withdraw-available' }]} />
        )
      }
      after={
        <>
          {context.cancelAllowed ? null : (
            <Notice tone="warning">
              <NoticeText>{i18n._(WITHDRAWAL_IRREVERSIBLE)}</NoticeText>
            </Notice>
          )}
          {context.factorError?.code === 'expired' ? <FormError>{i18n._(WITHDRAW_FACTOR_EXPIRED)}</FormError> : null}
          <BonusForfeitWarning activeBonuses={context.activeBonuses} formatMoney={money.wire} />
        </>
      }
      submitLabel={
        requesting ? <Trans id="banking.withdraw.requesting">Sending your request…</Trans> : <Trans id="banking.withdraw.submit">Request withdrawal</Trans>
      }
    />
  );
}

/**
 * Issue 24, the withdrawal-forfeit warning: a withdrawal forfeits the player's active bonuses; the
 * warning says how much bonus money goes (what is left of them, summed to two decimals, behaviour.md
 * §5), or, when they could not be read, that an active bonus would be forfeited.
 */
function BonusForfeitWarning({ activeBonuses, formatMoney }: { activeBonuses: readonly { balance: string | null }[] | null; formatMoney: (text: string) => string }) {
  if (activeBonuses !== null && activeBonuses.length === 0) return null;
  const amount = activeBonuses === null ? null : formatMoney(sumAmounts(activeBonuses.map((bonus) => bonus.balance ?? '0.00')));
  return (
    <Notice tone="warning">
      <NoticeText>
        <span data-testid="withdraw-bonus-warning">
          {amount === null ? (
            <Trans id="banking.bonus.forfeitUnknown">If you have an active bonus, a withdrawal forfeits it and its bonus money is removed.</Trans>
          ) : (
            <Trans id="banking.bonus.forfeitWarning">You have an active bonus. A withdrawal forfeits it: {amount} of bonus money will be removed.</Trans>
          )}
        </span>
      </NoticeText>
    </Notice>
  );
}

/** The pending withdrawals (product.md §3 "Pending withdrawals"), cancellable one at a time outside GG. */
function PendingWithdrawals({ withdraw, langMarket }: { withdraw: WithdrawActor; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  const pending = useSelector(withdraw, (snapshot) => snapshot.context.pending);
  const loading = useSelector(withdraw, (snapshot) => snapshot.hasTag('pendingLoading'));
  const failed = useSelector(withdraw, (snapshot) => snapshot.hasTag('pendingFailed'));
  const cancelling = useSelector(withdraw, (snapshot) => snapshot.hasTag('cancelling'));
  const cancellingId = useSelector(withdraw, (snapshot) => snapshot.context.cancellingId);
  const cancelAllowed = useSelector(withdraw, (snapshot) => snapshot.context.cancelAllowed);
  const cancelStatus = useSelector(withdraw, (snapshot) => snapshot.context.cancelStatus);
  const cancelError = useSelector(withdraw, (snapshot) => snapshot.context.cancelError);
  const currency = useSelector(withdraw, (snapshot) => snapshot.context.player.currency);
  const money = useMoney(langMarket, currency);
  const locale = intlLocaleFor(langMarket);

  return (
    <>
      {cancelAllowed ? null : (
        <Notice tone="warning">
          <NoticeText>{i18n._(WITHDRAWAL_IRREVERSIBLE)}</NoticeText>
        </Notice>
      )}
      {cancelError !== null ? <FormError>{i18n._(cashierErrorMessage(cancelError.code))}</FormError> : null}
      {cancelError === null && cancelStatus !== null ? <FormError>{i18n._(operationStatusMessage(cancelStatus))}</FormError> : null}
      {failed ? (
        <>
          <Notice tone="error">
            <NoticeText>
              <Trans id="banking.pending.error">We could not load your pending withdrawals.</Trans>
            </NoticeText>
          </Notice>
          <div className={formActionsClass}>
            <Button variant="secondary" onClick={() => withdraw.send({ type: 'pending.refresh' })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          </div>
        </>
      ) : loading && pending.length === 0 ? (
        <Loader layout="inline" />
      ) : pending.length === 0 ? (
        <p className={s.text}>
          <Trans id="banking.pending.empty">You have no pending withdrawals.</Trans>
        </p>
      ) : (
        <ul className={s.list} aria-busy={loading || cancelling}>
          {pending.map((item) => (
            <PendingRow
              key={item.referenceId}
              item={item}
              amount={money.wire(unsignedAmount(item.amount))}
              locale={locale}
              cancel={
                cancelAllowed ? (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={cancelling || loading}
                    aria-describedby={`pending-${item.referenceId}`}
                    onClick={() => withdraw.send({ type: 'pending.cancel', referenceId: item.referenceId })}
                  >
                    {cancellingId === item.referenceId ? (
                      <Trans id="banking.pending.cancelling">Cancelling…</Trans>
                    ) : (
                      <Trans id="banking.pending.cancel">Cancel withdrawal</Trans>
                    )}
                  </Button>
                ) : null
              }
            />
          ))}
        </ul>
      )}
    </>
  );
}

function PendingRow({ item, amount, locale, cancel }: { item: Transaction; amount: string; locale: string; cancel: ReactNode }) {
  const date = dateOf(item.transactionDate);
  const when = date === null ? '' : `${displayDate(date)} ${displayTime(date, locale)}`;
  return (
    <li className={s.row} data-testid="pending-withdrawal">
      <div className={s.rowLine} id={`pending-${item.referenceId}`}>
        <span className={s.rowTitle}>
          <Trans id="banking.type.withdrawal">Withdrawal</Trans> <span className={s.amount()}>{amount}</span>
        </span>
        <span className={s.rowMeta}>{when}</span>
      </div>
      <div className={s.rowLine}>
        <span className={s.rowMeta}>
          <Trans id="banking.reference">Reference</Trans> {item.referenceId}
        </span>
        {cancel}
      </div>
    </li>
  );
}
