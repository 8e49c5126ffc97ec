import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationAnswerSchema } from '../../server/contract/provider-wallet';
import { BONUS_FUNDING_ACCOUNT, balance, playerBalances, type PlayerBalances } from '../../server/services/ledger';
import { playFreeSpin } from '../../server/services/bonus-wagering';
import { expectBooksBalanced } from './helpers/bonuses';
import { assignmentOf, giveBonus, testCampaign } from './helpers/bonus-money';
import { json, startTestPlatform, type TestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, newKey, providerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Issue 24, the money of bets with bonuses (server/services/bonus-wagering.ts through the seamless
// game wallet, server/services/game-wallet.ts): a bet draws cash first, then bonus; a win of a
// bonus-funded round pays the bonus its share; a rollback returns each part where it came from;
// bets in allowed games advance the wagering and at 100 % the bonus converts (sticky, non-sticky),
// the next queued bonus is credited; an expired bonus is not played; free spins win into the bonus.

let platform: TestPlatform;
let app: ReturnType<TestPlatform['app']>;
const db = () => platform.database.db;

beforeAll(async () => {
  platform = await startTestPlatform();
  app = platform.app({ gameWalletSecret: GAME_SECRET });
});
afterAll(async () => {
  await platform.close();
});

async function operation(kind: 'bet' | 'win', player: WalletPlayer, amount: string, options: { roundId?: string; gameId?: string; vertical?: string; transactionId?: string } = {}) {
  const body = {
    playerId: player.id,
    transactionId: options.transactionId ?? newKey(kind),
    roundId: options.roundId ?? newKey('round'),
    gameId: options.gameId ?? 'starburst',
    vertical: options.vertical ?? 'CASINO',
    amount,
    currency: 'EUR',
  };
  const response = await providerCall(app, kind, body);
  expect(response.status, await response.clone().text()).toBe(200);
  return { ...v.parse(operationAnswerSchema, await json(response)), roundId: body.roundId, transactionId: body.transactionId };
}

async function rollback(player: WalletPlayer, bet: { transactionId: string; roundId: string }) {
  const response = await providerCall(app, 'rollback', { playerId: player.id, transactionId: newKey('rb'), betTransactionId: bet.transactionId, roundId: bet.roundId });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(operationAnswerSchema, await json(response));
}

const balances = (player: WalletPlayer): Promise<PlayerBalances> => playerBalances(db(), player.id, 'EUR');
const cashAndBonus = async (player: WalletPlayer, vertical: 'CASINO' | 'LIVE_CASINO' | 'SPORTS' = 'CASINO') => {
  const now = await balances(player);
  return { main: now.MAIN, bonus: now.BONUS[vertical] };
};

/** A player with `cash` in MAIN and a bonus of `bonus` of a new campaign with these rules. */
async function playerWithBonus(cash: string, bonus: string, rules: Parameters<typeof testCampaign>[1] = {}) {
  const player = await walletPlayer(platform, app);
  if (cash !== '0.00') await credit(app, player.id, cash);
  const campaignId = await testCampaign(db(), rules);
  await giveBonus(db(), player.id, campaignId, bonus);
  return { player, campaignId };
}

describe('a bet with a bonus', () => {
  it('draws cash first, then the bonus of its vertical; the history shows the cash part; the answer what the game can play with', async () => {
    const { player } = await playerWithBonus('10.00', '50.00');
    const bet = await operation('bet', player, '30.00');
    expect(bet.result).toBe('SUCCESS');
    expect(bet.balance).toBe('30.00');
    expect(await cashAndBonus(player)).toEqual({ main: 0n, bonus: 3_000n });
    const history = await db().selectFrom('wallet_transactions').select(['type', 'amount']).where('player_id', '=', player.id).where('type', '=', 'BET').execute();
    expect(history.map((row) => Number(row.amount))).toEqual([-10]);
    const round = await db().selectFrom('game_rounds').select(['staked', 'bonus_staked']).where('round_id', '=', bet.roundId).executeTakeFirstOrThrow();
    expect([Number(round.staked), Number(round.bonus_staked)]).toEqual([30, 20]);
    await expectBooksBalanced(db());
  });

  it('is NOT_ENOUGH_FUNDS only when cash and bonus together fall short; a bet in another vertical cannot use this bonus', async () => {
    const { player } = await playerWithBonus('10.00', '50.00');
    expect((await operation('bet', player, '60.01')).result).toBe('NOT_ENOUGH_FUNDS');
    expect((await operation('bet', player, '10.01', { vertical: 'LIVE_CASINO' })).result).toBe('NOT_ENOUGH_FUNDS');
    expect(await cashAndBonus(player)).toEqual({ main: 1_000n, bonus: 5_000n });
    expect((await operation('bet', player, '60.00')).result).toBe('SUCCESS');
    expect(await cashAndBonus(player)).toEqual({ main: 0n, bonus: 0n });
  });

  it('a player without a bonus bets from MAIN as before', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '10.00');
    expect((await operation('bet', player, '10.01')).result).toBe('NOT_ENOUGH_FUNDS');
    const bet = await operation('bet', player, '4.00');
    expect(bet.balance).toBe('6.00');
    await rollback(player, bet);
    expect(await cashAndBonus(player)).toEqual({ main: 1_000n, bonus: 0n });
  });
});

