import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { useState, type MouseEvent } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { activityTimerMachine } from '../../../machines/activityTimer.machine';
import type { LangMarket } from '../../../machines/lib/markets';
import { gamblingLimitsHref } from '../../../machines/session.machine';
import type { ActivitySummary } from '../../api/responsibleGambling';
import { Button } from '../../ui/Button';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { useMoney } from '../../ui/money';
import * as s from './breaks.css';
import { playedFor } from './texts';

export type ActivityTimerRef = ActorRefFrom<typeof activityTimerMachine>;

/**
 * The session-timeout modal, or reality check (product.md §2; behaviour.md §4: "At zero the summary
 * is fetched and a session-timeout modal is shown"; UKGC RTS 13, GLI-19 2.5.5): how long the player
 * has played this session, the stakes, the winnings and the net result in the account currency.
 * An alert dialog that cannot be dismissed by Escape or a click outside: the player answers it with
 * Continue (a new interval), Log out, or the link to their gambling limits (a new interval, and the
 * session opens the page). When the figures could not be loaded it says so and shows the interval.
 */
export function RealityCheckDialog({ timer, langMarket }: { timer: ActivityTimerRef; langMarket: LangMarket }) {
  const { t } = useLingui();
  const loading = useSelector(timer, (snapshot) => snapshot.hasTag('loading'));
  const summary = useSelector(timer, (snapshot) => snapshot.context.summary);
  const intervalMinutes = useSelector(timer, (snapshot) => snapshot.context.intervalMinutes);
  const openLimits = (event: MouseEvent<HTMLAnchorElement>) => {
    // The session navigates (its ui.navigate) once the timer has been told; the href is for a new tab.
    event.preventDefault();
    timer.send({ type: 'activity.link' });
  };
  const description = loading
    ? t({ id: 'breaks.reality.loading', message: 'Loading your session figures…' })
    : summary === null
      ? intervalMinutes === null
        ? t({ id: 'breaks.reality.failed', message: 'It is time for your reality check. We could not load your session figures just now.' })
        : t({
            id: 'breaks.reality.failedInterval',
            message: `It is time for your reality check: you asked for one every ${intervalMinutes} minutes. We could not load your session figures just now.`,
          })
      : t({ id: 'breaks.reality.description', message: 'Here is a summary of your play since you logged in.' });

  return (
    <Modal
      open
      alert
      dismissible={false}
      onClose={() => undefined}
      title={t({ id: 'breaks.reality.title', message: 'Reality check' })}
      description={description}
    >
      {loading ? <Loader layout="inline" /> : null}
      {summary !== null ? <Figures summary={summary} langMarket={langMarket} /> : null}
      <a className={s.limitsLink} href={gamblingLimitsHref(langMarket)} onClick={openLimits} aria-disabled={loading || undefined}>
        <Trans id="breaks.reality.limitsLink">Review my gambling limits</Trans>
      </a>
      <div className={s.actions}>
        <Button variant="secondary" disabled={loading} onClick={() => timer.send({ type: 'activity.logout' })}>
          <Trans id="account.logout">Log out</Trans>
        </Button>
        <Button disabled={loading} onClick={() => timer.send({ type: 'activity.continue' })}>
          <Trans id="breaks.reality.continue">Continue playing</Trans>
        </Button>
      </div>
    </Modal>
  );
}

function Figures({ summary, langMarket }: { summary: ActivitySummary; langMarket: LangMarket }) {
  const { i18n } = useLingui();
  // UI-only: the moment the modal opened, to say how long the session has lasted.
  const [openedAt] = useState(() => Date.now());
  const minutes = Math.max(0, Math.floor((openedAt - Date.parse(summary.sessionStartedAt)) / 60_000));
  const money = useMoney(langMarket, summary.currency);
  return (
    <dl className={s.figures}>
      <dt className={s.figureTerm}>
        <Trans id="breaks.reality.played">Time played this session</Trans>
      </dt>
      <dd className={s.figureValue}>{playedFor(i18n, minutes)}</dd>
      <dt className={s.figureTerm}>
        <Trans id="breaks.reality.turnover">Stakes</Trans>
      </dt>
      <dd className={s.figureValue}>{money.wire(summary.turnover)}</dd>
      <dt className={s.figureTerm}>
        <Trans id="breaks.reality.winnings">Winnings</Trans>
      </dt>
      <dd className={s.figureValue}>{money.wire(summary.winnings)}</dd>
      <dt className={s.figureTerm}>
        <Trans id="breaks.reality.delta">Net result (winnings minus stakes)</Trans>
      </dt>
      <dd className={s.figureValue} data-testid="reality-check-delta">
        {money.signed(summary.delta)}
      </dd>
    </dl>
  );
}
