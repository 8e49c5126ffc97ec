import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { rewardsResponseSchema, type RewardsResponse } from '../../src/api/bonuses';
import { operationAnswerSchema } from '../../server/contract/provider-wallet';
import { transactionsResponseSchema, withdrawalRequestResponseSchema } from '../../src/api/wallet';
import { depositWithBonus, expectBooksBalanced } from './helpers/bonuses';
import { json, useTestPlatform } from './helpers/platform';
import { GAME_SECRET, newKey, playerCall, providerCall, walletOf, walletPlayer, type WalletPlayer } from './helpers/wallet';

// Issue 24's whole-system path on the platform, through its HTTP doors only, as the app and the game
// provider call them: a first deposit with the welcome bonus chosen at the cashier → the bonus is
// active with its wagering → rounds in a slot through the seamless wallet → the wagering reaches
// 100 % → the bonus converts and the wallet's cash shows it; the books balance at every step.
// (The seeded welcome-first-deposit: 100 % of the deposit up to 100, wagering 10 x the bonus,
// non-sticky; server/content/bonus-campaigns.ts.)

const env = useTestPlatform();
let app: ReturnType<typeof env.platform.app>;

beforeAll(() => {
  app = env.platform.app({ gameWalletSecret: GAME_SECRET });
});

async function activeRewards(player: WalletPlayer): Promise<RewardsResponse> {
  const response = await app.request('/api/player/bonus/rewards?rewardsType=ACTIVE&version=v2', { headers: { Authorization: `Bearer ${player.token}` } });
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(rewardsResponseSchema, await json(response));
}

/** One round of the slot: a bet of `stake` and a win of `win`, as the demo provider sends them. */
async function round(player: WalletPlayer, stake: string, win: string): Promise<void> {
  const roundId = newKey('round');
  for (const [kind, amount] of [
    ['bet', stake],
    ['win', win],
  ] as const) {
    const response = await providerCall(app, kind, { playerId: player.id, transactionId: newKey(kind), roundId, gameId: 'starburst', vertical: 'CASINO', amount, currency: 'EUR' });
    expect(response.status, await response.clone().text()).toBe(200);
    expect(v.parse(operationAnswerSchema, await json(response)).result).toBe('SUCCESS');
  }
}

const walletNow = async (player: WalletPlayer) => {
  const wallet = await walletOf(app, player.token);
  return { cash: wallet.balanceMap.MAIN.cash, casinoBonus: wallet.balanceMap.BONUS.find((entry) => entry.vertical === 'CASINO')?.bonus };
};

describe('a deposit with a bonus, played through, converts to cash (whole system)', () => {
  it('deposit 20 with the welcome bonus → 20 bonus active → 20 rounds of 10 → wagering 100 % → 40 cash, no bonus', async () => {
    const player = await walletPlayer(env.platform, app);
    expect(await walletNow(player)).toEqual({ cash: '0.00', casinoBonus: '0.00' });

    await depositWithBonus(app, player, '20.00', 'welcome-first-deposit');
    expect(await walletNow(player)).toEqual({ cash: '20.00', casinoBonus: '20.00' });
    const active = await activeRewards(player);
    expect(active.rewards).toMatchObject([{ campaignId: 'welcome-first-deposit', amount: '20.00', state: 'ACTIVATED', wageringAmount: '200.00', wageringProgress: 0 }]);
    await expectBooksBalanced(env.platform.database.db);

    // Half the wagering: the bonus is still active, its progress 50 %, the cash paid first and won back.
    for (let played = 0; played < 10; played += 1) await round(player, '10.00', '10.00');
    expect((await activeRewards(player)).rewards).toMatchObject([{ campaignId: 'welcome-first-deposit', wageringProgress: 50 }]);
    expect(await walletNow(player)).toEqual({ cash: '20.00', casinoBonus: '20.00' });

    // The rest: at 100 % the non-sticky bonus moves whole to the cash balance, and it is no longer active.
    for (let played = 0; played < 10; played += 1) await round(player, '10.00', '10.00');
    expect(await walletNow(player)).toEqual({ cash: '40.00', casinoBonus: '0.00' });
    expect((await activeRewards(player)).rewards).toEqual([]);
    await expectBooksBalanced(env.platform.database.db);

    // The player's history names the bonus's movements in the BONUS category (credit, then conversion).
    const history = await playerCall(app, player.token, '/transactions?category=BONUS');
    expect(history.status).toBe(200);
    const bonusRows = v.parse(transactionsResponseSchema, await json(history)).transactions;
    expect(bonusRows.length).toBeGreaterThanOrEqual(2);
    expect(bonusRows.every((row) => row.category === 'BONUS')).toBe(true);
  });

  it('a withdrawal forfeits the active bonus, as the withdraw screen warns; a refused one forfeits nothing', async () => {
    const player = await walletPlayer(env.platform, app);
    await depositWithBonus(app, player, '50.00', 'welcome-first-deposit');
    expect(await walletNow(player)).toEqual({ cash: '50.00', casinoBonus: '50.00' });
    const withdraw = async (amount: string) => {
      const response = await playerCall(app, player.token, '/withdrawal/request', { amount, methodId: 'trustly', idempotencyKey: newKey('wd') });
      expect(response.status, await response.clone().text()).toBe(200);
      return v.parse(withdrawalRequestResponseSchema, await json(response)).result;
    };

    // More than the cash: refused, and the bonus stays active with its money.
    expect(await withdraw('60.00')).toBe('NOT_ENOUGH_FUNDS');
    expect(await walletNow(player)).toEqual({ cash: '50.00', casinoBonus: '50.00' });
    expect((await activeRewards(player)).rewards).toHaveLength(1);

    // A withdrawal that goes through ends the bonus: its money back to the operator, the cash withdrawn.
    expect(await withdraw('20.00')).toBe('SUCCESS');
    expect(await walletNow(player)).toEqual({ cash: '30.00', casinoBonus: '0.00' });
    expect((await activeRewards(player)).rewards).toEqual([]);
    await expectBooksBalanced(env.platform.database.db);
  });
});
