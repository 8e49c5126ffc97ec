import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import * as s from './accountNav.css';

/**
 * The account area's pages (product.md §2 "Account area"): the account, its verification tab, banking and the gambling
 * limits, links that say which page is shown (aria-current, also on a page's sub-pages). The
 * gambling limits are left out for a player whose route would send them back (risk-payout flagged
 * or multibrand-suspended, product.md §2 "Route guards").
 */
export function AccountNav({ langmarket, showLimits }: { langmarket: string; showLimits: boolean }) {
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
            <Link to="/$langmarket/my-account/gambling-limits" params={{ langmarket }} className={s.link}>
              <Trans id="limits.title">Gambling limits</Trans>
            </Link>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
