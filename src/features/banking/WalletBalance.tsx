import { Trans, useLingui } from '@lingui/react/macro';
import { Link, useLocation } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { formatLangMarket, intlLocaleFor, type LangMarket } from '../../../machines/lib/markets';
import { bonusCentsOf, bonusVerticalOfPath } from '../../../machines/lib/wallet';
import { walletCurrency, walletIsStale, walletStatus, walletTotalCents, type walletMachine } from '../../../machines/wallet.machine';
import { Button } from '../../ui/Button';
import { button } from '../../ui/button.css';
import { visuallyHidden } from '../../ui/global.css';
import * as s from './header.css';
import { moneyFormat } from '../../ui/money';
import { depositFrom } from './search';

// The header's balance for a logged-in player: its own chunk, loaded only once the session has a
// wallet (HeaderBalance.tsx), so that a visitor's first page carries none of it (issue 22's budget).

/** An amount longer than "€1,234.50" has no room on a 320 px phone beside the header's other controls. */
const SHORT_AMOUNT_MAX_LENGTH = 9;
type WalletRef = ActorRefFrom<typeof walletMachine>;

function PlusIcon() {
  return (
    <svg className={s.icon} width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" aria-hidden="true" focusable="false">
      <path d="M12 5v14M5 12h14" />
    </svg>
  );
}

/** Marks the bonus amount on a phone, where its word is left to the accessible name. */
function GiftIcon() {
  return (
    <svg className={s.bonusIcon} width={12} height={12} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M4 11h16v10H4zM2 7h20v4H2zM12 7v14M12 7C10 3 6 3 6 5.5S10 7 12 7c2 0 6-.5 6-1.5S14 3 12 7" />
    </svg>
  );
}

function ReconnectIcon() {
  return (
    <svg className={s.icon} width={18} height={18} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M21 12a9 9 0 1 1-3-6.7" />
      <path d="M21 4v5h-5" />
    </svg>
  );
}

/** The balance of a wallet actor, its stale mark and reconnect action, and the deposit button. */
export function WalletBalance({ wallet, canDeposit, langMarket }: { wallet: WalletRef; canDeposit: boolean; langMarket: LangMarket }) {
  const { t } = useLingui();
  const total = useSelector(wallet, walletTotalCents);
  const balances = useSelector(wallet, (snapshot) => snapshot.context.balances);
  const currency = useSelector(wallet, walletCurrency);
  const status = useSelector(wallet, walletStatus);
  const stale = useSelector(wallet, walletIsStale);
  const location = useLocation();
  const langmarket = formatLangMarket(langMarket);
  const locale = intlLocaleFor(langMarket);
  const money = useMemo(() => (currency === null ? null : moneyFormat(locale, currency)), [locale, currency]);
  const amount = total === null || money === null ? null : money.cents(total);
  const compact = total === null || money === null || amount === null || amount.length <= SHORT_AMOUNT_MAX_LENGTH ? null : money.compact(total);
  const from = depositFrom(location.pathname, location.searchStr);
  // Issue 24: the bonus money beside the total (which includes it): the page's vertical's on a
  // casino or live casino page, the three verticals' summed elsewhere; the banking page lists each.
  const vertical = bonusVerticalOfPath(location.pathname.replace(/^\/[^/]+/, ''));
  const bonus = balances === null ? 0 : bonusCentsOf(balances, vertical);
  const bonusAmount = bonus > 0 && money !== null ? money.cents(bonus) : null;

  return (
    <div className={s.group}>
      <Link to="/$langmarket/my-account/banking" params={{ langmarket }} className={s.balanceLink} data-stale={stale}>
        <span className={s.caption}>
          <Trans id="banking.header.balance">Balance</Trans>
        </span>{' '}
        {amount !== null && compact !== null ? (
          <>
            {/* A long amount is exact from 360 px up and short below (the exact one stays its accessible name). */}
            <span className={`${s.amount} ${s.amountExact}`} data-testid="header-balance">
              {amount}
            </span>
            <span className={`${s.amount} ${s.amountShort}`} aria-hidden="true">
              {compact}
            </span>
          </>
        ) : (
          <span className={s.amount} data-testid="header-balance">
            {amount ?? '–'}
          </span>
        )}
        {bonusAmount !== null ? (
          <>
            {' '}
            <span className={s.bonusLine} data-testid="header-bonus">
              <GiftIcon />
              <span className={s.labelFromTablet}>
                {vertical === 'CASINO' ? (
                  <Trans id="banking.balance.casinoBonus">Casino bonus</Trans>
                ) : vertical === 'LIVE_CASINO' ? (
                  <Trans id="banking.balance.liveCasinoBonus">Live casino bonus</Trans>
                ) : (
                  <Trans id="banking.header.bonus">Bonus</Trans>
                )}
              </span>{' '}
              {bonusAmount}
            </span>
          </>
        ) : null}
        {amount === null && status === 'pending' ? (
          <>
            {' '}
            <span className={visuallyHidden}>
              <Trans id="shell.loading">Loading</Trans>
            </span>
          </>
        ) : null}
        {stale ? (
          <>
            {' '}
            <span className={visuallyHidden}>
              <Trans id="banking.header.stale">May be out of date</Trans>
            </span>
          </>
        ) : null}
      </Link>
      {stale ? (
        <Button
          variant="ghost"
          size="sm"
          className={`${s.iconButton} ${s.staleButton}`}
          title={t({ id: 'banking.header.reconnect', message: 'Your balance may be out of date: reconnect' })}
          aria-label={t({ id: 'banking.header.reconnect', message: 'Your balance may be out of date: reconnect' })}
          onClick={() => wallet.send({ type: 'wallet.reconnect' })}
        >
          <ReconnectIcon />
          <span className={s.labelFromTablet} aria-hidden="true">
            <Trans id="banking.header.stale">May be out of date</Trans>
          </span>
        </Button>
      ) : null}
      {canDeposit ? (
        <Link
          to="/$langmarket/deposit"
          params={{ langmarket }}
          search={(previous) => ({ from: from ?? (previous as { from?: string }).from })}
          className={`${button({ size: 'sm' })} ${s.iconButton}`}
        >
          <PlusIcon />
          <span className={s.labelFromTablet}>
            <Trans id="banking.deposit">Deposit</Trans>
          </span>
        </Link>
      ) : null}
    </div>
  );
}
