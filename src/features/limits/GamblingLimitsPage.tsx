import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import { LIMIT_DURATIONS, type LimitKind } from '../../../machines/lib/responsibleGambling';
import type { sessionMachine } from '../../../machines/session.machine';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/Field';
import { Loader } from '../../ui/Loader';
import { useMoney, type MoneyFormat } from '../../ui/money';
import { ActivitySection } from './ActivitySection';
import { LIMITS_LOAD_FAILED } from './errorMessages';
import { dateOf } from '../../ui/dates';
import { LimitCard, type GamblingLimitsActor } from './LimitCard';
import * as s from './limits.css';
import { CardSection } from '../../ui/CardSection';
import { PageFrame } from '../../ui/PageFrame';

type SessionRef = ActorRefFrom<typeof sessionMachine>;

const MINUTE_MS = 60_000;

export interface GamblingLimitsPageProps {
  session: SessionRef;
  langMarket: LangMarket;
  /**
   * What the route puts after the limits and the reality check, inside the page: the breaks and
   * self-exclusion section of another feature (features do not import each other; the route
   * composes them).
   */
  children?: ReactNode;
}

/**
 * /my-account/gambling-limits (product.md §2, §3 "Responsible gambling"; behaviour.md §4; issue 13):
 * the session's gambling limits flow, started by the route. How a change of a limit works, the
 * deposit limits and the spend (loss) limits of each period, and the reality-check interval.
 */
export function GamblingLimitsPage({ session, langMarket, children }: GamblingLimitsPageProps) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.gamblingLimits);
  return (
    <PageFrame className={s.page} title={<Trans id="limits.title">Gambling limits</Trans>}>
      {/* Short on purpose: the platform's first paint already shows the page's description in this
          place, and a longer text drawn by the app would become the page's largest paint, late. */}
      <p className={s.intro}>
        <Trans id="limits.intro.short">Limits help you stay in control of your play.</Trans>
      </p>
      {flow === null ? <Loader layout="inline" /> : <Limits key={flow.sessionId} flow={flow} langMarket={langMarket} />}
      {children}
    </PageFrame>
  );
}

function Limits({ flow, langMarket }: { flow: GamblingLimitsActor; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  const loading = useSelector(flow, (snapshot) => snapshot.hasTag('limitsLoading'));
  const failed = useSelector(flow, (snapshot) => snapshot.hasTag('limitsFailed'));
  const currency = useSelector(flow, (snapshot) => snapshot.context.currency);
  const locale = intlLocaleFor(langMarket);
  const money = useMoney(langMarket, currency);

  return (
    <>
      <HowChangesWork flow={flow} />
      {failed ? (
        <div className={s.editor}>
          <FormError>{i18n._(LIMITS_LOAD_FAILED)}</FormError>
          <div className={s.actions}>
            <Button variant="secondary" onClick={() => flow.send({ type: 'limits.retry' })}>
              <Trans id="common.tryAgain">Try again</Trans>
            </Button>
          </div>
        </div>
      ) : loading ? (
        <Loader layout="inline" />
      ) : (
        <>
          <LimitsSection flow={flow} kind="deposit" money={money} locale={locale} />
          <LimitsSection flow={flow} kind="spend" money={money} locale={locale} />
          <RefreshWhenDue flow={flow} />
        </>
      )}
      <ActivitySection flow={flow} />
    </>
  );
}

/**
 * What a change does (issue 13 "The platform decides, not the screen"): a decrease applies at
 * once; an increase or a removal after the market's cooling-off (and, where the market says so,
 * not before the current period ends). The dates themselves are the platform's, shown per limit.
 */
function HowChangesWork({ flow }: { flow: GamblingLimitsActor }) {
  const { t } = useLingui();
  const rules = useSelector(flow, (snapshot) => snapshot.context.rules);
  const hours = rules?.increaseDelayHours ?? null;
  const increase =
    hours === null
      ? t({ id: 'limits.rules.increase', message: 'A higher limit, or removing a limit, applies only after a cooling-off period.' })
      : rules?.increaseNotBeforePeriodEnd === true
        ? t({
            id: 'limits.rules.increase.periodEnd',
            message: plural(hours, {
              one: 'A higher limit, or removing a limit, applies only after # hour, and not before the current period ends.',
              other: 'A higher limit, or removing a limit, applies only after # hours, and not before the current period ends.',
            }),
          })
        : t({
            id: 'limits.rules.increase.hours',
            message: plural(hours, {
              one: 'A higher limit, or removing a limit, applies only after # hour.',
              other: 'A higher limit, or removing a limit, applies only after # hours.',
            }),
          });
  return (
    <CardSection headingId="limits-rules" heading={<Trans id="limits.rules.heading">How changes work</Trans>}>
      <ul className={s.rules}>
        <li>
          <Trans id="limits.rules.decrease">A lower limit, or your first limit, applies at once.</Trans>
        </li>
        <li data-testid="limits-increase-rule">{increase}</li>
        <li>
          <Trans id="limits.rules.pending">Until then, the change is shown as pending with the date it applies, and you can cancel it.</Trans>
        </li>
      </ul>
    </CardSection>
  );
}

const SECTION_HEADINGS = {
  deposit: { id: 'limits-deposit', heading: <Trans id="limits.deposit.heading">Deposit limits</Trans> },
  spend: { id: 'limits-spend', heading: <Trans id="limits.spend.heading">Loss limits</Trans> },
} as const satisfies Record<LimitKind, { id: string; heading: ReactNode }>;

function LimitsSection({ flow, kind, money, locale }: { flow: GamblingLimitsActor; kind: LimitKind; money: MoneyFormat; locale: string }) {
  const { id, heading } = SECTION_HEADINGS[kind];
  return (
    <section className={s.section} aria-labelledby={id} data-testid={id}>
      <h2 className={s.sectionTitle} id={id}>
        {heading}
      </h2>
      <p className={s.text}>
        {kind === 'deposit' ? (
          <Trans id="limits.deposit.intro">The most you can deposit in each period.</Trans>
        ) : (
          <Trans id="limits.spend.intro">The most you can lose in each period: what you bet minus what you win.</Trans>
        )}
      </p>
      <ul className={s.periods}>
        {LIMIT_DURATIONS.map((duration) => (
          <LimitCard key={duration} flow={flow} kind={kind} duration={duration} money={money} locale={locale} />
        ))}
      </ul>
    </section>
  );
}

/**
 * A pending change's date or a period's reset passed while the page is open: the flow asks the
 * platform for the new figures (it decides what applied). Checked once a minute; a date counts
 * only if it was still ahead when the limits were answered, so a date the platform keeps showing
 * asks once, not every minute.
 */
function RefreshWhenDue({ flow }: { flow: GamblingLimitsActor }) {
  const limits = useSelector(flow, (snapshot) => snapshot.context.limits);
  useEffect(() => {
    const answeredAt = Date.now();
    const dates = [...limits.deposit, ...limits.spend]
      .flatMap((limit) => [dateOf(limit.pendingDate), dateOf(limit.resetAt)])
      .filter((date): date is Date => date !== null && date.getTime() > answeredAt);
    if (dates.length === 0) return;
    const timer = window.setInterval(() => {
      if (dates.some((date) => date.getTime() <= Date.now())) flow.send({ type: 'limits.refresh' });
    }, MINUTE_MS);
    return () => window.clearInterval(timer);
  }, [flow, limits]);
  return null;
}
