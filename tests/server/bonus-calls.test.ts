import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreementResponseSchema,
  assignmentResponseSchema,
  bonusProgressResponseSchema,
  campaignsResponseSchema,
  cashbackClaimResponseSchema,
  cashbackProgressResponseSchema,
  freeSpinDetailsResponseSchema,
  gameLimitationsResponseSchema,
  rewardsResponseSchema,
} from '../../src/api/bonuses';
import type { BonusVertical } from '../../machines/lib/wallet';
import type { PlayerStatus } from '../../server/db/schema';
import { expectError, expectFieldErrors } from './helpers/identity';
import { useTestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, newKey, providerCall, walletPlayer, type WalletPlayer } from './helpers/wallet';
import { activated, bonusCall, bonusOf as bonusOfWallet, depositWithBonus, expectBooksBalanced, ok, setPlayerStatus } from './helpers/bonuses';

// The later bonus calls of behaviour.md §7 "Bonuses" (issue 24; the contract and its mapping:
// src/api/bonuses.ts; the services: server/services/bonuses-calls.ts): progress, the campaigns by ids
// and a campaign's consent, the claim by queuedPlayerBonusId, the deactivation with bonusAssignmentId
// and partnerBonusCode, the free-spin progress, the cashback's progress and claim, a game's
// limitations; and the agreement of a code campaign (its own code, not its partner's). Each call: its
// answer parsed with the contract with real values, its refusals (401 without a token, 400
// error.validation, 404 with its code) and that a refused request changes nothing.

const env = useTestPlatform();
let now = new Date();
const clock = () => now;
let app: ReturnType<typeof env.platform.app>;

beforeAll(() => {
  app = env.platform.app({ clock, gameWalletSecret: GAME_SECRET });
});

const db = () => env.platform.database.db;
/** The app's clock moves on (rows written at one instant are inside a later [from, to) window). */
const tick = (ms = 60_000) => {
  now = new Date(now.getTime() + ms);
};

const funded = () => walletPlayer(env.platform, app, {});
const rewards = async (player: WalletPlayer, type: 'ACTIVE' | 'ELIGIBLE') => ok(await bonusCall(app, player.token, 'GET', `/rewards?rewardsType=${type}&version=v2`), rewardsResponseSchema);
const claim = (player: WalletPlayer, campaignId: string) => bonusCall(app, player.token, 'POST', `/rewards/${campaignId}/claim`, {});
const bonusOf = (player: WalletPlayer, vertical: BonusVertical) => bonusOfWallet(app, player, vertical);
const unauthenticated = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  app.request(`/api/player/bonus${path}`, { method, ...(body === undefined ? {} : { body: JSON.stringify(body), headers: { 'Content-Type': 'application/json' } }) });

