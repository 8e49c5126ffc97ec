import { normalizeBonusCode, percentageOfCents, regularRewards } from '../../machines/lib/bonuses';
import { DAY_MS } from '../../machines/lib/constants';
import type {
  AgreementResponse,
  AssignmentResponse,
  BonusProgress,
  BonusProgressResponse,
  CampaignsResponse,
  CashbackClaimResponse,
  CashbackProgress,
  CashbackProgressResponse,
  ClaimResponse,
  GameLimitationsResponse,
} from '../../src/api/bonuses';
import { ERROR_CODES, HttpError } from '../http/errors';
import { lastCashbackRunEnd } from '../repositories/bonus-cashback';
import {
  activationsOf,
  activeAssignments,
  agreementsOf,
  claimedCampaignIds,
  findCampaign,
  findCampaigns,
  findPlayerAssignment,
  findPlayerQueued,
} from '../repositories/bonuses';
import { currentPlayer } from './account';
import { bonusVerticalOfGame, limitationsAllow } from './bonus-wagering';
import { amountIn, campaignOf, holdable, isRunning, type Campaign } from './bonuses-campaigns';
import { bonusRefusal, campaignAllowedFor, cashbackLossBetween, cashbackPeriod, expireAssignments, notAllowed, settleCashbackCredits, type BonusDeps } from './bonuses';
import {
  answerAgreement,
  assignmentNotFound,
  bonusCodeInvalid,
  campaignNotFound,
  claimQueued,
  forfeitAssignment,
  notEligible,
  numericId,
  offerContext,
  offered,
  rewardOf,
  viewContext,
} from './bonuses-player';
import { findCatalogGame } from './catalog';
import { toCents } from './ledger';
import type { Player } from './players';
import { wireMoney } from './wallet';

// The bonus calls of behaviour.md §7 "Bonuses" that came after the first set (issue 24; the contract
// and its mapping to the spec's names: src/api/bonuses.ts): the wagering progress, the campaigns by
// ids and a campaign's consent, the claim of a queued bonus by its id, the deactivation of an active
// bonus, the free-spin progress, the cashback's running period and its claim, a game's limitations.
// Where a call is one the platform answers already, it calls that call's service (the agreement, the
// queued claim, the forfeit, the free-spin details, the cashback settlement): one copy of each rule.

// ------------------------------------------------------------------------------ progress

