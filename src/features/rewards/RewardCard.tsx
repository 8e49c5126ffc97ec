import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { differenceInCalendarDays, differenceInHours, differenceInMinutes } from 'date-fns';
import { useEffect, useState, type ReactNode } from 'react';
import { isFreeSpinCampaign, progressStep } from '../../../machines/lib/bonuses';
import { intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import type { Reward } from '../../api/bonuses';
import { Button } from '../../ui/Button';
import { dateOf, displayDate } from '../../ui/dates';
import { Facts, type Fact } from '../../ui/Facts';
import { useMoney, wireCents, type MoneyFormat } from '../../ui/money';
import { namesOf, useGameLabels } from './gameNames';
import * as s from './rewards.css';
import { VERTICAL_NAMES } from './texts';

const MINUTE_MS = 60_000;

/** What a card's buttons send to the rewards flow (machines/rewards.machine.ts RewardsEvent). */
export type RewardCommand =
  | { type: 'reward.claim'; campaignId: string }
  | { type: 'reward.claimFreeSpins'; campaignId: string }
  | { type: 'reward.consent'; campaignId: string }
  | { type: 'reward.forfeit'; assignmentId: string }
  | { type: 'cashback.activate'; campaignId: string }
  | { type: 'cashback.deactivate'; campaignId: string }
  | { type: 'optIn.activate'; campaignId: string }
  | { type: 'optIn.deactivate'; campaignId: string };

/** Time left as the locale says it ("in 3 days", "in 5 hours"): date-fns for the difference, Intl for the words. */
export function timeLeftText(until: Date, now: Date, locale: string): string | null {
  const minutes = differenceInMinutes(until, now);
  if (minutes <= 0) return null;
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  const hours = differenceInHours(until, now);
  if (hours >= 24) return format.format(differenceInCalendarDays(until, now), 'day');
  if (hours >= 1) return format.format(hours, 'hour');
  return format.format(minutes, 'minute');
}

/** The expiry countdown: its own clock (a minute's tick), so only this line renders again. */
function ExpiryCountdown({ until, locale }: { until: Date; locale: string }) {
  const { t } = useLingui();
  // UI-only state: the clock the countdown shows.
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), MINUTE_MS);
    return () => window.clearInterval(timer);
  }, []);
  const left = timeLeftText(until, now, locale);
  const date = displayDate(until);
  return (
    <p className={s.text} data-testid="reward-expiry">
      {left === null ? t({ id: 'rewards.expired', message: `Expired on ${date}` }) : t({ id: 'rewards.expiresIn', message: `Expires ${left} (${date})` })}
    </p>
  );
}

/**
 * The wagering progress (product.md §3 wageringProgress, wageringAmount; behaviour.md §5 bonus
 * steps): a progress bar on the reward's steps, with its value for assistive technology and in text.
 */