async function bet(player: WalletPlayer, amount: string, gameId = 'cas-00001'): Promise<void> {
  const response = await providerCall(app, 'bet', {
    provider: 'aurora-demo',
    playerId: player.id,
    transactionId: newKey('tx'),
    roundId: newKey('round'),
    gameId,
    vertical: 'CASINO',
    amount,
    currency: 'EUR',
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** Everything of the player's a bonus call could change: bonus rows, agreements, activations, cashback runs, the wallet's ledger and history. */
async function stateOf(player: WalletPlayer): Promise<unknown> {
  const of = async (table: 'bonus_assignments' | 'bonus_queued' | 'bonus_agreements' | 'bonus_activations' | 'bonus_cashback_runs' | 'wallet_transactions') =>
    db().selectFrom(table).selectAll().where('player_id', '=', player.id).execute();
  const entries = await db().selectFrom('ledger_entries').select(['account', 'amount']).where('account', 'like', `player:${String(player.id)}:%`).execute();
  return {
    assignments: await of('bonus_assignments'),
    queued: await of('bonus_queued'),
    agreements: await of('bonus_agreements'),
    activations: await of('bonus_activations'),
    runs: await of('bonus_cashback_runs'),
    history: await of('wallet_transactions'),
    entries,
  };
}

/** Runs the refused requests and checks that the player's state is what it was. */
async function changesNothing(player: WalletPlayer, refused: () => Promise<void>): Promise<void> {
  const before = await stateOf(player);
  await refused();
  expect(await stateOf(player)).toEqual(before);
}

const setStatus = (player: WalletPlayer, status: PlayerStatus) => setPlayerStatus(db(), player.id, status, now);

describe('GET progress: the wagering of the active bonuses', () => {
  it('answers each active bonus with the amount wagered, which a bet moves on', async () => {
    const player = await funded();
    await credit(app, player.id, '100.00');
    expect(await ok(await bonusCall(app, player.token, 'GET', '/progress'), bonusProgressResponseSchema)).toEqual({ progress: [] });
    const reward = await activated(await claim(player, 'manual-casino-10'));
    const first = await ok(await bonusCall(app, player.token, 'GET', '/progress'), bonusProgressResponseSchema);
    expect(first.progress).toEqual([
      {
        campaignId: 'manual-casino-10',
        assignmentId: reward.assignmentId,
        walletVertical: 'CASINO',
        currency: 'EUR',
        wrMultiplier: 10,
        progressSteps: reward.progressSteps,
        amount: '10.00',
        balance: '10.00',
        wageringAmount: '100.00',
        wageredAmount: '0.00',
        wageringProgress: 0,
        expiresAt: reward.expiresAt,
      },
    ]);
    tick();
    await bet(player, '25.00');
    const after = await ok(await bonusCall(app, player.token, 'GET', '/progress'), bonusProgressResponseSchema);
    expect(after.progress).toMatchObject([{ wageredAmount: '25.00', wageringProgress: 25, balance: '10.00' }]);
    // The ACTIVE list says the same.
    expect((await rewards(player, 'ACTIVE')).rewards[0]?.wageringProgress).toBe(25);
  });

  it('refuses a request without the id token (401)', async () => {
    expect((await unauthenticated('GET', '/progress')).status).toBe(401);
  });
});

describe('GET campaigns?campaignIds= and POST campaigns/consent', () => {
  it('answers the named campaigns as offers, in the order asked; claimable only while offered', async () => {
    const player = await funded();
    const answer = await ok(await bonusCall(app, player.token, 'GET', '/campaigns?campaignIds=manual-free-bet,manual-casino-10'), campaignsResponseSchema);
    expect(answer.campaigns.map((campaign) => campaign.campaignId)).toEqual(['manual-free-bet', 'manual-casino-10']);
    expect(answer.campaigns[0]).toMatchObject({ assignmentId: null, walletVertical: 'SPORTS', bonusAmount: '5.00', requiresAgreement: true, agreed: false, claimable: true, bonusCode: null });
    expect(answer.campaigns[1]).toMatchObject({ bonusAmount: '10.00', wrMultiplier: 10, claimable: true, campaignDisplayInfo: { language: 'fi', title: 'Kasinobonus' } });
    await activated(await claim(player, 'manual-casino-10'));
    const claimed = await ok(await bonusCall(app, player.token, 'GET', '/campaigns?campaignIds=manual-casino-10'), campaignsResponseSchema);
    expect(claimed.campaigns).toMatchObject([{ campaignId: 'manual-casino-10', claimable: false }]);
  });

  it('lists a code campaign only to a player who has its code (agreed with it), with its own code and its partner code', async () => {
    const player = await funded();
    await expectError(await bonusCall(app, player.token, 'GET', '/campaigns?campaignIds=welcome-code-50'), 404, 'error.bonus.campaign.not_found');
    await ok(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: 'welcome50', campaignId: 'welcome-code-50' }), agreementResponseSchema);
    const answer = await ok(await bonusCall(app, player.token, 'GET', '/campaigns?campaignIds=welcome-code-50'), campaignsResponseSchema);
    expect(answer.campaigns).toMatchObject([{ campaignId: 'welcome-code-50', hasBonusCode: true, bonusCode: 'WELCOME50', partnerBonusCode: 'AURORA-WELCOME50', bonusAmount: '50.00' }]);
  });

  it('refuses no token (401), a bad list (400), an unknown, tournament or draft campaign (404), a player on a break (409)', async () => {
    const player = await funded();
    await changesNothing(player, async () => {
      expect((await unauthenticated('GET', '/campaigns?campaignIds=manual-casino-10')).status).toBe(401);
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', '/campaigns'))).toHaveProperty(['campaignIds']);
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', '/campaigns?campaignIds=,'))).toEqual({ campaignIds: 'validation.required' });
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', '/campaigns?campaignIds=manual-casino-10,bad%20id'))).toEqual({ 'campaignIds.1': 'validation.invalid' });
      const many = Array.from({ length: 21 }, (_, index) => `c${String(index)}`).join(',');
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', `/campaigns?campaignIds=${many}`))).toEqual({ campaignIds: 'validation.too_long' });
      for (const id of ['no-such-campaign', 'tournament-prize', 'cashback-instant']) {
        await expectError(await bonusCall(app, player.token, 'GET', `/campaigns?campaignIds=manual-casino-10,${id}`), 404, 'error.bonus.campaign.not_found');
      }
    });
    await setStatus(player, 'TIMEOUT');
    await expectError(await bonusCall(app, player.token, 'GET', '/campaigns?campaignIds=manual-casino-10'), 409, 'error.bonus.not_allowed');
  });

  it('POST campaigns/consent records the agreement by the campaign id (the agreement call’s rule), and the claim goes through', async () => {
    const player = await funded();
    await expectError(await claim(player, 'manual-free-bet'), 409, 'error.bonus.agreement.required');
    const refused = await ok(await bonusCall(app, player.token, 'POST', '/campaigns/consent', { campaignId: 'manual-free-bet', agreed: false }), agreementResponseSchema);
    expect(refused).toEqual({ campaignId: 'manual-free-bet', agreed: false, agreedAt: null });
    const agreed = await ok(await bonusCall(app, player.token, 'POST', '/campaigns/consent', { campaignId: 'manual-free-bet', agreed: true }), agreementResponseSchema);
    expect(agreed).toEqual({ campaignId: 'manual-free-bet', agreed: true, agreedAt: now.toISOString() });
    expect((await activated(await claim(player, 'manual-free-bet'))).bonusAmount).toBe('5.00');
    expect(await bonusOf(player, 'SPORTS')).toBe('5.00');
    await expectBooksBalanced(db());
  });

  it('POST campaigns/consent refuses no token, a bad body, an unknown campaign and a code campaign (its code goes with the agreement call); nothing changes', async () => {
    const player = await funded();
    await changesNothing(player, async () => {
      expect((await unauthenticated('POST', '/campaigns/consent', { campaignId: 'manual-free-bet', agreed: true })).status).toBe(401);
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/campaigns/consent', { campaignId: 'manual-free-bet', agreed: 'yes' }))).toEqual({ agreed: 'validation.invalid' });
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/campaigns/consent', { campaignId: 'bad id', agreed: true }))).toEqual({ campaignId: 'validation.invalid' });
      await expectError(await bonusCall(app, player.token, 'POST', '/campaigns/consent', { campaignId: 'nope', agreed: true }), 404, 'error.bonus.campaign.not_found');
      await expectError(await bonusCall(app, player.token, 'POST', '/campaigns/consent', { campaignId: 'welcome-code-50', agreed: true }), 400, 'error.bonus_code.invalid');
    });
  });
});

describe('the agreement of a code campaign (the rewards flow’s consent)', () => {
  it('carries the campaign’s own code: WELCOME50 is agreed, its partner code AURORA-WELCOME50 and no code are refused; the listed reward gives the code the consent sends', async () => {
    const player = await funded();
    await changesNothing(player, async () => {
      // What the app used to send (reward.partnerBonusCode), and an agreement by the id alone.
      await expectError(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: 'AURORA-WELCOME50', campaignId: 'welcome-code-50' }), 400, 'error.bonus_code.invalid');
      await expectError(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: '', campaignId: 'welcome-code-50' }), 400, 'error.bonus_code.invalid');
    });
    const agreed = await ok(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: 'WELCOME50', campaignId: 'welcome-code-50' }), agreementResponseSchema);
    expect(agreed).toEqual({ campaignId: 'welcome-code-50', agreed: true, agreedAt: now.toISOString() });
    const offer = (await rewards(player, 'ELIGIBLE')).rewards.find((reward) => reward.campaignId === 'welcome-code-50');
    expect(offer).toMatchObject({ bonusCode: 'WELCOME50', partnerBonusCode: 'AURORA-WELCOME50' });
    // The consent as machines/rewards.machine.ts builds it from the listed reward.
    const consent = { agreed: true, bonusCode: offer?.bonusCode ?? '', campaignId: 'welcome-code-50' };
    expect((await ok(await bonusCall(app, player.token, 'POST', '/agreement', consent), agreementResponseSchema)).agreed).toBe(true);
  });
});

