import { sql } from 'kysely';
import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { CASHIER_LIMITS, DEPOSIT_STATUSES, TRANSACTION_CATEGORIES, TRANSACTION_STATUSES, TRANSACTION_TYPES } from '../../machines/lib/wallet';
import {
  depositCheckResponseSchema,
  depositRequestResponseSchema,
  depositStatusResponseSchema,
  paymentMethodsResponseSchema,
  recentDepositMethodsResponseSchema,
  transactionsResponseSchema,
} from '../../src/api/wallet';
import { balance, playerAccount, postDeposit } from '../../server/services/ledger';
import { WALLET_CHANGED_CHANNEL } from '../../server/repositories/wallet-events';
import type { PaymentProvider } from '../../server/providers/types';
import { DEPOSIT_SETTLE_DELAY_MS } from '../../server/services/cashier';
import { SIMULATED_PAYMENT_TTL_MS } from '../../server/services/payment-simulator';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { GAME_SECRET, newKey, playerCall, walletOf, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The player's wallet and the cashier's deposits (issue 11; src/api/wallet.ts; behaviour.md §4
// "Deposit and withdraw flows", §5, §7 "Wallet and banking", §8): the wallet's balance map and its
// 404, the payment methods per market, the deposit check's results, the deposit request's rules and
// idempotency, and the simulated payment provider's page: approve pays once, decline pays nothing,
// time out and a closed tab are settled by the platform when read after the settle delay (GLI-19).

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
let now = new Date();
const clock = () => now;
const advance = (ms: number) => {
  now = new Date(now.getTime() + ms);
};

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

const CHECK = { ipAddress: '', blackbox: '' };

async function requestDeposit(player: WalletPlayer, overrides: Record<string, unknown> = {}) {
  const response = await playerCall(app, player.token, '/deposit/request', {
    amount: '50',
    methodId: 'trustly',
    idempotencyKey: newKey('dep'),
    returnPath: '/fi-FI/deposit',
    ...overrides,
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(depositRequestResponseSchema, await json(response));
}

async function depositStatus(player: WalletPlayer, depositId: string) {
  const response = await playerCall(app, player.token, `/deposit/${depositId}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(depositStatusResponseSchema, await json(response));
}

/** The provider page's form, as the browser posts it. */
function answerPage(depositId: string, action: string): Promise<Response> {
  return Promise.resolve(
    app.request('/api/payment-simulator/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment: depositId, action }).toString(),
    }),
  );
}

async function history(player: WalletPlayer, query = '') {
  const response = await playerCall(app, player.token, `/transactions${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(transactionsResponseSchema, await json(response)).transactions;
}

describe('GET /player/wallet', () => {
  it('answers a new player’s empty balance map in the account currency, version 0', async () => {
    const player = await walletPlayer(platform, app);
    expect(await walletOf(app, player.token)).toEqual({
      currency: 'EUR',
      version: 0,
      balanceMap: {
        MAIN: { cash: '0.00' },
        LOCKED: { cash: '0.00' },
        BONUS: [
          { vertical: 'SPORTS', bonus: '0.00' },
          { vertical: 'CASINO', bonus: '0.00' },
          { vertical: 'LIVE_CASINO', bonus: '0.00' },
        ],
      },
    });
  });

  it('writes a currency without minor units without decimals', async () => {
    const player = await walletPlayer(platform, app, { country_code: 'CL', currency_code: 'CLP', language_code: 'cl' });
    await postDeposit(platform.database.db, { playerId: player.id, amount: '15000', currency: 'CLP', idempotencyKey: newKey('clp') });
    const wallet = await walletOf(app, player.token);
    expect(wallet).toMatchObject({ currency: 'CLP', version: 1, balanceMap: { MAIN: { cash: '15000' }, LOCKED: { cash: '0' } } });
  });

  it('grows the version with every posting, and a replayed posting leaves it', async () => {
    const player = await walletPlayer(platform, app);
    const key = newKey('ver');
    await postDeposit(platform.database.db, { playerId: player.id, amount: '10.00', currency: 'EUR', idempotencyKey: key });
    await postDeposit(platform.database.db, { playerId: player.id, amount: '10.00', currency: 'EUR', idempotencyKey: key });
    await postDeposit(platform.database.db, { playerId: player.id, amount: '2.50', currency: 'EUR', idempotencyKey: newKey('ver') });
    expect(await walletOf(app, player.token)).toMatchObject({ version: 2, balanceMap: { MAIN: { cash: '12.50' } } });
  });

  it('needs the id token', async () => {
    await expectError(await app.request('/api/player/wallet'), 401, 'error.token.invalid');
  });

  it('is 404 error.wallet.not_found for a player without a wallet', async () => {
    const player = await walletPlayer(platform, app);
    await platform.database.db.deleteFrom('wallets').where('player_id', '=', player.id).execute();
    await expectError(await playerCall(app, player.token, ''), 404, 'error.wallet.not_found');
    await expectError(await playerCall(app, player.token, '/transactions'), 404, 'error.wallet.not_found');
    await expectError(await playerCall(app, player.token, '/deposit/check', CHECK), 404, 'error.wallet.not_found');
    await expectError(
      await playerCall(app, player.token, '/withdrawal/request', { amount: '20', methodId: 'visa', idempotencyKey: newKey() }),
      404,
      'error.wallet.not_found',
    );
  });

  it('gives every player a wallet: the database opens one with the player', async () => {
    const { db } = platform.database;
    const missing = await db
      .selectFrom('players')
      .leftJoin('wallets', 'wallets.player_id', 'players.id')
      .select('players.id')
      .where('wallets.id', 'is', null)
      .execute();
    // The one deleted above is the only player without a wallet.
    expect(missing.length).toBeLessThanOrEqual(1);
    const seeded = await db.selectFrom('players').innerJoin('wallets', 'wallets.player_id', 'players.id').select(['players.currency_code', 'wallets.currency']).execute();
    for (const row of seeded) expect(row.currency).toBe(row.currency_code);
  });

  it('records a pay-and-play deposit in the history and the wallet', async () => {
    const player = await walletPlayer(platform, app);
    await postDeposit(platform.database.db, { playerId: player.id, amount: '20.00', currency: 'EUR', idempotencyKey: newKey('pnp'), reference: 'paynplay:x' });
    const [item] = await history(player);
    expect(item).toMatchObject({ amount: '20.00', balanceAfterTransaction: '20.00', category: 'PAYMENT', type: 'DEPOSIT', status: 'SUCCESS', playerId: player.id });
  });
});

describe('GET payment_methods and recent_deposit_methods', () => {
  it('lists the market’s methods: Trustly first in Finland, cards, e-wallets', async () => {
    const player = await walletPlayer(platform, app);
    const response = await playerCall(app, player.token, '/payment_methods');
    const { methods } = v.parse(paymentMethodsResponseSchema, await json(response));
    expect(methods[0]).toEqual({ id: 'trustly', kind: 'bank', name: 'Trustly', logo: { src: '/payments/trustly.svg', width: 96, height: 40 } });
    expect(new Set(methods.map((method) => method.kind))).toEqual(new Set(['bank', 'card', 'ewallet']));
  });

  it('lists another market’s methods for a player of that country', async () => {
    const player = await walletPlayer(platform, app, { country_code: 'BR', currency_code: 'BRL', language_code: 'br' });
    const { methods } = v.parse(paymentMethodsResponseSchema, await json(await playerCall(app, player.token, '/payment_methods')));
    expect(methods.map((method) => method.id)).toEqual(['pix', 'visa', 'mastercard']);
  });

  it('names the methods of paid deposits, the most recent first', async () => {
    const player = await walletPlayer(platform, app);
    const recent = async () => v.parse(recentDepositMethodsResponseSchema, await json(await playerCall(app, player.token, '/recent_deposit_methods'))).methods;
    expect(await recent()).toEqual([]);
    const first = await requestDeposit(player, { methodId: 'trustly' });
    await answerPage(first.depositId ?? '', 'approve');
    advance(1000);
    const second = await requestDeposit(player, { methodId: 'visa' });
    await answerPage(second.depositId ?? '', 'approve');
    advance(1000);
    const declined = await requestDeposit(player, { methodId: 'skrill' });
    await answerPage(declined.depositId ?? '', 'decline');
    expect(await recent()).toEqual(['visa', 'trustly']);
  });
});

describe('POST deposit/check', () => {
  async function check(player: WalletPlayer) {
    const response = await playerCall(app, player.token, '/deposit/check', CHECK);
    expect(response.status, await response.clone().text()).toBe(200);
    return v.parse(depositCheckResponseSchema, await json(response));
  }

  it('allows a registered player', async () => {
    const player = await walletPlayer(platform, app);
    expect(await check(player)).toEqual({ result: 'SUCCESS', daysLeftToVerifyDocuments: null, limitLeft: null, limitType: null, resetOn: null, limitWarning: false });
  });

  it.each([
    ['payout restricted', { status: 'PAYOUT' as const }, 'RESTRICTED'],
    ['restricted (no deposit access)', { status: 'RESTRICTED' as const }, 'RESTRICTED'],
    ['KYC pending', { kyc_status: 'PENDING' }, 'DOCUMENTS_UNDER_REVIEW'],
    ['EDD under review', { kyc_status: 'EDD_UNDER_REVIEW' }, 'DOCUMENTS_UNDER_REVIEW'],
    ['KYC expired', { kyc_status: 'PENDING_EXPIRED' }, 'DOCUMENTS_REQUIRED'],
    ['KYC suspended', { kyc_status: 'SUSPENDED' }, 'DOCUMENTS_REQUIRED_RESTRICTED'],
    ['fully verified', { kyc_status: 'FULLY VERIFIED' }, 'SUCCESS'],
  ])('answers a player %s with %s', async (_name, patch, result) => {
    const player = await walletPlayer(platform, app);
    await platform.database.db.updateTable('players').set(patch).where('id', '=', player.id).execute();
    expect((await check(player)).result).toBe(result);
  });

  it('parses its body with the contract (ipAddress and blackbox)', async () => {
    const player = await walletPlayer(platform, app);
    const errors = await expectFieldErrors(await playerCall(app, player.token, '/deposit/check', { blackbox: 'x'.repeat(5000) }));
    expect(errors).toEqual({ ipAddress: 'validation.required', blackbox: 'validation.too_long' });
  });
});

describe('POST deposit/request', () => {
  it.each([
    ['not an amount', { amount: 'ten' }, { amount: 'validation.amount' }],
    ['zero', { amount: '0' }, { amount: 'validation.amount' }],
    ['three decimals', { amount: '10.005' }, { amount: 'validation.amount' }],
    ['below the minimum', { amount: String(CASHIER_LIMITS.EUR.minDeposit - 1) }, { amount: 'validation.amount.too_low' }],
    ['above the maximum', { amount: `${String(CASHIER_LIMITS.EUR.maxDeposit)}.01` }, { amount: 'validation.amount.too_high' }],
    ['an unknown method', { methodId: 'bitcoin' }, { methodId: 'validation.payment_method' }],
    ['another market’s method', { methodId: 'pix' }, { methodId: 'validation.payment_method' }],
    ['a method id of the wrong shape', { methodId: 'Visa Card' }, { methodId: 'validation.payment_method' }],
    ['another site as return path', { returnPath: 'https://evil.example/deposit' }, { returnPath: 'validation.return_url' }],
    ['a dot-slash trick', { returnPath: '/.//evil.example/fi-FI/deposit' }, { returnPath: 'validation.return_url' }],
    ['a page that is not the cashier', { returnPath: '/fi-FI/online-casino' }, { returnPath: 'validation.return_url' }],
    ['an unknown langmarket', { returnPath: '/xx-ZZ/deposit' }, { returnPath: 'validation.return_url' }],
    ['a key of the wrong shape', { idempotencyKey: 'short' }, { idempotencyKey: 'validation.invalid' }],
  ])('refuses %s with its field code and creates nothing', async (_name, overrides, expected) => {
    const player = await walletPlayer(platform, app);
    const response = await playerCall(app, player.token, '/deposit/request', {
      amount: '50',
      methodId: 'trustly',
      idempotencyKey: newKey('dep'),
      returnPath: '/fi-FI/deposit',
      ...overrides,
    });
    expect(await expectFieldErrors(response)).toEqual(expected);
    expect(await history(player)).toEqual([]);
  });

  it('holds a currency without minor units to whole amounts and its own limits', async () => {
    const player = await walletPlayer(platform, app, { country_code: 'CL', currency_code: 'CLP', language_code: 'cl' });
    const body = { methodId: 'khipu', idempotencyKey: newKey('clp'), returnPath: '/cl-CL/deposit' };
    expect(await expectFieldErrors(await playerCall(app, player.token, '/deposit/request', { ...body, amount: '15000.50' }))).toEqual({ amount: 'validation.amount' });
    expect(await expectFieldErrors(await playerCall(app, player.token, '/deposit/request', { ...body, amount: '5000' }))).toEqual({ amount: 'validation.amount.too_low' });
    const ok = await requestDeposit(player, { ...body, amount: '15000' });
    expect(ok.result).toBe('SUCCESS');
    expect(await depositStatus(player, ok.depositId ?? '')).toMatchObject({ amount: '15000', currency: 'CLP', status: 'PENDING' });
  });

  it('stores a PENDING deposit and answers the provider page; the wallet is unchanged', async () => {
    const player = await walletPlayer(platform, app);
    const answer = await requestDeposit(player, { amount: '50.00', returnPath: '/fi-FI/my-account/banking/deposit?tab=1' });
    expect(answer.result).toBe('SUCCESS');
    expect(answer.redirectUrl).toBe(`/api/payment-simulator/pay?payment=${answer.depositId ?? ''}`);
    expect(await depositStatus(player, answer.depositId ?? '')).toEqual({
      depositId: answer.depositId,
      status: 'PENDING',
      amount: '50.00',
      currency: 'EUR',
      methodId: 'trustly',
      result: null,
    });
    expect((await walletOf(app, player.token)).version).toBe(0);
    const [item] = await history(player);
    expect(item).toMatchObject({ type: 'DEPOSIT', category: 'PAYMENT', status: 'PENDING', amount: '50.00', balanceAfterTransaction: '0.00' });
  });

  it('answers a retried key with the same deposit, and a key with other parameters with 409', async () => {
    const player = await walletPlayer(platform, app);
    const key = newKey('dep');
    const first = await requestDeposit(player, { idempotencyKey: key });
    const again = await requestDeposit(player, { idempotencyKey: key, amount: '50.00' });
    expect(again).toEqual(first);
    await expectError(
      await playerCall(app, player.token, '/deposit/request', { amount: '60', methodId: 'trustly', idempotencyKey: key, returnPath: '/fi-FI/deposit' }),
      409,
      'error.idempotency.conflict',
    );
    expect(await history(player)).toHaveLength(1);
    // Another player may use the same key: keys are the player's own.
    const other = await walletPlayer(platform, app);
    expect((await requestDeposit(other, { idempotencyKey: key })).depositId).not.toBe(first.depositId);
  });

  it('answers RESTRICTED and starts nothing for a player who may not deposit', async () => {
    const player = await walletPlayer(platform, app);
    await platform.database.db.updateTable('players').set({ status: 'PAYOUT' }).where('id', '=', player.id).execute();
    expect(await requestDeposit(player)).toEqual({ result: 'RESTRICTED', depositId: null, redirectUrl: null });
    expect(await history(player)).toEqual([]);
  });
});

describe('the simulated payment provider', () => {
  it('shows a page marked as a simulation, with the amount and three labelled buttons', async () => {
    const player = await walletPlayer(platform, app);
    const { redirectUrl } = await requestDeposit(player, { amount: '25.50', methodId: 'visa' });
    const response = await app.request(redirectUrl ?? '');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toMatch(/Simulated payment provider/);
    expect(html).toContain('€25.50');
    expect(html).toContain('Visa');
    for (const label of ['Approve', 'Decline', 'Time out']) expect(html).toMatch(new RegExp(`<button type="submit" name="action" value="\\w+"[^>]*>${label}</button>`));
    expect(html).toContain('<legend>');
    expect(html).not.toContain('<script');
  });

  it('approve: pays the deposit once and sends the player back with ?depositId=', async () => {
    const player = await walletPlayer(platform, app);
    const { depositId } = await requestDeposit(player, { amount: '50', returnPath: '/fi-FI/deposit' });
    const response = await answerPage(depositId ?? '', 'approve');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/fi-FI/deposit?depositId=${depositId ?? ''}`);
    expect(await depositStatus(player, depositId ?? '')).toMatchObject({ status: 'SUCCESS', result: null, amount: '50.00' });
    expect(await walletOf(app, player.token)).toMatchObject({ version: 1, balanceMap: { MAIN: { cash: '50.00' } } });
    const [item] = await history(player);
    expect(item).toMatchObject({ type: 'DEPOSIT', status: 'SUCCESS', balanceAfterTransaction: '50.00' });
    // The page cannot answer twice; nothing more is paid.
    expect((await answerPage(depositId ?? '', 'approve')).status).toBe(409);
    expect(await balance(platform.database.db, playerAccount(player.id))).toBe('50.00');
    const posted = await platform.database.db.selectFrom('ledger_transactions').select('id').where('reference', '=', depositId ?? '').execute();
    expect(posted).toHaveLength(1);
  });

  it('decline: FAILED with FAILURE, no money moves', async () => {
    const player = await walletPlayer(platform, app);
    const { depositId } = await requestDeposit(player);
    const response = await answerPage(depositId ?? '', 'decline');
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`/fi-FI/deposit?depositId=${depositId ?? ''}`);
    expect(await depositStatus(player, depositId ?? '')).toMatchObject({ status: 'FAILED', result: 'FAILURE' });
    expect(await walletOf(app, player.token)).toMatchObject({ version: 0, balanceMap: { MAIN: { cash: '0.00' } } });
    expect((await history(player))[0]).toMatchObject({ type: 'DEPOSIT', status: 'FAILED' });
  });

  it('time out: PENDING on return, declined by the platform when read after the settle delay', async () => {
    const player = await walletPlayer(platform, app);
    const { depositId } = await requestDeposit(player);
    expect((await answerPage(depositId ?? '', 'timeout')).status).toBe(303);
    expect(await depositStatus(player, depositId ?? '')).toMatchObject({ status: 'PENDING', result: null });
    advance(DEPOSIT_SETTLE_DELAY_MS);
    expect(await depositStatus(player, depositId ?? '')).toMatchObject({ status: 'FAILED', result: 'FAILURE' });
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('0.00');
  });

  it('a closed tab: pending while the provider’s page is open, then declined; the history settles too', async () => {
    const player = await walletPlayer(platform, app);
    const { depositId } = await requestDeposit(player);
    advance(DEPOSIT_SETTLE_DELAY_MS);
    expect((await depositStatus(player, depositId ?? '')).status).toBe('PENDING');
    advance(SIMULATED_PAYMENT_TTL_MS);
    expect((await history(player))[0]).toMatchObject({ status: 'FAILED' });
    expect(await depositStatus(player, depositId ?? '')).toMatchObject({ status: 'FAILED', result: 'FAILURE' });
    // The page is over: the player cannot pay it late.
    expect((await answerPage(depositId ?? '', 'approve')).status).toBe(409);
  });

  it('answers 404 pages for an unknown payment and 400 for an unknown action', async () => {
    expect((await app.request('/api/payment-simulator/pay?payment=nope')).status).toBe(404);
    expect((await answerPage('nope', 'approve')).status).toBe(404);
    const player = await walletPlayer(platform, app);
    const { depositId } = await requestDeposit(player);
    expect((await answerPage(depositId ?? '', 'steal')).status).toBe(400);
    expect((await depositStatus(player, depositId ?? '')).status).toBe('PENDING');
  });

  it('keeps a player’s deposit from others: 404 error.not_found', async () => {
    const player = await walletPlayer(platform, app);
    const other = await walletPlayer(platform, app);
    const { depositId } = await requestDeposit(player);
    await expectError(await playerCall(app, other.token, `/deposit/${depositId ?? ''}`), 404, 'error.not_found');
    await expectError(await playerCall(app, other.token, '/deposit/no-such-deposit'), 404, 'error.not_found');
    await expectError(await playerCall(app, other.token, `/deposit/${'x'.repeat(300)}`), 404, 'error.not_found');
  });
});

describe('the live balance’s notice', () => {
  it('is sent once per posting, on commit, and not for a posting rolled back', async () => {
    const player = await walletPlayer(platform, app);
    const heard: string[] = [];
    const stop = await platform.database.listen(WALLET_CHANGED_CHANNEL, (payload) => {
      if (payload === String(player.id)) heard.push(payload);
    });
    try {
      const { db } = platform.database;
      await postDeposit(db, { playerId: player.id, amount: '10.00', currency: 'EUR', idempotencyKey: newKey('n') });
      await expect(
        db.transaction().execute(async (trx) => {
          await postDeposit(trx, { playerId: player.id, amount: '99.00', currency: 'EUR', idempotencyKey: newKey('n') });
          throw new Error('a later step failed');
        }),
      ).rejects.toThrow('a later step failed');
      const key = newKey('n');
      await postDeposit(db, { playerId: player.id, amount: '1.00', currency: 'EUR', idempotencyKey: key });
      await postDeposit(db, { playerId: player.id, amount: '1.00', currency: 'EUR', idempotencyKey: key });
      await expect.poll(() => heard.length, { timeout: 5_000 }).toBe(2);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(heard).toHaveLength(2);
      expect((await walletOf(app, player.token)).version).toBe(2);
    } finally {
      await stop();
    }
  });
});

describe('a payment provider that does not answer', () => {
  it('leaves the deposit pending (the next read asks again), never a 5xx', async () => {
    const player = await walletPlayer(platform, app);
    let down = true;
    const payments: PaymentProvider = {
      name: 'flaky psp',
      simulated: true,
      confirmDeposit: ({ reference }) => Promise.resolve({ providerReference: reference }),
      refundDeposit: () => Promise.resolve(),
      startPayment: ({ reference }) => Promise.resolve({ redirectUrl: `https://psp.example/pay?r=${reference}` }),
      paymentStatus: () => (down ? Promise.reject(new Error('the PSP is down')) : Promise.resolve('approved')),
    };
    app = platform.app({ clock, gameWalletSecret: GAME_SECRET, providers: { payments } });
    const { depositId, redirectUrl } = await requestDeposit(player);
    expect(redirectUrl).toBe(`https://psp.example/pay?r=${depositId ?? ''}`);
    advance(DEPOSIT_SETTLE_DELAY_MS);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect((await depositStatus(player, depositId ?? '')).status).toBe('PENDING');
      expect(errors).toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
    down = false;
    expect(await depositStatus(player, depositId ?? '')).toMatchObject({ status: 'SUCCESS' });
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('50.00');
  });
});

describe('the ledger in the database', () => {
  it('refuses a posting that takes a player’s account below zero (the running total’s check, migration 0009)', async () => {
    const player = await walletPlayer(platform, app);
    const { db } = platform.database;
    await expect(
      db.transaction().execute(async (trx) => {
        const tx = await trx
          .insertInto('ledger_transactions')
          .values({ idempotency_key: newKey('raw'), kind: 'WITHDRAWAL', player_id: player.id, amount: '5.00', currency: 'EUR', reference: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('ledger_entries')
          .values([
            { transaction_id: tx.id, account: playerAccount(player.id), amount: '-5.00', currency: 'EUR' },
            { transaction_id: tx.id, account: 'cashier:clearing', amount: '5.00', currency: 'EUR' },
          ])
          .execute();
      }),
    ).rejects.toThrow(/ledger_entries_player_not_negative/);
    expect(await balance(db, playerAccount(player.id))).toBe('0.00');
  });

  it('writes each player entry’s running total itself, whatever the inserting code says', async () => {
    const player = await walletPlayer(platform, app);
    const { db } = platform.database;
    const post = (amount: string, claimed: { account_seq: string; balance_after: string }) =>
      db.transaction().execute(async (trx) => {
        const tx = await trx
          .insertInto('ledger_transactions')
          .values({ idempotency_key: newKey('raw'), kind: 'ADJUSTMENT', player_id: player.id, amount, currency: 'EUR', reference: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        return trx
          .insertInto('ledger_entries')
          .values([
            { transaction_id: tx.id, account: playerAccount(player.id), amount, currency: 'EUR', ...claimed },
            { transaction_id: tx.id, account: 'operator:adjustments', amount: `-${amount}`, currency: 'EUR', ...claimed },
          ])
          .returning(['account', sql<string | null>`account_seq::text`.as('account_seq'), sql<string | null>`balance_after::text`.as('balance_after')])
          .execute();
      });
    // A lie about the position and the total is overwritten; the house account keeps none.
    expect(await post('7.25', { account_seq: '40', balance_after: '1000.00' })).toEqual([
      { account: playerAccount(player.id), account_seq: '1', balance_after: '7.25' },
      { account: 'operator:adjustments', account_seq: null, balance_after: null },
    ]);
    expect((await post('2.75', { account_seq: '1', balance_after: '0.00' }))[0]).toMatchObject({ account_seq: '2', balance_after: '10.00' });
    expect(await balance(db, playerAccount(player.id))).toBe('10.00');
    expect((await sql<{ drift: number }>`select count(*)::int as drift from ledger_account_drift`.execute(db)).rows).toEqual([{ drift: 0 }]);
  });

  it('knows every category, type, status and deposit status of machines/lib/wallet.ts (the migration writes them out)', async () => {
    const { rows } = await sql<{ name: string; definition: string }>`
      select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid in ('wallet_transactions'::regclass, 'cashier_deposits'::regclass) and contype = 'c'`.execute(platform.database.db);
    const definition = (column: string, table: string) => rows.find((row) => row.name === `${table}_${column}_check`)?.definition ?? '';
    for (const value of TRANSACTION_CATEGORIES) expect(definition('category', 'wallet_transactions')).toContain(`'${value}'`);
    for (const value of TRANSACTION_TYPES) expect(definition('type', 'wallet_transactions')).toContain(`'${value}'`);
    for (const value of TRANSACTION_STATUSES) expect(definition('status', 'wallet_transactions')).toContain(`'${value}'`);
    for (const value of DEPOSIT_STATUSES) expect(definition('status', 'cashier_deposits')).toContain(`'${value}'`);
  });

  it('keeps every history row: only its status changes', async () => {
    const player = await walletPlayer(platform, app);
    await postDeposit(platform.database.db, { playerId: player.id, amount: '5.00', currency: 'EUR', idempotencyKey: newKey('h') });
    const { db } = platform.database;
    await expect(db.updateTable('wallet_transactions').set({ amount: '500.00' }).where('player_id', '=', player.id).execute()).rejects.toThrow(/only the status/);
    await expect(db.deleteFrom('wallet_transactions').where('player_id', '=', player.id).execute()).rejects.toThrow(/keeps every row/);
    await expect(sql`update wallet_transactions set status = 'REVERTED' where player_id = ${player.id}`.execute(db)).resolves.toBeDefined();
  });
});
