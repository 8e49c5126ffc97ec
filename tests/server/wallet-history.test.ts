import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netPositionResponseSchema, transactionsResponseSchema, withdrawalRequestResponseSchema, type Transaction } from '../../src/api/wallet';
import { postDeposit } from '../../server/services/ledger';
import { expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, logIn, newKey, playerCall, providerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The transaction history, pending withdrawals and net position (issue 11; behaviour.md §4
// "Transaction history", §7; product.md §3 "Transactions"; UKGC RTS 1C): newest first, pages of at
// most 10 by position, filters by category, status, from / to and the last 24 or 72 hours; net
// position = deposits - withdrawals, win/loss = wins - bets over the period.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
const START = Date.parse('2026-03-10T12:00:00.000Z');
let now = new Date(START);
const HOUR = 3_600_000;
let player: WalletPlayer;

/** What was done, hours after START (every operation at its own time). */
async function at(hours: number, work: () => Promise<unknown>): Promise<void> {
  now = new Date(START + hours * HOUR);
  await work();
}

/** A bet or a win of round `roundId` by a game the player opened just now (a login of its own). */
async function bet(kind: 'bet' | 'win', amount: string, vertical = 'CASINO', roundId = 'r1', transactionId = newKey('tx')): Promise<string> {
  player.token = await logIn(app, player.email);
  const response = await providerCall(app, kind, { playerId: player.id, transactionId, roundId, gameId: 'g1', vertical, amount, currency: 'EUR' });
  expect(response.status, await response.clone().text()).toBe(200);
  return transactionId;
}

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ clock: () => now, gameWalletSecret: GAME_SECRET });
  player = await walletPlayer(platform, app);
  const { db } = platform.database;
  // 0 h: deposit 100; 1 h: bet 10; 2 h: win 25; 3 h: bet 5 (rolled back at 4 h); 30 h: a sports bet 4;
  // 50 h: withdrawal 30 (pending); 60 h: withdrawal 20, cancelled at 61 h; 70 h: deposit 50;
  // 80 h: 3 casino bets of 1. 13 rows in all (a rollback and a cancellation add one each).
  await at(0, () => postDeposit(db, { playerId: player.id, amount: '100.00', currency: 'EUR', idempotencyKey: newKey('d'), at: now }));
  await at(1, () => bet('bet', '10.00'));
  await at(2, () => bet('win', '25.00'));
  let voided = '';
  await at(3, async () => {
    voided = await bet('bet', '5.00', 'CASINO', 'r2');
  });
  await at(4, () => providerCall(app, 'rollback', { playerId: player.id, transactionId: newKey('rb'), betTransactionId: voided, roundId: 'r2' }));
  await at(30, () => bet('bet', '4.00', 'SPORTS', 'r3'));
  const withdraw = async (amount: string) => {
    player.token = await logIn(app, player.email);
    const response = await playerCall(app, player.token, '/withdrawal/request', { amount, methodId: 'trustly', idempotencyKey: newKey('w') });
    return v.parse(withdrawalRequestResponseSchema, await json(response));
  };
  await at(50, () => withdraw('30'));
  let cancelled = '';
  await at(60, async () => {
    cancelled = (await withdraw('20')).referenceId ?? '';
  });
  await at(61, async () => {
    player.token = await logIn(app, player.email);
    const response = await playerCall(app, player.token, '/withdrawal/cancellation', { pendingWithdrawalId: cancelled, amount: '20', cancelByPlayer: true });
    expect(response.status).toBe(200);
  });
  await at(70, () => postDeposit(db, { playerId: player.id, amount: '50.00', currency: 'EUR', idempotencyKey: newKey('d'), at: now }));
  for (const hours of [80, 80.1, 80.2]) await at(hours, () => bet('bet', '1.00', 'CASINO', `r80-${String(hours)}`));
  now = new Date(START + 81 * HOUR);
  player.token = await logIn(app, player.email);
});
afterAll(async () => {
  await platform.close();
});

