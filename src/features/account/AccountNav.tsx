import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { regularRewards } from '../../../machines/lib/bonuses';
import { activeRewardsQuery, manualClaimAvailabilityQuery } from '../../api/bonusQueries';
import * as s from './accountNav.css';
import type { SessionRef } from './sessionRef';

/**
 * The account area's pages (product.md §2 "Account area"): the account, its verification tab, banking, the rewards
 * and the gambling limits, links that say which page is shown (aria-current, also on a page's
 * sub-pages). The rewards and the gambling limits are left out for a player whose route would send
 * them back (risk-payout flagged or multibrand-suspended, product.md §2 "Route guards"); the bonus
 * code page also needs the manual-claim permission.
 */
export function AccountNav({ langmarket, showLimits, session }: { langmarket: string; showLimits: boolean; session: SessionRef }) {
  const { t } = useLingui();
  return (
    <nav className={s.nav} aria-label={t({ id: 'account.nav.label', message: 'Your account' })}>
      <ul className={s.list}>
        <li>
          {/* Exact: the verification tab below it is a tab of its own. */}
          <Link to="/$langmarket/my-account/account" params={{ langmarket }} activeOptions={{ exact: true }} className={s.link}>
            <Trans id="account.myAccount">My account</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$langmarket/my-account/account/verification" params={{ langmarket }} className={s.link}>
            <Trans id="account.nav.verification">Identity verification</Trans>
          </Link>
        </li>
        <li>
          <Link to="/$langmarket/my-account/banking" params={{ langmarket }} activeOptions={{ includeSearch: false }} className={s.link}>
            <Trans id="banking.title">Banking</Trans>
          </Link>
        </li>
        {showLimits ? (
          <li>
            <Link to="/$langmarket/my-account/rewards" params={{ langmarket }} className={s.link}>
              <Trans id="rewards.title">Rewards</Trans>
              <ActiveRewardsBadge session={session} />
            </Link>
          </li>
        ) : null}
        {showLimits ? <BonusCodeLink langmarket={langmarket} session={session} /> : null}
        {showLimits ? (
          <li>
            <Link to="/$langmarket/my-account/gambling-limits" params={{ langmarket }} className={s.link}>
              <Trans id="limits.title">Gambling limits</Trans>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}

/**
 * The rewards link's badge: how many bonuses the player has active (product.md §2, the active tab's
 * count), from the player's ACTIVE list (src/api/bonusQueries.ts; the rewards flow keeps it fresh).
 * Nothing while it loads or when it failed, and nothing at 0.
 */
function ActiveRewardsBadge({ session }: { session: SessionRef }) {
  const { t } = useLingui();
  const playerId = useSelector(session, (snapshot) => (snapshot.context.authorized ? (snapshot.context.claims?.playerId ?? null) : null));
  const active = useQuery(activeRewardsQuery(playerId));
  const count = active.data === undefined ? 0 : regularRewards(active.data.rewards).length;
  if (count === 0) return null;
  return (
    <span className={s.badge} data-testid="rewards-badge">
      <span aria-hidden="true">{count}</span>
      <span className={s.srOnly}>{t({ id: 'rewards.nav.activeCount', message: `(active bonuses: ${count})` })}</span>
    </span>
  );
}

/** The bonus-code page's link, for a player with the manual-claim permission only (behaviour.md §6); nothing while it is asked. */
function BonusCodeLink({ langmarket, session }: { langmarket: string; session: SessionRef }) {
  const playerId = useSelector(session, (snapshot) => (snapshot.context.authorized ? (snapshot.context.claims?.playerId ?? null) : null));
  const availability = useQuery(manualClaimAvailabilityQuery(playerId));
  if (availability.data?.isAvailable !== true) return null;
  return (
    <li>
      <Link to="/$langmarket/my-account/bonus-code" params={{ langmarket }} className={s.link}>
        <Trans id="bonusCode.title">Bonus code</Trans>
      </Link>
    </li>
  );
}
