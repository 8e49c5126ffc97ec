import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState, type SubmitEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import { intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import {
  TRANSACTION_CATEGORIES,
  TRANSACTION_STATUSES,
  TRANSACTION_TIME_FRAMES_HOURS,
  historyRowReading,
  unsignedAmount,
  type HistoryFilter,
  type TransactionCategory,
  type TransactionStatus,
  type TransactionTimeFrameHours,
} from '../../../machines/lib/wallet';
import { historyItems, historyPolling, type transactionHistoryMachine } from '../../../machines/transactionHistory.machine';
import type { Transaction } from '../../api/wallet';
import { Button } from '../../ui/Button';
import { FormError, formActionsClass, formClass, SelectField, TextField } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import * as s from './banking.css';
import { dateInputValue, dateOf, dayBoundary, dayOf, displayDate, displayTime, relativeDay, weekdayName } from './dates';
import { CATEGORY_LABELS, STATUS_LABELS, TYPE_LABELS } from './labels';
import { useMoney } from '../../ui/money';
import { Notice, NoticeText, type SessionRef } from './parts';

type HistoryActor = ActorRefFrom<typeof transactionHistoryMachine>;

/**
 * /my-account/banking/transactions (behaviour.md §4 "Transaction history"; product.md §3
 * "Transactions"; UKGC RTS 1C): the session's history flow, started by the route. The filters
 * (category, status, the last 24 or 72 hours or dates), the net position and win/loss of the period
 * shown (named), the pending withdrawals, and the list grouped by day, 10 at a time ("Load more").
 * The flow refreshes every 30 s while the page is visible.
 */
export function TransactionsPage({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const history = useSelector(session, (snapshot) => snapshot.context.flows.transactionHistory);
  return history === null ? <Loader layout="inline" /> : <History key={history.sessionId} history={history} langMarket={langMarket} />;
}

function History({ history, langMarket }: { history: HistoryActor; langMarket: LangMarket }) {
  // The interval refresh runs while the player can see the page (a hidden tab asks nothing).
  useEffect(() => {
    const follow = () => history.send({ type: document.hidden ? 'polling.stop' : 'polling.start' });
    follow();
    document.addEventListener('visibilitychange', follow);
    return () => document.removeEventListener('visibilitychange', follow);
  }, [history]);
  return (
    <>
      <Filters history={history} />
      <Summary history={history} langMarket={langMarket} />
      <Pending history={history} langMarket={langMarket} />
      <TransactionList history={history} langMarket={langMarket} />
    </>
  );
}

// ------------------------------------------------------------------------------------ filters

const formValue = (data: FormData, name: string): string => {
  const value = data.get(name);
  return typeof value === 'string' ? value : '';
};

function Filters({ history }: { history: HistoryActor }) {
  const { t, i18n } = useLingui();
  const filter = useSelector(history, (snapshot) => snapshot.context.filter);
  const applied = useSelector(history, (snapshot) => snapshot.context.filterApplied);
  // A refused pair of dates is the form's own state until the player fixes it (the flow keeps the filter applied).
  const [datesRefused, setDatesRefused] = useState(false);

  const submit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const category = formValue(data, 'category');
    const status = formValue(data, 'status');
    const hour = Number(formValue(data, 'hour'));
    const from = dayBoundary(formValue(data, 'from'), 'start');
    const to = dayBoundary(formValue(data, 'to'), 'end');
    const timeFrame = (TRANSACTION_TIME_FRAMES_HOURS as readonly number[]).includes(hour) ? (hour as TransactionTimeFrameHours) : null;
    if (timeFrame === null && from !== null && to !== null && from > to) {
      setDatesRefused(true);
      return;
    }
    setDatesRefused(false);
    const next: HistoryFilter = {
      category: (TRANSACTION_CATEGORIES as readonly string[]).includes(category) ? (category as TransactionCategory) : null,
      status: (TRANSACTION_STATUSES as readonly string[]).includes(status) ? (status as TransactionStatus) : null,
      hour: timeFrame,
      from: timeFrame === null ? from : null,
      to: timeFrame === null ? to : null,
    };
    history.send({ type: 'history.filter', filter: next });
  };

  return (
    <section className={s.section} aria-labelledby="history-filters">
      <h2 className={s.sectionTitle} id="history-filters">
        <Trans id="banking.history.filters">Filters</Trans>
      </h2>
      {/* Keyed by the filter: a cleared filter gives a fresh form. */}
      <form key={JSON.stringify(filter)} className={formClass} noValidate onSubmit={submit}>
        <div className={s.filters}>
          <SelectField name="category" label={t({ id: 'banking.history.category', message: 'Category' })} defaultValue={filter.category ?? ''}>
            <option value="">{t({ id: 'banking.history.allCategories', message: 'All categories' })}</option>
            {TRANSACTION_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {i18n._(CATEGORY_LABELS[category])}
              </option>
            ))}
          </SelectField>
          <SelectField name="status" label={t({ id: 'banking.history.status', message: 'Status' })} defaultValue={filter.status ?? ''}>
            <option value="">{t({ id: 'banking.history.allStatuses', message: 'All statuses' })}</option>
            {TRANSACTION_STATUSES.map((status) => (
              <option key={status} value={status}>
                {i18n._(STATUS_LABELS[status])}
              </option>
            ))}
          </SelectField>
          <SelectField
            name="hour"
            className={s.filtersWide}
            label={t({ id: 'banking.history.timeFrame', message: 'Time frame' })}
            defaultValue={filter.hour === null ? '' : String(filter.hour)}
          >
            <option value="">{t({ id: 'banking.history.byDates', message: 'The dates below (or all time)' })}</option>
            <option value="24">{t({ id: 'banking.period.last24', message: 'Last 24 hours' })}</option>
            <option value="72">{t({ id: 'banking.period.last72', message: 'Last 72 hours' })}</option>
          </SelectField>
          <div className={`${s.dates} ${s.filtersWide}`}>
            <TextField
              type="date"
              name="from"
              label={t({ id: 'banking.history.from', message: 'From' })}
              defaultValue={dateInputValue(filter.from)}
              error={datesRefused ? t({ id: 'banking.history.datesRefused', message: 'The start date must be on or before the end date.' }) : undefined}
            />
            <TextField type="date" name="to" label={t({ id: 'banking.history.to', message: 'To' })} defaultValue={dateInputValue(filter.to)} />
          </div>
        </div>
        <div className={formActionsClass}>
          {applied ? (
            <Button variant="ghost" onClick={() => history.send({ type: 'history.clear' })}>
              <Trans id="banking.history.clear">Clear filters</Trans>
            </Button>
          ) : null}
          <Button type="submit">
            <Trans id="banking.history.apply">Apply filters</Trans>
          </Button>
        </div>
      </form>
    </section>
  );
}

