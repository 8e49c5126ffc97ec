import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { isFreeSpinCampaign } from '../../../machines/lib/bonuses';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import { rewardOf, type rewardsMachine } from '../../../machines/rewards.machine';
import type { sessionMachine } from '../../../machines/session.machine';
import { Button } from '../../ui/Button';
import { FormError } from '../../ui/Field';
import { LoadFailed } from '../../ui/LoadFailed';
import { Loader } from '../../ui/Loader';
import { Modal } from '../../ui/Modal';
import { useMoney, wireCents } from '../../ui/money';
import { TabbedPageFrame } from '../../ui/PageFrame';
import { RewardCard, spinsLeft } from './RewardCard';
import * as s from './rewards.css';
import { rewardsErrorMessage } from './texts';

type SessionRef = ActorRefFrom<typeof sessionMachine>;
export type RewardsActor = ActorRefFrom<typeof rewardsMachine>;

/**
 * /my-account/rewards and /my-account/rewards/active (product.md §2 "bonus tabs: rewards, active"):
 * the page's heading and the two tabs (the active one with its count), links that say which tab is
 * shown (aria-current). The route runs the session's rewards flow while either tab is open.
 */
export function RewardsLayout({ session, langMarket, children }: { session: SessionRef; langMarket: LangMarket; children: ReactNode }) {
  const { t } = useLingui();
  const langmarket = formatLangMarket(langMarket);
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.rewards);
  return (
    <TabbedPageFrame
      className={s.page}
      title={<Trans id="rewards.title">Rewards</Trans>}
      tabsLabel={t({ id: 'rewards.tabs.label', message: 'Reward lists' })}
      tabs={
        <>
          <li>
            <Link to="/$langmarket/my-account/rewards" params={{ langmarket }} activeOptions={{ exact: true }} className={s.tab}>
              <Trans id="rewards.tabs.offers">Available</Trans>
            </Link>
          </li>
          <li>
            <Link to="/$langmarket/my-account/rewards/active" params={{ langmarket }} className={s.tab}>
              <Trans id="rewards.tabs.active">Active</Trans>
              {flow === null ? null : <ActiveCount flow={flow} />}
            </Link>
          </li>
        </>
      }
    >
      {children}
    </TabbedPageFrame>
  );
}

function ActiveCount({ flow }: { flow: RewardsActor }) {
  const count = useSelector(flow, (snapshot) => snapshot.context.active?.length ?? null);
  return count === null ? null : (
    <span className={s.count} data-testid="rewards-active-count">
      {count}
    </span>
  );
}

/** One tab's list: the offers (ELIGIBLE) or the player's bonuses (ACTIVE) with the queued ones. */
export function RewardsList({ session, langMarket, list }: { session: SessionRef; langMarket: LangMarket; list: 'eligible' | 'active' }) {
  const flow = useSelector(session, (snapshot) => snapshot.context.flows.rewards);
  return flow === null ? <Loader layout="inline" /> : <Rewards key={flow.sessionId} flow={flow} langMarket={langMarket} list={list} />;
}

function Rewards({ flow, langMarket, list }: { flow: RewardsActor; langMarket: LangMarket; list: 'eligible' | 'active' }) {
  const rewards = useSelector(flow, (snapshot) => snapshot.context[list]);
  const failed = useSelector(flow, (snapshot) => snapshot.hasTag('loadFailed'));
  const busy = useSelector(flow, (snapshot) => !snapshot.hasTag('ready'));
  if (rewards === null) {
    return failed ? <LoadFailedNotice flow={flow} /> : <Loader layout="inline" />;
  }
  return (
    <>
      {failed ? <LoadFailedNotice flow={flow} /> : null}
      <Announcements flow={flow} langMarket={langMarket} />
      {rewards.length === 0 ? (
        <p className={s.text}>
          {list === 'eligible' ? (
            <Trans id="rewards.empty.offers">There are no offers for you right now.</Trans>
          ) : (
            <Trans id="rewards.empty.active">You have no active bonus.</Trans>
          )}
        </p>
      ) : (
        <ul className={s.list} aria-busy={busy}>
          {rewards.map((reward) => (
            <RewardCard key={reward.assignmentId ?? reward.campaignId} reward={reward} langMarket={langMarket} busy={busy} send={(command) => flow.send(command)} />
          ))}
        </ul>
      )}
      {list === 'active' ? <QueuedBonuses flow={flow} langMarket={langMarket} busy={busy} /> : null}
      <ForfeitDialog flow={flow} langMarket={langMarket} />
    </>
  );
}

