import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DAY_MS } from '../../machines/lib/constants';
import { CASHIER_LIMITS, WITHDRAWAL_CANCELLATIONS_PER_DAY } from '../../machines/lib/wallet';
import {
  transactionsResponseSchema,
  withdrawalCancellationResponseSchema,
  withdrawalCheckResponseSchema,
  withdrawalRequestResponseSchema,
} from '../../src/api/wallet';
import { SEEDED_EMAILS } from '../../server/services/seed-players';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, logIn, newKey, playerCall, walletOf, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Withdrawals (issue 11; src/api/wallet.ts; behaviour.md §4, §7, §8 "Withdrawal and limits"): the
// check, a request moves MAIN to LOCKED (PENDING) or answers NOT_ENOUGH_FUNDS, the pending list,
// the cancellation back to MAIN with its 24-hour limit and the GG market's refusal (UKGC RTS 14B),
// and test mode's payout run.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date();
const clock = () => now;

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  now = new Date();
  app = platform.app({ clock, gameWalletSecret: GAME_SECRET });
});
afterAll(async () => {
  await platform.close();
});

async function funded(amount = '100.00', details = {}): Promise<WalletPlayer> {
  const player = await walletPlayer(platform, app, details);
  await credit(app, player.id, amount);
  return player;
}

async function withdraw(player: WalletPlayer, amount: string, key = newKey('wd'), methodId = 'visa') {
  const response = await playerCall(app, player.token, '/withdrawal/request', { amount, methodId, idempotencyKey: key });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(withdrawalRequestResponseSchema, await json(response));
}

function cancel(player: WalletPlayer, pendingWithdrawalId: string, amount: string): Promise<Response> {
  return playerCall(app, player.token, '/withdrawal/cancellation', { pendingWithdrawalId, amount, cancelByPlayer: true });
}

async function pending(player: WalletPlayer) {
  return v.parse(transactionsResponseSchema, await json(await playerCall(app, player.token, '/pendingWithdrawal'))).transactions;
}

describe('POST withdrawal/check', () => {
  it('answers SUCCESS with what can be withdrawn (MAIN)', async () => {
    const player = await funded('80.50');
    const response = await playerCall(app, player.token, '/withdrawal/check', { ipAddress: '', blackbox: '' });
    expect(v.parse(withdrawalCheckResponseSchema, await json(response))).toEqual({
      result: 'SUCCESS',
      limit: null,
      duration: null,
      originalLimit: null,
      balance: '80.50',
    });
  });

  it.each([
    ['without withdrawal access (closed)', { status: 'CLOSED' as const }, 'RESTRICTED'],
    ['whose KYC is under review', { kyc_status: 'PENDING' }, 'DOCUMENTS_UNDER_REVIEW'],
    ['whose KYC is restricted', { kyc_status: 'RESTRICTED' }, 'DOCUMENTS_REQUIRED_RESTRICTED'],
    ['who may not deposit (payout restricted) but may withdraw', { status: 'PAYOUT' as const }, 'SUCCESS'],
  ])('answers a player %s with %s', async (_name, patch, result) => {
    const player = await funded();
    await platform.database.db.updateTable('players').set(patch).where('id', '=', player.id).execute();
    const response = await playerCall(app, player.token, '/withdrawal/check', { ipAddress: '', blackbox: '' });
    expect(v.parse(withdrawalCheckResponseSchema, await json(response)).result).toBe(result);
  });
});