describe('POST claim { queuedPlayerBonusId } and POST deactivate { bonusAssignmentId, partnerBonusCode }', () => {
  it('deactivates the active casino bonus (the forfeit), which credits the queued one; the claim by the queued id answers it', async () => {
    const player = await funded();
    await depositWithBonus(app, player, '10.00');
    const first = await activated(await claim(player, 'manual-casino-10'));
    await depositWithBonus(app, player, '20.00', 'second-deposit');
    const [queued] = (await rewards(player, 'ACTIVE')).queued;
    expect(queued).toMatchObject({ campaignId: 'second-deposit', amount: '10.00', isCredited: false });
    const queuedId = queued?.queuedPlayerBonusId ?? '';
    // While the vertical is busy the claim is the forfeit prompt's 409, and changes nothing.
    await changesNothing(player, async () => {
      await expectError(await bonusCall(app, player.token, 'POST', '/claim', { queuedPlayerBonusId: queuedId }), 409, 'error.bonus.active.already.exists');
      await expectError(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: first.assignmentId, partnerBonusCode: 'AURORA-WELCOME50' }), 400, 'error.bonus_code.invalid');
    });
    const ended = await ok(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: first.assignmentId, partnerBonusCode: '' }), assignmentResponseSchema);
    expect(ended).toMatchObject({ removedAmount: '10.00', reward: { campaignId: 'manual-casino-10', state: 'FORFEITED', endReason: 'FORFEITED' }, credited: { queuedPlayerBonusId: queuedId, isCredited: true } });
    const claimed = await activated(await bonusCall(app, player.token, 'POST', '/claim', { queuedPlayerBonusId: queuedId }));
    expect(claimed).toMatchObject({ campaignId: 'second-deposit', amount: '10.00', state: 'ACTIVATED' });
    expect(await bonusOf(player, 'CASINO')).toBe('10.00');
    await expectBooksBalanced(db());
  });

  it('deactivates a code bonus named with its partner code (any case)', async () => {
    const player = await funded();
    const claimed = await activated(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'WELCOME50', state: 'ACTIVATED' }));
    await changesNothing(player, async () => {
      await expectError(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: claimed.assignmentId, partnerBonusCode: '' }), 400, 'error.bonus_code.invalid');
      await expectError(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: claimed.assignmentId, partnerBonusCode: 'WELCOME50' }), 400, 'error.bonus_code.invalid');
    });
    const ended = await ok(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: claimed.assignmentId, partnerBonusCode: 'aurora-welcome50' }), assignmentResponseSchema);
    expect(ended).toMatchObject({ removedAmount: '50.00', reward: { state: 'FORFEITED' } });
    expect(await bonusOf(player, 'CASINO')).toBe('0.00');
    await expectError(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: claimed.assignmentId, partnerBonusCode: 'AURORA-WELCOME50' }), 409, 'error.bonus.state.invalid');
    await expectBooksBalanced(db());
  });

  it('refuses no token (401), bad bodies (400), unknown ids and another player’s (404); nothing changes', async () => {
    const player = await funded();
    const reward = await activated(await claim(player, 'manual-casino-10'));
    const other = await funded();
    await changesNothing(player, async () => {
      expect((await unauthenticated('POST', '/claim', { queuedPlayerBonusId: '1' })).status).toBe(401);
      expect((await unauthenticated('POST', '/deactivate', { bonusAssignmentId: reward.assignmentId, partnerBonusCode: '' })).status).toBe(401);
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/claim', { queuedPlayerBonusId: 'a b' }))).toEqual({ queuedPlayerBonusId: 'validation.invalid' });
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/claim', {}))).toHaveProperty(['queuedPlayerBonusId']);
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: 7, partnerBonusCode: '' }))).toEqual({ bonusAssignmentId: 'validation.invalid' });
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: reward.assignmentId }))).toHaveProperty(['partnerBonusCode']);
      await expectError(await bonusCall(app, player.token, 'POST', '/claim', { queuedPlayerBonusId: '999999' }), 404, 'error.bonus.assignment.not_found');
      await expectError(await bonusCall(app, player.token, 'POST', '/claim', { queuedPlayerBonusId: 'not-a-number' }), 404, 'error.bonus.assignment.not_found');
      await expectError(await bonusCall(app, player.token, 'POST', '/deactivate', { bonusAssignmentId: '999999', partnerBonusCode: '' }), 404, 'error.bonus.assignment.not_found');
      await expectError(await bonusCall(app, other.token, 'POST', '/deactivate', { bonusAssignmentId: reward.assignmentId, partnerBonusCode: '' }), 404, 'error.bonus.assignment.not_found');
    });
  });
});