describe('a win and a rollback of a bonus-funded round', () => {
  it('pays the bonus the share of the stake it funded (rounded down), the rest to MAIN', async () => {
    const { player } = await playerWithBonus('10.00', '50.00');
    const bet = await operation('bet', player, '30.00');
    const win = await operation('win', player, '15.01', { roundId: bet.roundId });
    expect(win.result).toBe('SUCCESS');
    // 15.01 x 20 / 30 = 10.006 -> 10.00 to the bonus, 5.01 cash.
    expect(await cashAndBonus(player)).toEqual({ main: 501n, bonus: 3_000n + 1_000n });
    await expectBooksBalanced(db());
  });

  it('a rollback returns each part where it came from and takes its wagering back', async () => {
    const { player, campaignId } = await playerWithBonus('10.00', '50.00', { wrMultiplier: 10 });
    const bet = await operation('bet', player, '30.00');
    expect(Number((await assignmentOf(db(), player.id, campaignId)).wagered)).toBe(30);
    const voided = await rollback(player, bet);
    expect(voided.result).toBe('SUCCESS');
    expect(voided.balance).toBe('60.00');
    expect(await cashAndBonus(player)).toEqual({ main: 1_000n, bonus: 5_000n });
    expect(Number((await assignmentOf(db(), player.id, campaignId)).wagered)).toBe(0);
    const round = await db().selectFrom('game_rounds').select(['status', 'staked', 'bonus_staked']).where('round_id', '=', bet.roundId).executeTakeFirstOrThrow();
    expect([round.status, Number(round.staked), Number(round.bonus_staked)]).toEqual(['ROLLED_BACK', 0, 0]);
    await expectBooksBalanced(db());
  });

  it('after a forfeit the bonus share of a late win and of a rollback goes to the operator; after a conversion to MAIN', async () => {
    const { player, campaignId } = await playerWithBonus('0.00', '20.00', { wrMultiplier: 10 });
    const first = await operation('bet', player, '5.00');
    const second = await operation('bet', player, '5.00');
    // The engine forfeits the bonus (what is left, 10.00, goes back to the operator).
    const { endWithForfeit } = await import('../../server/services/bonuses');
    const { lockWallet } = await import('../../server/services/ledger');
    const { inTransaction } = await import('../../server/repositories/transaction');
    const assignment = await assignmentOf(db(), player.id, campaignId);
    const operatorBefore = await balance(db(), BONUS_FUNDING_ACCOUNT, 'EUR');
    await inTransaction(db(), async (trx) => {
      const wallet = await lockWallet(trx, player.id);
      if (!wallet) throw new Error('no wallet');
      await endWithForfeit(trx, wallet, assignment, 'FORFEITED', new Date());
    });
    await operation('win', player, '8.00', { roundId: first.roundId });
    await rollback(player, second);
    expect(await cashAndBonus(player)).toEqual({ main: 0n, bonus: 0n });
    expect(Number(await balance(db(), BONUS_FUNDING_ACCOUNT, 'EUR')) - Number(operatorBefore)).toBeCloseTo(10 + 8 + 5, 2);

    const converted = await playerWithBonus('0.00', '10.00', { wrMultiplier: 1 });
    const open = await operation('bet', converted.player, '4.00', { roundId: newKey('open') });
    await operation('bet', converted.player, '6.00');
    expect((await assignmentOf(db(), converted.player.id, converted.campaignId)).end_reason).toBe('CONVERTED');
    await operation('win', converted.player, '3.00', { roundId: open.roundId });
    expect(await cashAndBonus(converted.player)).toEqual({ main: 300n, bonus: 0n });
    await expectBooksBalanced(db());
  });
});