describe('POST withdrawal/request', () => {
  it.each([
    ['not an amount', { amount: '-5' }, { amount: 'validation.amount' }],
    ['below the minimum', { amount: String(CASHIER_LIMITS.EUR.minWithdrawal - 1) }, { amount: 'validation.amount.too_low' }],
    ['above the maximum', { amount: String(CASHIER_LIMITS.EUR.maxWithdrawal + 1) }, { amount: 'validation.amount.too_high' }],
    ['a method of another market', { methodId: 'upi' }, { methodId: 'validation.payment_method' }],
    ['no key', { idempotencyKey: undefined }, { idempotencyKey: 'validation.required' }],
  ])('refuses %s with its field code', async (_name, overrides, expected) => {
    const player = await funded();
    const response = await playerCall(app, player.token, '/withdrawal/request', { amount: '30', methodId: 'visa', idempotencyKey: newKey(), ...overrides });
    expect(await expectFieldErrors(response)).toEqual(expected);
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('100.00');
  });

  it('moves the amount from MAIN to LOCKED, PENDING, listed as a pending withdrawal', async () => {
    const player = await funded('100.00');
    const answer = await withdraw(player, '30.25');
    expect(answer).toMatchObject({ result: 'SUCCESS', balance: '69.75' });
    expect(answer.referenceId).toEqual(expect.any(String));
    expect(await walletOf(app, player.token)).toMatchObject({ version: 2, balanceMap: { MAIN: { cash: '69.75' }, LOCKED: { cash: '30.25' } } });
    const [item] = await pending(player);
    expect(item).toMatchObject({ referenceId: answer.referenceId, type: 'WITHDRAW', category: 'PAYMENT', status: 'PENDING', amount: '-30.25', balanceAfterTransaction: '69.75' });
  });

  it('answers NOT_ENOUGH_FUNDS above MAIN and posts nothing; a retry of the key answers the same', async () => {
    const player = await funded('25.00');
    const key = newKey('wd');
    expect(await withdraw(player, '25.01', key)).toEqual({ result: 'NOT_ENOUGH_FUNDS', referenceId: null, balance: '25.00' });
    expect(await walletOf(app, player.token)).toMatchObject({ version: 1, balanceMap: { MAIN: { cash: '25.00' }, LOCKED: { cash: '0.00' } } });
    expect(await pending(player)).toEqual([]);
    // The refusal is the key's answer: a retry gets it again even after a credit; a new attempt needs a new key.
    await credit(app, player.id, '10.00');
    expect(await withdraw(player, '25.01', key)).toEqual({ result: 'NOT_ENOUGH_FUNDS', referenceId: null, balance: '25.00' });
    await expectError(await playerCall(app, player.token, '/withdrawal/request', { amount: '25.00', methodId: 'visa', idempotencyKey: key }), 409, 'error.idempotency.conflict');
    expect((await withdraw(player, '25.01')).result).toBe('SUCCESS');
  });

  it('answers a retried key with the stored answer once, and 409 for other parameters', async () => {
    const player = await funded('100.00');
    const key = newKey('wd');
    const first = await withdraw(player, '40', key);
    const again = await withdraw(player, '40.00', key);
    expect(again).toEqual(first);
    await expectError(await playerCall(app, player.token, '/withdrawal/request', { amount: '41', methodId: 'visa', idempotencyKey: key }), 409, 'error.idempotency.conflict');
    await expectError(await playerCall(app, player.token, '/withdrawal/request', { amount: '40', methodId: 'skrill', idempotencyKey: key }), 409, 'error.idempotency.conflict');
    expect(await pending(player)).toHaveLength(1);
    expect((await walletOf(app, player.token)).balanceMap.LOCKED.cash).toBe('40.00');
  });

  it('serialises concurrent withdrawals of one player: never below zero', async () => {
    const player = await funded('100.00');
    const answers = await Promise.all(Array.from({ length: 8 }, () => withdraw(player, '30')));
    expect(answers.filter((answer) => answer.result === 'SUCCESS')).toHaveLength(3);
    expect(answers.filter((answer) => answer.result === 'NOT_ENOUGH_FUNDS')).toHaveLength(5);
    expect(await walletOf(app, player.token)).toMatchObject({ balanceMap: { MAIN: { cash: '10.00' }, LOCKED: { cash: '90.00' } } });
  });

  it('answers RESTRICTED for a player without withdrawal access', async () => {
    const player = await funded();
    await platform.database.db.updateTable('players').set({ status: 'BLACKLISTED' }).where('id', '=', player.id).execute();
    expect(await withdraw(player, '30')).toEqual({ result: 'RESTRICTED', referenceId: null, balance: '100.00' });
  });
});