describe('GET freespin/progress: the rounds played per game', () => {
  it('answers the active free-spin bonus with its rounds and rounds played per game (freespin/details’ answer)', async () => {
    const player = await funded();
    const offer = (await rewards(player, 'ELIGIBLE')).rewards.find((reward) => reward.campaignId === 'registration-free-spins');
    expect(await ok(await bonusCall(app, player.token, 'GET', '/freespin/progress'), freeSpinDetailsResponseSchema)).toEqual({ grants: [] });
    const spins = await activated(await bonusCall(app, player.token, 'POST', '/freespin/campaign/registration-free-spins/claim', {}));
    const progress = await ok(await bonusCall(app, player.token, 'GET', '/freespin/progress'), freeSpinDetailsResponseSchema);
    expect(progress).toEqual({
      grants: [
        {
          campaignId: 'registration-free-spins',
          assignmentId: spins.assignmentId,
          detail: { bonusCode: null, games: (offer?.gameLimitations ?? []).map((gameId) => ({ gameId, rounds: 10, roundsPlayed: 0 })).sort((a, b) => a.gameId.localeCompare(b.gameId)) },
        },
      ],
    });
    expect(progress.grants[0]?.detail.games).toHaveLength(2);
    expect(await ok(await bonusCall(app, player.token, 'GET', '/freespin/details'), freeSpinDetailsResponseSchema)).toEqual(progress);
    expect((await unauthenticated('GET', '/freespin/progress')).status).toBe(401);
  });
});

