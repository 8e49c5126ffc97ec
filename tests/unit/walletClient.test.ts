// The wallet rules the client core added (machines/lib/wallet.ts, issue 11) and the app's wiring of
// the live connection and the history's queries (src/app/wallet.ts, src/app/flows/, src/api/walletClient.ts).
import { describe, expect, it } from 'vitest';
import {
  cashierCurrency,
  depositAllowed,
  historyFilterApplied,
  NO_HISTORY_FILTER,
  pushVersionVerdict,
  unsignedAmount,
  withdrawalAccess,
  withdrawalCancellable,
  type CashierPlayer,
} from '../../machines/lib/wallet';
import { mayDeposit } from '../../machines/session.guards';
import { cashierPlayerOf } from '../../machines/session.machine';
import type { AccessDetails, PlayerProfile } from '../../src/api/player';
import { paymentProviderUrl, walletLiveUrl } from '../../src/api/walletClient';
import { newIdempotencyKey } from '../../src/app/flows/cashier';
import { netPositionPeriod, transactionsQuery } from '../../src/app/flows/transactionHistory.flow';
import { readLiveFrame } from '../../src/app/walletConnection';

const PLAYER: CashierPlayer = { currency: 'EUR', market: 'FI', access: { deposit: true, payout: true, withdrawal: true }, multibrandSuspended: false };

describe('the live balance version (behaviour.md §4 "Wallet", issue 11)', () => {
  it.each([
    [null, 0, 'next'],
    [null, 7, 'next'],
    [5, 4, 'older'],
    [5, 5, 'older'],
    [5, 6, 'next'],
    [5, 7, 'gap'],
    [5, 60, 'gap'],
  ] as const)('shown %s, pushed %s: %s', (shown, pushed, verdict) => {
    expect(pushVersionVerdict(shown, pushed)).toBe(verdict);
  });
});

describe('who may use the cashier (behaviour.md §5, §6; UKGC RTS 14B)', () => {
  it('allows a deposit only with deposit on, payout not restricted and the multibrand account not suspended', () => {
    expect(depositAllowed(PLAYER)).toBe(true);
    expect(depositAllowed({ ...PLAYER, access: { ...PLAYER.access!, deposit: false } })).toBe(false);
    expect(depositAllowed({ ...PLAYER, access: { ...PLAYER.access!, payout: false } })).toBe(false);
    expect(depositAllowed({ ...PLAYER, multibrandSuspended: true })).toBe(false);
    expect(depositAllowed({ ...PLAYER, access: null })).toBe(false);
  });

  it('blocks payout on suspension and without withdrawal access', () => {
    expect(withdrawalAccess(PLAYER)).toBe('allowed');
    expect(withdrawalAccess({ ...PLAYER, multibrandSuspended: true })).toBe('suspended');
    expect(withdrawalAccess({ ...PLAYER, access: { ...PLAYER.access!, withdrawal: false } })).toBe('notAllowed');
    expect(withdrawalAccess({ ...PLAYER, access: null })).toBe('notAllowed');
    // A payout-restricted account (status PAYOUT) keeps its withdrawal access.
    expect(withdrawalAccess({ ...PLAYER, access: { ...PLAYER.access!, payout: false } })).toBe('allowed');
  });

  it('offers no withdrawal cancellation in GG', () => {
    expect(withdrawalCancellable('GG')).toBe(false);
    expect(withdrawalCancellable('gg')).toBe(false);
    expect(withdrawalCancellable('FI')).toBe(true);
    expect(withdrawalCancellable('UN')).toBe(true);
  });

  it('reads the session the way the guards do: access details, else the profile; the market of the player\'s country', () => {
    const access = { deposit: true, payout: false, withdrawal: true } as AccessDetails;
    const profile = { currencyCode: 'GBP', countryCode: 'GB', access: { deposit: false, payout: true, withdrawal: false } } as PlayerProfile;
    const langMarket = { language: 'en', market: 'UN' } as const;
    const claims = { multibrand: { suspended: true }, countryCode: 'GB' } as never;
    expect(cashierPlayerOf({ access, profile, claims, langMarket })).toEqual({
      currency: 'GBP',
      market: 'GG',
      access: { deposit: true, payout: false, withdrawal: true },
      multibrandSuspended: true,
    });
    expect(cashierPlayerOf({ access: null, profile, claims: null, langMarket })).toMatchObject({
      access: { deposit: false, payout: true, withdrawal: false },
      multibrandSuspended: false,
    });
    expect(cashierPlayerOf({ access: null, profile: null, claims: null, langMarket })).toEqual({
      currency: 'EUR',
      market: 'UN',
      access: null,
      multibrandSuspended: false,
    });
  });

  it('lets a logged-in player with deposit access on, payout not restricted and no suspension deposit (the cashier guard)', () => {
    const access = { deposit: true, payout: true, withdrawal: true } as AccessDetails;
    const authorized = { resolved: { authorized: { profile: 'loaded', access: 'loaded', transactionSummary: 'loaded' } } };
    const context = { authorized: true, access, profile: null, claims: null, langMarket: { language: 'en', market: 'UN' } } as const;
    expect(mayDeposit({ value: authorized, context })).toBe(true);
    expect(mayDeposit({ value: authorized, context: { ...context, access: { ...access, payout: false } } })).toBe(false);
    expect(mayDeposit({ value: authorized, context: { ...context, claims: { multibrand: { suspended: true } } as never } })).toBe(false);
    expect(mayDeposit({ value: { resolved: 'anonymous' }, context: { ...context, authorized: false } })).toBe(false);
  });

  it('names the account currency, and the unsigned amount of a withdrawal', () => {
    expect(cashierCurrency('SEK')).toBe('SEK');
    expect(cashierCurrency('XYZ')).toBe('EUR');
    expect(cashierCurrency(null)).toBe('EUR');
    expect(unsignedAmount('-20.00')).toBe('20.00');
    expect(unsignedAmount('20.00')).toBe('20.00');
  });

  it('knows when a filter is applied', () => {
    expect(historyFilterApplied(NO_HISTORY_FILTER)).toBe(false);
    expect(historyFilterApplied({ ...NO_HISTORY_FILTER, hour: 24 })).toBe(true);
  });
});

