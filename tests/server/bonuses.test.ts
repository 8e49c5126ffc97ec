import * as v from 'valibot';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  agreementResponseSchema,
  assignmentResponseSchema,
  bonusCodeValidationSchema,
  cashbackResponseSchema,
  freeSpinDetailsResponseSchema,
  manualClaimAvailabilitySchema,
  optInResponseSchema,
  rewardsResponseSchema,
  type Reward,
} from '../../src/api/bonuses';
import { loginResponseSchema } from '../../src/api/auth';
import { depositRequestResponseSchema, transactionsResponseSchema } from '../../src/api/wallet';
import { setManualClaimSetting } from '../../server/repositories/bonuses';
import type { BonusVertical } from '../../machines/lib/wallet';
import type { PlayerStatus } from '../../server/db/schema';
import { expectError, expectFieldErrors, putJson, register } from './helpers/identity';
import { json, useTestPlatform } from './helpers/platform';
import { credit, GAME_SECRET, logIn, newKey, playerCall, providerCall, walletOf, walletPlayer, type WalletPlayer } from './helpers/wallet';
import { activated, bonusCall, bonusOf as bonusOfWallet, depositWithBonus, expectBooksBalanced, ok, setPlayerStatus } from './helpers/bonuses';

// The bonus engine through the API (issue 24; behaviour.md §4 "Bonuses and rewards", §5, §6, §7
// "Bonuses", §8 "Bonus"; the contract src/api/bonuses.ts): the lists, claims and their idempotency,
// one active bonus per vertical (both 409 codes), forfeit, queueing, the deposit and opt-in
// triggers, cashback on a clock, expiry, bonus codes with the manual-claim permission, the agreement,
// free spins, tournament rewards kept out, and responsible gambling and the markets first. After every
// money-moving step the books balance (every currency's entries sum to zero, no player account below 0).

const env = useTestPlatform();
let now = new Date();
const clock = () => now;
let app: ReturnType<typeof env.platform.app>;

beforeAll(() => {
  app = env.platform.app({ clock, gameWalletSecret: GAME_SECRET });
});

const db = () => env.platform.database.db;

const rewards = async (player: WalletPlayer, type: 'ACTIVE' | 'ELIGIBLE', extra = '') =>
  ok(await bonusCall(app, player.token, 'GET', `/rewards?rewardsType=${type}&version=v2${extra}`), rewardsResponseSchema);
const ids = (list: { rewards: Reward[] }) => list.rewards.map((reward) => reward.campaignId).sort();
const claim = (player: WalletPlayer, campaignId: string) => bonusCall(app, player.token, 'POST', `/rewards/${campaignId}/claim`, {});
const forfeit = (player: WalletPlayer, assignmentId: string) => bonusCall(app, player.token, 'PUT', `/${assignmentId}/state`, { state: 'FORFEITED', wageringProgress: 0 });
const bonusOf = (player: WalletPlayer, vertical: BonusVertical) => bonusOfWallet(app, player, vertical);

async function funded(details: Parameters<typeof walletPlayer>[2] = {}): Promise<WalletPlayer> {
  return walletPlayer(env.platform, app, details);
}

const deposit = (player: WalletPlayer, amount: string, selectedBonusId?: string) => depositWithBonus(app, player, amount, selectedBonusId);

const setStatus = (player: WalletPlayer, status: PlayerStatus) => setPlayerStatus(db(), player.id, status, now);