/** GET progress: the wagering of each active bonus (tournament rewards left out, as the lists do). */
export async function bonusProgress(deps: BonusDeps, playerId: number): Promise<BonusProgressResponse> {
  await expireAssignments(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  const assignments = await activeAssignments(deps.db, playerId);
  const campaigns = new Map((await findCampaigns(deps.db, assignments.map((row) => row.campaign_id))).map((row) => [row.id, campaignOf(row)]));
  const context = await viewContext(deps.db, player, assignments.map((row) => row.id));
  const currency = player.currency_code;
  const rows = assignments.flatMap((assignment) => {
    const campaign = campaigns.get(assignment.campaign_id);
    if (campaign === undefined) return [];
    const reward = rewardOf(campaign, assignment, context);
    const required = toCents(assignment.wagering_amount);
    const wagered = toCents(assignment.wagered);
    const progress: BonusProgress = {
      campaignId: reward.campaignId,
      assignmentId: String(assignment.id),
      walletVertical: reward.walletVertical,
      currency,
      wrMultiplier: reward.wrMultiplier,
      progressSteps: reward.progressSteps,
      amount: wireMoney(toCents(assignment.amount), currency),
      balance: reward.balance ?? wireMoney(0n, currency),
      wageringAmount: wireMoney(required, currency),
      wageredAmount: wireMoney(wagered > required ? required : wagered, currency),
      wageringProgress: reward.wageringProgress ?? 0,
      expiresAt: new Date(assignment.expires_at).toISOString(),
    };
    return [{ triggerEvent: reward.triggerEvent, progress }];
  });
  return { progress: regularRewards(rows).map((row) => row.progress) };
}

// ------------------------------------------------------------------------------ campaigns, consent

/**
 * GET campaigns?campaignIds=: each named campaign as an offer (the ELIGIBLE list's view; claimable only
 * while it is offered to the player now). Every id must name a running campaign this player may be
 * given (the market, the currency), not a tournament's, and a code campaign only once the player has
 * its code (agreed with it, or claimed it): otherwise 404, so no campaign's existence or code leaks.
 * A player bonuses are refused to (responsible gambling first) is 409 error.bonus.not_allowed.
 */
export async function campaignsByIds(deps: BonusDeps, playerId: number, campaignIds: readonly string[]): Promise<CampaignsResponse> {
  const player = await currentPlayer(deps, playerId);
  const settings = await deps.settings.read();
  if (bonusRefusal(player, settings) !== null) throw notAllowed();
  const now = deps.clock();
  const found = new Map((await findCampaigns(deps.db, campaignIds)).map((row) => [row.id, campaignOf(row)]));
  const agreements = await agreementsOf(deps.db, playerId);
  const claimed = await claimedCampaignIds(deps.db, playerId);
  const offers = await offerContext(deps.db, player, now);
  const view = await viewContext(deps.db, player, []);
  const campaigns = [];
  for (const id of campaignIds) {
    const campaign = found.get(id);
    if (campaign === undefined || regularRewards([campaign]).length === 0) throw campaignNotFound();
    if (campaign.bonusCode !== null && agreements.get(id)?.agreed !== true && !claimed.has(id)) throw campaignNotFound();
    if (!(await campaignAllowedFor(deps.db, player, campaign, settings, now))) throw campaignNotFound();
    const reward = rewardOf(campaign, null, view);
    campaigns.push({ ...reward, claimable: reward.claimable && (await offered(deps.db, player, campaign, offers)) });
  }
  return { campaigns };
}

/**
 * POST campaigns/consent { campaignId, agreed }: the agreement call by the campaign's id (its rules:
 * answerAgreement). A code campaign's agreement carries its code, so it is made with the agreement
 * call (400 error.bonus_code.invalid here).
 */
export function campaignConsent(deps: BonusDeps, playerId: number, input: { campaignId: string; agreed: boolean }): Promise<AgreementResponse> {
  return answerAgreement(deps, playerId, { agreed: input.agreed, bonusCode: '', campaignId: input.campaignId });
}

// ------------------------------------------------------------------------------ claim, deactivate

/** POST claim { queuedPlayerBonusId }: the queued-bonus claim, its campaign the queued bonus's own. */
export async function claimQueuedById(deps: BonusDeps, playerId: number, queuedPlayerBonusId: string): Promise<ClaimResponse> {
  const id = numericId(queuedPlayerBonusId);
  const queued = id === null ? undefined : await findPlayerQueued(deps.db, playerId, id);
  if (!queued) throw assignmentNotFound();
  return claimQueued(deps, playerId, queued.campaign_id, queuedPlayerBonusId);
}

/**
 * POST deactivate { bonusAssignmentId, partnerBonusCode }: the player gives an active bonus up (the
 * forfeit, forfeitAssignment's rules), naming it by its assignment and its campaign's partner code
 * ('' for a campaign without one; any other code is 400 error.bonus_code.invalid).
 */
export async function deactivateBonus(deps: BonusDeps, playerId: number, input: { bonusAssignmentId: string; partnerBonusCode: string }): Promise<AssignmentResponse> {
  const id = numericId(input.bonusAssignmentId);
  const assignment = id === null ? undefined : await findPlayerAssignment(deps.db, playerId, id);
  if (!assignment) throw assignmentNotFound();
  const campaign = await findCampaign(deps.db, assignment.campaign_id);
  if (normalizeBonusCode(input.partnerBonusCode) !== normalizeBonusCode(campaign?.partner_bonus_code ?? '')) throw bonusCodeInvalid();
  return forfeitAssignment(deps, playerId, input.bonusAssignmentId);
}

// ------------------------------------------------------------------------------ cashback

const PERIOD_MS: Partial<Record<NonNullable<Campaign['triggerEvent']>, number>> = {
  CASHBACK_DAILY: DAY_MS,
  CASHBACK_BOOSTER: DAY_MS,
  CASHBACK_WEEKLY: 7 * DAY_MS,
};

/**
 * The period running at `now`: the engine's period (cashbackPeriod, the last whole one before a time)
 * one period length on; the instant cashback's runs from its last payment (or the activation) to now.
 */
async function runningPeriod(deps: BonusDeps, playerId: number, campaign: Campaign, activatedAt: Date, now: Date): Promise<{ start: Date; end: Date } | null> {
  if (campaign.triggerEvent === 'CASHBACK_INSTANT') return { start: (await lastCashbackRunEnd(deps.db, playerId, campaign.id)) ?? activatedAt, end: now };
  const length = campaign.triggerEvent === 'CASHBACK_TIMEFRAME' ? (campaign.timeframeHours ?? 0) * 3_600_000 : campaign.triggerEvent === null ? undefined : PERIOD_MS[campaign.triggerEvent];
  if (length === undefined || length <= 0) return null;
  return cashbackPeriod(campaign.triggerEvent, campaign.timeframeHours, new Date(now.getTime() + length));
}

/**
 * One activated cashback's running period: the net loss so far (from the activation when it began
 * inside the period; the booster's games counted `boosterMultiplier` times) and the cashback it has
 * accrued, as the engine's settlement (server/services/bonuses.ts settleCashback) will pay it when
 * the period ends; nothing accrues for a player bonuses are refused to.
 */
async function cashbackNow(deps: BonusDeps, player: Player, campaign: Campaign, activatedAt: Date, now: Date): Promise<CashbackProgress | null> {
  const info = campaign.cashbackInfo;
  const period = info === null ? null : await runningPeriod(deps, player.id, campaign, activatedAt, now);
  if (info === null || period === null) return null;
  const currency = player.currency_code;
  const from = activatedAt > period.start ? activatedAt : period.start;
  const to = period.end < now ? period.end : now;
  const loss = await cashbackLossBetween(deps.db, player.id, campaign, from, to);
  const maxCents = amountIn(info.maxAmounts, currency);
  const allowed = await campaignAllowedFor(deps.db, player, campaign, await deps.settings.read(), now);
  const accrued = allowed ? holdable(percentageOfCents(loss, info.percentage, maxCents), currency) : 0n;
  return {
    campaignId: campaign.id,
    period: info.period,
    percentage: info.percentage,
    maxAmount: maxCents === null ? null : wireMoney(maxCents, currency),
    currency,
    periodStart: from.toISOString(),
    periodEnd: period.end.toISOString(),
    netLoss: wireMoney(loss, currency),
    accruedAmount: wireMoney(accrued, currency),
  };
}

/** The player's activated cashback campaigns that are running, with when each activation began. */
async function activatedCashbacks(deps: BonusDeps, playerId: number, now: Date): Promise<{ campaign: Campaign; activatedAt: Date }[]> {
  const activations = (await activationsOf(deps.db, playerId)).filter((row) => row.kind === 'CASHBACK' && row.active);
  const campaigns = new Map((await findCampaigns(deps.db, activations.map((row) => row.campaignId))).map((row) => [row.id, campaignOf(row)]));
  return activations.flatMap((row) => {
    const campaign = campaigns.get(row.campaignId);
    return campaign !== undefined && campaign.cashbackInfo !== null && isRunning(campaign, now) ? [{ campaign, activatedAt: row.activatedAt }] : [];
  });
}

/** GET loyalty/cashback/progress: each activated cashback's running period (a read: nothing is paid here). */
export async function cashbackProgress(deps: BonusDeps, playerId: number): Promise<CashbackProgressResponse> {
  const player = await currentPlayer(deps, playerId);
  const now = deps.clock();
  const cashback: CashbackProgress[] = [];
  for (const { campaign, activatedAt } of await activatedCashbacks(deps, playerId, now)) {
    const progress = await cashbackNow(deps, player, campaign, activatedAt, now);
    if (progress !== null) cashback.push(progress);
  }
  return { cashback: cashback.sort((a, b) => a.campaignId.localeCompare(b.campaignId)) };
}

/**
 * POST loyalty/cashback/claim { campaignId }: pays what is due now through the engine's settlement
 * (settleCashback: the periods that ended, and the instant cashback's net loss so far), credited as a
 * bonus or queued behind the vertical's active one; a daily, weekly or time-frame period still running
 * is paid when it ends. 404 not a running campaign; 409 not a cashback, or not activated; 409 bonuses
 * refused to the player (nothing is settled then).
 */
export async function claimCashback(deps: BonusDeps, playerId: number, campaignId: string): Promise<CashbackClaimResponse> {
  const player = await currentPlayer(deps, playerId);
  const now = deps.clock();
  const row = await findCampaign(deps.db, campaignId);
  if (!row) throw campaignNotFound();
  const campaign = campaignOf(row);
  if (!isRunning(campaign, now)) throw campaignNotFound();
  if (campaign.cashbackInfo === null) throw notEligible('This campaign is not a cashback.');
  if (bonusRefusal(player, await deps.settings.read()) !== null) throw notAllowed();
  const activation = (await activatedCashbacks(deps, playerId, now)).find((entry) => entry.campaign.id === campaign.id);
  if (activation === undefined) throw notEligible('Activate this cashback first.');
  const credited = (await settleCashbackCredits(deps, playerId)).filter((credit) => credit.campaignId === campaign.id).reduce((sum, credit) => sum + credit.cents, 0n);
  const cashback = await cashbackNow(deps, player, campaign, activation.activatedAt, now);
  if (cashback === null) throw notEligible('This cashback has no period.');
  return { campaignId: campaign.id, creditedAmount: wireMoney(credited, player.currency_code), cashback };
}

// ------------------------------------------------------------------------------ games

/**
 * GET games/{gameId}/limitations: the active bonus of the game's wallet vertical (a casino game's
 * CASINO, a live table's LIVE_CASINO) and whether this game may play and wager it (its campaign's
 * game limitations: the bet's own rule, bonus-wagering.ts). An unknown game is 404 error.not_found.
 */
export async function gameLimitations(deps: BonusDeps, playerId: number, gameId: string): Promise<GameLimitationsResponse> {
  await currentPlayer(deps, playerId);
  const game = findCatalogGame(gameId);
  if (!game) throw new HttpError(404, ERROR_CODES.notFound, `No game "${gameId}".`);
  await expireAssignments(deps, playerId);
  const walletVertical = bonusVerticalOfGame(game.lobby === 'live-casino' ? 'LIVE_CASINO' : 'CASINO');
  const active = walletVertical === null ? undefined : (await activeAssignments(deps.db, playerId)).find((row) => row.wallet_vertical === walletVertical);
  const row = active === undefined ? undefined : await findCampaign(deps.db, active.campaign_id);
  if (active === undefined || row === undefined) return { gameId: game.id, walletVertical, activeBonus: null };
  const campaign = campaignOf(row);
  return {
    gameId: game.id,
    walletVertical,
    activeBonus: { campaignId: campaign.id, assignmentId: String(active.id), playable: limitationsAllow(campaign.gameLimitations, game.id), gameLimitations: campaign.gameLimitations },
  };
}
