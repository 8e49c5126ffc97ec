import { useSelector } from '@xstate/react';
import { lazy, Suspense } from 'react';
import type { LangMarket } from '../../../machines/lib/markets';
import { mayDeposit } from '../../../machines/session.guards';
import { walletRefOf } from '../../../machines/session.machine';
import type { SessionRef } from './parts';

/** The balance itself (WalletBalance.tsx): a chunk a visitor never loads. */
const WalletBalance = lazy(() => import('./WalletBalance').then((module) => ({ default: module.WalletBalance })));

/**
 * The header's balance while a player is logged in (product.md §2, §3 "Wallet"; behaviour.md §4
 * "Wallet"): the total balance of the session's wallet child in the account currency, updated by
 * its pushes and polls without a reload; when the live connection gave up, a "may be out of date"
 * mark and a reconnect action (`wallet.reconnect`); a Deposit button to the /deposit modal when the
 * player may deposit (machines/session.guards.ts mayDeposit). Nothing for a visitor.
 */
export function HeaderBalance({ session, langMarket }: { session: SessionRef; langMarket: LangMarket }) {
  const wallet = useSelector(session, walletRefOf);
  const canDeposit = useSelector(session, mayDeposit);
  if (wallet === undefined) return null;
  return (
    <Suspense fallback={null}>
      <WalletBalance wallet={wallet} canDeposit={canDeposit} langMarket={langMarket} />
    </Suspense>
  );
}