describe('GET rewards (behaviour.md §7: rewardsType ELIGIBLE | ACTIVE, version v2, excludeTriggerType)', () => {
  it('offers a new Finnish player the claimable, deposit, free-spin, cashback and opt-in campaigns in Finnish; never the tournament, a code campaign, a draft or a later deposit', async () => {
    const player = await funded();
    const eligible = await rewards(player, 'ELIGIBLE');
    expect(ids(eligible)).toEqual(
      [
        'cashback-daily',
        'cashback-timeframe',
        'cashback-weekly',
        'friday-special',
        'manual-casino-10',
        'manual-free-bet',
        'optin-sports-reload',
        'registration-free-spins',
        'reload-next-deposit',
        'welcome-first-deposit',
      ].sort(),
    );
    const manual = eligible.rewards.find((reward) => reward.campaignId === 'manual-casino-10');
    expect(manual).toMatchObject({
      assignmentId: null,
      vertical: 'CASINO',
      walletVertical: 'CASINO',
      campaignCategory: 'MANUAL',
      bonusAmount: '10.00',
      currency: 'EUR',
      claimable: true,
      state: null,
      campaignDisplayInfo: { language: 'fi', title: 'Kasinobonus' },
    });
    // behaviour.md §5: free spins are the betBonusType -1 campaign, with its rounds per game.
    const spins = eligible.rewards.find((reward) => reward.campaignId === 'registration-free-spins');
    expect(spins?.betBonusType).toBe(-1);
    expect(spins?.freeSpinDetail?.games.map((game) => game.rounds)).toEqual([10, 10]);
    // Left out by the query, and the tournament always.
    const excluded = ids(await rewards(player, 'ELIGIBLE', '&excludeTriggerType=CASHBACK_DAILY,CASHBACK_WEEKLY'));
    expect(excluded).not.toContain('cashback-daily');
    expect(excluded).not.toContain('cashback-weekly');
    expect(excluded).toContain('cashback-timeframe');
    expect(ids(await rewards(player, 'ELIGIBLE', '&hasBonusCode=true'))).toEqual([]);
    expect((await rewards(player, 'ACTIVE')).rewards).toEqual([]);
  });

  it('refuses a bad query with 400 error.validation and no token with 401', async () => {
    const player = await funded();
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', '/rewards?rewardsType=ALL'))).toEqual({ rewardsType: 'validation.invalid' });
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', '/rewards?rewardsType=ACTIVE&excludeTriggerType=NOPE'))).toHaveProperty(['excludeTriggerType.0']);
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'GET', '/rewards?rewardsType=ACTIVE&version=v9'))).toEqual({ version: 'validation.invalid' });
    expect((await app.request('/api/player/bonus/rewards?rewardsType=ACTIVE')).status).toBe(401);
  });
});

