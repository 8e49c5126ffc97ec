import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { LangMarket } from '../../../machines/lib/markets';
import { walletRefOf } from '../../../machines/session.machine';
import { walletIsStale, type walletMachine } from '../../../machines/wallet.machine';
import { Button } from '../../ui/Button';
import { Loader } from '../../ui/Loader';
import * as s from './banking.css';
import { DEPOSIT_NOT_ALLOWED } from './errorMessages';
import { Notice, NoticeText, type SessionRef } from './parts';
import { useMoney } from '../../ui/money';

type WalletRef = ActorRefFrom<typeof walletMachine>;

/**
 * /my-account/banking (product.md §3 "Wallet"): the balances of the session's wallet child, live
 * like the header's: main, locked (the pending withdrawals), the three bonus balances and the
 * total (behaviour.md §5: their sum).
 */
export function BalancesOverview({ session, langMarket, canDeposit }: { session: SessionRef; langMarket: LangMarket; canDeposit: boolean }) {
  const { i18n } = useLingui();
  const wallet = useSelector(session, walletRefOf);
  return (
    <section className={s.section} aria-labelledby="banking-balances">
      <h2 className={s.sectionTitle} id="banking-balances">
        <Trans id="banking.overview.heading">Your balances</Trans>
      </h2>
      {wallet === undefined ? <Loader layout="inline" /> : <Balances wallet={wallet} langMarket={langMarket} />}
      {canDeposit ? null : (
        <Notice tone="warning">
          <NoticeText>{i18n._(DEPOSIT_NOT_ALLOWED)}</NoticeText>
        </Notice>
      )}
    </section>
  );
}

function Balances({ wallet, langMarket }: { wallet: WalletRef; langMarket: LangMarket }) {
  const balances = useSelector(wallet, (snapshot) => snapshot.context.balances);
  const currency = useSelector(wallet, (snapshot) => snapshot.context.currency);
  const hasWallet = useSelector(wallet, (snapshot) => snapshot.context.hasWallet);
  const status = useSelector(wallet, (snapshot) => snapshot.context.status);
  const stale = useSelector(wallet, walletIsStale);
  const money = useMoney(langMarket, currency ?? 'EUR');

  if (hasWallet === false) {
    return (
      <Notice tone="warning">
        <NoticeText>
          <Trans id="banking.overview.noWallet">You do not have a wallet yet. Please contact customer support.</Trans>
        </NoticeText>
      </Notice>
    );
  }
  if (balances === null) {
    return status === 'error' ? (
      <Notice tone="error">
        <NoticeText>
          <Trans id="banking.overview.error">We could not load your balance. Please try again later.</Trans>
        </NoticeText>
      </Notice>
    ) : (
      <Loader layout="inline" />
    );
  }
  const row = (label: ReactNode, cents: number, testId: string, total = false) => (
    <div className={total ? `${s.balanceRow} ${s.balanceTotal}` : s.balanceRow}>
      <dt className={s.balanceLabel}>{label}</dt>
      <dd className={s.money} data-testid={testId}>
        {money.cents(cents)}
      </dd>
    </div>
  );
  return (
    <>
      <dl className={s.balances}>
        {row(<Trans id="banking.balance.main">Main balance</Trans>, balances.mainBalance, 'balance-main')}
        {row(<Trans id="banking.balance.locked">Locked (pending withdrawals)</Trans>, balances.lockedBalance, 'balance-locked')}
        {row(<Trans id="banking.balance.sportsBonus">Sports bonus</Trans>, balances.sportsBonus, 'balance-sports-bonus')}
        {row(<Trans id="banking.balance.casinoBonus">Casino bonus</Trans>, balances.casinoBonus, 'balance-casino-bonus')}
        {row(<Trans id="banking.balance.liveCasinoBonus">Live casino bonus</Trans>, balances.liveCasinoBonus, 'balance-live-casino-bonus')}
        {row(<Trans id="banking.balance.total">Total balance</Trans>, balances.totalBalance, 'balance-total', true)}
      </dl>
      {stale ? (
        <Notice tone="warning">
          <NoticeText>
            <Trans id="banking.overview.stale">The live balance is not connected, so these amounts may be out of date.</Trans>
          </NoticeText>
          <div className={s.actions}>
            <Button variant="secondary" size="sm" onClick={() => wallet.send({ type: 'wallet.reconnect' })}>
              <Trans id="banking.overview.reconnect">Reconnect</Trans>
            </Button>
          </div>
        </Notice>
      ) : null}
    </>
  );
}
