import type { Kysely } from 'kysely';
import * as v from 'valibot';
import {
  DEPOSIT_NUMBER_TRIGGERS,
  isCashbackTrigger,
  isFreeSpinCampaign,
  normalizeBonusCode,
  regularRewards,
  wageringPercent,
  type TriggerEvent,
} from '../../machines/lib/bonuses';
import { DAY_MS } from '../../machines/lib/constants';
import { marketOfCountry } from '../../machines/lib/wallet';
import type {
  AgreementResponse,
  AssignmentResponse,
  BonusCodeValidation,
  CashbackResponse,
  ClaimResponse,
  FreeSpinDetailsResponse,
  ManualClaimAvailability,
  OptInResponse,
  QueuedPlayerBonus,
  Reward,
  RewardsResponse,
  agreementRequestSchema,
  rewardsQuerySchema,
} from '../../src/api/bonuses';
import type { Database } from '../db/schema';
import { ERROR_CODES, HttpError } from '../http/errors';
import { validationError } from '../http/validation';
import {
  activationsOf,
  activeAssignments,
  agreementsOf,
  claimedCampaignIds,
  findAssignmentByKey,
  findCampaign,
  findCampaignByCode,
  findCampaigns,
  findPlayerAssignment,
  findPlayerQueued,
  freeSpinsOf,
  lastManualClaimAt,
  manualClaimSetting,
  markQueuedCredited,
  playerQueued,
  runningCampaigns,
  setActivation,
  upsertAgreement,
  playerCampaignAssignments,
  type ActivationKind,
  type AssignmentRow,
  type QueuedRow,
} from '../repositories/bonuses';
import { depositCount } from '../repositories/deposits';
import { inTransaction } from '../repositories/transaction';
import { currentPlayer } from './account';
import { amountIn, campaignOf, displayInfoFor, isDepositTrigger, isRepeatable, isRunning, type Campaign } from './bonuses-campaigns';
import {
  bonusRefusal,
  campaignAllowedFor,
  creditCampaign,
  endWithForfeit,
  expireAssignments,
  notAllowed,
  settleCashback,
  type BonusDeps,
  type CreditOutcome,
} from './bonuses';
import { bonusRulesFor } from './settings';
import { lockWallet, playerBalances, toCents, type LockedWallet, type PlayerBalances } from './ledger';
import type { Player } from './players';
import { wireMoney } from './wallet';

// The player's bonus calls (behaviour.md §7 "Bonuses"; the contract src/api/bonuses.ts; mapped to
// HTTP by server/routes/bonuses.ts): the ACTIVE and ELIGIBLE lists, claims, forfeits, the queued
// bonuses, bonus codes (validate, manual-claim availability, manual claim), the agreement, cashback
// and opt-in switches. The engine and its money are server/services/bonuses.ts's.

export type RewardsQueryInput = v.InferOutput<typeof rewardsQuerySchema>;
export type AgreementInput = v.InferOutput<typeof agreementRequestSchema>;

export const campaignNotFound = () => new HttpError(404, ERROR_CODES.campaignNotFound, 'No such campaign is offered.');
export const notEligible = (why: string) => new HttpError(409, ERROR_CODES.notEligible, why);
export const assignmentNotFound = () => new HttpError(404, ERROR_CODES.assignmentNotFound, 'No such bonus of this player.');
export const bonusCodeInvalid = () => new HttpError(400, ERROR_CODES.bonusCodeInvalid, 'This bonus code is not valid.');

