import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transactionsResponseSchema } from '../../src/api/wallet';
import { balanceAnswerSchema, operationAnswerSchema, WALLET_SIGNATURE_HEADER } from '../../server/contract/provider-wallet';
import { GAME_WALLET_SECRET_SETTING, loadGameWalletSecret, signWalletBody } from '../../server/platform/game-wallet-secret';
import { balance, gameAccount, playerAccount } from '../../server/platform/ledger';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, newKey, playerCall, providerCall, walletOf, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The game providers' seamless wallet (issue 11; server/contract/provider-wallet.ts): signed calls
// only, bets from MAIN (NOT_ENOUGH_FUNDS above it, nothing posted; RESTRICTED without the vertical's
// access), wins, rollbacks that void a bet (BET_VOID), each idempotent by the provider's
// transaction id, recorded in the history with the vertical's category.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  app = platform.app({ gameWalletSecret: GAME_SECRET });
});
afterAll(async () => {
  await platform.close();
});

const PROVIDER = 'aurora-demo';

function play(player: WalletPlayer, overrides: Record<string, unknown> = {}) {
  return {
    provider: PROVIDER,
    playerId: player.id,
    transactionId: newKey('tx'),
    roundId: newKey('round'),
    gameId: 'starburst',
    vertical: 'CASINO',
    amount: '5.00',
    currency: 'EUR',
    ...overrides,
  };
}

async function operation(kind: 'bet' | 'win', body: Record<string, unknown>) {
  const response = await providerCall(app, kind, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(operationAnswerSchema, await json(response));
}

async function rollback(player: WalletPlayer, betTransactionId: string, transactionId = newKey('rb'), provider = PROVIDER) {
  return providerCall(app, 'rollback', { provider, playerId: player.id, transactionId, betTransactionId });
}

async function funded(amount = '100.00', details = {}): Promise<WalletPlayer> {
  const player = await walletPlayer(platform, app, details);
  await credit(app, player.id, amount);
  return player;
}

async function history(player: WalletPlayer, query = '') {
  return v.parse(transactionsResponseSchema, await json(await playerCall(app, player.token, `/transactions${query}`))).transactions;
}

describe('the signature', () => {
  it.each([
    ['no signature', {}],
    ['a wrong one', { [WALLET_SIGNATURE_HEADER]: 'sha256=00' }],
    ['another key’s', { [WALLET_SIGNATURE_HEADER]: signWalletBody('another-secret-another-secret-xx', '{"provider":"a","playerId":1}') }],
    ['another body’s', { [WALLET_SIGNATURE_HEADER]: signWalletBody(GAME_SECRET, '{"provider":"a","playerId":2}') }],
  ])('refuses a call with %s: 401 error.token.invalid', async (_name, headers) => {
    const response = await app.request('/api/provider/wallet/balance', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...headers },
      body: '{"provider":"a","playerId":1}',
    });
    await expectError(response, 401, 'error.token.invalid');
  });

  it('is generated and kept in the database when none is configured', async () => {
    const player = await walletPlayer(platform, app);
    const generatedApp = platform.app({});
    const secret = await loadGameWalletSecret(platform.database.db);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43,}$/);
    const row = await platform.database.db.selectFrom('platform_settings').select('key').where('key', '=', GAME_WALLET_SECRET_SETTING).executeTakeFirst();
    expect(row).toBeDefined();
    const response = await providerCall(generatedApp, 'balance', { provider: PROVIDER, playerId: player.id }, secret);
    expect(response.status).toBe(200);
    expect(await loadGameWalletSecret(platform.database.db)).toBe(secret);
  });
});

describe('POST /balance', () => {
  it('answers MAIN in the account currency and the wallet version', async () => {
    const player = await funded('42.10');
    const response = await providerCall(app, 'balance', { provider: PROVIDER, playerId: player.id });
    expect(v.parse(balanceAnswerSchema, await json(response))).toEqual({ playerId: player.id, currency: 'EUR', balance: '42.10', version: 1 });
  });

  it('is 404 error.wallet.not_found for an unknown player', async () => {
    await expectError(await providerCall(app, 'balance', { provider: PROVIDER, playerId: 2_000_000_000 }), 404, 'error.wallet.not_found');
    await expectError(await providerCall(app, 'bet', { ...play({ id: 2_000_000_000 } as WalletPlayer) }), 404, 'error.wallet.not_found');
  });
});

