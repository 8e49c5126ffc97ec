import * as v from 'valibot';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { transactionsResponseSchema } from '../../src/api/wallet';
import { DEFAULT_WIN_MULTIPLIER, maxWinMultiplierOf, operationAnswerSchema } from '../../server/contract/provider-wallet';
import { SLOT_PAYLINES, SLOT_PAYTABLE } from '../../server/providers/demo-games/slot';
import { ROULETTE_PAYS } from '../../server/providers/demo-games/roulette';
import { expectError } from './helpers/identity';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, newKey, playerCall, providerCall, walletOf, walletPlayer, type TestProviderKey, type WalletPlayer } from './helpers/wallet';

// Issue 20 "The seamless wallet keeps a round's books" (server/contract/provider-wallet.ts
// "Rounds"): a win or a bet-void must name a bet of the same provider, player and round; a round is
// open, settled or rolled back, and a settled round's bets are not rolled back; a round's wins are
// bounded by its stake times the provider's contract multiplier. Each refusal moves no money.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;

const OTHER: TestProviderKey = { provider: 'other-studio', keyId: 'other-studio.rounds', secret: 'other-studio-rounds-secret-0123456789' };

beforeAll(async () => {
  platform = await startTestPlatform();
});
beforeEach(() => {
  app = platform.app({ gameWalletSecret: GAME_SECRET, gameProviderKeys: [{ ...OTHER, createdAt: new Date(0), retiredAt: null }] });
});
afterAll(async () => {
  await platform.close();
});

function call(player: WalletPlayer, roundId: string, overrides: Record<string, unknown> = {}) {
  return { playerId: player.id, transactionId: newKey('tx'), roundId, gameId: 'starburst', vertical: 'CASINO', amount: '5.00', currency: 'EUR', ...overrides };
}

async function ok(kind: 'bet' | 'win', body: Record<string, unknown>, key?: TestProviderKey) {
  const response = await providerCall(app, kind, body, key);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(operationAnswerSchema, await json(response));
}

const rollback = (player: WalletPlayer, bet: { transactionId: string; roundId: string }, key?: TestProviderKey) =>
  providerCall(app, 'rollback', { playerId: player.id, transactionId: newKey('rb'), betTransactionId: bet.transactionId, roundId: bet.roundId }, key);

async function funded(amount = '100.00'): Promise<WalletPlayer> {
  const player = await walletPlayer(platform, app);
  await credit(app, player.id, amount);
  return player;
}

const main = async (player: WalletPlayer) => (await walletOf(app, player.token)).balanceMap.MAIN.cash;
const historyTypes = async (player: WalletPlayer) =>
  v.parse(transactionsResponseSchema, await json(await playerCall(app, player.token, '/transactions'))).transactions.map((row) => `${row.type} ${row.status} ${row.amount}`);

describe('a win', () => {
  it('a win is paid for a round that never had a bet: no more (404 error.round.not_found, nothing credited)', async () => {
    const player = await funded();
    await expectError(await providerCall(app, 'win', call(player, newKey('round'), { amount: '1000.00' })), 404, 'error.round.not_found');
    expect(await main(player)).toBe('100.00');
    expect(await historyTypes(player)).toEqual(['DEPOSIT SUCCESS 100.00']);
  });

  it('must name the round of the same player, game and provider', async () => {
    const player = await funded();
    const other = await funded();
    const bet = call(player, newKey('round'));
    await ok('bet', bet);
    await expectError(await providerCall(app, 'win', call(other, bet.roundId)), 404, 'error.round.not_found');
    await expectError(await providerCall(app, 'win', call(player, bet.roundId, { gameId: 'another-game' })), 404, 'error.round.not_found');
    await expectError(await providerCall(app, 'win', call(player, bet.roundId, { vertical: 'LIVE_CASINO' })), 404, 'error.round.not_found');
    // Another provider's round of the same id is not this one.
    await expectError(await providerCall(app, 'win', call(player, bet.roundId), OTHER), 404, 'error.round.not_found');
    expect(await main(other)).toBe('100.00');
    expect(await ok('win', call(player, bet.roundId, { amount: '7.00' }))).toMatchObject({ result: 'SUCCESS', balance: '102.00' });
  });

  it('is bounded by the round’s stake times the provider’s multiplier, and several wins of a round add up', async () => {
    const player = await funded('10.00');
    const bet = call(player, newKey('round'), { amount: '0.10' });
    await ok('bet', bet);
    const bound = (10n * BigInt(maxWinMultiplierOf('aurora-demo'))) / 100n; // 0.10 x 2,500 = 250.00
    await expectError(await providerCall(app, 'win', call(player, bet.roundId, { amount: `${String(bound)}.01` })), 409, 'error.win.limit_exceeded');
    expect(await main(player)).toBe('9.90');
    await ok('win', call(player, bet.roundId, { amount: '200.00' }));
    await expectError(await providerCall(app, 'win', call(player, bet.roundId, { amount: '50.01' })), 409, 'error.win.limit_exceeded');
    expect(await ok('win', call(player, bet.roundId, { amount: '50.00' }))).toMatchObject({ balance: '259.90' });
  });

  it('is bounded by the common 5,000 times for a provider without a contract entry', async () => {
    const player = await funded();
    const bet = call(player, newKey('round'), { amount: '0.01' });
    await ok('bet', bet, OTHER);
    expect(maxWinMultiplierOf(OTHER.provider)).toBe(DEFAULT_WIN_MULTIPLIER);
    await expectError(await providerCall(app, 'win', call(player, bet.roundId, { amount: '50.01' }), OTHER), 409, 'error.win.limit_exceeded');
    await ok('win', call(player, bet.roundId, { amount: '50.00' }), OTHER);
  });

  it('the demo provider’s best possible round fits its contract’s bound (every line five sevens; a straight-up roulette win)', () => {
    const bestSlot = (SLOT_PAYTABLE.seven[2] * SLOT_PAYLINES.length) / SLOT_PAYLINES.length;
    expect(bestSlot).toBeLessThanOrEqual(maxWinMultiplierOf('aurora-demo'));
    expect(ROULETTE_PAYS.straight + 1).toBeLessThanOrEqual(maxWinMultiplierOf('aurora-demo'));
  });

  it('a replay with another body is refused (409), the first answer stands', async () => {
    const player = await funded();
    const bet = call(player, newKey('round'));
    await ok('bet', bet);
    const win = call(player, bet.roundId, { amount: '3.00' });
    const first = await ok('win', win);
    expect(await ok('win', win)).toEqual(first);
    await expectError(await providerCall(app, 'win', { ...win, amount: '30.00' }), 409, 'error.idempotency.conflict');
    await expectError(await providerCall(app, 'win', { ...win, roundId: newKey('round') }), 409, 'error.idempotency.conflict');
    expect(await main(player)).toBe('98.00');
  });
});

