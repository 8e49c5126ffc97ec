import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { formatLangMarket, type LangMarket } from '../../../machines/lib/markets';
import * as s from './banking.css';
import { TabbedPageFrame } from '../../ui/PageFrame';

/**
 * /my-account/banking and its sub-paths (product.md §2: "tabs: banking, transactions, deposit,
 * withdraw"): the page's heading and the tabs, links that say which page is shown (aria-current).
 * The deposit tab is left out for a player who may not deposit (the route would send them back).
 */
export function BankingLayout({ langMarket, canDeposit, children }: { langMarket: LangMarket; canDeposit: boolean; children: ReactNode }) {
  const { t } = useLingui();
  const langmarket = formatLangMarket(langMarket);
  return (
    <TabbedPageFrame
      className={s.page}
      title={<Trans id="banking.title">Banking</Trans>}
      tabsLabel={t({ id: 'banking.tabs.label', message: 'Banking sections' })}
      tabs={
        <>
          <li>
            <Link to="/$langmarket/my-account/banking" params={{ langmarket }} activeOptions={{ exact: true, includeSearch: false }} className={s.tab}>
              <Trans id="banking.title">Banking</Trans>
            </Link>
          </li>
          <li>
            <Link to="/$langmarket/my-account/banking/transactions" params={{ langmarket }} activeOptions={{ includeSearch: false }} className={s.tab}>
              <Trans id="banking.transactions">Transactions</Trans>
            </Link>
          </li>
          {canDeposit ? (
            <li>
              <Link to="/$langmarket/my-account/banking/deposit" params={{ langmarket }} activeOptions={{ includeSearch: false }} className={s.tab}>
                <Trans id="banking.deposit">Deposit</Trans>
              </Link>
            </li>
          ) : null}
          <li>
            <Link to="/$langmarket/my-account/banking/withdraw" params={{ langmarket }} activeOptions={{ includeSearch: false }} className={s.tab}>
              <Trans id="banking.withdraw">Withdraw</Trans>
            </Link>
          </li>
        </>
      }
    >
      {children}
    </TabbedPageFrame>
  );
}