describe('POST /bet and /win', () => {
  it.each([
    ['a player id that is not a number', { playerId: '1' }, { playerId: 'validation.invalid' }],
    ['an unknown vertical', { vertical: 'POKER' }, { vertical: 'validation.invalid' }],
    ['an amount with three decimals', { amount: '1.234' }, { amount: 'validation.amount' }],
    ['a zero amount', { amount: '0.00' }, { amount: 'validation.amount' }],
    ['another currency', { currency: 'SEK' }, { currency: 'validation.currency' }],
    ['a transaction id with spaces', { transactionId: 'a b' }, { transactionId: 'validation.invalid' }],
  ])('refuses %s with its field code, posting nothing', async (_name, overrides, expected) => {
    const player = await funded();
    expect(await expectFieldErrors(await providerCall(app, 'bet', play(player, overrides)))).toEqual(expected);
    expect((await walletOf(app, player.token)).version).toBe(1);
  });

  it('refuses fractions in a currency without minor units', async () => {
    const player = await funded('5000', { country_code: 'CL', currency_code: 'CLP', language_code: 'cl' });
    expect(await expectFieldErrors(await providerCall(app, 'bet', play(player, { currency: 'CLP', amount: '10.50' })))).toEqual({ amount: 'validation.amount' });
    expect(await operation('bet', play(player, { currency: 'CLP', amount: '100' }))).toMatchObject({ result: 'SUCCESS', balance: '4900', currency: 'CLP' });
  });

  it('takes a bet from MAIN to the house and pays a win back, recorded in the vertical’s category', async () => {
    const player = await funded('100.00');
    const bet = await operation('bet', play(player, { amount: '7.50' }));
    expect(bet).toMatchObject({ result: 'SUCCESS', currency: 'EUR', balance: '92.50' });
    const win = await operation('win', play(player, { amount: '20.00' }));
    expect(win).toMatchObject({ result: 'SUCCESS', balance: '112.50' });
    const items = await history(player, '?category=CASINO');
    expect(items.map((item) => [item.type, item.status, item.amount, item.balanceAfterTransaction])).toEqual([
      ['WIN', 'SUCCESS', '20.00', '112.50'],
      ['BET', 'SUCCESS', '-7.50', '92.50'],
    ]);
    expect(items[1]?.referenceId).toBe(bet.referenceId);
    expect(await balance(platform.database.db, playerAccount(player.id))).toBe('112.50');
  });

  it.each(['LIVE_CASINO', 'SPORTS', 'VIRTUAL_SPORTS'])('records a %s bet in that category', async (vertical) => {
    const player = await funded();
    await operation('bet', play(player, { vertical }));
    expect((await history(player, `?category=${vertical}`)).map((item) => item.type)).toEqual(['BET']);
    expect(await balance(platform.database.db, gameAccount(vertical as 'SPORTS'))).not.toBe('0.00');
  });

  it('answers NOT_ENOUGH_FUNDS for a bet above MAIN and posts nothing; a retry is refused the same way', async () => {
    const player = await funded('5.00');
    const refused = play(player, { amount: '5.01' });
    expect(await operation('bet', refused)).toMatchObject({ result: 'NOT_ENOUGH_FUNDS', referenceId: null, balance: '5.00' });
    await operation('win', play(player, { amount: '1.00' }));
    expect(await operation('bet', refused)).toMatchObject({ result: 'NOT_ENOUGH_FUNDS', balance: '5.00' });
    await operation('bet', play(player, { amount: '1.00' }));
    expect((await walletOf(app, player.token)).version).toBe(3);
    expect(await operation('bet', play(player, { amount: '5.00' }))).toMatchObject({ result: 'SUCCESS', balance: '0.00' });
  });

  it('answers RESTRICTED for a bet of a player who may not play (self-excluded), but pays a win, which goes back to the player', async () => {
    const player = await funded('50.00');
    await platform.database.db.updateTable('players').set({ status: 'SELF_EXCLUDED', exclusion_indefinite: true }).where('id', '=', player.id).execute();
    expect(await operation('bet', play(player))).toMatchObject({ result: 'RESTRICTED', referenceId: null, balance: '50.00' });
    // A self-excluded player cannot log in: the win and the balance become a pending withdrawal (issue 13, GLI-19).
    expect(await operation('win', play(player, { amount: '1.00' }))).toMatchObject({ result: 'SUCCESS', balance: '0.00' });
    expect(await balance(platform.database.db, playerAccount(player.id, 'LOCKED'))).toBe('51.00');
  });

  it('answers a retried transaction id with the stored answer, once; other parameters are 409', async () => {
    const player = await funded('100.00');
    const body = play(player, { amount: '10.00' });
    const answers = await Promise.all([operation('bet', body), operation('bet', body), operation('bet', { ...body, amount: '10' })]);
    expect(new Set(answers.map((answer) => JSON.stringify(answer))).size).toBe(1);
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('90.00');
    await expectError(await providerCall(app, 'bet', { ...body, amount: '11.00' }), 409, 'error.idempotency.conflict');
    await expectError(await providerCall(app, 'win', body), 409, 'error.idempotency.conflict');
    // Another provider's transaction ids are its own.
    expect((await operation('bet', { ...body, provider: 'other-studio' })).result).toBe('SUCCESS');
    // The same provider's id for another player is a conflict.
    const other = await funded();
    await expectError(await providerCall(app, 'bet', { ...body, playerId: other.id }), 409, 'error.idempotency.conflict');
    expect((await walletOf(app, other.token)).balanceMap.MAIN.cash).toBe('100.00');
  });
});