// ------------------------------------------------------------------------- net position (RTS 1C)

/** The period the list and the summary show, named (UKGC RTS 1C). */
function PeriodName({ filter }: { filter: HistoryFilter }) {
  const { t } = useLingui();
  if (filter.hour === 24) return <>{t({ id: 'banking.period.last24', message: 'Last 24 hours' })}</>;
  if (filter.hour === 72) return <>{t({ id: 'banking.period.last72', message: 'Last 72 hours' })}</>;
  const fromDate = filter.from === null ? null : dateOf(filter.from);
  const toDate = filter.to === null ? null : dateOf(filter.to);
  const from = fromDate === null ? null : displayDate(fromDate);
  const to = toDate === null ? null : displayDate(toDate);
  if (from !== null && to !== null) return <Trans id="banking.period.between">From {from} to {to}</Trans>;
  if (from !== null) return <Trans id="banking.period.since">Since {from}</Trans>;
  if (to !== null) return <Trans id="banking.period.until">Until {to}</Trans>;
  return <Trans id="banking.period.allTime">All time</Trans>;
}

function Summary({ history, langMarket }: { history: HistoryActor; langMarket: LangMarket }) {
  const filter = useSelector(history, (snapshot) => snapshot.context.filter);
  const net = useSelector(history, (snapshot) => snapshot.context.netPosition);
  const loading = useSelector(history, (snapshot) => snapshot.hasTag('netPositionLoading'));
  const money = useMoney(langMarket, net?.currency ?? 'EUR');
  return (
    <section className={s.section} aria-labelledby="history-summary" aria-busy={loading}>
      <h2 className={s.sectionTitle} id="history-summary">
        <Trans id="banking.summary.heading">Net position and win/loss</Trans>
      </h2>
      <p className={s.text} data-testid="summary-period">
        <Trans id="banking.summary.period">Period:</Trans> <PeriodName filter={filter} />
      </p>
      {loading ? (
        <Loader layout="inline" />
      ) : net === null ? (
        <p className={s.text}>
          <Trans id="banking.summary.unavailable">The summary is not available right now.</Trans>
        </p>
      ) : (
        <dl className={s.summaryFigures}>
          {[
            { term: <Trans id="banking.summary.netPosition">Net position (deposits minus withdrawals)</Trans>, amount: net.netPosition, testId: 'net-position' },
            { term: <Trans id="banking.summary.winLoss">Win/loss (wins minus bets)</Trans>, amount: net.winLoss, testId: 'win-loss' },
          ].map((figure) => (
            <div key={figure.testId} className={s.figure}>
              <dt className={s.factTerm}>{figure.term}</dt>
              <dd className={s.figureValue} data-testid={figure.testId}>
                {money.signed(figure.amount)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

// ------------------------------------------------------------------------------------ pending

function Pending({ history, langMarket }: { history: HistoryActor; langMarket: LangMarket }) {
  const pending = useSelector(history, (snapshot) => snapshot.context.pending);
  const loading = useSelector(history, (snapshot) => snapshot.hasTag('pendingLoading'));
  const locale = intlLocaleFor(langMarket);
  return (
    <section className={s.section} aria-labelledby="history-pending" aria-busy={loading}>
      <h2 className={s.sectionTitle} id="history-pending">
        <Trans id="banking.pending.heading">Pending withdrawals</Trans>
      </h2>
      {loading && pending.length === 0 ? (
        <Loader layout="inline" />
      ) : pending.length === 0 ? (
        <p className={s.text}>
          <Trans id="banking.pending.empty">You have no pending withdrawals.</Trans>
        </p>
      ) : (
        <ul className={s.list}>
          {pending.map((item) => (
            <PendingItem key={item.referenceId} item={item} langMarket={langMarket} locale={locale} />
          ))}
        </ul>
      )}
    </section>
  );
}

function PendingItem({ item, langMarket, locale }: { item: Transaction; langMarket: LangMarket; locale: string }) {
  const money = useMoney(langMarket, item.currency);
  const date = dateOf(item.transactionDate);
  const amount = money.wire(unsignedAmount(item.amount));
  return (
    <li className={s.row}>
      <div className={s.rowLine}>
        <span className={s.rowTitle}>
          <Trans id="banking.type.withdrawal">Withdrawal</Trans>
        </span>
        <span className={s.amount()}>{amount}</span>
      </div>
      <div className={s.rowLine}>
        <span className={s.rowMeta}>{date === null ? null : `${displayDate(date)} ${displayTime(date, locale)}`}</span>
        <span className={s.rowMeta}>
          <Trans id="banking.reference">Reference</Trans> {item.referenceId}
        </span>
      </div>
    </li>
  );
}

// ------------------------------------------------------------------------------------ the list

type ListItem = Transaction & { firstInGroup: boolean };

/** The list cut where firstInGroup says a new calendar day starts. */
function dayGroups(items: readonly ListItem[]): { day: string; items: ListItem[] }[] {
  const groups: { day: string; items: ListItem[] }[] = [];
  for (const item of items) {
    const last = groups.at(-1);
    if (item.firstInGroup || last === undefined) groups.push({ day: dayOf(item.transactionDate), items: [item] });
    else last.items.push(item);
  }
  return groups;
}

function TransactionList({ history, langMarket }: { history: HistoryActor; langMarket: LangMarket }) {
  const context = useSelector(history, (snapshot) => snapshot.context);
  const loading = useSelector(history, (snapshot) => snapshot.hasTag('loading'));
  const loadingMore = useSelector(history, (snapshot) => snapshot.hasTag('loadingMore'));
  const failed = useSelector(history, (snapshot) => snapshot.hasTag('error'));
  const refreshing = useSelector(history, (snapshot) => snapshot.matches({ history: 'refreshing' }));
  const polling = useSelector(history, historyPolling);
  const groups = useMemo(() => dayGroups(historyItems({ context }, dayOf)), [context]);
  const locale = intlLocaleFor(langMarket);

  const refresh = () => {
    history.send({ type: 'history.refresh' });
    history.send({ type: 'pending.refresh' });
  };

  return (
    <section className={s.section} aria-labelledby="history-list" aria-busy={loading || loadingMore || refreshing}>
      <div className={s.toolbar}>
        <h2 className={s.sectionTitle} id="history-list">
          <Trans id="banking.transactions">Transactions</Trans>
        </h2>
        <Button variant="secondary" size="sm" disabled={loading || refreshing} onClick={refresh}>
          <Trans id="banking.history.refresh">Refresh</Trans>
        </Button>
      </div>
      <p className={s.text} role="status">
        {refreshing ? (
          <Trans id="banking.history.updating">Updating…</Trans>
        ) : polling ? (
          <Trans id="banking.history.polling">The list updates every 30 seconds.</Trans>
        ) : null}
      </p>
      {loading ? (
        <Loader layout="inline" />
      ) : failed ? (
        <>
          <Notice tone="error">
            <NoticeText>
              <Trans id="banking.history.error">We could not load your transactions.</Trans>
            </NoticeText>
          </Notice>
          <div className={formActionsClass}>
            <Button onClick={() => history.send({ type: 'history.retry' })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          </div>
        </>
      ) : groups.length === 0 ? (
        <p className={s.text}>
          {context.filterApplied ? (
            <Trans id="banking.history.noMatch">No transactions match these filters.</Trans>
          ) : (
            <Trans id="banking.history.empty">You have no transactions yet.</Trans>
          )}
        </p>
      ) : (
        groups.map((group) => <DayGroup key={group.day} day={group.day} items={group.items} langMarket={langMarket} locale={locale} />)
      )}
      {!loading && !failed && context.error !== null ? (
        <FormError>
          <Trans id="banking.history.partialError">We could not load the latest transactions. Please try again.</Trans>
        </FormError>
      ) : null}
      {context.hasMore && !loading && !failed ? (
        <div className={formActionsClass}>
          <Button variant="secondary" disabled={loadingMore} onClick={() => history.send({ type: 'history.more' })}>
            {loadingMore ? <Trans id="banking.history.loadingMore">Loading more…</Trans> : <Trans id="banking.history.more">Load more</Trans>}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function DayName({ day, date, locale }: { day: string; date: Date; locale: string }) {
  switch (relativeDay(day)) {
    case 'today':
      return <Trans id="banking.history.today">Today</Trans>;
    case 'yesterday':
      return <Trans id="banking.history.yesterday">Yesterday</Trans>;
    case 'other':
      return <>{weekdayName(date, locale)}</>;
  }
}

function DayGroup({ day, items, langMarket, locale }: { day: string; items: ListItem[]; langMarket: LangMarket; locale: string }) {
  const first = items[0];
  const date = first === undefined ? null : dateOf(first.transactionDate);
  return (
    <div className={s.dayGroup} data-testid="transaction-day">
      {date === null ? null : (
        <h3 className={s.dayHeading}>
          <span>
            <DayName day={day} date={date} locale={locale} />
          </span>
          <span className={s.dayDate}>{displayDate(date)}</span>
        </h3>
      )}
      <ul className={s.list}>
        {items.map((item) => (
          <TransactionRow key={item.referenceId} item={item} langMarket={langMarket} locale={locale} />
        ))}
      </ul>
    </div>
  );
}

const STATUS_TONES: Readonly<Record<TransactionStatus, 'success' | 'pending' | 'failed' | 'neutral'>> = {
  SUCCESS: 'success',
  COMPLETED: 'success',
  PENDING: 'pending',
  WAITING_INPUT: 'pending',
  FAILED: 'failed',
  REVERTED: 'neutral',
  CANCELLED: 'neutral',
};

function TransactionRow({ item, langMarket, locale }: { item: ListItem; langMarket: LangMarket; locale: string }) {
  const { i18n } = useLingui();
  const money = useMoney(langMarket, item.currency);
  const date = dateOf(item.transactionDate);
  // Pending: no balance until it settles; declined, cancelled or undone: no sign that reads as money moved.
  const { direction, balanceAfter } = historyRowReading(item);
  const balance = balanceAfter === null ? null : money.wire(balanceAfter);
  return (
    <li className={s.row} data-testid="transaction">
      <div className={s.rowLine}>
        <span className={s.rowTitle}>{i18n._(TYPE_LABELS[item.type])}</span>
        <span className={s.amount({ sign: direction })} data-testid="transaction-amount">
          {direction === 'none' ? money.wire(unsignedAmount(item.amount)) : money.signed(item.amount)}
        </span>
      </div>
      <div className={s.rowLine}>
        <span className={s.rowMeta}>
          {i18n._(CATEGORY_LABELS[item.category])}
          {date === null ? null : ` · ${displayTime(date, locale)}`}
        </span>
        <span className={s.badge({ tone: STATUS_TONES[item.status] })}>{i18n._(STATUS_LABELS[item.status])}</span>
      </div>
      <div className={s.rowLine}>
        {balance === null ? (
          <span />
        ) : (
          <span className={s.rowMeta} data-testid="transaction-balance">
            <Trans id="banking.history.balanceAfter">Balance after: {balance}</Trans>
          </span>
        )}
        <span className={s.rowMeta}>
          <Trans id="banking.reference">Reference</Trans> {item.referenceId}
        </span>
      </div>
    </li>
  );
}