describe('GET games/{gameId}/limitations', () => {
  it('says whether the active bonus of the game’s vertical may be played in the game', async () => {
    const player = await funded();
    const offer = (await rewards(player, 'ELIGIBLE')).rewards.find((reward) => reward.campaignId === 'registration-free-spins');
    const allowed = offer?.gameLimitations ?? [];
    const outside = ['cas-00001', 'cas-00002', 'cas-00003', 'cas-00004'].find((gameId) => !allowed.includes(gameId)) ?? '';
    expect(await ok(await bonusCall(app, player.token, 'GET', `/games/${outside}/limitations`), gameLimitationsResponseSchema)).toEqual({ gameId: outside, walletVertical: 'CASINO', activeBonus: null });
    const spins = await activated(await bonusCall(app, player.token, 'POST', '/freespin/campaign/registration-free-spins/claim', {}));
    const inside = await ok(await bonusCall(app, player.token, 'GET', `/games/${allowed[0] ?? ''}/limitations`), gameLimitationsResponseSchema);
    expect(inside).toEqual({
      gameId: allowed[0],
      walletVertical: 'CASINO',
      activeBonus: { campaignId: 'registration-free-spins', assignmentId: spins.assignmentId, playable: true, gameLimitations: allowed },
    });
    expect((await ok(await bonusCall(app, player.token, 'GET', `/games/${outside}/limitations`), gameLimitationsResponseSchema)).activeBonus?.playable).toBe(false);
    // A live table draws on LIVE_CASINO, where this player has no bonus.
    expect(await ok(await bonusCall(app, player.token, 'GET', '/games/live-0001/limitations'), gameLimitationsResponseSchema)).toEqual({ gameId: 'live-0001', walletVertical: 'LIVE_CASINO', activeBonus: null });
  });

  it('refuses no token (401), a bad id (400) and an unknown game (404 error.not_found)', async () => {
    const player = await funded();
    await changesNothing(player, async () => {
      expect((await unauthenticated('GET', '/games/cas-00001/limitations')).status).toBe(401);
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', '/games/bad%20id/limitations'))).toEqual({ gameId: 'validation.invalid' });
      await expectError(await bonusCall(app, player.token, 'GET', '/games/no-such-game/limitations'), 404, 'error.not_found');
    });
  });
});