describe('POST /rollback', () => {
  it('voids a bet: BET_VOID gives the amount back, the bet is REVERTED; a retry is the same answer', async () => {
    const player = await funded('100.00');
    const bet = play(player, { amount: '12.00' });
    await operation('bet', bet);
    const key = newKey('rb');
    const first = await rollback(player, bet.transactionId, key);
    const answer = v.parse(operationAnswerSchema, await json(first));
    expect(answer).toMatchObject({ result: 'SUCCESS', balance: '100.00' });
    expect(await json(await rollback(player, bet.transactionId, key))).toEqual(answer);
    expect((await history(player, '?category=CASINO')).map((item) => [item.type, item.status, item.amount])).toEqual([
      ['BET_VOID', 'SUCCESS', '12.00'],
      ['BET', 'REVERTED', '-12.00'],
    ]);
    // Another rollback of the same bet moves nothing.
    expect(v.parse(operationAnswerSchema, await json(await rollback(player, bet.transactionId)))).toMatchObject({ result: 'SUCCESS', referenceId: null, balance: '100.00' });
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('100.00');
    await expectError(await providerCall(app, 'rollback', { provider: PROVIDER, playerId: player.id, transactionId: key, betTransactionId: 'other' }), 409, 'error.idempotency.conflict');
  });

  it('is 404 error.not_found for an unknown bet or another provider’s', async () => {
    const player = await funded();
    const bet = play(player);
    await operation('bet', bet);
    await expectError(await rollback(player, 'no-such-bet'), 404, 'error.not_found');
    await expectError(await rollback(player, bet.transactionId, newKey('rb'), 'other-studio'), 404, 'error.not_found');
    const win = play(player);
    await operation('win', win);
    await expectError(await rollback(player, win.transactionId), 404, 'error.not_found');
  });

  it('refuses a body without the bet’s id', async () => {
    const player = await funded();
    expect(await expectFieldErrors(await providerCall(app, 'rollback', { provider: PROVIDER, playerId: player.id, transactionId: 'x' }))).toEqual({
      betTransactionId: 'validation.required',
    });
  });
});