describe('the live connection as the app opens it (behaviour.md §7, §8)', () => {
  it('puts the token in the Authorization query parameter, over wss on https', () => {
    expect(walletLiveUrl('a.b.c', 'https://casino.example/en-UN')).toBe('wss://casino.example/api/player/wallet/live?Authorization=a.b.c');
    expect(walletLiveUrl('a.b.c', 'http://127.0.0.1:3000/')).toBe('ws://127.0.0.1:3000/api/player/wallet/live?Authorization=a.b.c');
  });

  it('reads ping and pong as heartbeats, known messages as messages, anything else as unreadable', () => {
    expect(readLiveFrame('ping')).toEqual({ type: 'socket.heartbeat', text: 'ping' });
    expect(readLiveFrame('pong\n')).toEqual({ type: 'socket.heartbeat', text: 'pong' });
    const balance = { type: 'WALLET_BALANCE', currency: 'EUR', version: 3, balanceMap: { MAIN: { cash: '1.00' }, LOCKED: { cash: '0.00' }, BONUS: [] } };
    expect(readLiveFrame(JSON.stringify(balance))).toEqual({ type: 'socket.message', message: balance });
    expect(readLiveFrame(JSON.stringify({ type: 'PLAYER_LOYALTY_LEVEL', playerId: 1, isLevelUp: true }))).toMatchObject({ type: 'socket.message' });
    expect(readLiveFrame('hello')).toMatchObject({ type: 'socket.unreadable', problem: 'notJson' });
    expect(readLiveFrame('{"type":"SOMETHING"}')).toMatchObject({ type: 'socket.unreadable', problem: 'unknownMessage' });
    expect(readLiveFrame(new ArrayBuffer(2))).toMatchObject({ type: 'socket.unreadable', problem: 'notJson' });
  });
});

describe('the cashier wiring', () => {
  it('makes idempotency keys the contract accepts, a new one each time', () => {
    const keys = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
  });

  it('sends the player to the provider page on the platform or elsewhere', () => {
    expect(paymentProviderUrl('https://psp.example/pay/1')).toBe('https://psp.example/pay/1');
    expect(paymentProviderUrl('/api/simulated-payments/pay?payment=1')).toBe('/api/simulated-payments/pay?payment=1');
  });

  it('turns the history filter into the transactions query, leaving out what is not set', () => {
    expect(transactionsQuery({ filter: NO_HISTORY_FILTER, position: 20, limit: 10 })).toEqual({ limit: '10', position: '20' });
    // A time frame wins over from/to.
    expect(transactionsQuery({ filter: { ...NO_HISTORY_FILTER, category: 'PAYMENT', hour: 72, from: '2026-11-01T00:00:00.000Z' }, position: 0, limit: 10 })).toEqual({
      limit: '10',
      position: '0',
      category: 'PAYMENT',
      hour: '72',
    });
    expect(transactionsQuery({ filter: { ...NO_HISTORY_FILTER, status: 'PENDING', from: 'a', to: 'b' }, position: 0, limit: 10 })).toEqual({
      limit: '10',
      position: '0',
      status: 'PENDING',
      from: 'a',
      to: 'b',
    });
  });

  it('names the net position\'s period: the filter\'s dates, or the last 24 / 72 hours', () => {
    const now = Date.UTC(2026, 10, 25, 12);
    expect(netPositionPeriod({ from: null, to: null, hour: 24 }, now)).toEqual({ from: '2026-11-24T12:00:00.000Z', to: '2026-11-25T12:00:00.000Z' });
    expect(netPositionPeriod({ from: null, to: null, hour: 72 }, now)).toEqual({ from: '2026-11-22T12:00:00.000Z', to: '2026-11-25T12:00:00.000Z' });
    expect(netPositionPeriod({ from: '2026-11-01T00:00:00.000Z', to: null, hour: null }, now)).toEqual({ from: '2026-11-01T00:00:00.000Z' });
    expect(netPositionPeriod({ from: null, to: null, hour: null }, now)).toEqual({});
  });
});