async function page(query = ''): Promise<Transaction[]> {
  const response = await playerCall(app, player.token, `/transactions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(transactionsResponseSchema, await json(response)).transactions;
}

const kinds = (items: readonly Transaction[]) => items.map((item) => `${item.type}:${item.status}:${item.amount}`);

describe('GET transactions', () => {
  it('answers the newest 10 first, each with its reference, date, category, status, type, MAIN after it and wallet', async () => {
    const first = await page();
    expect(first).toHaveLength(10);
    expect(kinds(first)).toEqual([
      'BET:SUCCESS:-1.00',
      'BET:SUCCESS:-1.00',
      'BET:SUCCESS:-1.00',
      'DEPOSIT:SUCCESS:50.00',
      'CANCELED:SUCCESS:20.00',
      'WITHDRAW:CANCELLED:-20.00',
      'WITHDRAW:PENDING:-30.00',
      'BET:SUCCESS:-4.00',
      'BET_VOID:SUCCESS:5.00',
      'BET:REVERTED:-5.00',
    ]);
    const dates = first.map((item) => Date.parse(item.transactionDate));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    const wallet = await platform.database.db.selectFrom('wallets').select('id').where('player_id', '=', player.id).executeTakeFirstOrThrow();
    for (const item of first) expect(item).toMatchObject({ playerId: player.id, walletId: wallet.id, currency: 'EUR' });
    // 100 - 10 + 25 - 5 + 5 - 4 - 30 - 20 + 20 + 50 = 131, then three bets of 1.
    expect(first[3]).toMatchObject({ category: 'PAYMENT', balanceAfterTransaction: '131.00' });
    expect(first[0]).toMatchObject({ category: 'CASINO', balanceAfterTransaction: '128.00' });
  });

  it('pages by position: the next page continues, a short page ends the list', async () => {
    const second = await page('?position=10');
    expect(kinds(second)).toEqual(['WIN:SUCCESS:25.00', 'BET:SUCCESS:-10.00', 'DEPOSIT:SUCCESS:100.00']);
    const all = [...(await page('?limit=5')), ...(await page('?limit=5&position=5')), ...(await page('?limit=5&position=10'))];
    expect(new Set(all.map((item) => item.referenceId)).size).toBe(13);
    expect(await page('?position=13')).toEqual([]);
  });

  it('filters by category and status', async () => {
    expect(kinds(await page('?category=SPORTS'))).toEqual(['BET:SUCCESS:-4.00']);
    expect(kinds(await page('?category=PAYMENT&status=PENDING'))).toEqual(['WITHDRAW:PENDING:-30.00']);
    expect(await page('?category=BONUS')).toEqual([]);
  });

  it('filters by from and to, and by the last 24 or 72 hours', async () => {
    const iso = (hours: number) => new Date(START + hours * HOUR).toISOString();
    expect(kinds(await page(`?from=${iso(1)}&to=${iso(3)}`))).toEqual(['BET:REVERTED:-5.00', 'WIN:SUCCESS:25.00', 'BET:SUCCESS:-10.00']);
    // now = 81 h: the last 24 hours start at 57 h (60, 61, 70, 3 x 80), the last 72 at 9 h (and 30, 50).
    expect(await page('?hour=24')).toHaveLength(6);
    expect(await page('?hour=72')).toHaveLength(8);
    // The time frame stands instead of from / to.
    expect(await page(`?hour=24&from=${iso(0)}`)).toHaveLength(6);
  });

  it.each([
    ['a limit above the page size', '?limit=11', { limit: 'validation.invalid' }],
    ['a limit of 0', '?limit=0', { limit: 'validation.invalid' }],
    ['a negative position', '?position=-1', { position: 'validation.invalid' }],
    ['an unknown category', '?category=POKER', { category: 'validation.invalid' }],
    ['an unknown status', '?status=DONE', { status: 'validation.invalid' }],
    ['another time frame', '?hour=12', { hour: 'validation.invalid' }],
    ['a date that is not one', '?from=yesterday', { from: 'validation.invalid' }],
    ['a year PostgreSQL has not', '?from=0000-01-01T00:00:00Z', { from: 'validation.invalid' }],
    ['a date before 1970', '?to=1969-12-31T23:59:59Z', { to: 'validation.invalid' }],
  ])('refuses %s with 400 error.validation', async (_name, query, expected) => {
    expect(await expectFieldErrors(await playerCall(app, player.token, `/transactions${query}`))).toEqual(expected);
  });

  it('shows a player only their own history', async () => {
    const other = await walletPlayer(platform, app);
    expect(await page().then(() => playerCall(app, other.token, '/transactions')).then(json)).toEqual({ transactions: [] });
  });
});

describe('GET pendingWithdrawal', () => {
  it('lists the withdrawals waiting for the payout', async () => {
    const response = await playerCall(app, player.token, '/pendingWithdrawal');
    expect(kinds(v.parse(transactionsResponseSchema, await json(response)).transactions)).toEqual(['WITHDRAW:PENDING:-30.00']);
  });
});

describe('GET net-position-win-loss', () => {
  async function net(query = '') {
    const response = await playerCall(app, player.token, `/net-position-win-loss${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return v.parse(netPositionResponseSchema, await json(response));
  }

  it('answers deposits - withdrawals and wins - bets of all time (voided bets and cancelled withdrawals do not count)', async () => {
    // Deposits 150, withdrawals 30 (the cancelled 20 does not count); wins 25, bets 10 + 4 + 3.
    expect(await net()).toEqual({ from: null, to: null, currency: 'EUR', netPosition: '120.00', winLoss: '8.00' });
  });

  it('answers the period named', async () => {
    const from = new Date(START + 0.5 * HOUR).toISOString();
    const to = new Date(START + 60 * HOUR).toISOString();
    expect(await net(`?from=${from}&to=${to}`)).toEqual({ from, to, currency: 'EUR', netPosition: '-30.00', winLoss: '11.00' });
  });

  it('refuses a date that is not one', async () => {
    expect(await expectFieldErrors(await playerCall(app, player.token, '/net-position-win-loss?to=tomorrow'))).toEqual({ to: 'validation.invalid' });
  });
});
