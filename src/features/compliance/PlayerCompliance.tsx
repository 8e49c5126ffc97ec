import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatLangMarket, intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import { PANIC_BREAK_DAYS, type LimitDuration, type LimitKind } from '../../../machines/lib/responsibleGambling';
import { walletRefOf, type sessionMachine } from '../../../machines/session.machine';
import { walletTotalCents, type walletMachine } from '../../../machines/wallet.machine';
import type { LimitWarning } from '../../api/responsibleGambling';
import { activitySummaryQuery, rgKeys, type RgLogin } from '../../api/responsibleGamblingQueries';
import { useRgLogin } from './layer';
import { Button } from '../../ui/Button';
import { CloseIcon } from '../../ui/icons';
import { useMoney, type MoneyFormat } from '../../ui/money';
import * as s from './player.css';
import { shownWarnings, usedShare, warningKey } from './limitWarnings';
import { formatSessionClock, msToNextTick, sessionClockDuration, sessionElapsedMs } from './sessionClock';

// The player's side of the compliance layer (issue 13), in its own chunk: loaded only when a
// logged-in player's market rules show a bar, and for the limit warning (./ComplianceLayer.tsx).

type SessionRef = ActorRefFrom<typeof sessionMachine>;
type WalletRef = ActorRefFrom<typeof walletMachine>;

export interface PlayerBarsProps {
  session: SessionRef;
  langMarket: LangMarket;
  sessionBar: boolean;
  panicButton: boolean;
  loadExclusionFlow: () => Promise<void>;
}

export function PlayerBars({ session, langMarket, sessionBar, panicButton, loadExclusionFlow }: PlayerBarsProps) {
  return (
    <>
      {sessionBar ? <SessionBar session={session} langMarket={langMarket} /> : null}
      {panicButton ? <PanicButton session={session} loadExclusionFlow={loadExclusionFlow} /> : null}
    </>
  );
}

// ------------------------------------------------------------------------- the UK session bar

/**
 * UKGC RTS 13C (issue 13 "UK (GG)"): how long the player has been logged in (h:mm:ss) and the net
 * position of this login (wins minus stakes, product.md §3 activity summary delta) in the account
 * currency. In the header's sticky top, so on the game page it stays on screen around the running
 * game. A named region; the clock is plain text (no live region): a screen reader reads it when
 * asked, not every second. Only the clock re-renders each second.
 */
export function SessionBar({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const { t } = useLingui();
  const summary = useQuery(activitySummaryQuery(useRgLogin(session))).data;
  // The currency is only read once the summary (with its currency) is there.
  const money = useMoney(langMarket, summary?.currency ?? 'EUR');
  return (
    <section className={s.sessionBar} aria-label={t({ id: 'compliance.sessionBar.label', message: 'Your session' })} data-testid="session-bar">
      <dl className={s.sessionFact}>
        <dt className={s.sessionTerm}>
          <Trans id="compliance.sessionBar.time">Session time</Trans>
        </dt>
        <dd className={s.sessionValue}>{summary === undefined ? '–' : <SessionClock startedAt={summary.sessionStartedAt} />}</dd>
      </dl>
      <dl className={s.sessionFact}>
        <dt className={s.sessionTerm}>
          <Trans id="compliance.sessionBar.net">Net position</Trans>
        </dt>
        <dd className={s.sessionValue} data-testid="session-net">
          {summary === undefined ? '–' : money.signed(summary.delta)}
        </dd>
      </dl>
    </section>
  );
}

/** The ticking part of the bar: its own state, its own timer, on the session's whole seconds. */
function SessionClock({ startedAt }: { startedAt: string }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    let timer = 0;
    const schedule = (at: number) => {
      timer = window.setTimeout(
        () => {
          const current = Date.now();
          setNow(current);
          schedule(current);
        },
        msToNextTick(sessionElapsedMs(startedAt, at)),
      );
    };
    schedule(Date.now());
    return () => window.clearTimeout(timer);
  }, [startedAt]);
  const elapsed = sessionElapsedMs(startedAt, now);
  return (
    <time dateTime={sessionClockDuration(elapsed)} data-testid="session-clock">
      {formatSessionClock(elapsed)}
    </time>
  );
}

// ----------------------------------------------------------------------- the DE panic button

/**
 * GlüStV 2021 §6a (5) (issue 13 "Germany (JJ)"): one press, no confirmation, blocks the player for
 * PANIC_BREAK_DAYS (24 hours): the session's exclusion flow with `{ panic: true }` asks for the
 * cooling-off, and its end logs the player out. Its code is fetched as soon as the button shows, so
 * the press starts it at once; a failed request says so (the flow's toast) and the button works again.
 */
function PanicButton({ session, loadExclusionFlow }: { session: SessionRef; loadExclusionFlow: () => Promise<void> }) {
  const [pressed, setPressed] = useState(false);
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.exclusion);
  const failed = useSelector(flow ?? undefined, (snapshot) => snapshot?.hasTag('error') === true);
  const hours = PANIC_BREAK_DAYS * 24;

  useEffect(() => {
    loadExclusionFlow().catch(() => undefined);
  }, [loadExclusionFlow]);

  const press = () => {
    setPressed(true);
    loadExclusionFlow().then(
      () => session.send({ type: 'flow.start', flow: 'exclusion', input: { panic: true } }),
      () => setPressed(false),
    );
  };

  const busy = pressed && !failed;
  return (
    <div className={s.panicBar} data-testid="panic-bar">
      <button type="button" className={s.panicButton} onClick={press} disabled={busy} aria-busy={busy} aria-describedby="rg-panic-hint">
        <Trans id="compliance.panic.button">Panic button: block my account for {hours} hours</Trans>
      </button>
      <p id="rg-panic-hint" className={s.panicHint}>
        <Trans id="compliance.panic.hint">One press, no confirmation: you are logged out at once and cannot play for {hours} hours.</Trans>
      </p>
    </div>
  );
}