describe('claim, forfeit, one active bonus per vertical (behaviour.md §4, §8 "Bonus")', () => {
  it('claims a manual bonus into BONUS:CASINO once (a retried claim answers the same assignment), lists it ACTIVE, and a forfeit removes its money', async () => {
    const player = await funded();
    const reward = await activated(await claim(player, 'manual-casino-10'));
    expect(reward).toMatchObject({ state: 'ACTIVATED', amount: '10.00', balance: '10.00', wageringAmount: '100.00', wageringProgress: 0, endReason: null });
    expect(await bonusOf(player, 'CASINO')).toBe('10.00');
    await expectBooksBalanced(db());
    // A retry (a lost answer) credits nothing more.
    const again = await activated(await claim(player, 'manual-casino-10'));
    expect(again.assignmentId).toBe(reward.assignmentId);
    expect(await bonusOf(player, 'CASINO')).toBe('10.00');
    expect(ids(await rewards(player, 'ACTIVE'))).toEqual(['manual-casino-10']);
    expect(ids(await rewards(player, 'ELIGIBLE'))).not.toContain('manual-casino-10');

    const forfeited = await ok(await forfeit(player, reward.assignmentId ?? ''), assignmentResponseSchema);
    expect(forfeited).toMatchObject({ removedAmount: '10.00', credited: null, reward: { state: 'FORFEITED', endReason: 'FORFEITED', balance: '0.00' } });
    expect(await bonusOf(player, 'CASINO')).toBe('0.00');
    await expectBooksBalanced(db());
    // The history says so, in the category BONUS (product.md §3 "Transactions").
    const history = await ok(await playerCall(app, player.token, '/transactions?category=BONUS'), transactionsResponseSchema);
    expect(history.transactions.map((row) => [row.type, row.amount]).sort()).toEqual([
      ['DEPOSIT', '10.00'],
      ['FORFEIT', '-10.00'],
    ]);
    // Once ended, it stays ended; the campaign was used: a claim of it again is refused and credits nothing.
    await expectError(await forfeit(player, reward.assignmentId ?? ''), 409, 'error.bonus.state.invalid');
    await expectError(await claim(player, 'manual-casino-10'), 409, 'error.bonus.not_eligible');
    expect(await bonusOf(player, 'CASINO')).toBe('0.00');
    expect(ids(await rewards(player, 'ACTIVE'))).toEqual([]);
  });

  it('refuses a second bonus in a vertical with error.bonus.active.already.exists, and after the forfeit the claim goes through (forfeit-then-claim)', async () => {
    const player = await funded();
    const first = await activated(await claim(player, 'manual-casino-10'));
    // Free spins land in the casino's bonus account: the same wallet vertical.
    await expectError(await claim(player, 'registration-free-spins'), 409, 'error.bonus.active.already.exists');
    expect(await bonusOf(player, 'CASINO')).toBe('10.00');
    await ok(await forfeit(player, first.assignmentId ?? ''), assignmentResponseSchema);
    const spins = await activated(await bonusCall(app, player.token, 'POST', '/freespin/campaign/registration-free-spins/claim', {}));
    expect(spins.freeSpinDetail?.games.every((game) => game.roundsPlayed === 0 && game.rounds === 10)).toBe(true);
    expect(spins.amount).toBe('0.00');
    const details = await ok(await bonusCall(app, player.token, 'GET', '/freespin/details'), freeSpinDetailsResponseSchema);
    expect(details.grants.map((grant) => grant.campaignId)).toEqual(['registration-free-spins']);
    // Another vertical is free: the sports free bet (after its agreement) and the live-casino special.
    await ok(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: '', campaignId: 'manual-free-bet' }), agreementResponseSchema);
    expect((await activated(await claim(player, 'manual-free-bet'))).walletVertical).toBe('SPORTS');
    expect((await activated(await claim(player, 'friday-special'))).walletVertical).toBe('LIVE_CASINO');
    await expectBooksBalanced(db());
  });

  it('answers error.bonus.active.triggered.already.exists when the active bonus was triggered (a deposit bonus)', async () => {
    const player = await funded();
    await deposit(player, '40.00', 'welcome-first-deposit');
    const active = await rewards(player, 'ACTIVE');
    expect(active.rewards).toMatchObject([{ campaignId: 'welcome-first-deposit', campaignCategory: 'TRIGGERED', amount: '40.00', wageringAmount: '400.00' }]);
    await expectError(await claim(player, 'manual-casino-10'), 409, 'error.bonus.active.triggered.already.exists');
    await expectBooksBalanced(db());
  });

  it('free-spin claims are for betBonusType -1 only; a tournament reward, a deposit campaign and an unknown one are refused with their codes', async () => {
    const player = await funded();
    await expectError(await bonusCall(app, player.token, 'POST', '/freespin/campaign/manual-casino-10/claim', {}), 409, 'error.bonus.not_eligible');
    await expectError(await claim(player, 'tournament-prize'), 409, 'error.bonus.not_eligible');
    await expectError(await claim(player, 'welcome-first-deposit'), 409, 'error.bonus.not_eligible');
    await expectError(await claim(player, 'cashback-instant'), 404, 'error.bonus.campaign.not_found');
    await expectError(await claim(player, 'no-such-campaign'), 404, 'error.bonus.campaign.not_found');
    expect(await expectFieldErrors(await claim(player, 'bad%20id'))).toEqual({ campaignId: 'validation.invalid' });
    await expectError(await forfeit(player, '999999'), 404, 'error.bonus.assignment.not_found');
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'PUT', '/1/state', { state: 'ACTIVATED', wageringProgress: 0 }))).toEqual({ state: 'validation.invalid' });
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'PUT', '/1/state', { state: 'FORFEITED', wageringProgress: 101 }))).toEqual({ wageringProgress: 'validation.invalid' });
  });

  it('POST {assignmentId}/state ACTIVATED confirms an active bonus, needs the same bonusAssignmentId, and refuses an ended one', async () => {
    const player = await funded();
    const reward = await activated(await claim(player, 'manual-casino-10'));
    const id = reward.assignmentId ?? '';
    const confirmed = await ok(await bonusCall(app, player.token, 'POST', `/${id}/state`, { state: 'ACTIVATED', bonusAssignmentId: id }), assignmentResponseSchema);
    expect(confirmed).toMatchObject({ removedAmount: '0.00', reward: { assignmentId: id, state: 'ACTIVATED' } });
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', `/${id}/state`, { state: 'ACTIVATED', bonusAssignmentId: '1' + id }))).toEqual({ bonusAssignmentId: 'validation.invalid' });
    await ok(await forfeit(player, id), assignmentResponseSchema);
    await expectError(await bonusCall(app, player.token, 'POST', `/${id}/state`, { state: 'ACTIVATED', bonusAssignmentId: id }), 409, 'error.bonus.state.invalid');
    // Another player's assignment is not found.
    const other = await funded();
    await expectError(await forfeit(other, id), 404, 'error.bonus.assignment.not_found');
  });

  it('a campaign with terms needs the agreement first (error.bonus.agreement.required); a refused agreement keeps it so', async () => {
    const player = await funded();
    await expectError(await claim(player, 'manual-free-bet'), 409, 'error.bonus.agreement.required');
    const refused = await ok(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: false, bonusCode: '', campaignId: 'manual-free-bet' }), agreementResponseSchema);
    expect(refused).toEqual({ campaignId: 'manual-free-bet', agreed: false, agreedAt: null });
    await expectError(await claim(player, 'manual-free-bet'), 409, 'error.bonus.agreement.required');
    await ok(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: '', campaignId: 'manual-free-bet' }), agreementResponseSchema);
    expect((await activated(await claim(player, 'manual-free-bet'))).bonusType).toBe('STICKY');
    await expectError(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: 'NOSUCHCODE' }), 400, 'error.bonus_code.invalid');
    await expectError(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: '', campaignId: 'nope' }), 404, 'error.bonus.campaign.not_found');
    await expectError(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: true, bonusCode: 'WELCOME50', campaignId: 'manual-free-bet' }), 400, 'error.bonus_code.invalid');
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/agreement', { agreed: 'yes', bonusCode: '' }))).toEqual({ agreed: 'validation.invalid' });
  });
});