/** Path ids are digits for assignments and queued bonuses; anything else is unknown (404). */
export function numericId(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

// ------------------------------------------------------------------------------ the reward view

export interface ViewContext {
  player: Player;
  balances: PlayerBalances;
  agreements: Map<string, { agreed: boolean; answeredAt: Date }>;
  activations: { campaignId: string; kind: ActivationKind; active: boolean }[];
  queued: QueuedRow[];
  freeSpins: { assignmentId: number; gameId: string; rounds: number; roundsPlayed: number }[];
}

function isActivated(context: ViewContext, campaignId: string, kind: ActivationKind): boolean {
  return context.activations.some((row) => row.campaignId === campaignId && row.kind === kind && row.active);
}

/** May the player claim it by hand (POST claim): not a deposit's, a cashback, a code's (manual claim) or a tournament's. */
function claimableByHand(campaign: Campaign, optedIn: boolean): boolean {
  if (isDepositTrigger(campaign.triggerEvent) || campaign.bonusCode !== null) return false;
  if (campaign.triggerEvent === 'TOURNAMENT' || (campaign.triggerEvent !== null && isCashbackTrigger(campaign.triggerEvent))) return false;
  if (campaign.bonusAmounts === null && campaign.freeSpinGames === null) return false;
  return campaign.category !== 'OPT_IN' || optedIn;
}

export function queuedView(row: QueuedRow): QueuedPlayerBonus {
  return {
    queuedPlayerBonusId: String(row.id),
    campaignId: row.campaign_id,
    amount: wireMoney(toCents(row.amount), row.currency),
    isCredited: row.is_credited,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

export function rewardOf(campaign: Campaign, assignment: AssignmentRow | null, context: ViewContext): Reward {
  const currency = context.player.currency_code;
  const money = (cents: bigint | null) => (cents === null ? null : wireMoney(cents, currency));
  const optedIn = campaign.category === 'OPT_IN' && isActivated(context, campaign.id, 'OPT_IN');
  const agreement = context.agreements.get(campaign.id);
  const queued = context.queued.find((row) => row.campaign_id === campaign.id && !row.is_credited) ?? null;
  const spins = assignment === null ? [] : context.freeSpins.filter((row) => row.assignmentId === assignment.id);
  const active = assignment?.state === 'ACTIVATED';
  const maxCents = campaign.cashbackInfo !== null ? amountIn(campaign.cashbackInfo.maxAmounts, currency) : null;
  return {
    campaignId: campaign.id,
    assignmentId: assignment === null ? null : String(assignment.id),
    vertical: campaign.vertical,
    walletVertical: campaign.walletVertical,
    campaignStatus: campaign.status,
    campaignCategory: campaign.category,
    triggerEvent: campaign.triggerEvent,
    bonusType: campaign.bonusType,
    betBonusType: campaign.betBonusType,
    hasBonusCode: campaign.bonusCode !== null,
    bonusCode: campaign.bonusCode,
    partnerBonusCode: campaign.partnerBonusCode,
    currency,
    bonusAmount: money(amountIn(campaign.bonusAmounts, currency)),
    bonusPercentage: campaign.bonusPercentage,
    maxBonusAmount: money(amountIn(campaign.maxBonusAmounts, currency)),
    amount: assignment === null ? null : money(toCents(assignment.amount)),
    balance: assignment === null ? null : money(active ? context.balances.BONUS[campaign.walletVertical] : 0n),
    wrMultiplier: campaign.wrMultiplier,
    wageringAmount: assignment === null ? null : money(toCents(assignment.wagering_amount)),
    wageringProgress: assignment === null ? null : wageringPercent(toCents(assignment.wagered), toCents(assignment.wagering_amount)),
    progressSteps: campaign.progressSteps,
    state: assignment === null ? null : assignment.state === 'ACTIVATED' ? 'ACTIVATED' : 'FORFEITED',
    endReason: assignment === null ? null : (assignment.end_reason as Reward['endReason']),
    startedAt: assignment === null ? null : new Date(assignment.started_at).toISOString(),
    endedAt: assignment?.ended_at ? new Date(assignment.ended_at).toISOString() : null,
    expiresAt: assignment === null ? null : new Date(assignment.expires_at).toISOString(),
    expiryDays: campaign.expiryDays,
    campaignEndsAt: campaign.endsAt === null ? null : campaign.endsAt.toISOString(),
    cashbackInfo: campaign.cashbackInfo === null ? null : { percentage: campaign.cashbackInfo.percentage, maxAmount: money(maxCents), period: campaign.cashbackInfo.period },
    cashbackActivated: isActivated(context, campaign.id, 'CASHBACK'),
    cashbackBooster: campaign.boosterGames.length > 0 ? { boosterGames: campaign.boosterGames, multiplier: campaign.boosterMultiplier ?? 1 } : null,
    optedIn,
    requiresAgreement: campaign.requiresAgreement,
    agreed: agreement?.agreed === true,
    claimable: assignment === null && claimableByHand(campaign, optedIn),
    queuedPlayerBonus: queued === null ? null : queuedView(queued),
    freeSpinDetail:
      campaign.freeSpinGames === null
        ? null
        : {
            bonusCode: campaign.bonusCode,
            games:
              spins.length > 0
                ? spins.map((row) => ({ gameId: row.gameId, rounds: row.rounds, roundsPlayed: row.roundsPlayed }))
                : campaign.freeSpinGames.map((game) => ({ gameId: game.gameId, rounds: game.rounds, roundsPlayed: 0 })),
          },
    gameLimitations: campaign.gameLimitations,
    campaignDisplayInfo: displayInfoFor(campaign, context.player.language_code),
  };
}

export async function viewContext(db: Kysely<Database>, player: Player, assignmentIds: readonly number[]): Promise<ViewContext> {
  return {
    player,
    balances: await playerBalances(db, player.id, player.currency_code),
    agreements: await agreementsOf(db, player.id),
    activations: await activationsOf(db, player.id),
    queued: await playerQueued(db, player.id),
    freeSpins: await freeSpinsOf(db, assignmentIds),
  };
}

async function rewardOfAssignment(db: Kysely<Database>, player: Player, assignment: AssignmentRow): Promise<Reward> {
  const row = await findCampaign(db, assignment.campaign_id);
  if (!row) throw campaignNotFound();
  return rewardOf(campaignOf(row), assignment, await viewContext(db, player, [assignment.id]));
}

// ------------------------------------------------------------------------------ offers

/** Is this running campaign offered to the player now (the ELIGIBLE list's rule, and every claim's)? */
export async function offered(db: Kysely<Database>, player: Player, campaign: Campaign, context: { now: Date; claimed: Set<string>; deposits: number; agreedCodes: Set<string> }): Promise<boolean> {
  const trigger: TriggerEvent | null = campaign.triggerEvent;
  if (trigger === 'TOURNAMENT') return false;
  if (!isRepeatable(campaign) && context.claimed.has(campaign.id)) return false;
  if (campaign.bonusCode !== null && !context.agreedCodes.has(campaign.id)) return false;
  const numbered = Object.entries(DEPOSIT_NUMBER_TRIGGERS).find(([, event]) => event === trigger);
  if (numbered !== undefined && context.deposits !== Number(numbered[0]) - 1) return false;
  if (trigger === 'REGISTRATION' && campaign.timeframeHours !== null) {
    if (context.now.getTime() - new Date(player.registration_date).getTime() > campaign.timeframeHours * 3_600_000) return false;
  }
  if (trigger === 'LINKED_CAMPAIGN') {
    if (campaign.linkedCampaignId === null) return false;
    const done = (await playerCampaignAssignments(db, player.id, campaign.linkedCampaignId)).some((row) => row.end_reason === 'CONVERTED');
    if (!done) return false;
  }
  return true;
}

export async function offerContext(db: Kysely<Database>, player: Player, now: Date) {
  const agreements = await agreementsOf(db, player.id);
  return {
    now,
    claimed: await claimedCampaignIds(db, player.id),
    deposits: await depositCount(db, player.id),
    agreedCodes: new Set([...agreements].filter(([, answer]) => answer.agreed).map(([campaignId]) => campaignId)),
  };
}

/**
 * GET rewards: ACTIVE (the player's active assignments) or ELIGIBLE (what is offered now; empty for a
 * player bonuses are refused to: responsible gambling first). Tournament rewards and the triggers in
 * excludeTriggerType are left out (behaviour.md §5); display info in the player's language. Expiry
 * and the cashback periods that ended are settled first.
 */
export async function listRewards(deps: BonusDeps, playerId: number, query: RewardsQueryInput): Promise<RewardsResponse> {
  await expireAssignments(deps, playerId);
  await settleCashback(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  const now = deps.clock();
  const exclude = query.excludeTriggerType ?? [];
  const queued = (await playerQueued(deps.db, playerId)).filter((row) => !row.is_credited).map(queuedView);
  const codeFilter = (campaign: Campaign) =>
    query.hasBonusCode === undefined || (query.hasBonusCode === 'true') === (campaign.bonusCode !== null);
  if (query.rewardsType === 'ACTIVE') {
    const assignments = await activeAssignments(deps.db, playerId);
    const campaigns = new Map((await findCampaigns(deps.db, assignments.map((row) => row.campaign_id))).map((row) => [row.id, campaignOf(row)]));
    const context = await viewContext(deps.db, player, assignments.map((row) => row.id));
    const rewards = assignments.flatMap((assignment) => {
      const campaign = campaigns.get(assignment.campaign_id);
      return campaign !== undefined && codeFilter(campaign) ? [rewardOf(campaign, assignment, context)] : [];
    });
    return { rewardsType: 'ACTIVE', rewards: regularRewards(rewards, exclude), queued };
  }
  const settings = await deps.settings.read();
  if (bonusRefusal(player, settings) !== null) return { rewardsType: 'ELIGIBLE', rewards: [], queued };
  const context = await offerContext(deps.db, player, now);
  const view = await viewContext(deps.db, player, []);
  const rewards: Reward[] = [];
  for (const campaign of (await runningCampaigns(deps.db, now)).map(campaignOf)) {
    if (!codeFilter(campaign)) continue;
    if (!(await campaignAllowedFor(deps.db, player, campaign, settings, now))) continue;
    if (!(await offered(deps.db, player, campaign, context))) continue;
    rewards.push(rewardOf(campaign, null, view));
  }
  return { rewardsType: 'ELIGIBLE', rewards: regularRewards(rewards, exclude), queued };
}

// ------------------------------------------------------------------------------ claims

async function claimAnswer(db: Kysely<Database>, player: Player, outcome: CreditOutcome): Promise<ClaimResponse> {
  if (outcome.outcome === 'QUEUED') return { outcome: 'QUEUED', queuedPlayerBonus: queuedView(outcome.queued) };
  return { outcome: 'ACTIVATED', reward: await rewardOfAssignment(db, player, outcome.assignment) };
}

async function lockedWallet(trx: Kysely<Database>, playerId: number): Promise<LockedWallet> {
  const wallet = await lockWallet(trx, playerId);
  if (!wallet) throw new HttpError(404, ERROR_CODES.walletNotFound, 'The player has no wallet.');
  return wallet;
}

/** What a claim by hand credits: the campaign's fixed amount in the wallet's currency, or nothing for free spins. */
function claimCents(campaign: Campaign, currency: string): bigint | null {
  if (campaign.freeSpinGames !== null) return amountIn(campaign.bonusAmounts, currency) ?? 0n;
  return amountIn(campaign.bonusAmounts, currency);
}

/**
 * POST rewards/{campaignId}/claim (and freespin/campaign/{campaignId}/claim: `freeSpinsOnly`, behaviour.md
 * §5). Idempotent by (player, campaign): a retry answers the assignment the first made. Refusals: 404
 * not offered, 409 bonuses refused (responsible gambling, access, market), 409 not eligible, 409
 * agreement required, 409 an active bonus in the vertical (the forfeit prompt).
 */
export async function claimCampaign(deps: BonusDeps, playerId: number, campaignId: string, options: { freeSpinsOnly?: boolean } = {}): Promise<ClaimResponse> {
  await expireAssignments(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  const settings = await deps.settings.read();
  const now = deps.clock();
  const row = await findCampaign(deps.db, campaignId);
  if (!row) throw campaignNotFound();
  const campaign = campaignOf(row);
  const creditKey = `claim:${String(playerId)}:${campaign.id}`;
  const outcome = await inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, playerId);
    // A retry of a claim that went through (its answer lost) answers the same bonus; once that bonus
    // ended (forfeited, expired, converted) the campaign was used, and a new claim is refused below.
    const replay = await findAssignmentByKey(trx, creditKey);
    if (replay?.state === 'ACTIVATED') return { outcome: 'ACTIVATED', assignment: replay } satisfies CreditOutcome;
    if (replay) throw notEligible('This campaign was claimed already.');
    if (options.freeSpinsOnly === true && !isFreeSpinCampaign(campaign)) throw notEligible('Only a free-spin campaign (betBonusType -1) is claimed here.');
    if (bonusRefusal(player, settings) !== null) throw notAllowed();
    if (!isRunning(campaign, now)) throw campaignNotFound();
    if (!(await campaignAllowedFor(trx, player, campaign, settings, now))) throw notEligible('This campaign is not offered to this account.');
    if (!(await offered(trx, player, campaign, await offerContext(trx, player, now)))) throw notEligible('This campaign is not offered to this account now.');
    const optedIn = (await activationsOf(trx, playerId)).some((activation) => activation.campaignId === campaign.id && activation.kind === 'OPT_IN' && activation.active);
    if (!claimableByHand(campaign, optedIn)) throw notEligible('This campaign is not claimed by hand.');
    if (campaign.requiresAgreement && (await agreementsOf(trx, playerId)).get(campaign.id)?.agreed !== true) {
      throw new HttpError(409, ERROR_CODES.agreementRequired, "Agree to the campaign's terms first.");
    }
    const cents = claimCents(campaign, wallet.currency);
    if (cents === null) throw notEligible('This campaign pays nothing in the account currency.');
    return creditCampaign(trx, wallet, campaign, { creditKey, cents, now, whenActive: 'refuse' });
  });
  return claimAnswer(deps.db, player, outcome);
}

/**
 * POST campaign/{campaignId}/queued-bonus/{queuedPlayerBonusId}/claim: credits a queued bonus now (the
 * forfeit-and-claim-queue flow: the active one forfeited first). A queued bonus credited already
 * answers its assignment (idempotent); an active bonus in the vertical is 409 (the forfeit prompt).
 */
export async function claimQueued(deps: BonusDeps, playerId: number, campaignId: string, queuedId: string): Promise<ClaimResponse> {
  await expireAssignments(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  const settings = await deps.settings.read();
  const now = deps.clock();
  const id = numericId(queuedId);
  const outcome = await inTransaction(deps.db, async (trx): Promise<CreditOutcome> => {
    const wallet = await lockedWallet(trx, playerId);
    const queued = id === null ? undefined : await findPlayerQueued(trx, playerId, id);
    if (queued?.campaign_id !== campaignId) throw assignmentNotFound();
    if (queued.is_credited && queued.assignment_id !== null) {
      const assignment = await findPlayerAssignment(trx, playerId, queued.assignment_id);
      if (assignment) return { outcome: 'ACTIVATED', assignment };
    }
    if (bonusRefusal(player, settings) !== null) throw notAllowed();
    const row = await findCampaign(trx, queued.campaign_id);
    if (!row) throw campaignNotFound();
    const campaign = campaignOf(row);
    const outcome = await creditCampaign(trx, wallet, campaign, { creditKey: `queued:${String(queued.id)}`, cents: toCents(queued.amount), now, whenActive: 'refuse' });
    if (outcome.outcome === 'ACTIVATED') await markQueuedCredited(trx, queued.id, outcome.assignment.id, now);
    return outcome;
  });
  return claimAnswer(deps.db, player, outcome);
}

// ------------------------------------------------------------------------------ state

/**
 * PUT {assignmentId}/state FORFEITED: the player gives the bonus up; what is left of it is removed
 * (the wagering progress the player saw travels for the record: the platform's own counts). Allowed
 * whatever the player's bonus access (a player on a break may still drop a bonus). 404 not the
 * player's; 409 ended already.
 */
export async function forfeitAssignment(deps: BonusDeps, playerId: number, assignmentId: string): Promise<AssignmentResponse> {
  await expireAssignments(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  const id = numericId(assignmentId);
  const now = deps.clock();
  const result = await inTransaction(deps.db, async (trx) => {
    const wallet = await lockedWallet(trx, playerId);
    const assignment = id === null ? undefined : await findPlayerAssignment(trx, playerId, id, { lock: true });
    if (!assignment) throw assignmentNotFound();
    if (assignment.state !== 'ACTIVATED') throw new HttpError(409, ERROR_CODES.stateInvalid, 'This bonus has ended already.');
    const ended = await endWithForfeit(trx, wallet, assignment, 'FORFEITED', now);
    if (!ended) throw new HttpError(409, ERROR_CODES.stateInvalid, 'This bonus has ended already.');
    return ended;
  });
  return {
    reward: await rewardOfAssignment(deps.db, player, result.ended),
    removedAmount: wireMoney(result.removedCents, player.currency_code),
    credited: result.credited === null ? null : queuedView(result.credited),
  };
}

/** POST {assignmentId}/state ACTIVATED: the player confirms an active bonus (idempotent); one that ended is 409. */
export async function confirmAssignment(deps: BonusDeps, playerId: number, assignmentId: string, bonusAssignmentId: string): Promise<AssignmentResponse> {
  if (bonusAssignmentId !== assignmentId) throw validationError([{ field: 'bonusAssignmentId', code: 'validation.invalid' }]);
  await expireAssignments(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  const id = numericId(assignmentId);
  const assignment = id === null ? undefined : await findPlayerAssignment(deps.db, playerId, id);
  if (!assignment) throw assignmentNotFound();
  if (assignment.state !== 'ACTIVATED') throw new HttpError(409, ERROR_CODES.stateInvalid, 'This bonus has ended already.');
  return { reward: await rewardOfAssignment(deps.db, player, assignment), removedAmount: wireMoney(0n, player.currency_code), credited: null };
}

// ------------------------------------------------------------------------------ agreement, switches

/** POST agreement: the player's answer to a campaign's terms, named by campaignId or by its bonus code. */
export async function answerAgreement(deps: BonusDeps, playerId: number, input: AgreementInput): Promise<AgreementResponse> {
  await currentPlayer(deps, playerId);
  const code = normalizeBonusCode(input.bonusCode);
  const row = input.campaignId !== undefined ? await findCampaign(deps.db, input.campaignId) : code === '' ? undefined : await findCampaignByCode(deps.db, code);
  if (!row) throw input.campaignId === undefined && code !== '' ? bonusCodeInvalid() : campaignNotFound();
  // The agreement carries the campaign's own code (not its partner code); a code campaign's agreement
  // needs it, so an agreement by id alone never lists a code campaign (and its code) to a player without it.
  if ((code !== '' || row.bonus_code !== null) && row.bonus_code !== code) throw bonusCodeInvalid();
  if (!isRunning(campaignOf(row), deps.clock())) throw campaignNotFound();
  const now = deps.clock();
  await upsertAgreement(deps.db, { playerId, campaignId: row.id, agreed: input.agreed, bonusCode: code, at: now });
  return { campaignId: row.id, agreed: input.agreed, agreedAt: input.agreed ? now.toISOString() : null };
}

async function switchCampaign(deps: BonusDeps, playerId: number, campaignId: string, kind: ActivationKind, active: boolean): Promise<void> {
  const player = await currentPlayer(deps, playerId);
  const row = await findCampaign(deps.db, campaignId);
  const now = deps.clock();
  if (!row) throw campaignNotFound();
  const campaign = campaignOf(row);
  if (!isRunning(campaign, now)) throw campaignNotFound();
  const fits = kind === 'CASHBACK' ? campaign.triggerEvent !== null && isCashbackTrigger(campaign.triggerEvent) : campaign.category === 'OPT_IN';
  if (!fits) throw notEligible(kind === 'CASHBACK' ? 'This campaign is not a cashback.' : 'This campaign is not an opt-in one.');
  if (active) {
    const settings = await deps.settings.read();
    if (bonusRefusal(player, settings) !== null) throw notAllowed();
    if (!(await campaignAllowedFor(deps.db, player, campaign, settings, now))) throw notEligible('This campaign is not offered to this account.');
  }
  await setActivation(deps.db, { playerId, campaignId, kind, active, at: now });
}

/** POST cashback/{campaignId}/activate | deactivate (a deactivation is always allowed). */
export async function switchCashback(deps: BonusDeps, playerId: number, campaignId: string, active: boolean): Promise<CashbackResponse> {
  await switchCampaign(deps, playerId, campaignId, 'CASHBACK', active);
  return { campaignId, cashbackActivated: active };
}

/** POST optIn/{campaignId}/activate | deactivate. */
export async function switchOptIn(deps: BonusDeps, playerId: number, campaignId: string, active: boolean): Promise<OptInResponse> {
  await switchCampaign(deps, playerId, campaignId, 'OPT_IN', active);
  return { campaignId, optedIn: active };
}

// ------------------------------------------------------------------------------ bonus codes

/** behaviour.md §6 manual-claim permission: the operator's word for the player, else the market's default. */
async function manualClaimPermitted(deps: BonusDeps, player: Player): Promise<boolean> {
  const own = await manualClaimSetting(deps.db, player.id);
  if (own !== undefined) return own;
  return bonusRulesFor(await deps.settings.read(), marketOfCountry(player.country_code)).manualClaim;
}

/** GET bonus-code/manual-claim/available. */
export async function manualClaimAvailability(deps: BonusDeps, playerId: number): Promise<ManualClaimAvailability> {
  const player = await currentPlayer(deps, playerId);
  const settings = await deps.settings.read();
  const last = await lastManualClaimAt(deps.db, playerId);
  return {
    isAvailable: (await manualClaimPermitted(deps, player)) && bonusRefusal(player, settings) === null,
    requested: last !== null && deps.clock().getTime() - last.getTime() < DAY_MS,
  };
}

const manualClaimNotAllowed = () => new HttpError(409, ERROR_CODES.manualClaimNotAllowed, 'Bonus codes cannot be claimed by hand on this account.');

/** The running campaign of a code offered to the player (the market, the currency), or 400. */
async function codeCampaign(deps: BonusDeps, player: Player, bonusCode: string): Promise<Campaign> {
  const row = await findCampaignByCode(deps.db, normalizeBonusCode(bonusCode));
  if (!row) throw bonusCodeInvalid();
  const campaign = campaignOf(row);
  const settings = await deps.settings.read();
  if (campaign.triggerEvent === 'TOURNAMENT' || !(await campaignAllowedFor(deps.db, player, campaign, settings, deps.clock()))) throw bonusCodeInvalid();
  return campaign;
}

async function codeGate(deps: BonusDeps, player: Player): Promise<void> {
  if (!(await manualClaimPermitted(deps, player))) throw manualClaimNotAllowed();
  if (bonusRefusal(player, await deps.settings.read()) !== null) throw notAllowed();
}

/** POST bonus-code/validate: the code's campaign as an offer (behaviour.md §5: validated before a manual claim). */
export async function validateBonusCode(deps: BonusDeps, playerId: number, bonusCode: string): Promise<BonusCodeValidation> {
  const player = await currentPlayer(deps, playerId);
  await codeGate(deps, player);
  const campaign = await codeCampaign(deps, player, bonusCode);
  if (!isRepeatable(campaign) && (await claimedCampaignIds(deps.db, playerId)).has(campaign.id)) {
    throw new HttpError(409, ERROR_CODES.bonusCodeUsed, 'This bonus code was used already.');
  }
  return { bonusCodeValue: normalizeBonusCode(bonusCode), campaignId: campaign.id, reward: rewardOf(campaign, null, await viewContext(deps.db, player, [])) };
}

/** POST bonus-code/manual-claim { bonusCode, state: ACTIVATED }: idempotent by (player, campaign). */
export async function manualClaim(deps: BonusDeps, playerId: number, bonusCode: string): Promise<ClaimResponse> {
  await expireAssignments(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  await codeGate(deps, player);
  const campaign = await codeCampaign(deps, player, bonusCode);
  const now = deps.clock();
  const creditKey = `code:${String(playerId)}:${campaign.id}`;
  const outcome = await inTransaction(deps.db, async (trx): Promise<CreditOutcome> => {
    const wallet = await lockedWallet(trx, playerId);
    // A retry answers the bonus the code gave while it is active; once it ended the code was used.
    const replay = await findAssignmentByKey(trx, creditKey);
    if (replay?.state === 'ACTIVATED') return { outcome: 'ACTIVATED', assignment: replay };
    if ((await claimedCampaignIds(trx, playerId)).has(campaign.id)) throw new HttpError(409, ERROR_CODES.bonusCodeUsed, 'This bonus code was used already.');
    if (campaign.requiresAgreement && (await agreementsOf(trx, playerId)).get(campaign.id)?.agreed !== true) {
      throw new HttpError(409, ERROR_CODES.agreementRequired, "Agree to the campaign's terms first.");
    }
    const cents = claimCents(campaign, wallet.currency);
    if (cents === null) throw notEligible('This bonus code is claimed with a deposit.');
    return creditCampaign(trx, wallet, campaign, { creditKey, cents, now, whenActive: 'refuse' });
  });
  return claimAnswer(deps.db, player, outcome);
}

// ------------------------------------------------------------------------------ free spins, deposits

/** GET freespin/details: the player's active free-spin bonuses with their rounds per game. */
export async function freeSpinDetails(deps: BonusDeps, playerId: number): Promise<FreeSpinDetailsResponse> {
  await expireAssignments(deps, playerId);
  const player = await currentPlayer(deps, playerId);
  const assignments = await activeAssignments(deps.db, playerId);
  const campaigns = new Map((await findCampaigns(deps.db, assignments.map((row) => row.campaign_id))).map((row) => [row.id, campaignOf(row)]));
  const context = await viewContext(deps.db, player, assignments.map((row) => row.id));
  const grants: FreeSpinDetailsResponse['grants'] = [];
  for (const assignment of assignments) {
    const campaign = campaigns.get(assignment.campaign_id);
    if (campaign === undefined || !isFreeSpinCampaign(campaign)) continue;
    const detail = rewardOf(campaign, assignment, context).freeSpinDetail;
    if (detail !== null) grants.push({ campaignId: campaign.id, assignmentId: String(assignment.id), detail });
  }
  return { grants };
}
