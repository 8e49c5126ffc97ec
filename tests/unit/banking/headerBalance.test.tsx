import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup, type ActorRefFrom } from 'xstate';
import type { LangMarket } from '../../../machines/lib/markets';
import { bonusCentsOf, bonusVerticalOfPath, walletBalances } from '../../../machines/lib/wallet';
import type { WalletContext, walletMachine } from '../../../machines/wallet.machine';
import { WalletBalance } from '../../../src/features/banking/WalletBalance';
import { recentFirst } from '../../../src/features/banking/parts';
import type { PaymentMethod } from '../../../src/api/wallet';
import { renderInRouter } from '../app/render';

// The header's balance (product.md §2, §3 "Wallet"): the wallet child's total in the account
// currency, a "may be out of date" mark with a reconnect action when the live connection gave up,
// and the deposit button only for a player who may deposit.

afterEach(cleanup);

const UN: LangMarket = { language: 'en', market: 'UN' };

function walletContext(currency: string, totalBalance: number, stale: boolean): WalletContext {
  return {
    status: 'success',
    request: 'success',
    currency,
    version: 1,
    balances: { mainBalance: totalBalance, lockedBalance: 0, sportsBonus: 0, casinoBonus: 0, liveCasinoBonus: 0, totalBalance },
    hasWallet: true,
    errorCode: null,
    token: null,
    reconnectAttempts: 0,
    stale,
    attributes: null,
    loyaltyLevelUp: null,
  };
}

/** A stand-in for the session's wallet child: its context, and `wallet.reconnect` clears the stale mark. */
function fakeWallet(context: WalletContext) {
  const machine = setup({ types: { context: {} as WalletContext, events: {} as { type: 'wallet.reconnect' } } }).createMachine({
    context,
    on: { 'wallet.reconnect': { actions: assign({ stale: false }) } },
  });
  const actor = createActor(machine).start();
  return actor as unknown as ActorRefFrom<typeof walletMachine> & typeof actor;
}

describe('the header balance', () => {
  it('shows the total in the account currency, JPY without decimals', async () => {
    renderInRouter(<WalletBalance wallet={fakeWallet(walletContext('JPY', 150_000, false))} canDeposit langMarket={UN} />);
    expect((await screen.findByRole('link', { name: 'Balance ¥1,500' })).getAttribute('href')).toBe('/en-UN/my-account/banking');
    expect(screen.getByRole('link', { name: 'Deposit' }).getAttribute('href')).toMatch(/^\/en-UN\/deposit\?from=%2F/);
  });

  it('keeps the exact amount as the name when a long one is shortened for a narrow phone', async () => {
    renderInRouter(<WalletBalance wallet={fakeWallet(walletContext('EUR', 9_999_990, false))} canDeposit langMarket={UN} />);
    expect(await screen.findByRole('link', { name: 'Balance €99,999.90' })).toBeDefined();
    expect(screen.getByText('€99,999').getAttribute('aria-hidden')).toBe('true');
  });

  it('leaves the deposit button out for a player who may not deposit', async () => {
    renderInRouter(<WalletBalance wallet={fakeWallet(walletContext('EUR', 1_250, false))} canDeposit={false} langMarket={UN} />);
    expect(await screen.findByRole('link', { name: 'Balance €12.50' })).toBeDefined();
    expect(screen.queryByRole('link', { name: 'Deposit' })).toBeNull();
  });

  it('marks a stale balance and reconnects on request', async () => {
    const wallet = fakeWallet(walletContext('EUR', 1_250, true));
    renderInRouter(<WalletBalance wallet={wallet} canDeposit langMarket={UN} />);
    expect(await screen.findByRole('link', { name: 'Balance €12.50 May be out of date' })).toBeDefined();
    const reconnect = screen.getByRole('button', { name: 'Your balance may be out of date: reconnect' });
    act(() => {
      fireEvent.click(reconnect);
    });
    expect(wallet.getSnapshot().context.stale).toBe(false);
    expect(screen.queryByRole('button', { name: 'Your balance may be out of date: reconnect' })).toBeNull();
  });
});