// -------------------------------------------------------------------- the 80 % limit warning

export interface LimitWarningsProps {
  session: SessionRef;
  langMarket: LangMarket;
  login: RgLogin;
}

/**
 * Issue 13 "A warning appears when a player reaches 80 % of any limit", in every market: a notice
 * (not a dialog) at the top of the page's content naming each limit, its period and how much of it
 * is used, with the way to the gambling-limits page. Dismissed, it stays away until a limit not
 * dismissed yet reaches 80 % (./limitWarnings.ts). The summary is asked again whenever the wallet's
 * balance moves (a deposit, a bet, a win), which is when a limit's use changes.
 */
export function LimitWarnings({ session, langMarket, login }: LimitWarningsProps) {
  const { t } = useLingui();
  const summary = useQuery(activitySummaryQuery(login)).data;
  const wallet = useSelector(session, walletRefOf);
  const [dismissed, setDismissed] = useState<ReadonlySet<string>>(() => new Set());
  const money = useMoney(langMarket, summary?.currency ?? 'EUR');
  const shown = summary === undefined ? [] : shownWarnings(summary.limitWarnings, dismissed);
  const langmarket = formatLangMarket(langMarket);

  const dismiss = () => setDismissed((previous) => new Set([...previous, ...shown.map(warningKey)]));

  return (
    <>
      {wallet === undefined ? null : <RefreshOnBalanceChange wallet={wallet} login={login} />}
      {/* Always present, so that a warning appearing later is announced (politely). */}
      <div className={s.warnings} role="status">
        {shown.length > 0 ? (
          <div className={s.warning} data-testid="limit-warning">
            <div className={s.warningBody}>
              {shown.map((warning) => (
                <p key={warningKey(warning)} className={s.warningText}>
                  <WarningText warning={warning} money={money} locale={intlLocaleFor(langMarket)} />
                </p>
              ))}
              <Link to="/$langmarket/my-account/gambling-limits" params={{ langmarket }} className={s.warningLink}>
                <Trans id="compliance.warning.link">Review your gambling limits</Trans>
              </Link>
            </div>
            <Button
              variant="ghost"
              size="icon"
              className={s.dismiss}
              aria-label={t({ id: 'compliance.warning.dismiss', message: 'Dismiss the limit warning' })}
              onClick={dismiss}
            >
              <CloseIcon />
            </Button>
          </div>
        ) : null}
      </div>
    </>
  );
}

/** The warning's sentence for each limit and period ({used}, {percent} and {value} filled in). */
const WARNING_TEXTS: Readonly<Record<LimitKind, Readonly<Record<LimitDuration, MessageDescriptor>>>> = {
  deposit: {
    D: msg({ id: 'compliance.warning.deposit.daily', message: 'You have used {used} ({percent}) of your daily deposit limit of {value}.' }),
    W: msg({ id: 'compliance.warning.deposit.weekly', message: 'You have used {used} ({percent}) of your weekly deposit limit of {value}.' }),
    M: msg({ id: 'compliance.warning.deposit.monthly', message: 'You have used {used} ({percent}) of your monthly deposit limit of {value}.' }),
  },
  spend: {
    D: msg({ id: 'compliance.warning.spend.daily', message: 'You have used {used} ({percent}) of your daily spend limit of {value}.' }),
    W: msg({ id: 'compliance.warning.spend.weekly', message: 'You have used {used} ({percent}) of your weekly spend limit of {value}.' }),
    M: msg({ id: 'compliance.warning.spend.monthly', message: 'You have used {used} ({percent}) of your monthly spend limit of {value}.' }),
  },
};

function WarningText({ warning, money, locale }: { warning: LimitWarning; money: MoneyFormat; locale: string }) {
  const { i18n } = useLingui();
  const used = money.wire(warning.used);
  const value = money.wire(warning.value);
  // Shown cut, never rounded up: 79.6 % used is not "80 %".
  const percent = new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(Math.floor(usedShare(warning) * 100) / 100);
  const text: MessageDescriptor = { ...WARNING_TEXTS[warning.kind][warning.duration], values: { used, percent, value } };
  return i18n._(text);
}

/** Asks for the summary again when the balance moves (not when it first arrives: the summary was just asked). */
function RefreshOnBalanceChange({ wallet, login }: { wallet: WalletRef; login: RgLogin }) {
  const total = useSelector(wallet, walletTotalCents);
  const queryClient = useQueryClient();
  const last = useRef(total);
  useEffect(() => {
    const previous = last.current;
    last.current = total;
    if (previous === null || total === null || previous === total) return;
    void queryClient.invalidateQueries({ queryKey: rgKeys.activitySummary(login) });
  }, [total, queryClient, login]);
  return null;
}
