import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimResponseSchema, rewardsResponseSchema, type Reward } from '../../src/api/bonuses';
import { findPlayerAssignment, insertAssignment, insertCampaignIfMissing, ledgerKindTotal } from '../../server/repositories/bonuses';
import { inTransaction } from '../../server/repositories/transaction';
import { cashbackPeriod, editCampaign, expireAssignments, settleCashback } from '../../server/services/bonuses';
import { activeBonusForBet, recordBonusBet } from '../../server/services/bonus-wagering';
import { assignmentForBet } from '../../server/repositories/bonus-wagering';
import { bonusAccount, gameAccount, lockWallet, playerBalances, postOnWallet } from '../../server/services/ledger';
import { bonusCall, depositWithBonus, expectBooksBalanced } from './helpers/bonuses';
import { json, useTestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, logIn, newKey, providerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';

// The bonus engine's money below the API (issue 24; server/services/bonuses.ts): a stake's wagering
// (the game wallet's step, server/services/bonus-wagering.ts) and conversion at 100 % (non-sticky: all to MAIN; sticky:
// only the winnings), the queue credited by a conversion, the linked campaign it unlocks, the weekly
// cashback and the expiry of every player on the clock the tests drive, concurrent claims credited
// once, and the database's own guard of one active bonus per vertical. The books balance throughout.

const env = useTestPlatform();
let now = new Date();
const clock = () => now;
let app: ReturnType<typeof env.platform.app>;
beforeAll(() => {
  app = env.platform.app({ clock, gameWalletSecret: GAME_SECRET });
});
const db = () => env.platform.database.db;
const deps = () => ({ db: db(), clock, settings: env.platform.settings });

async function claimed(player: WalletPlayer, campaignId: string): Promise<Reward> {
  const response = await bonusCall(app, player.token, 'POST', `/rewards/${campaignId}/claim`, {});
  expect(response.status, await response.clone().text()).toBe(200);
  const answer = v.parse(claimResponseSchema, await json(response));
  if (answer.outcome !== 'ACTIVATED') throw new Error('not activated');
  return answer.reward;
}

async function list(player: WalletPlayer, type: 'ACTIVE' | 'ELIGIBLE') {
  const response = await bonusCall(app, player.token, 'GET', `/rewards?rewardsType=${type}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return v.parse(rewardsResponseSchema, await json(response));
}

async function balances(player: WalletPlayer) {
  return playerBalances(db(), player.id, 'EUR');
}

/**
 * Books a stake on the player's active bonus of a vertical with the game wallet's own wagering step
 * (server/services/bonus-wagering.ts: the bet's wagering, conversion at 100 %), without moving the
 * stake's money: what a bet does to the assignment. Answers the assignment as it then is.
 */
async function wager(player: WalletPlayer, vertical: 'CASINO' | 'SPORTS' | 'LIVE_CASINO', stakeCents: bigint, gameId: string) {
  return inTransaction(db(), async (trx) => {
    const wallet = await lockWallet(trx, player.id);
    if (!wallet) throw new Error('no wallet');
    const bonus = await activeBonusForBet(trx, wallet, vertical, gameId, now);
    if (!bonus) throw new Error('no active bonus');
    await recordBonusBet(trx, wallet, bonus, { provider: 'test', transactionId: newKey('bet'), roundId: newKey('round'), stake: stakeCents, bonusPart: 0n, now });
    const after = await assignmentForBet(trx, bonus.row.id);
    if (!after) throw new Error('the assignment is gone');
    return after;
  });
}

describe('the wagering seam and conversion', () => {
  it('advances a non-sticky bonus by real stakes and converts it whole to MAIN at 100 %; the linked campaign is then offered', async () => {
    const player = await walletPlayer(env.platform, app);
    const reward = await claimed(player, 'manual-casino-10');
    expect((await list(player, 'ELIGIBLE')).rewards.map((row) => row.campaignId)).not.toContain('linked-casino-20');
    const partly = await wager(player, 'CASINO', 4_000n, 'cas-00001');
    expect(partly).toMatchObject({ state: 'ACTIVATED', wagered: '40.00' });
    expect((await list(player, 'ACTIVE')).rewards).toMatchObject([{ assignmentId: reward.assignmentId, wageringProgress: 40 }]);
    // A stake of nothing (a free round) adds nothing.
    expect((await wager(player, 'CASINO', 0n, 'cas-00001')).wagered).toBe('40.00');
    const done = await wager(player, 'CASINO', 7_000n, 'cas-00001');
    expect(done).toMatchObject({ state: 'COMPLETED', end_reason: 'CONVERTED', wagered: '100.00' });
    const after = await balances(player);
    expect(after.MAIN).toBe(1_000n);
    expect(after.BONUS.CASINO).toBe(0n);
    expect((await list(player, 'ACTIVE')).rewards).toEqual([]);
    expect((await list(player, 'ELIGIBLE')).rewards.map((row) => row.campaignId)).toContain('linked-casino-20');
    expect((await claimed(player, 'linked-casino-20')).amount).toBe('20.00');
    await expectBooksBalanced(db());
  });

  it('a sticky bonus converts only its winnings: the bonus amount goes back to the operator', async () => {
    const player = await walletPlayer(env.platform, app);
    await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: '', campaignId: 'manual-free-bet' });
    await claimed(player, 'manual-free-bet');
    // A won bet of the bonus paid 3.00 into the sports bonus account (the game wallet's part).
    await inTransaction(db(), async (trx) => {
      const wallet = await lockWallet(trx, player.id);
      if (!wallet) throw new Error('no wallet');
      await postOnWallet(trx, wallet, {
        idempotencyKey: newKey('win'),
        kind: 'WIN',
        cents: 300n,
        entries: [
          { account: bonusAccount(player.id, 'SPORTS'), cents: 300n },
          { account: gameAccount('SPORTS'), cents: -300n },
        ],
      });
    });
    const before = await ledgerKindTotal(db(), 'BONUS_CONVERSION');
    expect((await wager(player, 'SPORTS', 500n, 'any-sport')).state).toBe('COMPLETED');
    const after = await balances(player);
    expect(after.MAIN).toBe(300n);
    expect(after.BONUS.SPORTS).toBe(0n);
    // The conversion's posting moved the whole 8.00 out of the bonus account.
    expect(Number(await ledgerKindTotal(db(), 'BONUS_CONVERSION')) - Number(before)).toBe(8);
    await expectBooksBalanced(db());
  });

  it('a sticky bonus without winnings converts to nothing: its history says the bonus ended', async () => {
    const player = await walletPlayer(env.platform, app);
    await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: '', campaignId: 'manual-free-bet' });
    await claimed(player, 'manual-free-bet');
    expect((await wager(player, 'SPORTS', 500n, 'any-sport')).state).toBe('COMPLETED');
    expect(await balances(player)).toMatchObject({ MAIN: 0n, BONUS: { SPORTS: 0n } });
    const rows = await db().selectFrom('wallet_transactions').select(['type', 'amount']).where('player_id', '=', player.id).where('category', '=', 'BONUS').orderBy('id').execute();
    expect(rows.map((row) => [row.type, Number(row.amount)])).toEqual([
      ['DEPOSIT', 5],
      ['FORFEIT', -5],
    ]);
    await expectBooksBalanced(db());
  });

  it('respects game limitations: a stake outside the campaign’s games adds nothing; a free-spin bonus with rounds left is not done', async () => {
    await insertCampaignIfMissing(db(), {
      id: 'engine-limited',
      vertical: 'LIVE_CASINO',
      status: 'ACTIVE',
      category: 'MANUAL',
      bonus_type: 'NON_STICKY',
      wr_multiplier: '2',
      bonus_amounts: JSON.stringify({ EUR: '10.00' }),
      game_limitations: JSON.stringify(['live-0001']),
      expiry_days: 7,
      display_info: JSON.stringify({ en: { title: 'Limited', description: 'Live table only', terms: 'Wager 2x.' } }),
    });
    const player = await walletPlayer(env.platform, app);
    expect((await claimed(player, 'engine-limited')).gameLimitations).toEqual(['live-0001']);
    expect((await wager(player, 'LIVE_CASINO', 1_500n, 'live-0002')).wagered).toBe('0.00');
    expect((await wager(player, 'LIVE_CASINO', 1_500n, 'live-0001')).wagered).toBe('15.00');
    const spins = await claimed(player, 'registration-free-spins');
    expect(spins.freeSpinDetail?.games.every((game) => game.roundsPlayed === 0)).toBe(true);
    const stillActive = await wager(player, 'CASINO', 100n, spins.gameLimitations[0] ?? '');
    expect(stillActive.state).toBe('ACTIVATED');
  });

  it('a conversion credits the queued bonus of its vertical', async () => {
    const player = await walletPlayer(env.platform, app);
    await depositWithBonus(app, player, '10.00');
    await claimed(player, 'manual-casino-10');
    await depositWithBonus(app, player, '20.00', 'second-deposit');
    expect((await list(player, 'ACTIVE')).queued).toMatchObject([{ campaignId: 'second-deposit', isCredited: false }]);
    await wager(player, 'CASINO', 10_000n, 'cas-00001');
    const active = await list(player, 'ACTIVE');
    expect(active.rewards).toMatchObject([{ campaignId: 'second-deposit', amount: '10.00', state: 'ACTIVATED' }]);
    expect(active.queued).toEqual([]);
    expect((await balances(player)).BONUS.CASINO).toBe(1_000n);
    await expectBooksBalanced(db());
  });
});

describe('guards', () => {
  it('concurrent claims of one campaign credit it once', async () => {
    const player = await walletPlayer(env.platform, app);
    const answers = await Promise.all(Array.from({ length: 6 }, () => bonusCall(app, player.token, 'POST', '/rewards/manual-casino-10/claim', {})));
    expect(answers.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const ids = new Set(await Promise.all(answers.map(async (response) => (v.parse(claimResponseSchema, await json(response)) as { reward: Reward }).reward.assignmentId)));
    expect(ids.size).toBe(1);
    expect((await balances(player)).BONUS.CASINO).toBe(1_000n);
    await expectBooksBalanced(db());
  });

  it('concurrent claims of two campaigns of one vertical: one is credited, the other is 409', async () => {
    const player = await walletPlayer(env.platform, app);
    const answers = await Promise.all([
      bonusCall(app, player.token, 'POST', '/rewards/manual-casino-10/claim', {}),
      bonusCall(app, player.token, 'POST', '/freespin/campaign/registration-free-spins/claim', {}),
    ]);
    expect(answers.map((response) => response.status).sort()).toEqual([200, 409]);
    await expectBooksBalanced(db());
  });

  it('the database refuses a second ACTIVATED assignment in a vertical, whatever code writes it', async () => {
    const player = await walletPlayer(env.platform, app);
    const reward = await claimed(player, 'manual-casino-10');
    const existing = await findPlayerAssignment(db(), player.id, Number(reward.assignmentId));
    if (!existing) throw new Error('missing');
    const second = {
      player_id: existing.player_id,
      campaign_id: existing.campaign_id,
      vertical: existing.vertical,
      wallet_vertical: existing.wallet_vertical,
      state: 'ACTIVATED',
      currency: existing.currency,
      amount: '0.00',
      wagering_amount: '0.00',
      credit_key: newKey('dup'),
      started_at: now,
      expires_at: existing.expires_at,
    };
    await expect(inTransaction(db(), (trx) => insertAssignment(trx, second))).rejects.toThrow();
  });
});

describe('the clock the tests drive: weekly cashback and expiry', () => {
  it('a cashback period is the last whole UTC day, ISO week (from Monday) or timeframe before now; none for a per-bet trigger', () => {
    const at = new Date('2030-01-16T10:30:00.000Z'); // a Wednesday
    expect(cashbackPeriod('CASHBACK_DAILY', null, at)).toEqual({ start: new Date('2030-01-15T00:00:00.000Z'), end: new Date('2030-01-16T00:00:00.000Z') });
    expect(cashbackPeriod('CASHBACK_WEEKLY', null, at)).toEqual({ start: new Date('2030-01-07T00:00:00.000Z'), end: new Date('2030-01-14T00:00:00.000Z') });
    expect(cashbackPeriod('CASHBACK_WEEKLY', null, new Date('2030-01-14T00:00:00.000Z'))?.end).toEqual(new Date('2030-01-14T00:00:00.000Z'));
    const frame = cashbackPeriod('CASHBACK_TIMEFRAME', 72, at);
    expect(frame && frame.end.getTime() - frame.start.getTime()).toBe(72 * 3_600_000);
    expect(frame && frame.end.getTime() % (72 * 3_600_000)).toBe(0);
    expect(frame && frame.end <= at && at.getTime() - frame.end.getTime() < 72 * 3_600_000).toBe(true);
    expect(cashbackPeriod('CASHBACK_TIMEFRAME', null, at)).toBeNull();
    expect(cashbackPeriod('CASHBACK_INSTANT', null, at)).toBeNull();
    // The booster is a daily cashback whose booster games count more.
    expect(cashbackPeriod('CASHBACK_BOOSTER', null, at)).toEqual(cashbackPeriod('CASHBACK_DAILY', null, at));
  });

  it('settles last week’s net loss once as the weekly cashback (10 %), from the activation', async () => {
    const player = await walletPlayer(env.platform, app);
    await credit(app, player.id, '200.00');
    const activated = await bonusCall(app, player.token, 'POST', '/cashback/cashback-weekly/activate', {});
    expect(activated.status).toBe(200);
    const bet = await providerCall(app, 'bet', {
      provider: 'aurora-demo',
      playerId: player.id,
      transactionId: newKey('tx'),
      roundId: newKey('round'),
      gameId: 'starburst',
      vertical: 'CASINO',
      amount: '120.00',
      currency: 'EUR',
    });
    expect(bet.status, await bet.clone().text()).toBe(200);
    const start = now;
    // The next Monday, 01:00 UTC: the week of the bet is over.
    const daysToMonday = ((8 - start.getUTCDay()) % 7) || 7;
    now = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + daysToMonday, 1));
    expect(await settleCashback(deps())).toBeGreaterThanOrEqual(1);
    expect((await balances(player)).BONUS.CASINO).toBe(1_200n);
    // Settled once.
    await settleCashback(deps());
    expect((await balances(player)).BONUS.CASINO).toBe(1_200n);
    const fresh = { ...player, token: await logIn(app, player.email) };
    expect((await list(fresh, 'ACTIVE')).rewards).toMatchObject([{ campaignId: 'cashback-weekly', amount: '12.00', wageringAmount: '12.00' }]);
    await expectBooksBalanced(db());
  });

  /** A stake (a round lost unless `win` follows) in a game of the casino, on the test clock. */
  async function play(player: WalletPlayer, gameId: string, stake: string, win?: string) {
    const roundId = newKey('round');
    const bet = await providerCall(app, 'bet', { provider: 'aurora-demo', playerId: player.id, transactionId: newKey('tx'), roundId, gameId, vertical: 'CASINO', amount: stake, currency: 'EUR' });
    expect(bet.status, await bet.clone().text()).toBe(200);
    if (win === undefined) return;
    const won = await providerCall(app, 'win', { provider: 'aurora-demo', playerId: player.id, transactionId: newKey('tx'), roundId, gameId, vertical: 'CASINO', amount: win, currency: 'EUR' });
    expect(won.status, await won.clone().text()).toBe(200);
  }

  async function cashbackCampaign(id: string, trigger: 'CASHBACK_INSTANT' | 'CASHBACK_BOOSTER', percentage: number, boosterGames: string[] = []) {
    await insertCampaignIfMissing(db(), {
      id,
      vertical: 'CASINO',
      status: 'ACTIVE',
      category: 'LOYALTY',
      trigger_event: trigger,
      bonus_type: 'NON_STICKY',
      wr_multiplier: '1',
      cashback_info: JSON.stringify({ percentage, maxAmounts: { EUR: '50.00' }, period: trigger === 'CASHBACK_INSTANT' ? 'INSTANT' : 'DAILY' }),
      booster_games: JSON.stringify(boosterGames),
      booster_multiplier: boosterGames.length > 0 ? '2' : null,
      expiry_days: 7,
      display_info: JSON.stringify({ en: { title: id, description: 'Cashback', terms: 'Wager 1x.' } }),
    });
  }

  it('the instant cashback pays its percentage of a net loss at once, once, and a net win in between keeps its period open', async () => {
    await cashbackCampaign('engine-instant', 'CASHBACK_INSTANT', 10);
    const player = await walletPlayer(env.platform, app);
    await credit(app, player.id, '200.00');
    const activated = await bonusCall(app, player.token, 'POST', '/cashback/engine-instant/activate', {});
    expect(activated.status, await activated.clone().text()).toBe(200);
    // Nothing lost yet: nothing paid, and no period settled.
    expect(await settleCashback(deps(), player.id)).toBe(0);
    now = new Date(now.getTime() + 60_000);
    await play(player, 'starburst', '30.00');
    now = new Date(now.getTime() + 60_000);
    expect(await settleCashback(deps(), player.id)).toBe(1);
    expect((await balances(player)).BONUS.CASINO).toBe(300n);
    // Paid once: the same loss is not paid again.
    now = new Date(now.getTime() + 60_000);
    expect(await settleCashback(deps(), player.id)).toBe(0);
    expect((await balances(player)).BONUS.CASINO).toBe(300n);
    // A round won by 40 (stake 10, win 50), then one lost by 15: since the last payment the player is 25 up, so nothing.
    await play(player, 'starburst', '10.00', '50.00');
    await play(player, 'starburst', '15.00');
    now = new Date(now.getTime() + 60_000);
    expect(await settleCashback(deps(), player.id)).toBe(0);
    await expectBooksBalanced(db());
  });

  it('the cashback booster counts a loss in its booster games twice in the day’s cashback', async () => {
    await cashbackCampaign('engine-booster', 'CASHBACK_BOOSTER', 10, ['booster-slot']);
    const player = await walletPlayer(env.platform, app);
    await credit(app, player.id, '200.00');
    const activated = await bonusCall(app, player.token, 'POST', '/cashback/engine-booster/activate', {});
    expect(activated.status, await activated.clone().text()).toBe(200);
    now = new Date(now.getTime() + 60_000);
    await play(player, 'booster-slot', '20.00');
    await play(player, 'starburst', '10.00');
    // The next day, 01:00 UTC: the day of the bets is over. Loss 30, of which 20 in the booster game: 50 counts, 10 % is 5.00.
    now = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1, 1));
    expect(await settleCashback(deps(), player.id)).toBe(1);
    expect((await balances(player)).BONUS.CASINO).toBe(500n);
    expect(await settleCashback(deps(), player.id)).toBe(0);
    expect((await balances(player)).BONUS.CASINO).toBe(500n);
    await expectBooksBalanced(db());
  });

  it('an operator switches the seeded DRAFT instant cashback on: offered at once; an edit that is not valid changes nothing', async () => {
    const player = await walletPlayer(env.platform, app);
    const eligible = async () => (await list(player, 'ELIGIBLE')).rewards.map((row) => row.campaignId);
    expect(await eligible()).not.toContain('cashback-instant');
    await expect(editCampaign(db(), 'cashback-instant', { status: 'ALL' } as never, now)).rejects.toMatchObject({ status: 400 });
    await expect(editCampaign(db(), 'cashback-instant', { status: 'ACTIVE', startsAt: new Date(now.getTime() + 60_000), endsAt: now }, now)).rejects.toMatchObject({ status: 400 });
    await expect(editCampaign(db(), 'cashback-instant', { status: 'ACTIVE', wrMultiplier: -1 }, now)).rejects.toMatchObject({ status: 400 });
    // One end moved before the other that the campaign already has.
    await editCampaign(db(), 'cashback-instant', { startsAt: now }, now);
    await expect(editCampaign(db(), 'cashback-instant', { status: 'ACTIVE', endsAt: new Date(now.getTime() - 60_000) }, now)).rejects.toMatchObject({ status: 400 });
    await editCampaign(db(), 'cashback-instant', { startsAt: null }, now);
    await expect(editCampaign(db(), 'no-such-campaign', { status: 'ACTIVE' }, now)).rejects.toMatchObject({ status: 404, code: 'error.bonus.campaign.not_found' });
    expect(await eligible()).not.toContain('cashback-instant');
    const edited = await editCampaign(db(), 'cashback-instant', { status: 'ACTIVE', wrMultiplier: 2 }, now);
    expect([edited.status, edited.wrMultiplier]).toEqual(['ACTIVE', 2]);
    expect(await eligible()).toContain('cashback-instant');
    // Off again (the seed's state), and no longer offered.
    await editCampaign(db(), 'cashback-instant', { status: 'DRAFT' }, now);
    expect(await eligible()).not.toContain('cashback-instant');
  });

  it('expires every player’s overdue bonuses in one run, removing their money', async () => {
    // The tests above moved the clock by up to 8 days (a week when they start on a Monday, UTC), so
    // bonuses they gave with a 7-day expiry may be overdue now: swept first, they are not counted below.
    await expireAssignments(deps());
    const first = await walletPlayer(env.platform, app);
    const second = await walletPlayer(env.platform, app);
    await claimed(first, 'manual-casino-10');
    await claimed(second, 'manual-casino-10');
    expect(await expireAssignments(deps())).toBe(0);
    now = new Date(now.getTime() + 15 * 86_400_000);
    expect(await expireAssignments(deps())).toBeGreaterThanOrEqual(2);
    expect((await balances(first)).BONUS.CASINO).toBe(0n);
    expect((await balances(second)).BONUS.CASINO).toBe(0n);
    await expectBooksBalanced(db());
  });
});