describe('the bonus money in the header (issue 24; behaviour.md §5)', () => {
  // Cash 10.00 and 2.50 locked; bonuses: sports 1.10, casino 3.25, live casino 0.40 (summed exactly in cents).
  const balances = walletBalances({ MAIN: { cash: '10.00' }, LOCKED: { cash: '2.50' }, BONUS: [{ vertical: 'SPORTS', bonus: '1.10' }, { vertical: 'CASINO', bonus: '3.25' }, { vertical: 'LIVE_CASINO', bonus: '0.40' }] }, 'EUR');
  const withBonuses = (): WalletContext => ({ ...walletContext('EUR', 0, false), balances });

  it('knows the vertical of a page by its lobby, and none elsewhere', () => {
    expect(bonusVerticalOfPath('/online-casino')).toBe('CASINO');
    expect(bonusVerticalOfPath('/online-casino/play/relax/money-train')).toBe('CASINO');
    expect(bonusVerticalOfPath('/live-casino-online/roulette')).toBe('LIVE_CASINO');
    expect(bonusVerticalOfPath('/online-casinos')).toBeNull();
    expect(bonusVerticalOfPath('/my-account/banking')).toBeNull();
    expect(bonusVerticalOfPath('/')).toBeNull();
  });

  it('takes the vertical\'s bonus, or the three summed', () => {
    expect(bonusCentsOf(balances, 'CASINO')).toBe(325);
    expect(bonusCentsOf(balances, 'LIVE_CASINO')).toBe(40);
    expect(bonusCentsOf(balances, 'SPORTS')).toBe(110);
    expect(bonusCentsOf(balances, null)).toBe(475);
    expect(balances.totalBalance).toBe(1_725);
  });

  it('shows the bonuses summed beside the total on a page of no vertical', async () => {
    renderInRouter(<WalletBalance wallet={fakeWallet(withBonuses())} canDeposit langMarket={UN} />, '/en-UN/my-account/banking');
    expect(await screen.findByRole('link', { name: 'Balance €17.25 Bonus €4.75' })).toBeDefined();
  });

  it('shows the casino bonus on a casino page and the live casino bonus on a live casino page', async () => {
    renderInRouter(<WalletBalance wallet={fakeWallet(withBonuses())} canDeposit langMarket={UN} />, '/en-UN/online-casino');
    expect(await screen.findByRole('link', { name: 'Balance €17.25 Casino bonus €3.25' })).toBeDefined();
    cleanup();
    renderInRouter(<WalletBalance wallet={fakeWallet(withBonuses())} canDeposit langMarket={UN} />, '/en-UN/live-casino-online');
    expect(await screen.findByRole('link', { name: 'Balance €17.25 Live casino bonus €0.40' })).toBeDefined();
  });

  it('shows no bonus line without bonus money', async () => {
    renderInRouter(<WalletBalance wallet={fakeWallet(walletContext('EUR', 1_250, false))} canDeposit langMarket={UN} />, '/en-UN/online-casino');
    expect(await screen.findByRole('link', { name: 'Balance €12.50' })).toBeDefined();
    expect(screen.queryByTestId('header-bonus')).toBeNull();
  });
});

describe('payment methods', () => {
  const method = (id: string): PaymentMethod => ({ id, kind: 'card', name: id, logo: { src: `/payments/${id}.svg`, width: 96, height: 40 } });

  it('come with the recent ones first, the most recent first, then in the cashier order', () => {
    const ordered = recentFirst([method('trustly'), method('visa'), method('mastercard'), method('skrill')], ['skrill', 'visa', 'gone']);
    expect(ordered.map((item) => item.id)).toEqual(['skrill', 'visa', 'trustly', 'mastercard']);
  });
});