describe('POST withdrawal/cancellation', () => {
  it('moves a pending withdrawal back to MAIN: CANCELLED, with a CANCELED row', async () => {
    const player = await funded('100.00');
    const { referenceId } = await withdraw(player, '30');
    const response = await cancel(player, referenceId ?? '', '30.00');
    expect(v.parse(withdrawalCancellationResponseSchema, await json(response))).toEqual({ result: 'SUCCESS', balance: '100.00' });
    expect(await walletOf(app, player.token)).toMatchObject({ balanceMap: { MAIN: { cash: '100.00' }, LOCKED: { cash: '0.00' } } });
    expect(await pending(player)).toEqual([]);
    const items = v.parse(transactionsResponseSchema, await json(await playerCall(app, player.token, '/transactions?category=PAYMENT'))).transactions;
    expect(items.map((item) => [item.type, item.status, item.amount])).toEqual([
      ['CANCELED', 'SUCCESS', '30.00'],
      ['WITHDRAW', 'CANCELLED', '-30.00'],
    ]);
  });

  it('answers a second cancellation of the same withdrawal with the first answer, moving nothing', async () => {
    const player = await funded('100.00');
    const { referenceId } = await withdraw(player, '30');
    const first = await json(await cancel(player, referenceId ?? '', '30'));
    const again = await cancel(player, referenceId ?? '', '30');
    expect(again.status).toBe(200);
    expect(await json(again)).toEqual(first);
    await expectError(await cancel(player, referenceId ?? '', '20'), 409, 'error.idempotency.conflict');
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('100.00');
  });

  it('is 404 error.not_found for an unknown withdrawal or another player’s', async () => {
    const player = await funded();
    const other = await funded();
    const { referenceId } = await withdraw(player, '30');
    await expectError(await cancel(other, referenceId ?? '', '30'), 404, 'error.not_found');
    await expectError(await cancel(player, 'no-such-withdrawal', '30'), 404, 'error.not_found');
  });

  it('refuses an amount that is not the withdrawal’s (no partial cancellation)', async () => {
    const player = await funded();
    const { referenceId } = await withdraw(player, '30');
    expect(await expectFieldErrors(await cancel(player, referenceId ?? '', '10'))).toEqual({ amount: 'validation.amount' });
    expect(await expectFieldErrors(await cancel(player, referenceId ?? '', 'x'))).toEqual({ amount: 'validation.amount' });
    expect(await pending(player)).toHaveLength(1);
  });

  it(`allows ${String(WITHDRAWAL_CANCELLATIONS_PER_DAY)} cancellations in 24 hours, then error.withdrawal.cancel.limit_reached`, async () => {
    const player = await funded('500.00');
    for (let index = 0; index < WITHDRAWAL_CANCELLATIONS_PER_DAY; index += 1) {
      const { referenceId } = await withdraw(player, '20');
      expect((await cancel(player, referenceId ?? '', '20')).status).toBe(200);
      now = new Date(now.getTime() + 60_000);
    }
    const { referenceId } = await withdraw(player, '20');
    await expectError(await cancel(player, referenceId ?? '', '20'), 400, 'error.withdrawal.cancel.limit_reached');
    expect(await pending(player)).toHaveLength(1);
    // A rolling 24 hours: once the first cancellation is a day old, one more is allowed.
    now = new Date(now.getTime() - WITHDRAWAL_CANCELLATIONS_PER_DAY * 60_000 + DAY_MS + 1);
    const tomorrow = { ...player, token: await logIn(app, player.email) };
    expect((await cancel(tomorrow, referenceId ?? '', '20')).status).toBe(200);
  });

  it('is 409 error.withdrawal.cancel.not_allowed in the GG market (UKGC RTS 14B)', async () => {
    const player = await funded('100.00', { country_code: 'GB', currency_code: 'GBP', language_code: 'en' });
    const { referenceId, result } = await withdraw(player, '30');
    expect(result).toBe('SUCCESS');
    await expectError(await cancel(player, referenceId ?? '', '30'), 409, 'error.withdrawal.cancel.not_allowed');
    expect(await walletOf(app, player.token)).toMatchObject({ currency: 'GBP', balanceMap: { MAIN: { cash: '70.00' }, LOCKED: { cash: '30.00' } } });
  });

  it('follows the operator’s market settings: a market switched to no cancellation refuses it (issue 13)', async () => {
    await platform.settings.update({ marketRules: { FI: { withdrawalCancellation: false } } });
    try {
      const player = await funded('100.00');
      const { referenceId } = await withdraw(player, '30');
      await expectError(await cancel(player, referenceId ?? '', '30'), 409, 'error.withdrawal.cancel.not_allowed');
    } finally {
      await platform.settings.reset();
    }
  });

  it('seeds a GG player for the browser tests', async () => {
    const seeded = await platform.database.db.selectFrom('players').innerJoin('wallets', 'wallets.player_id', 'players.id').select(['country_code', 'wallets.currency']).where('email', '=', SEEDED_EMAILS.uk).executeTakeFirst();
    expect(seeded).toEqual({ country_code: 'GB', currency: 'GBP' });
  });
});

describe('test mode: payouts and credits', () => {
  it('pays out pending withdrawals: LOCKED leaves, the withdrawal is COMPLETED and no longer cancellable', async () => {
    const player = await funded('100.00');
    const { referenceId } = await withdraw(player, '30');
    const response = await app.request('/api/test/wallet/payouts', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: player.email }),
    });
    expect(await json(response)).toEqual({ paid: 1 });
    expect(await walletOf(app, player.token)).toMatchObject({ balanceMap: { MAIN: { cash: '70.00' }, LOCKED: { cash: '0.00' } } });
    expect(await pending(player)).toEqual([]);
    const [item] = v.parse(transactionsResponseSchema, await json(await playerCall(app, player.token, '/transactions?status=COMPLETED'))).transactions;
    expect(item).toMatchObject({ referenceId, type: 'WITHDRAW', status: 'COMPLETED' });
    await expectError(await cancel(player, referenceId ?? '', '30'), 404, 'error.not_found');
  });

  it('credits a player once per key, by e-mail or id', async () => {
    const player = await walletPlayer(platform, app);
    const post = (body: unknown) =>
      app.request('/api/test/wallet/credit', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post({ email: player.email, amount: '12.50', idempotencyKey: 'credit-once' })).status).toBe(200);
    expect((await post({ playerId: player.id, amount: '12.50', idempotencyKey: 'credit-once' })).status).toBe(200);
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('12.50');
    await expectError(await post({ playerId: player.id, amount: '1.001' }), 400, 'error.validation');
    await expectError(await post({ email: 'nobody@example.com', amount: '1' }), 404, 'error.not_found');
    await expectError(await post({ amount: '1' }), 400, 'error.request.invalid');
  });

  it('does not exist outside test mode', async () => {
    const live = platform.app({ clock, testMode: false });
    expect((await live.request('/api/test/wallet/payouts', { method: 'POST' })).status).toBe(404);
  });
});