function LoadFailedNotice({ flow }: { flow: RewardsActor }) {
  const { i18n } = useLingui();
  const error = useSelector(flow, (snapshot) => snapshot.context.error);
  return (
    <LoadFailed onRetry={() => flow.send({ type: 'rewards.retry' })}>
      {error === null ? <Trans id="rewards.loadFailed">We could not load your rewards.</Trans> : i18n._(rewardsErrorMessage(error))}
    </LoadFailed>
  );
}

/** The last action's confirmation (a status) or refusal (an alert), and what a forfeit removed. */
function Announcements({ flow, langMarket }: { flow: RewardsActor; langMarket: LangMarket }) {
  const { i18n, t } = useLingui();
  const outcome = useSelector(flow, (snapshot) => snapshot.context.outcome);
  const error = useSelector(flow, (snapshot) => (snapshot.hasTag('loadFailed') ? null : snapshot.context.error));
  const forfeited = useSelector(flow, (snapshot) => snapshot.context.forfeited);
  const titleOf = useSelector(flow, (snapshot) => (campaignId: string) => rewardOf(snapshot.context, campaignId)?.campaignDisplayInfo.title ?? '');
  const money = useMoney(langMarket, forfeited?.currency ?? 'EUR');
  let confirmation: string | null = null;
  if (outcome !== null) {
    const title = titleOf(outcome.campaignId);
    switch (outcome.kind) {
      case 'claimed':
        confirmation = t({ id: 'rewards.done.claimed', message: `${title} is now active.` });
        break;
      case 'queued':
        confirmation = t({ id: 'rewards.done.queued', message: `${title} is queued: it becomes active when your current bonus ends.` });
        break;
      case 'cashbackActivated':
        confirmation = t({ id: 'rewards.done.cashbackOn', message: 'Cashback is on.' });
        break;
      case 'cashbackDeactivated':
        confirmation = t({ id: 'rewards.done.cashbackOff', message: 'Cashback is off.' });
        break;
      case 'optedIn':
        confirmation = t({ id: 'rewards.done.optedIn', message: `You have opted in to ${title}.` });
        break;
      case 'optedOut':
        confirmation = t({ id: 'rewards.done.optedOut', message: `You have opted out of ${title}.` });
        break;
    }
  }
  const lost = forfeited === null ? null : money.wire(forfeited.removedAmount);
  const forfeitedTitle = forfeited?.title ?? '';
  return (
    <div role="status" className={s.content} data-testid="rewards-status">
      {forfeited === null ? null : <p className={s.status}>{t({ id: 'rewards.done.forfeited', message: `${forfeitedTitle} was forfeited: ${lost} of bonus money was removed.` })}</p>}
      {confirmation === null ? null : <p className={s.status}>{confirmation}</p>}
      {error === null ? null : <FormError>{i18n._(rewardsErrorMessage(error))}</FormError>}
    </div>
  );
}