describe('a rollback', () => {
  it('a bet is rolled back after its round paid out: no more (409 error.round.settled; the stake stays taken, the win stays paid)', async () => {
    const player = await funded();
    const bet = call(player, newKey('round'), { amount: '10.00' });
    await ok('bet', bet);
    await ok('win', call(player, bet.roundId, { amount: '25.00' }));
    await expectError(await rollback(player, bet), 409, 'error.round.settled');
    expect(await main(player)).toBe('115.00');
    expect((await historyTypes(player)).filter((row) => row.startsWith('BET'))).toEqual(['BET SUCCESS -10.00']);
  });

  it('must name the bet’s own round', async () => {
    const player = await funded();
    const bet = call(player, newKey('round'));
    await ok('bet', bet);
    const elsewhere = call(player, newKey('round'));
    await ok('bet', elsewhere);
    await expectError(await rollback(player, { transactionId: bet.transactionId, roundId: elsewhere.roundId }), 404, 'error.round.not_found');
    expect(await main(player)).toBe('90.00');
  });

  it('of an open round gives the stake back; with no bet left the round is rolled back and takes no win or bet', async () => {
    const player = await funded();
    const first = call(player, newKey('round'), { amount: '4.00' });
    const second = call(player, first.roundId, { amount: '6.00' });
    await ok('bet', first);
    await ok('bet', second);
    expect(v.parse(operationAnswerSchema, await json(await rollback(player, first)))).toMatchObject({ result: 'SUCCESS', balance: '94.00' });
    // One bet (6.00) is left: the round is open, and its wins are bounded by that stake.
    await expectError(await providerCall(app, 'win', call(player, first.roundId, { amount: '15000.01' })), 409, 'error.win.limit_exceeded');
    expect(v.parse(operationAnswerSchema, await json(await rollback(player, second)))).toMatchObject({ result: 'SUCCESS', balance: '100.00' });
    await expectError(await providerCall(app, 'win', call(player, first.roundId)), 409, 'error.round.closed');
    await expectError(await providerCall(app, 'bet', call(player, first.roundId)), 409, 'error.round.closed');
    expect(await main(player)).toBe('100.00');
  });
});

describe('a bet', () => {
  it('joins an open round of the same player and game, but not a settled one or another player’s', async () => {
    const player = await funded();
    const other = await funded();
    const bet = call(player, newKey('round'));
    await ok('bet', bet);
    await expectError(await providerCall(app, 'bet', call(other, bet.roundId)), 409, 'error.round.closed');
    await ok('bet', call(player, bet.roundId));
    await ok('win', call(player, bet.roundId, { amount: '1.00' }));
    await expectError(await providerCall(app, 'bet', call(player, bet.roundId)), 409, 'error.round.closed');
    expect(await main(player)).toBe('91.00');
    expect(await main(other)).toBe('100.00');
  });
});