function WageringProgress({ reward, money, locale }: { reward: Reward; money: MoneyFormat; locale: string }) {
  const { t } = useLingui();
  const percent = reward.wageringProgress ?? 0;
  const steps = reward.progressSteps;
  const filled = (progressStep(percent, steps) / (steps - 1)) * 100;
  const shown = new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(percent);
  const required = reward.wageringAmount === null ? null : money.wire(reward.wageringAmount);
  const label = required === null ? t({ id: 'rewards.progress.percent', message: `${shown} % wagered` }) : t({ id: 'rewards.progress.text', message: `${shown} % of ${required} wagered` });
  return (
    <div className={s.progress}>
      <div
        className={s.progressTrack}
        role="progressbar"
        aria-label={t({ id: 'rewards.progress.label', message: 'Wagering progress' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={label}
      >
        <div className={s.progressFill} style={{ width: `${filled}%` }} />
      </div>
      <p className={s.text} data-testid="reward-progress">
        {label}
      </p>
    </div>
  );
}

/** The reward's amount: the credited one (active), else the offer's fixed amount or its percentage and cap. */
function AmountText({ reward, money }: { reward: Reward; money: MoneyFormat }): ReactNode {
  const { t } = useLingui();
  if (reward.amount !== null) return money.wire(reward.amount);
  if (reward.bonusAmount !== null) return money.wire(reward.bonusAmount);
  if (reward.bonusPercentage !== null) {
    const percentage = reward.bonusPercentage;
    if (reward.maxBonusAmount === null) return t({ id: 'rewards.amount.percent', message: `${percentage} % of your deposit` });
    const max = money.wire(reward.maxBonusAmount);
    return t({ id: 'rewards.amount.percentUpTo', message: `${percentage} % up to ${max}` });
  }
  if (reward.cashbackInfo !== null) {
    const percentage = reward.cashbackInfo.percentage;
    return t({ id: 'rewards.amount.cashback', message: `${percentage} % cashback` });
  }
  return null;
}

/**
 * Free spins' winnings are wagered only when the campaign asks for it (wageringAmount > 0): until
 * then the card shows the rounds, not a bar of "100 % of 0.00".
 */
function wageringToShow(reward: Reward): boolean {
  if (!isFreeSpinCampaign(reward)) return true;
  return reward.wageringAmount !== null && (wireCents(reward.wageringAmount) ?? 0) > 0;
}

/** An active free-spin reward's rounds played, per game when the games' names are known, else in all. */
function FreeSpinRounds({ games, labels }: { games: NonNullable<Reward['freeSpinDetail']>['games']; labels: ReadonlyMap<string, string> | undefined }) {
  const { t } = useLingui();
  const names = namesOf(
    games.map((game) => game.gameId),
    labels,
  );
  if (names === null) {
    const played = games.reduce((sum, game) => sum + game.roundsPlayed, 0);
    const rounds = games.reduce((sum, game) => sum + game.rounds, 0);
    return (
      <p className={s.text} data-testid="reward-rounds">
        {t({ id: 'rewards.spins.played', message: `${played} of ${rounds} free spins played` })}
      </p>
    );
  }
  return (
    <ul className={s.rounds} data-testid="reward-rounds">
      {games.map((game, at) => {
        const name = names[at];
        const played = game.roundsPlayed;
        const rounds = game.rounds;
        return <li key={game.gameId}>{t({ id: 'rewards.spins.playedOn', message: `${name}: ${played} of ${rounds} free spins played` })}</li>;
      })}
    </ul>
  );
}

/** A free-spin reward's rounds not played yet, over its games. */
export function spinsLeft(reward: Pick<Reward, 'freeSpinDetail'>): number {
  return (reward.freeSpinDetail?.games ?? []).reduce((sum, game) => sum + Math.max(0, game.rounds - game.roundsPlayed), 0);
}

/** Free spins are rounds, not money: their card shows the spins left, not an amount of 0. */
function showsAmount(reward: Reward): boolean {
  if (!isFreeSpinCampaign(reward)) return true;
  const amount = reward.amount ?? reward.bonusAmount;
  return amount !== null && (wireCents(amount) ?? 0) > 0;
}

export interface RewardCardProps {
  reward: Reward;
  langMarket: LangMarket;
  /** An action of the flow runs (every button waits). */
  busy: boolean;
  send: (command: RewardCommand) => void;
}

/**
 * One reward (product.md §3 "Bonuses and rewards"): its display info (title, description, key terms),
 * vertical, amount in the account's currency and the route's locale, the wagering progress and the
 * bonus left (active), the expiry countdown, the game limitations, and the buttons its kind offers.
 */
export function RewardCard({ reward, langMarket, busy, send }: RewardCardProps) {
  const { i18n, t } = useLingui();
  const money = useMoney(langMarket, reward.currency);
  const locale = intlLocaleFor(langMarket);
  const active = reward.state === 'ACTIVATED';
  const expiresAt = dateOf(active ? reward.expiresAt : reward.campaignEndsAt);
  const info = reward.campaignDisplayInfo;
  const spins = reward.freeSpinDetail?.games ?? [];
  const labels = useGameLabels(langMarket, reward.vertical, reward.gameLimitations.length > 0 || spins.length > 0);
  const facts: Fact[] = [];
  if (active && reward.balance !== null && wageringToShow(reward)) facts.push({ term: <Trans id="rewards.balance">Bonus left</Trans>, value: money.wire(reward.balance), testId: 'reward-balance' });
  if (reward.wrMultiplier > 0) {
    const times = reward.wrMultiplier;
    facts.push({ term: <Trans id="rewards.wagering">Wagering</Trans>, value: t({ id: 'rewards.wagering.times', message: `${times} × the bonus` }) });
  }
  const limitedTo = namesOf(reward.gameLimitations, labels);
  const limitCount = reward.gameLimitations.length;
  facts.push({
    term: <Trans id="rewards.games">Games</Trans>,
    value:
      limitCount === 0 ? (
        <Trans id="rewards.games.all">All games of this kind</Trans>
      ) : limitedTo === null ? (
        t({ id: 'rewards.games.count', message: plural(limitCount, { one: '# game', other: '# games' }) })
      ) : (
        limitedTo.join(', ')
      ),
    testId: 'reward-games',
  });
  if (spins.length > 0) {
    facts.push({ term: <Trans id="rewards.spinsLeft">Spins left</Trans>, value: String(spinsLeft(reward)), testId: 'reward-spins-left' });
  }
  const campaignId = reward.campaignId;
  const buttons: ReactNode[] = [];
  if (reward.cashbackInfo !== null) {
    buttons.push(
      reward.cashbackActivated ? (
        <Button key="cashback" variant="secondary" disabled={busy} onClick={() => send({ type: 'cashback.deactivate', campaignId })}>
          <Trans id="rewards.cashback.deactivate">Turn off cashback</Trans>
        </Button>
      ) : (
        <Button key="cashback" disabled={busy} onClick={() => send({ type: 'cashback.activate', campaignId })}>
          <Trans id="rewards.cashback.activate">Turn on cashback</Trans>
        </Button>
      ),
    );
  }
  if (reward.campaignCategory === 'OPT_IN') {
    buttons.push(
      reward.optedIn ? (
        <Button key="optIn" variant="secondary" disabled={busy} onClick={() => send({ type: 'optIn.deactivate', campaignId })}>
          <Trans id="rewards.optIn.deactivate">Opt out</Trans>
        </Button>
      ) : (
        <Button key="optIn" disabled={busy} onClick={() => send({ type: 'optIn.activate', campaignId })}>
          <Trans id="rewards.optIn.activate">Opt in</Trans>
        </Button>
      ),
    );
  }
  if (!active && reward.claimable) {
    if (isFreeSpinCampaign(reward)) {
      buttons.push(
        <Button key="claim" disabled={busy} onClick={() => send({ type: 'reward.claimFreeSpins', campaignId })}>
          <Trans id="rewards.claimFreeSpins">Claim free spins</Trans>
        </Button>,
      );
    } else if (reward.requiresAgreement && !reward.agreed) {
      buttons.push(
        <Button key="claim" disabled={busy} onClick={() => send({ type: 'reward.consent', campaignId })}>
          <Trans id="rewards.consent">Accept the terms and claim</Trans>
        </Button>,
      );
    } else {
      buttons.push(
        <Button key="claim" disabled={busy} onClick={() => send({ type: 'reward.claim', campaignId })}>
          <Trans id="bonusCode.claim">Claim bonus</Trans>
        </Button>,
      );
    }
  }
  if (active && reward.assignmentId !== null) {
    const assignmentId = reward.assignmentId;
    buttons.push(
      <Button key="forfeit" variant="secondary" disabled={busy} onClick={() => send({ type: 'reward.forfeit', assignmentId })}>
        <Trans id="rewards.forfeit">Forfeit bonus</Trans>
      </Button>,
    );
  }
  return (
    <li className={s.rewardCard} data-testid="reward" data-campaign={campaignId}>
      <div className={s.rewardHeader}>
        <span className={s.vertical}>{i18n._(VERTICAL_NAMES[reward.vertical])}</span>
        <h2 className={s.rewardTitle}>{info.title}</h2>
      </div>
      {showsAmount(reward) ? (
        <p className={s.amount} data-testid="reward-amount">
          <AmountText reward={reward} money={money} />
        </p>
      ) : null}
      {info.description === '' ? null : <p className={s.text}>{info.description}</p>}
      {active && wageringToShow(reward) ? <WageringProgress reward={reward} money={money} locale={locale} /> : null}
      {active && !wageringToShow(reward) && spins.length > 0 ? <FreeSpinRounds games={spins} labels={labels} /> : null}
      {expiresAt === null ? null : <ExpiryCountdown until={expiresAt} locale={locale} />}
      <Facts items={facts} layout="inline" />
      {info.terms === '' ? null : <p className={s.terms}>{info.terms}</p>}
      {buttons.length === 0 ? null : <div className={s.actions}>{buttons}</div>}
    </li>
  );
}