describe('wagering', () => {
  it('each bet in an allowed game adds its whole stake; a game outside the limitations neither draws the bonus nor counts', async () => {
    const { player, campaignId } = await playerWithBonus('100.00', '10.00', { wrMultiplier: 5, gameLimitations: ['allowed-slot'] });
    await operation('bet', player, '10.00', { gameId: 'other-slot' });
    expect(Number((await assignmentOf(db(), player.id, campaignId)).wagered)).toBe(0);
    await operation('bet', player, '12.50', { gameId: 'allowed-slot' });
    expect(Number((await assignmentOf(db(), player.id, campaignId)).wagered)).toBe(12.5);
    // Only cash is left for the other game: 77.50 cash, 10.00 bonus that game may not use.
    expect((await operation('bet', player, '77.51', { gameId: 'other-slot' })).result).toBe('NOT_ENOUGH_FUNDS');
    // 77.50 cash and 0.01 bonus: the wagering passes 50.00 = 5 x 10.00 and the 9.99 left converts.
    expect((await operation('bet', player, '77.51', { gameId: 'allowed-slot' })).result).toBe('SUCCESS');
    expect((await assignmentOf(db(), player.id, campaignId)).end_reason).toBe('CONVERTED');
    expect(await cashAndBonus(player)).toEqual({ main: 999n, bonus: 0n });
  });

  it('at 100 % a non-sticky bonus converts whole to MAIN, ends COMPLETED / CONVERTED, and the next queued bonus is credited', async () => {
    const { player, campaignId } = await playerWithBonus('0.00', '10.00', { wrMultiplier: 3 });
    const queuedCampaign = await testCampaign(db(), { wrMultiplier: 2 });
    const queued = await giveBonus(db(), player.id, queuedCampaign, '7.00', { queue: true });
    expect(queued.outcome).toBe('QUEUED');
    // Bonus-funded bets: 5.00 wins 20.00 (all bonus), then wagering 5 + 10 + 15 = 30 = 3 x 10.
    const bet = await operation('bet', player, '5.00');
    await operation('win', player, '20.00', { roundId: bet.roundId });
    await operation('bet', player, '10.00');
    expect(Number((await assignmentOf(db(), player.id, campaignId)).wagered)).toBe(15);
    const last = await operation('bet', player, '15.00');
    const ended = await assignmentOf(db(), player.id, campaignId);
    expect([ended.state, ended.end_reason, ended.ended_at !== null, Number(ended.wagered)]).toEqual(['COMPLETED', 'CONVERTED', true, 30]);
    // 10 + 20 - 30 = 0 bonus: nothing left to convert; the queued 7.00 is credited and active.
    expect(await cashAndBonus(player)).toEqual({ main: 0n, bonus: 700n });
    expect(last.balance).toBe('7.00');
    const next = await assignmentOf(db(), player.id, queuedCampaign);
    expect(next.state).toBe('ACTIVATED');
    const row = await db().selectFrom('bonus_queued').select('is_credited').where('player_id', '=', player.id).executeTakeFirstOrThrow();
    expect(row.is_credited).toBe(true);
    await expectBooksBalanced(db());
  });

  it('non-sticky: the whole bonus balance moves to MAIN at 100 %', async () => {
    const { player, campaignId } = await playerWithBonus('0.00', '10.00', { wrMultiplier: 2, bonusType: 'NON_STICKY' });
    const bet = await operation('bet', player, '5.00');
    await operation('win', player, '30.00', { roundId: bet.roundId });
    expect(await cashAndBonus(player)).toEqual({ main: 0n, bonus: 3_500n });
    await operation('bet', player, '15.00');
    expect((await assignmentOf(db(), player.id, campaignId)).end_reason).toBe('CONVERTED');
    expect(await cashAndBonus(player)).toEqual({ main: 2_000n, bonus: 0n });
  });

  it('sticky: only the winnings above the bonus amount move to MAIN, the bonus amount goes back to the operator', async () => {
    const { player, campaignId } = await playerWithBonus('0.00', '10.00', { wrMultiplier: 2, bonusType: 'STICKY' });
    const operatorBefore = Number(await balance(db(), BONUS_FUNDING_ACCOUNT, 'EUR'));
    const bet = await operation('bet', player, '5.00');
    await operation('win', player, '30.00', { roundId: bet.roundId });
    expect(await cashAndBonus(player)).toEqual({ main: 0n, bonus: 3_500n });
    await operation('bet', player, '15.00');
    expect((await assignmentOf(db(), player.id, campaignId)).end_reason).toBe('CONVERTED');
    // 20.00 left: 10.00 above the bonus amount to MAIN, 10.00 back to the operator.
    expect(await cashAndBonus(player)).toEqual({ main: 1_000n, bonus: 0n });
    expect(Number(await balance(db(), BONUS_FUNDING_ACCOUNT, 'EUR')) - operatorBefore).toBeCloseTo(10, 2);
    await expectBooksBalanced(db());
  });

  it('an assignment past its expiry is not active: the bet expires it (the engine forfeits what is left) and plays cash only', async () => {
    const { player, campaignId } = await playerWithBonus('5.00', '10.00');
    await db().updateTable('bonus_assignments').set({ expires_at: new Date(Date.now() - 1_000) }).where('player_id', '=', player.id).execute();
    expect((await operation('bet', player, '6.00')).result).toBe('NOT_ENOUGH_FUNDS');
    const ended = await assignmentOf(db(), player.id, campaignId);
    expect([ended.state, ended.end_reason]).toEqual(['FORFEITED', 'EXPIRED']);
    expect(await cashAndBonus(player)).toEqual({ main: 500n, bonus: 0n });
    expect((await operation('bet', player, '5.00')).result).toBe('SUCCESS');
  });
});