describe('the deposit triggers and the queue (first to fifth and next deposit; isCredited)', () => {
  it('credits the welcome bonus chosen with the first deposit (100 %), none unasked, and queues a second casino bonus until the active one ends', async () => {
    const player = await funded();
    // No bonus chosen: none credited (a deposit bonus is the player's choice).
    await deposit(player, '20.00');
    expect(await bonusOf(player, 'CASINO')).toBe('0.00');
    // The first deposit is made: the welcome bonus is no longer offered, the second deposit's is.
    const eligible = ids(await rewards(player, 'ELIGIBLE'));
    expect(eligible).toContain('second-deposit');
    expect(eligible).not.toContain('welcome-first-deposit');

    const claimed = await activated(await claim(player, 'manual-casino-10'));
    await deposit(player, '30.00', 'second-deposit');
    // 50 % of 30.00, queued behind the active casino bonus.
    const listed = await rewards(player, 'ACTIVE');
    expect(listed.queued).toMatchObject([{ campaignId: 'second-deposit', amount: '15.00', isCredited: false }]);
    expect(await bonusOf(player, 'CASINO')).toBe('10.00');
    await expectBooksBalanced(db());

    const ended = await ok(await forfeit(player, claimed.assignmentId ?? ''), assignmentResponseSchema);
    expect(ended.credited).toMatchObject({ campaignId: 'second-deposit', isCredited: true });
    expect(await bonusOf(player, 'CASINO')).toBe('15.00');
    expect((await rewards(player, 'ACTIVE')).rewards).toMatchObject([{ campaignId: 'second-deposit', amount: '15.00', state: 'ACTIVATED' }]);
    // Claiming the credited queued bonus answers its assignment (idempotent).
    const queuedId = ended.credited?.queuedPlayerBonusId ?? '';
    const again = await activated(await bonusCall(app, player.token, 'POST', `/campaign/second-deposit/queued-bonus/${queuedId}/claim`, {}));
    expect(again.campaignId).toBe('second-deposit');
    await expectError(await bonusCall(app, player.token, 'POST', `/campaign/manual-casino-10/queued-bonus/${queuedId}/claim`, {}), 404, 'error.bonus.assignment.not_found');
    await expectBooksBalanced(db());
  });

  it('a queued bonus is claimed by hand once its vertical is free (forfeit-and-claim queue); while the vertical is busy it is 409', async () => {
    const player = await funded();
    await deposit(player, '10.00');
    const first = await activated(await claim(player, 'manual-casino-10'));
    await deposit(player, '20.00', 'second-deposit');
    const [queued] = (await rewards(player, 'ACTIVE')).queued;
    const path = `/campaign/second-deposit/queued-bonus/${queued?.queuedPlayerBonusId ?? ''}/claim`;
    await expectError(await bonusCall(app, player.token, 'POST', path, {}), 409, 'error.bonus.active.already.exists');
    // The forfeit credits it itself; the claim then answers it.
    await ok(await forfeit(player, first.assignmentId ?? ''), assignmentResponseSchema);
    expect((await activated(await bonusCall(app, player.token, 'POST', path, {}))).amount).toBe('10.00');
  });

  it('NEXT_DEPOSIT for every deposit; an opt-in campaign credits each deposit only while opted in', async () => {
    const player = await funded();
    await deposit(player, '10.00');
    // Not opted in: nothing in SPORTS.
    await deposit(player, '10.00');
    expect(await bonusOf(player, 'SPORTS')).toBe('0.00');
    expect(await ok(await bonusCall(app, player.token, 'POST', '/optIn/optin-sports-reload/activate', {}), optInResponseSchema)).toEqual({ campaignId: 'optin-sports-reload', optedIn: true });
    expect((await rewards(player, 'ELIGIBLE')).rewards.find((reward) => reward.campaignId === 'optin-sports-reload')?.optedIn).toBe(true);
    await deposit(player, '40.00', 'reload-next-deposit');
    expect(await bonusOf(player, 'SPORTS')).toBe('20.00');
    expect(await bonusOf(player, 'LIVE_CASINO')).toBe('10.00');
    await ok(await bonusCall(app, player.token, 'POST', '/optIn/optin-sports-reload/deactivate', {}), optInResponseSchema);
    await expectError(await bonusCall(app, player.token, 'POST', '/optIn/manual-casino-10/activate', {}), 409, 'error.bonus.not_eligible');
    await expectBooksBalanced(db());
  });

  it('a bonus never raises a deposit or loss limit’s room: the limits count cash deposits and losses only', async () => {
    const player = await funded();
    const limitCall = (kind: 'deposit' | 'spend', body?: unknown) =>
      app.request(`/api/player/${kind}-limits`, {
        method: body === undefined ? 'GET' : 'PATCH',
        headers: { Authorization: `Bearer ${player.token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    const daily = async (kind: 'deposit' | 'spend') =>
      ((await json(await limitCall(kind))) as { limits: { duration: string; used: string; remaining: string | null }[] }).limits.find((limit) => limit.duration === 'D');
    for (const kind of ['deposit', 'spend'] as const) {
      const set = await limitCall(kind, { duration: 'D', limit: '100.00' });
      expect(set.status, await set.clone().text()).toBe(200);
    }
    await deposit(player, '60.00', 'welcome-first-deposit');
    expect(await bonusOf(player, 'CASINO')).toBe('60.00');
    expect(await daily('deposit')).toMatchObject({ used: '60.00', remaining: '40.00' });
    expect(await daily('spend')).toMatchObject({ used: '0.00', remaining: '100.00' });
    // A forfeit takes the bonus back: no loss for the spend limit either.
    const [active] = (await rewards(player, 'ACTIVE')).rewards;
    await ok(await forfeit(player, active?.assignmentId ?? ''), assignmentResponseSchema);
    expect(await daily('spend')).toMatchObject({ used: '0.00', remaining: '100.00' });
    expect(await daily('deposit')).toMatchObject({ used: '60.00', remaining: '40.00' });
  });
});

describe('bonus codes (behaviour.md §5, §6 manual-claim permission, §8 "Bonus")', () => {
  it('validates WELCOME50, says it is available, claims it once, then says requested', async () => {
    const player = await funded();
    expect(await ok(await bonusCall(app, player.token, 'GET', '/bonus-code/manual-claim/available'), manualClaimAvailabilitySchema)).toEqual({ isAvailable: true, requested: false });
    const validated = await ok(await bonusCall(app, player.token, 'POST', '/bonus-code/validate', { bonusCode: ' welcome50 ' }), bonusCodeValidationSchema);
    expect(validated).toMatchObject({ bonusCodeValue: 'WELCOME50', campaignId: 'welcome-code-50', reward: { hasBonusCode: true, bonusAmount: '50.00' } });
    const claimed = await activated(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'WELCOME50', state: 'ACTIVATED' }));
    expect(claimed).toMatchObject({ campaignId: 'welcome-code-50', amount: '50.00', partnerBonusCode: 'AURORA-WELCOME50' });
    expect(await bonusOf(player, 'CASINO')).toBe('50.00');
    expect(await ok(await bonusCall(app, player.token, 'GET', '/bonus-code/manual-claim/available'), manualClaimAvailabilitySchema)).toEqual({ isAvailable: true, requested: true });
    // A retry answers the same; validating it again says it was used.
    expect((await activated(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'WELCOME50', state: 'ACTIVATED' }))).assignmentId).toBe(claimed.assignmentId);
    await expectError(await bonusCall(app, player.token, 'POST', '/bonus-code/validate', { bonusCode: 'WELCOME50' }), 409, 'error.bonus_code.already_used');
    expect(await bonusOf(player, 'CASINO')).toBe('50.00');
    await expectBooksBalanced(db());
    // Forfeited, the code stays used: claiming it again is refused and credits nothing.
    await ok(await forfeit(player, claimed.assignmentId ?? ''), assignmentResponseSchema);
    await expectError(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'WELCOME50', state: 'ACTIVATED' }), 409, 'error.bonus_code.already_used');
    expect(await bonusOf(player, 'CASINO')).toBe('0.00');
    await expectBooksBalanced(db());
  });

  it('refuses an unknown code (400 error.bonus_code.invalid), a bad shape (400 error.validation) and a tournament campaign', async () => {
    const player = await funded();
    await expectError(await bonusCall(app, player.token, 'POST', '/bonus-code/validate', { bonusCode: 'NOSUCHCODE' }), 400, 'error.bonus_code.invalid');
    await expectError(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'NOSUCHCODE', state: 'ACTIVATED' }), 400, 'error.bonus_code.invalid');
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/bonus-code/validate', { bonusCode: 'a b' }))).toEqual({ bonusCode: 'validation.code' });
    expect(await expectFieldErrors(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'WELCOME50', state: 'FORFEITED' }))).toEqual({ state: 'validation.invalid' });
  });

  it('without the manual-claim permission (the operator’s word, or the market’s: Sweden) the code calls are 409 error.bonus_code.manual_claim.not_allowed', async () => {
    const player = await funded();
    await setManualClaimSetting(db(), player.id, false, now);
    expect(await ok(await bonusCall(app, player.token, 'GET', '/bonus-code/manual-claim/available'), manualClaimAvailabilitySchema)).toEqual({ isAvailable: false, requested: false });
    await expectError(await bonusCall(app, player.token, 'POST', '/bonus-code/validate', { bonusCode: 'WELCOME50' }), 409, 'error.bonus_code.manual_claim.not_allowed');
    await expectError(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'WELCOME50', state: 'ACTIVATED' }), 409, 'error.bonus_code.manual_claim.not_allowed');
    const swede = await funded({ country_code: 'SE', currency_code: 'SEK', language_code: 'en' });
    await expectError(await bonusCall(app, swede.token, 'POST', '/bonus-code/validate', { bonusCode: 'WELCOME50' }), 409, 'error.bonus_code.manual_claim.not_allowed');
    // The operator allows it for this player.
    await setManualClaimSetting(db(), player.id, true, now);
    expect((await ok(await bonusCall(app, player.token, 'GET', '/bonus-code/manual-claim/available'), manualClaimAvailabilitySchema)).isAvailable).toBe(true);
  });

  it('a bonus code given at sign-up is claimed at the registration (the registration trigger)', async () => {
    const registration = await register(app, { countryCode: 'MT', phonePrefix: '+356', phoneBody: `79${String(Date.now() % 1_000_000).padStart(6, '0')}`, bonusCode: 'WELCOME50' });
    const done = await putJson(app, '/api/player/registration', { playerId: registration.playerId, token: registration.token });
    expect(done.status, await done.clone().text()).toBe(200);
    const login = await app.request('/api/player/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: registration.body.email, password: registration.body.password }),
    });
    const player = { id: registration.playerId, email: registration.body.email, token: v.parse(loginResponseSchema, await json(login)).idToken };
    expect((await rewards(player, 'ACTIVE')).rewards).toMatchObject([{ campaignId: 'welcome-code-50', amount: '50.00' }]);
    await expectBooksBalanced(db());
  });
});

describe('responsible gambling and the markets first', () => {
  it.each([
    ['a time-out', 'TIMEOUT'],
    ['a self-exclusion', 'SELF_EXCLUDED'],
    ['a payout-risk flag', 'PAYOUT'],
    ['a restricted account', 'RESTRICTED'],
  ] as const)('%s: nothing offered, claimed, activated or triggered; an active bonus can still be forfeited', async (_name, status) => {
    const player = await funded();
    await deposit(player, '10.00');
    const active = await activated(await claim(player, 'manual-casino-10'));
    await setStatus(player, status);
    expect((await rewards(player, 'ELIGIBLE')).rewards).toEqual([]);
    await expectError(await claim(player, 'friday-special'), 409, 'error.bonus.not_allowed');
    await expectError(await bonusCall(app, player.token, 'POST', '/cashback/cashback-weekly/activate', {}), 409, 'error.bonus.not_allowed');
    await expectError(await bonusCall(app, player.token, 'POST', '/bonus-code/manual-claim', { bonusCode: 'WELCOME50', state: 'ACTIVATED' }), 409, 'error.bonus.not_allowed');
    expect((await ok(await bonusCall(app, player.token, 'GET', '/bonus-code/manual-claim/available'), manualClaimAvailabilitySchema)).isAvailable).toBe(false);
    expect((await ok(await forfeit(player, active.assignmentId ?? ''), assignmentResponseSchema)).removedAmount).toBe('10.00');
    await expectBooksBalanced(db());
  });

  it('a deposit of a player on a break triggers no bonus, even one chosen with it', async () => {
    const player = await funded();
    await deposit(player, '10.00');
    const requested = await ok(
      await playerCall(app, player.token, '/deposit/request', { amount: '20.00', methodId: 'trustly', idempotencyKey: newKey('dep'), returnPath: '/fi-FI/deposit', selectedBonusId: 'second-deposit' }),
      depositRequestResponseSchema,
    );
    // The break starts while the payment is open.
    await setStatus(player, 'TIMEOUT');
    await app.request('/api/payment-simulator/pay', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ payment: requested.depositId ?? '', action: 'approve' }).toString(),
    });
    expect(await bonusOf(player, 'CASINO')).toBe('0.00');
    expect((await walletOf(app, player.token)).balanceMap.MAIN.cash).toBe('30.00');
  });

  it('Germany and the Netherlands: no bonuses by default; the operator’s market setting allows them', async () => {
    const german = await funded({ country_code: 'DE', currency_code: 'EUR', language_code: 'de' });
    const dutch = await funded({ country_code: 'NL', currency_code: 'EUR', language_code: 'en' });
    for (const player of [german, dutch]) {
      expect((await rewards(player, 'ELIGIBLE')).rewards).toEqual([]);
      await expectError(await claim(player, 'manual-casino-10'), 409, 'error.bonus.not_allowed');
    }
    await env.platform.settings.update({ bonusRules: { JJ: { bonuses: true } } });
    try {
      const offered = await rewards(german, 'ELIGIBLE');
      expect(ids(offered)).toContain('manual-casino-10');
      expect(offered.rewards.find((reward) => reward.campaignId === 'manual-casino-10')?.campaignDisplayInfo).toMatchObject({ language: 'de', title: 'Casino-Bonus' });
      expect((await rewards(dutch, 'ELIGIBLE')).rewards).toEqual([]);
    } finally {
      await env.platform.settings.update({ bonusRules: {} });
    }
  });

  it('Sweden: only a welcome bonus at the first play, and nothing once one was given', async () => {
    const swede = await funded({ country_code: 'SE', currency_code: 'SEK', language_code: 'en' });
    expect(ids(await rewards(swede, 'ELIGIBLE'))).toEqual(['registration-free-spins', 'welcome-first-deposit']);
    await expectError(await claim(swede, 'manual-casino-10'), 409, 'error.bonus.not_eligible');
    await activated(await bonusCall(app, swede.token, 'POST', '/freespin/campaign/registration-free-spins/claim', {}));
    expect((await rewards(swede, 'ELIGIBLE')).rewards).toEqual([]);
  });

  it('Great Britain: a campaign above the market’s wagering cap is not offered (the operator lowers the cap to 5x)', async () => {
    const briton = await funded({ country_code: 'GB', currency_code: 'GBP', language_code: 'en' });
    expect(ids(await rewards(briton, 'ELIGIBLE'))).toContain('manual-casino-10');
    await env.platform.settings.update({ bonusRules: { GG: { maxWrMultiplier: 5 } } });
    try {
      const offered = ids(await rewards(briton, 'ELIGIBLE'));
      expect(offered).not.toContain('manual-casino-10');
      expect(offered).toContain('manual-free-bet');
      await expectError(await claim(briton, 'manual-casino-10'), 409, 'error.bonus.not_eligible');
    } finally {
      await env.platform.settings.update({ bonusRules: {} });
    }
  });
});

// Last: these move the clock forward for good (the special day and the registration window end).
describe('cashback on a clock, expiry', () => {
  it('settles yesterday’s net loss once as the daily cashback (5 %), for a player who activated it', async () => {
    const start = now;
    const player = await funded();
    await credit(app, player.id, '100.00');
    expect(await ok(await bonusCall(app, player.token, 'POST', '/cashback/cashback-daily/activate', {}), cashbackResponseSchema)).toEqual({ campaignId: 'cashback-daily', cashbackActivated: true });
    const bet = await providerCall(app, 'bet', {
      provider: 'aurora-demo',
      playerId: player.id,
      transactionId: newKey('tx'),
      roundId: newKey('round'),
      gameId: 'starburst',
      vertical: 'CASINO',
      amount: '40.00',
      currency: 'EUR',
    });
    expect(bet.status, await bet.clone().text()).toBe(200);
    // The next UTC day: yesterday's period is over.
    now = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate() + 1, 1));
    const fresh = { ...player, token: await logIn(app, player.email) };
    const active = await rewards(fresh, 'ACTIVE');
    expect(active.rewards).toMatchObject([{ campaignId: 'cashback-daily', amount: '2.00', cashbackActivated: true }]);
    // Read again: settled once.
    await rewards(fresh, 'ACTIVE');
    expect(await bonusOf(fresh, 'CASINO')).toBe('2.00');
    await expectBooksBalanced(db());
    expect(await ok(await bonusCall(app, fresh.token, 'POST', '/cashback/cashback-daily/deactivate', {}), cashbackResponseSchema)).toEqual({ campaignId: 'cashback-daily', cashbackActivated: false });
    await expectError(await bonusCall(app, fresh.token, 'POST', '/cashback/manual-casino-10/activate', {}), 409, 'error.bonus.not_eligible');
  });

  it('an expired bonus forfeits its money when read after its expiry', async () => {
    const player = await funded();
    const reward = await activated(await claim(player, 'manual-casino-10'));
    expect(reward.expiresAt).toBe(new Date(now.getTime() + 14 * 86_400_000).toISOString());
    now = new Date(now.getTime() + 15 * 86_400_000);
    const fresh = { ...player, token: await logIn(app, player.email) };
    expect((await rewards(fresh, 'ACTIVE')).rewards).toEqual([]);
    expect(await bonusOf(fresh, 'CASINO')).toBe('0.00');
    const history = await ok(await playerCall(app, fresh.token, '/transactions?category=BONUS'), transactionsResponseSchema);
    expect(history.transactions.map((row) => row.type).sort()).toEqual(['DEPOSIT', 'FORFEIT']);
    await expectBooksBalanced(db());
  });
});