/** The queued bonuses (product.md §3 queuedPlayerBonus): claim now, or forfeit the active bonus and claim. */
function QueuedBonuses({ flow, langMarket, busy }: { flow: RewardsActor; langMarket: LangMarket; busy: boolean }) {
  const queued = useSelector(flow, (snapshot) => snapshot.context.queued);
  const titleOf = useSelector(flow, (snapshot) => (campaignId: string) => rewardOf(snapshot.context, campaignId)?.campaignDisplayInfo.title ?? campaignId);
  const currency = useSelector(flow, (snapshot) => snapshot.context.active?.[0]?.currency ?? snapshot.context.eligible?.[0]?.currency ?? 'EUR');
  const money = useMoney(langMarket, currency);
  if (queued.length === 0) return null;
  return (
    <section className={s.section} aria-labelledby="rewards-queued">
      <h2 id="rewards-queued" className={s.sectionTitle}>
        <Trans id="rewards.queued.heading">Queued bonuses</Trans>
      </h2>
      <p className={s.text}>
        <Trans id="rewards.queued.intro">A queued bonus becomes active when your current bonus of its kind ends.</Trans>
      </p>
      <ul className={s.list}>
        {queued.map((item) => (
          <li key={item.queuedPlayerBonusId} className={s.rewardCard} data-testid="queued-bonus">
            <h3 className={s.rewardTitle}>{titleOf(item.campaignId)}</h3>
            <p className={s.amount}>{money.wire(item.amount)}</p>
            <div className={s.actions}>
              <Button disabled={busy} onClick={() => flow.send({ type: 'queued.claim', queuedPlayerBonusId: item.queuedPlayerBonusId })}>
                <Trans id="rewards.queued.claim">Claim now</Trans>
              </Button>
              <Button variant="secondary" disabled={busy} onClick={() => flow.send({ type: 'queued.forfeitAndClaim', queuedPlayerBonusId: item.queuedPlayerBonusId })}>
                <Trans id="rewards.queued.forfeitAndClaim">Forfeit the active bonus and claim</Trans>
              </Button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * The forfeit prompt (product.md §2 "forfeit modals"; behaviour.md §4): which active bonus will be
 * forfeited, how much bonus money is lost, and which reward is claimed instead. Closing it cancels.
 */
function ForfeitDialog({ flow, langMarket }: { flow: RewardsActor; langMarket: LangMarket }) {
  const { t } = useLingui();
  const open = useSelector(flow, (snapshot) => snapshot.hasTag('prompt'));
  const conflict = useSelector(flow, (snapshot) => snapshot.context.conflict);
  const action = useSelector(flow, (snapshot) => snapshot.context.action);
  const replacement = useSelector(flow, (snapshot) =>
    snapshot.context.action === null || snapshot.context.action.kind === 'forfeit' ? null : (rewardOf(snapshot.context, snapshot.context.action.campaignId) ?? null),
  );
  const money = useMoney(langMarket, conflict?.currency ?? 'EUR');
  const title = conflict?.campaignDisplayInfo.title ?? '';
  const lostWire = conflict?.balance ?? conflict?.amount ?? '0.00';
  const lost = money.wire(lostWire);
  // Free spins without winnings lose no money: the prompt says that their spins are lost.
  const spins = conflict !== null && isFreeSpinCampaign(conflict) && (wireCents(lostWire) ?? 0) === 0 ? spinsLeft(conflict) : null;
  const forfeitOnly = action?.kind === 'forfeit';
  const replacementTitle = replacement?.campaignDisplayInfo.title ?? '';
  return (
    <Modal
      open={open && conflict !== null}
      onClose={() => flow.send({ type: 'forfeit.cancel' })}
      alert
      title={<Trans id="bonusCode.forfeit.title">Forfeit your active bonus?</Trans>}
      description={
        spins === null
          ? t({ id: 'rewards.forfeit.lose', message: `If you forfeit ${title}, its bonus money is removed: you lose ${lost}.` })
          : t({
              id: 'rewards.forfeit.loseSpins',
              message: plural(spins, { one: `If you forfeit ${title}, its last free spin is lost.`, other: `If you forfeit ${title}, its # free spins left are lost.` }),
            })
      }
    >
      <div className={s.dialogBody}>
        {forfeitOnly || replacement === null ? null : (
          <p className={s.text}>{t({ id: 'rewards.forfeit.instead', message: `Then ${replacementTitle} is claimed instead.` })}</p>
        )}
        <div className={s.actions}>
          <Button onClick={() => flow.send({ type: 'forfeit.confirm' })}>
            {forfeitOnly ? <Trans id="rewards.forfeit">Forfeit bonus</Trans> : <Trans id="bonusCode.forfeit.confirm">Forfeit and claim</Trans>}
          </Button>
          <Button variant="secondary" onClick={() => flow.send({ type: 'forfeit.cancel' })}>
            <Trans id="rewards.forfeit.keep">Keep my bonus</Trans>
          </Button>
        </div>
      </div>
    </Modal>
  );
}