describe('free spins (betBonusType -1)', () => {
  it('each spin is a zero-stake round, once per round; its winnings land in the bonus with their own wagering; the last spin with nothing to wager converts', async () => {
    const player = await walletPlayer(platform, app);
    const campaignId = await testCampaign(db(), { vertical: 'FREE_SPINS', wrMultiplier: 2, freeSpinGames: [{ gameId: 'fs-slot', rounds: 3 }] });
    await giveBonus(db(), player.id, campaignId, '0.00');
    const deps = { db: db(), clock: () => new Date() };
    const spin = (roundId: string, winCents: bigint) => playFreeSpin(deps, 'aurora-demo', { playerId: player.id, gameId: 'fs-slot', roundId, category: 'CASINO', winCents });
    expect(await spin('fs-1', 0n)).toMatchObject({ played: true, won: 0n, left: 2 });
    expect(await spin('fs-2', 500n)).toMatchObject({ played: true, won: 500n, left: 1 });
    expect(await spin('fs-2', 500n)).toMatchObject({ played: true, replayed: true, left: 1 });
    expect(await cashAndBonus(player)).toEqual({ main: 0n, bonus: 500n });
    expect((await playFreeSpin(deps, 'aurora-demo', { playerId: player.id, gameId: 'other-slot', roundId: 'fs-x', category: 'CASINO', winCents: 100n })).played).toBe(false);
    expect(await spin('fs-3', 0n)).toMatchObject({ played: true, left: 0 });
    expect(await spin('fs-4', 900n)).toMatchObject({ played: false });
    const assignment = await assignmentOf(db(), player.id, campaignId);
    expect([assignment.state, Number(assignment.amount), Number(assignment.wagering_amount)]).toEqual(['ACTIVATED', 5, 10]);
    // Their wagering: 10.00 of bets (here the winnings themselves, then cash) converts them.
    await credit(app, player.id, '5.00');
    await operation('bet', player, '10.00', { gameId: 'fs-slot' });
    expect((await assignmentOf(db(), player.id, campaignId)).end_reason).toBe('CONVERTED');

    const empty = await walletPlayer(platform, app);
    const emptyCampaign = await testCampaign(db(), { vertical: 'FREE_SPINS', wrMultiplier: 2, freeSpinGames: [{ gameId: 'fs-slot', rounds: 1 }] });
    await giveBonus(db(), empty.id, emptyCampaign, '0.00');
    await playFreeSpin(deps, 'aurora-demo', { playerId: empty.id, gameId: 'fs-slot', roundId: 'fs-empty', category: 'CASINO', winCents: 0n });
    expect((await assignmentOf(db(), empty.id, emptyCampaign)).end_reason).toBe('CONVERTED');
    await expectBooksBalanced(db());
  });

  it('a real bet while spins are left counts no wagering towards winnings not won yet and does not end the spins', async () => {
    const player = await walletPlayer(platform, app);
    await credit(app, player.id, '20.00');
    const campaignId = await testCampaign(db(), { vertical: 'FREE_SPINS', wrMultiplier: 2, freeSpinGames: [{ gameId: 'fs-slot', rounds: 2 }] });
    await giveBonus(db(), player.id, campaignId, '0.00');
    await operation('bet', player, '10.00', { gameId: 'fs-slot' });
    const assignment = await assignmentOf(db(), player.id, campaignId);
    expect([assignment.state, Number(assignment.wagered)]).toEqual(['ACTIVATED', 0]);
  });
});
