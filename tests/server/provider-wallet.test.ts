import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transactionsResponseSchema } from '../../src/api/wallet';
import { balanceAnswerSchema, operationAnswerSchema } from '../../server/contract/provider-wallet';
import { balance, gameAccount, playerAccount } from '../../server/services/ledger';
import { expectError, expectFieldErrors } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, newKey, playerCall, providerCall, walletOf, walletPlayer, type TestProviderKey, type WalletPlayer } from './helpers/wallet';

// The game providers' seamless wallet (issue 11; server/contract/provider-wallet.ts): bets from MAIN
// (NOT_ENOUGH_FUNDS above it, nothing posted; RESTRICTED without the vertical's access), wins,
// rollbacks that void a bet (BET_VOID), each idempotent by the provider's transaction id, recorded
// in the history with the vertical's category. The keys and signatures are
// provider-wallet-keys.test.ts's, the rounds' books provider-wallet-rounds.test.ts's, the game
// sessions game-session.test.ts's.

/** A second provider with a key of its own. */
const OTHER: TestProviderKey = { provider: 'other-studio', keyId: 'other-studio.k1', secret: 'other-studio-secret-0123456789abcdef' };

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  app = platform.app({ gameWalletSecret: GAME_SECRET, gameProviderKeys: [{ ...OTHER, createdAt: new Date(0), retiredAt: null }] });
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

async function operation(kind: 'bet' | 'win', body: Record<string, unknown>, key?: TestProviderKey) {
  const response = await providerCall(app, kind, body, key);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(operationAnswerSchema, await json(response));
}

async function rollback(player: WalletPlayer, bet: { transactionId: string; roundId: string }, transactionId = newKey('rb'), key?: TestProviderKey) {
  return providerCall(app, 'rollback', { playerId: player.id, transactionId, betTransactionId: bet.transactionId, roundId: bet.roundId }, key);
}

async function funded(amount = '100.00', details = {}): Promise<WalletPlayer> {
  const player = await walletPlayer(platform, app, details);
  await credit(app, player.id, amount);
  return player;
}

async function history(player: WalletPlayer, query = '') {
  return v.parse(transactionsResponseSchema, await json(await playerCall(app, player.token, `/transactions${query}`))).transactions;
}

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
    const placed = play(player, { amount: '7.50' });
    const bet = await operation('bet', placed);
    expect(bet).toMatchObject({ result: 'SUCCESS', currency: 'EUR', balance: '92.50' });
    const win = await operation('win', play(player, { amount: '20.00', roundId: placed.roundId }));
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
    const small = play(player, { amount: '1.00' });
    await operation('bet', small);
    await operation('win', play(player, { amount: '1.00', roundId: small.roundId }));
    expect(await operation('bet', refused)).toMatchObject({ result: 'NOT_ENOUGH_FUNDS', balance: '5.00' });
    expect((await walletOf(app, player.token)).version).toBe(3);
    expect(await operation('bet', play(player, { amount: '5.00' }))).toMatchObject({ result: 'SUCCESS', balance: '0.00' });
  });

  it('answers RESTRICTED for a bet of a player who may not play (self-excluded), but pays a win, which goes back to the player', async () => {
    const player = await funded('50.00');
    // A round placed before the exclusion (a live table settles later).
    const before = play(player, { amount: '1.00' });
    await operation('bet', before);
    await platform.database.db.updateTable('players').set({ status: 'SELF_EXCLUDED', exclusion_indefinite: true }).where('id', '=', player.id).execute();
    expect(await operation('bet', play(player))).toMatchObject({ result: 'RESTRICTED', referenceId: null, balance: '49.00' });
    // A self-excluded player cannot log in: the win and the balance become a pending withdrawal (issue 13, GLI-19).
    expect(await operation('win', play(player, { amount: '2.00', roundId: before.roundId }))).toMatchObject({ result: 'SUCCESS', balance: '0.00' });
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
    // Another provider's transaction ids (and rounds) are its own: the provider is the key's.
    expect((await operation('bet', body, OTHER)).result).toBe('SUCCESS');
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
    const first = await rollback(player, bet, key);
    const answer = v.parse(operationAnswerSchema, await json(first));
    expect(answer).toMatchObject({ result: 'SUCCESS', balance: '100.00' });
    expect(await json(await rollback(player, bet, key))).toEqual(answer);
    expect((await history(player, '?category=CASINO')).map((item) => [item.type, item.status, item.amount])).toEqual([
      ['BET_VOID', 'SUCCESS', '12.00'],
      ['BET', 'REVERTED', '-12.00'],
    ]);
    // Another rollback of the same bet moves nothing.
    expect(v.parse(operationAnswerSchema, await json(await rollback(player, bet)))).toMatchObject({ result: 'SUCCESS', referenceId: null, balance: '100.00' });
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('100.00');
    await expectError(await rollback(player, { ...bet, transactionId: 'other' }, key), 409, 'error.idempotency.conflict');
  });

  it('of a bet that has not arrived moves nothing, and the bet, when it comes late, is refused and takes nothing', async () => {
    const player = await funded('100.00');
    const late = play(player, { amount: '15.00' });
    const key = newKey('rb');
    const voided = v.parse(operationAnswerSchema, await json(await rollback(player, late, key)));
    expect(voided).toMatchObject({ result: 'SUCCESS', referenceId: null, balance: '100.00' });
    // The rollback's retry is its answer again; the late bet is refused, however often it comes.
    expect(await json(await rollback(player, late, key))).toEqual(voided);
    await expectError(await providerCall(app, 'bet', late), 409, 'error.round.closed');
    await expectError(await providerCall(app, 'bet', late), 409, 'error.round.closed');
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('100.00');
    expect(await history(player, '?category=CASINO')).toEqual([]);
    // The same round goes on with other bets.
    expect((await operation('bet', play(player, { roundId: late.roundId, amount: '5.00' }))).balance).toBe('95.00');
  });

  it('of another provider’s bet or of a win moves nothing there: the bet stays, the win stays', async () => {
    const player = await funded('100.00');
    const bet = play(player);
    await operation('bet', bet);
    expect(v.parse(operationAnswerSchema, await json(await rollback(player, bet, newKey('rb'), OTHER)))).toMatchObject({ result: 'SUCCESS', referenceId: null, balance: '95.00' });
    const win = play(player, { roundId: bet.roundId, amount: '7.00' });
    await operation('win', win);
    expect(v.parse(operationAnswerSchema, await json(await rollback(player, win)))).toMatchObject({ result: 'SUCCESS', referenceId: null, balance: '102.00' });
    expect((await history(player, '?category=CASINO')).map((item) => [item.type, item.status, item.amount])).toEqual([
      ['WIN', 'SUCCESS', '7.00'],
      ['BET', 'SUCCESS', '-5.00'],
    ]);
  });

  it('of a bet that has not arrived, naming another player’s round, is 404 error.round.not_found and reserves nothing', async () => {
    const owner = await funded('100.00');
    const theirs = play(owner);
    await operation('bet', theirs);
    const player = await funded('100.00');
    const late = play(player, { roundId: theirs.roundId });
    await expectError(await rollback(player, late), 404, 'error.round.not_found');
    // Nothing was reserved: the bet, in a round of its own, is taken.
    expect((await operation('bet', { ...late, roundId: newKey('round') })).result).toBe('SUCCESS');
  });

  it('refuses a body without the bet’s id', async () => {
    const player = await funded();
    expect(await expectFieldErrors(await providerCall(app, 'rollback', { playerId: player.id, transactionId: 'x' }))).toEqual({
      betTransactionId: 'validation.required',
      roundId: 'validation.required',
    });
  });
});