describe('loyalty/cashback: progress and claim', () => {
  it('GET progress shows the running day’s net loss and the 5 % accrued, and pays nothing', async () => {
    const player = await funded();
    await credit(app, player.id, '100.00');
    expect(await ok(await bonusCall(app, player.token, 'GET', '/loyalty/cashback/progress'), cashbackProgressResponseSchema)).toEqual({ cashback: [] });
    await bonusCall(app, player.token, 'POST', '/cashback/cashback-daily/activate', {});
    const activatedAt = now;
    tick();
    await bet(player, '40.00');
    tick();
    const before = await stateOf(player);
    const progress = await ok(await bonusCall(app, player.token, 'GET', '/loyalty/cashback/progress'), cashbackProgressResponseSchema);
    const tomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
    expect(progress.cashback).toEqual([
      {
        campaignId: 'cashback-daily',
        period: 'DAILY',
        percentage: 5,
        maxAmount: '20.00',
        currency: 'EUR',
        periodStart: activatedAt.toISOString(),
        periodEnd: tomorrow.toISOString(),
        netLoss: '40.00',
        accruedAmount: '2.00',
      },
    ]);
    expect(await stateOf(player)).toEqual(before);
    expect((await unauthenticated('GET', '/loyalty/cashback/progress')).status).toBe(401);
  });

  it('POST claim pays the instant cashback’s loss so far once; a daily period still running is paid when it ends', async () => {
    await db().updateTable('bonus_campaigns').set({ status: 'ACTIVE' }).where('id', '=', 'cashback-instant').execute();
    try {
      const player = await funded();
      await credit(app, player.id, '100.00');
      await ok(await bonusCall(app, player.token, 'POST', '/cashback/cashback-instant/activate', {}), v.object({ cashbackActivated: v.literal(true) }));
      await ok(await bonusCall(app, player.token, 'POST', '/cashback/cashback-daily/activate', {}), v.object({ cashbackActivated: v.literal(true) }));
      tick();
      await bet(player, '40.00');
      tick();
      const progress = await ok(await bonusCall(app, player.token, 'GET', '/loyalty/cashback/progress'), cashbackProgressResponseSchema);
      expect(progress.cashback.map((entry) => [entry.campaignId, entry.netLoss, entry.accruedAmount])).toEqual([
        ['cashback-daily', '40.00', '2.00'],
        ['cashback-instant', '40.00', '2.00'],
      ]);
      const claimed = await ok(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'cashback-instant' }), cashbackClaimResponseSchema);
      expect(claimed).toMatchObject({ campaignId: 'cashback-instant', creditedAmount: '2.00', cashback: { period: 'INSTANT', netLoss: '0.00', accruedAmount: '0.00' } });
      expect(await bonusOf(player, 'CASINO')).toBe('2.00');
      expect((await rewards(player, 'ACTIVE')).rewards).toMatchObject([{ campaignId: 'cashback-instant', amount: '2.00' }]);
      // Again: nothing more is due.
      expect((await ok(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'cashback-instant' }), cashbackClaimResponseSchema)).creditedAmount).toBe('0.00');
      // The daily period runs until midnight UTC: nothing is paid now, its accrual stays.
      const daily = await ok(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'cashback-daily' }), cashbackClaimResponseSchema);
      expect(daily).toMatchObject({ creditedAmount: '0.00', cashback: { netLoss: '40.00', accruedAmount: '2.00' } });
      expect(await bonusOf(player, 'CASINO')).toBe('2.00');
      await expectBooksBalanced(db());
    } finally {
      await db().updateTable('bonus_campaigns').set({ status: 'DRAFT' }).where('id', '=', 'cashback-instant').execute();
    }
  });

  it('refuses no token (401), a bad body (400), an unknown campaign (404), one not a cashback or not activated (409), a player on a break (409); nothing changes', async () => {
    const player = await funded();
    await credit(app, player.id, '100.00');
    await bonusCall(app, player.token, 'POST', '/cashback/cashback-daily/activate', {});
    tick();
    await bet(player, '40.00');
    tick();
    await changesNothing(player, async () => {
      expect((await unauthenticated('POST', '/loyalty/cashback/claim', { campaignId: 'cashback-daily' })).status).toBe(401);
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'a b' }))).toEqual({ campaignId: 'validation.invalid' });
      expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'cashback-daily', extra: 1 }))).toHaveProperty(['extra']);
      await expectError(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'no-such-campaign' }), 404, 'error.bonus.campaign.not_found');
      await expectError(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'manual-casino-10' }), 409, 'error.bonus.not_eligible');
      await expectError(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'cashback-weekly' }), 409, 'error.bonus.not_eligible');
    });
    await setStatus(player, 'TIMEOUT');
    await changesNothing(player, async () => {
      await expectError(await bonusCall(app, player.token, 'POST', '/loyalty/cashback/claim', { campaignId: 'cashback-daily' }), 409, 'error.bonus.not_allowed');
    });
  });
});
