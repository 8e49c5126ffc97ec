import * as v from 'valibot';
import {
  ASSIGNMENT_END_REASONS,
  ASSIGNMENT_STATES,
  BONUS_CODE_PATTERN,
  BONUS_TYPES,
  CAMPAIGN_CATEGORIES,
  CAMPAIGN_STATUSES,
  CAMPAIGN_VERTICALS,
  REWARDS_LIST_TYPES,
  REWARDS_VERSION,
  TRIGGER_EVENTS,
} from '../../machines/lib/bonuses';
import { BONUS_STEPS_MAX, BONUS_STEPS_MIN } from '../../machines/lib/constants';
import { FIELD_CODES } from '../../machines/lib/errorCodes';
import { BONUS_VERTICALS } from '../../machines/lib/wallet';
import { request } from './client';

// The bonuses and rewards contract (issue 24; behaviour.md §7 "Bonuses", §4 "Bonuses and rewards",
// §5, §6, §8 "Bonus"; product.md §3 "Bonuses and rewards"). The platform parses every request with
// the request schemas below (server/routes/bonuses.ts) and answers the response shapes; the app
// parses every answer with them. Every call needs the player's id token. Amounts are decimal strings
// in the account currency ("12.50"), as the wallet's (src/api/wallet.ts). The rules are
// machines/lib/bonuses.ts.
//
// The spec's call (behaviour.md §7)                          -> this platform's path (under /api)
//   /bonus/rewards?rewardsType&hasBonusCode&version=v2&excludeTriggerType
//                                                            -> GET  /player/bonus/rewards?... -> RewardsResponse
//   rewards/{campaignId}/claim                               -> POST /player/bonus/rewards/{campaignId}/claim {} -> ClaimResponse
//   freespin/campaign/{campaignId}/claim                     -> POST /player/bonus/freespin/campaign/{campaignId}/claim {} -> ClaimResponse
//   freespin/details                                         -> GET  /player/bonus/freespin/details -> FreeSpinDetailsResponse
//   cashback/{campaignId}/activate (and deactivate)          -> POST /player/bonus/cashback/{campaignId}/activate | /deactivate {} -> CashbackResponse
//   {assignmentId}/state PUT { state: FORFEITED, wageringProgress }
//                                                            -> PUT  /player/bonus/{assignmentId}/state -> AssignmentResponse
//   {assignmentId}/state POST { state: ACTIVATED, bonusAssignmentId }
//                                                            -> POST /player/bonus/{assignmentId}/state -> AssignmentResponse
//   campaign/{campaignId}/queued-bonus/{queuedPlayerBonusId}/claim
//                                                            -> POST /player/bonus/campaign/{campaignId}/queued-bonus/{queuedPlayerBonusId}/claim {} -> ClaimResponse
//   Agreement POST { agreed, bonusCode, campaignId? }        -> POST /player/bonus/agreement -> AgreementResponse
//   bonus-code/manual-claim/available GET                    -> GET  /player/bonus/bonus-code/manual-claim/available -> ManualClaimAvailability
//   bonus-code/manual-claim POST { bonusCode, state: ACTIVATED }
//                                                            -> POST /player/bonus/bonus-code/manual-claim -> ClaimResponse
//   bonus-code/validate POST { bonusCode }                   -> POST /player/bonus/bonus-code/validate -> BonusCodeValidation
//   optIn/{id}/activate and deactivate                       -> POST /player/bonus/optIn/{campaignId}/activate | /deactivate {} -> OptInResponse
//   progress                                                 -> GET  /player/bonus/progress -> BonusProgressResponse (the wagering
//                                                               of each active bonus; the ACTIVE list's numbers, with the amount wagered)
//   campaigns: the GET by campaignIds (comma list)           -> GET  /player/bonus/campaigns?campaignIds=a,b -> CampaignsResponse (each
//                                                               running campaign offered to the player, as the ELIGIBLE list shows it)
//   campaigns/consent                                        -> POST /player/bonus/campaigns/consent { campaignId, agreed } -> AgreementResponse
//                                                               (the agreement to a campaign's terms named by its id: the agreement call's rule)
//   claim: the POST with queuedPlayerBonusId                 -> POST /player/bonus/claim { queuedPlayerBonusId } -> ClaimResponse
//                                                               (the queued-bonus claim, its campaign found from the queued bonus)
//   deactivate: the POST with bonusAssignmentId and partnerBonusCode
//                                                            -> POST /player/bonus/deactivate { bonusAssignmentId, partnerBonusCode } -> AssignmentResponse
//                                                               (the forfeit of an active bonus; partnerBonusCode is its campaign's, '' for none)
//   freespin/progress                                        -> GET  /player/bonus/freespin/progress -> FreeSpinDetailsResponse (the rounds
//                                                               played per game of the active free-spin bonuses: freespin/details' answer)
//   loyalty/cashback/progress                                -> GET  /player/bonus/loyalty/cashback/progress -> CashbackProgressResponse
//                                                               (the running period's net loss and accrued cashback of each activated cashback)
//   loyalty/cashback/claim                                   -> POST /player/bonus/loyalty/cashback/claim { campaignId } -> CashbackClaimResponse
//                                                               (pays what is due now: the ended periods, the instant cashback's losses so far)
//   games/{id}/limitations GET                               -> GET  /player/bonus/games/{gameId}/limitations -> GameLimitationsResponse
//                                                               (the active bonus of the game's vertical and whether this game may play it)
//   softswiss/sportsbook and /bonuses                        -> not here: the sportsbook's bonuses come with the sportsbook (a later issue)
//
// A claim is idempotent by itself: the platform keys a claim by the player and the campaign (a
// queued bonus by its id), so a retried claim answers the same assignment and credits once.
//
// Error codes (machines/lib/bonuses.ts BONUS_ERROR_CODES): 400 error.validation (errors: [{ field,
// code }]) | 400 error.bonus_code.invalid | 404 error.bonus.campaign.not_found | 404
// error.bonus.assignment.not_found | 409 error.bonus.active.already.exists (an active bonus in the
// same wallet vertical: the app looks it up in the ACTIVE list and offers the forfeit, behaviour.md
// §4) | 409 error.bonus.active.triggered.already.exists (the same, the active one was triggered:
// its campaign's category is TRIGGERED) | 409 error.bonus.not_eligible | 409
// error.bonus.not_allowed (time-out, cooling-off, self-exclusion, the market's rules, the bonuses
// access flag, payout risk) | 409 error.bonus.state.invalid | 409 error.bonus.agreement.required |
// 409 error.bonus_code.manual_claim.not_allowed | 409 error.bonus_code.already_used | 401 / 403 of
// the session. Never 403 for a bonus refusal (a 403 logs the player out). A refusal changes nothing.

// ------------------------------------------------------------------------------ shared parts

/** A non-negative decimal amount as the platform writes it. */
const money = v.pipe(v.string(), v.regex(/^\d{1,16}(\.\d{1,2})?$/));
const isoDate = v.pipe(v.string(), v.isoTimestamp());
/** A path id (a campaign's, an assignment's, a queued bonus's): digits, letters, '-' and '_'. */
export const bonusIdSchema = v.pipe(v.string(FIELD_CODES.invalid), v.regex(/^[A-Za-z0-9_-]{1,64}$/, FIELD_CODES.invalid));
const bonusCodeText = v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.nonEmpty(FIELD_CODES.required), v.regex(BONUS_CODE_PATTERN, FIELD_CODES.code));

// ------------------------------------------------------------------------------ a reward

/** product.md §3 campaignDisplayInfo, in the player's language (the campaign's default language otherwise). */
export const campaignDisplayInfoSchema = v.object({
  language: v.string(),
  title: v.string(),
  description: v.string(),
  /** The campaign's key terms, plain text (the full terms are the /bonus-terms page). */
  terms: v.string(),
  /** A same-site image path or null. */
  imageUrl: v.nullable(v.string()),
});
export type CampaignDisplayInfo = v.InferOutput<typeof campaignDisplayInfoSchema>;

/** product.md §3 cashbackInfo: a share of the net losses of the period, capped. */
export const cashbackInfoSchema = v.object({
  percentage: v.number(),
  maxAmount: v.nullable(money),
  period: v.picklist(['INSTANT', 'DAILY', 'WEEKLY', 'TIMEFRAME']),
});

/** product.md §3 cashbackBooster with boosterGames: losses in these games count `multiplier` times. */
export const cashbackBoosterSchema = v.object({ boosterGames: v.array(v.string()), multiplier: v.number() });

/** product.md §3 freeSpinDetail: bonusCode, roundsPlayed per game. */
export const freeSpinDetailSchema = v.object({
  bonusCode: v.nullable(v.string()),
  games: v.array(v.object({ gameId: v.string(), rounds: v.number(), roundsPlayed: v.number() })),
});
export type FreeSpinDetail = v.InferOutput<typeof freeSpinDetailSchema>;

/** product.md §3 queuedPlayerBonus (isCredited): a bonus waiting for the vertical's active one to end. */
export const queuedPlayerBonusSchema = v.object({
  queuedPlayerBonusId: v.string(),
  campaignId: v.string(),
  amount: money,
  isCredited: v.boolean(),
  createdAt: isoDate,
});
export type QueuedPlayerBonus = v.InferOutput<typeof queuedPlayerBonusSchema>;

export const rewardSchema = v.object({
  campaignId: v.string(),
  /** bonusAssignmentId: the player's assignment (ACTIVE list); null for an offer (ELIGIBLE list). */
  assignmentId: v.nullable(v.string()),
  vertical: v.picklist(CAMPAIGN_VERTICALS),
  /** The wallet's BONUS account the money lives in (src/api/wallet.ts balanceMap BONUS). */
  walletVertical: v.picklist(BONUS_VERTICALS),
  campaignStatus: v.picklist(CAMPAIGN_STATUSES),
  campaignCategory: v.picklist(CAMPAIGN_CATEGORIES),
  triggerEvent: v.nullable(v.picklist(TRIGGER_EVENTS)),
  bonusType: v.picklist(BONUS_TYPES),
  /** -1: a free-spin campaign (behaviour.md §5). */
  betBonusType: v.number(),
  hasBonusCode: v.boolean(),
  /**
   * The campaign's own bonus code (the one the player types; the agreement carries it), or null.
   * Listed only to a player who has it: a code campaign is offered after its agreement with the code.
   */
  bonusCode: v.nullable(v.string()),
  /** The code of the campaign at a partner (an affiliate's or a sportsbook's), or null: never the agreement's code. */
  partnerBonusCode: v.nullable(v.string()),
  currency: v.string(),
  /** The offer: a fixed amount, or a percentage of the deposit up to maxBonusAmount. */
  bonusAmount: v.nullable(money),
  bonusPercentage: v.nullable(v.number()),
  maxBonusAmount: v.nullable(money),
  /** The assignment's credited amount (ACTIVE); null for an offer. */
  amount: v.nullable(money),
  /** What is left in the bonus (the assignment's share of its BONUS account); null for an offer. */
  balance: v.nullable(money),
  wrMultiplier: v.number(),
  /** The stake that completes the wagering (amount times wrMultiplier); null for an offer. */
  wageringAmount: v.nullable(money),
  /** Percent, 0..100 (two decimals); null for an offer. */
  wageringProgress: v.nullable(v.number()),
  /** The progress bar's steps (behaviour.md §5 bonus steps 2..101). */
  progressSteps: v.pipe(v.number(), v.integer(), v.minValue(BONUS_STEPS_MIN), v.maxValue(BONUS_STEPS_MAX)),
  state: v.nullable(v.picklist(ASSIGNMENT_STATES)),
  endReason: v.nullable(v.picklist(ASSIGNMENT_END_REASONS)),
  startedAt: v.nullable(isoDate),
  endedAt: v.nullable(isoDate),
  expiresAt: v.nullable(isoDate),
  /** Days an assignment runs before it expires. */
  expiryDays: v.number(),
  /** The offer ends (the campaign's end); null: open ended. */
  campaignEndsAt: v.nullable(isoDate),
  cashbackInfo: v.nullable(cashbackInfoSchema),
  cashbackActivated: v.boolean(),
  cashbackBooster: v.nullable(cashbackBoosterSchema),
  /** An OPT_IN campaign: whether the player opted in. False for other campaigns. */
  optedIn: v.boolean(),
  /** The campaign asks the player's agreement to its terms before a claim (agreement POST). */
  requiresAgreement: v.boolean(),
  agreed: v.boolean(),
  /** May the player claim it by hand now (a MANUAL or bonus-code campaign, or a queued bonus). */
  claimable: v.boolean(),
  queuedPlayerBonus: v.nullable(queuedPlayerBonusSchema),
  freeSpinDetail: v.nullable(freeSpinDetailSchema),
  /** Game ids the bonus may be wagered in; empty: every game of its vertical. */
  gameLimitations: v.array(v.string()),
  campaignDisplayInfo: campaignDisplayInfoSchema,
});
export type Reward = v.InferOutput<typeof rewardSchema>;

// ------------------------------------------------------------------------------ the calls' shapes

const booleanQuery = v.optional(v.picklist(['true', 'false'], FIELD_CODES.invalid));

/** GET /player/bonus/rewards query (behaviour.md §7): query strings. */
export const rewardsQuerySchema = v.object({
  rewardsType: v.picklist(REWARDS_LIST_TYPES, FIELD_CODES.invalid),
  /** 'true': only bonus-code campaigns; 'false': only those without; absent: both. */
  hasBonusCode: booleanQuery,
  version: v.optional(v.literal(REWARDS_VERSION, FIELD_CODES.invalid), REWARDS_VERSION),
  /** Triggers to leave out (comma list); TOURNAMENT is always left out (behaviour.md §5). */
  excludeTriggerType: v.optional(
    v.pipe(
      v.string(FIELD_CODES.invalid),
      v.maxLength(400, FIELD_CODES.tooLong),
      v.transform((text) => text.split(',').map((part) => part.trim()).filter((part) => part !== '')),
      v.array(v.picklist(TRIGGER_EVENTS, FIELD_CODES.invalid)),
    ),
  ),
});
export type RewardsQuery = v.InferInput<typeof rewardsQuerySchema>;

export const rewardsResponseSchema = v.object({
  rewardsType: v.picklist(REWARDS_LIST_TYPES),
  rewards: v.array(rewardSchema),
  /** The player's queued bonuses (isCredited false: still waiting). */
  queued: v.array(queuedPlayerBonusSchema),
});
export type RewardsResponse = v.InferOutput<typeof rewardsResponseSchema>;

/** An empty body (claims, activations): an object with nothing the platform reads. */
export const emptyBodySchema = v.object({});

/**
 * A claim's answer: ACTIVATED with the reward now active (its money credited), or QUEUED with the
 * queued bonus that waits for the vertical's active one (credited when that one ends).
 */
export const claimResponseSchema = v.variant('outcome', [
  v.object({ outcome: v.literal('ACTIVATED'), reward: rewardSchema }),
  v.object({ outcome: v.literal('QUEUED'), queuedPlayerBonus: queuedPlayerBonusSchema }),
]);
export type ClaimResponse = v.InferOutput<typeof claimResponseSchema>;

/** PUT /player/bonus/{assignmentId}/state: the forfeit, with the progress the player saw. */
export const forfeitRequestSchema = v.strictObject(
  {
    state: v.literal('FORFEITED', FIELD_CODES.invalid),
    wageringProgress: v.pipe(v.number(FIELD_CODES.invalid), v.minValue(0, FIELD_CODES.invalid), v.maxValue(100, FIELD_CODES.invalid)),
  },
  FIELD_CODES.invalid,
);
export type ForfeitRequest = v.InferOutput<typeof forfeitRequestSchema>;

/** POST /player/bonus/{assignmentId}/state: the activation the player confirms (bonusAssignmentId is the path's). */
export const activateRequestSchema = v.strictObject(
  {
    state: v.literal('ACTIVATED', FIELD_CODES.invalid),
    bonusAssignmentId: bonusIdSchema,
  },
  FIELD_CODES.invalid,
);
export type ActivateRequest = v.InferOutput<typeof activateRequestSchema>;

/** The assignment after a state call, with what left or stayed in its BONUS account. */
export const assignmentResponseSchema = v.object({
  reward: rewardSchema,
  /** The bonus money the forfeit removed (0.00 for an activation). */
  removedAmount: money,
  /** A queued bonus the end of this one credited, or null. */
  credited: v.nullable(queuedPlayerBonusSchema),
});
export type AssignmentResponse = v.InferOutput<typeof assignmentResponseSchema>;

/** POST /player/bonus/agreement (behaviour.md §7: agreed, bonusCode and optional campaignId). */
export const agreementRequestSchema = v.strictObject(
  {
    agreed: v.boolean(FIELD_CODES.invalid),
    /** The campaign's code; '' for a campaign without one (then campaignId names it). */
    bonusCode: v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.maxLength(40, FIELD_CODES.tooLong)),
    campaignId: v.optional(bonusIdSchema),
  },
  FIELD_CODES.invalid,
);
export type AgreementRequest = v.InferInput<typeof agreementRequestSchema>;
export const agreementResponseSchema = v.object({ campaignId: v.string(), agreed: v.boolean(), agreedAt: v.nullable(isoDate) });
export type AgreementResponse = v.InferOutput<typeof agreementResponseSchema>;

/** product.md §3 manualClaimBonusAvailability { isAvailable, requested }. */
export const manualClaimAvailabilitySchema = v.object({
  /** The player may claim a bonus code by hand now (behaviour.md §6 manual-claim permission, no active break). */
  isAvailable: v.boolean(),
  /** The player has claimed a bonus code by hand in the last 24 hours. */
  requested: v.boolean(),
});
export type ManualClaimAvailability = v.InferOutput<typeof manualClaimAvailabilitySchema>;

/** POST /player/bonus/bonus-code/validate. */
export const bonusCodeValidateRequestSchema = v.strictObject({ bonusCode: bonusCodeText }, FIELD_CODES.invalid);
export type BonusCodeValidateRequest = v.InferInput<typeof bonusCodeValidateRequestSchema>;
/** product.md §3 bonus code state: bonusCodeValue and bonusCodeCampaignId. */
export const bonusCodeValidationSchema = v.object({ bonusCodeValue: v.string(), campaignId: v.string(), reward: rewardSchema });
export type BonusCodeValidation = v.InferOutput<typeof bonusCodeValidationSchema>;

/** POST /player/bonus/bonus-code/manual-claim (behaviour.md §7: bonusCode and state ACTIVATED). */
export const manualClaimRequestSchema = v.strictObject({ bonusCode: bonusCodeText, state: v.literal('ACTIVATED', FIELD_CODES.invalid) }, FIELD_CODES.invalid);
export type ManualClaimRequest = v.InferInput<typeof manualClaimRequestSchema>;

export const cashbackResponseSchema = v.object({ campaignId: v.string(), cashbackActivated: v.boolean() });
export type CashbackResponse = v.InferOutput<typeof cashbackResponseSchema>;

export const optInResponseSchema = v.object({ campaignId: v.string(), optedIn: v.boolean() });
export type OptInResponse = v.InferOutput<typeof optInResponseSchema>;

export const freeSpinDetailsResponseSchema = v.object({
  grants: v.array(v.object({ campaignId: v.string(), assignmentId: v.string(), detail: freeSpinDetailSchema })),
});
export type FreeSpinDetailsResponse = v.InferOutput<typeof freeSpinDetailsResponseSchema>;

// ------------------------------------------------------------------------------ the later calls' shapes

/** GET /player/bonus/progress: one active bonus's wagering (the ACTIVE list's figures, and what was wagered). */
export const bonusProgressSchema = v.object({
  ...v.pick(rewardSchema, ['campaignId', 'walletVertical', 'currency', 'wrMultiplier', 'progressSteps']).entries,
  assignmentId: v.string(),
  amount: money,
  balance: money,
  wageringAmount: money,
  /** The stake counted so far (capped at wageringAmount). */
  wageredAmount: money,
  /** Percent, 0..100 (two decimals). */
  wageringProgress: v.number(),
  expiresAt: isoDate,
});
export type BonusProgress = v.InferOutput<typeof bonusProgressSchema>;
export const bonusProgressResponseSchema = v.object({ progress: v.array(bonusProgressSchema) });
export type BonusProgressResponse = v.InferOutput<typeof bonusProgressResponseSchema>;

/** The most campaign ids one GET campaigns names. */
export const CAMPAIGN_IDS_MAX = 20;

/** GET /player/bonus/campaigns query: campaignIds, a comma list of 1..20 campaign ids. */
export const campaignsQuerySchema = v.object({
  campaignIds: v.pipe(
    v.string(FIELD_CODES.required),
    v.maxLength(CAMPAIGN_IDS_MAX * 65, FIELD_CODES.tooLong),
    v.transform((text) => [...new Set(text.split(',').map((part) => part.trim()).filter((part) => part !== ''))]),
    v.array(bonusIdSchema),
    v.minLength(1, FIELD_CODES.required),
    v.maxLength(CAMPAIGN_IDS_MAX, FIELD_CODES.tooLong),
  ),
});
export type CampaignsQuery = v.InferInput<typeof campaignsQuerySchema>;
export const campaignsResponseSchema = v.object({ campaigns: v.array(rewardSchema) });
export type CampaignsResponse = v.InferOutput<typeof campaignsResponseSchema>;

/** POST /player/bonus/campaigns/consent: the player's answer to a campaign's terms, by its id. */
export const campaignConsentRequestSchema = v.strictObject({ campaignId: bonusIdSchema, agreed: v.boolean(FIELD_CODES.invalid) }, FIELD_CODES.invalid);
export type CampaignConsentRequest = v.InferInput<typeof campaignConsentRequestSchema>;

/** POST /player/bonus/claim: a queued bonus claimed by its id. */
export const queuedClaimRequestSchema = v.strictObject({ queuedPlayerBonusId: bonusIdSchema }, FIELD_CODES.invalid);
export type QueuedClaimRequest = v.InferInput<typeof queuedClaimRequestSchema>;

/** POST /player/bonus/deactivate: an active bonus given up, named by its assignment and its campaign's partner code ('' for none). */
export const deactivateRequestSchema = v.strictObject(
  {
    bonusAssignmentId: bonusIdSchema,
    partnerBonusCode: v.pipe(v.string(FIELD_CODES.invalid), v.trim(), v.maxLength(40, FIELD_CODES.tooLong)),
  },
  FIELD_CODES.invalid,
);
export type DeactivateRequest = v.InferInput<typeof deactivateRequestSchema>;

/** One activated cashback's running period: its net loss so far and the cashback it has accrued (paid when the period ends). */
export const cashbackProgressSchema = v.object({
  campaignId: v.string(),
  ...v.pick(cashbackInfoSchema, ['period', 'percentage', 'maxAmount']).entries,
  currency: v.string(),
  periodStart: isoDate,
  /** When the period is paid; the instant cashback's is now (paid at the player's next look or claim). */
  periodEnd: isoDate,
  /** The player's own money lost in games in the period (bets minus wins; booster games counted as the campaign says). */
  netLoss: money,
  /** percentage of netLoss, up to maxAmount. */
  accruedAmount: money,
});
export type CashbackProgress = v.InferOutput<typeof cashbackProgressSchema>;
export const cashbackProgressResponseSchema = v.object({ cashback: v.array(cashbackProgressSchema) });
export type CashbackProgressResponse = v.InferOutput<typeof cashbackProgressResponseSchema>;

/** POST /player/bonus/loyalty/cashback/claim. */
export const cashbackClaimRequestSchema = v.strictObject({ campaignId: bonusIdSchema }, FIELD_CODES.invalid);
export type CashbackClaimRequest = v.InferInput<typeof cashbackClaimRequestSchema>;
export const cashbackClaimResponseSchema = v.object({
  campaignId: v.string(),
  /** The cashback this claim credited (as bonus money, or queued behind the vertical's active bonus); 0.00: nothing was due. */
  creditedAmount: money,
  /** The period running now, after the claim. */
  cashback: cashbackProgressSchema,
});
export type CashbackClaimResponse = v.InferOutput<typeof cashbackClaimResponseSchema>;

/** GET /player/bonus/games/{gameId}/limitations. */
export const gameLimitationsResponseSchema = v.object({
  gameId: v.string(),
  /** The bonus account the game's bets draw on; null: the game's vertical has none. */
  walletVertical: v.nullable(v.picklist(BONUS_VERTICALS)),
  /** The player's active bonus of that vertical, or null. */
  activeBonus: v.nullable(
    v.object({
      campaignId: v.string(),
      assignmentId: v.string(),
      /** The bonus may be played (and wagered) in this game: its campaign's gameLimitations allow it. */
      playable: v.boolean(),
      gameLimitations: v.array(v.string()),
    }),
  ),
});
export type GameLimitationsResponse = v.InferOutput<typeof gameLimitationsResponseSchema>;

// ------------------------------------------------------------------------------------ calls

export const BONUS_PATH = '/player/bonus';

const id = (value: string) => encodeURIComponent(value);

function rewardsQueryString(params: RewardsQuery): string {
  const search = new URLSearchParams({ rewardsType: params.rewardsType, version: params.version ?? REWARDS_VERSION });
  if (params.hasBonusCode !== undefined) search.set('hasBonusCode', params.hasBonusCode);
  if (params.excludeTriggerType !== undefined && params.excludeTriggerType !== '') search.set('excludeTriggerType', params.excludeTriggerType);
  return `?${search.toString()}`;
}

export const bonusesApi = {
  rewards: (params: RewardsQuery, signal?: AbortSignal): Promise<RewardsResponse> =>
    request(`${BONUS_PATH}/rewards${rewardsQueryString(params)}`, rewardsResponseSchema, { auth: true, signal }),
  claim: (campaignId: string, signal?: AbortSignal): Promise<ClaimResponse> =>
    request(`${BONUS_PATH}/rewards/${id(campaignId)}/claim`, claimResponseSchema, { method: 'POST', body: {}, auth: true, signal }),
  claimFreeSpins: (campaignId: string, signal?: AbortSignal): Promise<ClaimResponse> =>
    request(`${BONUS_PATH}/freespin/campaign/${id(campaignId)}/claim`, claimResponseSchema, { method: 'POST', body: {}, auth: true, signal }),
  freeSpinDetails: (signal?: AbortSignal): Promise<FreeSpinDetailsResponse> =>
    request(`${BONUS_PATH}/freespin/details`, freeSpinDetailsResponseSchema, { auth: true, signal }),
  activateCashback: (campaignId: string, signal?: AbortSignal): Promise<CashbackResponse> =>
    request(`${BONUS_PATH}/cashback/${id(campaignId)}/activate`, cashbackResponseSchema, { method: 'POST', body: {}, auth: true, signal }),
  deactivateCashback: (campaignId: string, signal?: AbortSignal): Promise<CashbackResponse> =>
    request(`${BONUS_PATH}/cashback/${id(campaignId)}/deactivate`, cashbackResponseSchema, { method: 'POST', body: {}, auth: true, signal }),
  forfeit: (assignmentId: string, wageringProgress: number, signal?: AbortSignal): Promise<AssignmentResponse> =>
    request(`${BONUS_PATH}/${id(assignmentId)}/state`, assignmentResponseSchema, {
      method: 'PUT',
      body: { state: 'FORFEITED', wageringProgress } satisfies ForfeitRequest,
      auth: true,
      signal,
    }),
  activate: (assignmentId: string, signal?: AbortSignal): Promise<AssignmentResponse> =>
    request(`${BONUS_PATH}/${id(assignmentId)}/state`, assignmentResponseSchema, {
      method: 'POST',
      body: { state: 'ACTIVATED', bonusAssignmentId: assignmentId } satisfies ActivateRequest,
      auth: true,
      signal,
    }),
  claimQueued: (campaignId: string, queuedPlayerBonusId: string, signal?: AbortSignal): Promise<ClaimResponse> =>
    request(`${BONUS_PATH}/campaign/${id(campaignId)}/queued-bonus/${id(queuedPlayerBonusId)}/claim`, claimResponseSchema, {
      method: 'POST',
      body: {},
      auth: true,
      signal,
    }),
  agreement: (body: AgreementRequest, signal?: AbortSignal): Promise<AgreementResponse> =>
    request(`${BONUS_PATH}/agreement`, agreementResponseSchema, { method: 'POST', body, auth: true, signal }),
  manualClaimAvailability: (signal?: AbortSignal): Promise<ManualClaimAvailability> =>
    request(`${BONUS_PATH}/bonus-code/manual-claim/available`, manualClaimAvailabilitySchema, { auth: true, signal }),
  manualClaim: (bonusCode: string, signal?: AbortSignal): Promise<ClaimResponse> =>
    request(`${BONUS_PATH}/bonus-code/manual-claim`, claimResponseSchema, {
      method: 'POST',
      body: { bonusCode, state: 'ACTIVATED' } satisfies ManualClaimRequest,
      auth: true,
      signal,
    }),
  validateBonusCode: (bonusCode: string, signal?: AbortSignal): Promise<BonusCodeValidation> =>
    request(`${BONUS_PATH}/bonus-code/validate`, bonusCodeValidationSchema, {
      method: 'POST',
      body: { bonusCode } satisfies BonusCodeValidateRequest,
      auth: true,
      signal,
    }),
  optIn: (campaignId: string, signal?: AbortSignal): Promise<OptInResponse> =>
    request(`${BONUS_PATH}/optIn/${id(campaignId)}/activate`, optInResponseSchema, { method: 'POST', body: {}, auth: true, signal }),
  optOut: (campaignId: string, signal?: AbortSignal): Promise<OptInResponse> =>
    request(`${BONUS_PATH}/optIn/${id(campaignId)}/deactivate`, optInResponseSchema, { method: 'POST', body: {}, auth: true, signal }),
  progress: (signal?: AbortSignal): Promise<BonusProgressResponse> => request(`${BONUS_PATH}/progress`, bonusProgressResponseSchema, { auth: true, signal }),
  campaigns: (campaignIds: readonly string[], signal?: AbortSignal): Promise<CampaignsResponse> =>
    request(`${BONUS_PATH}/campaigns?${new URLSearchParams({ campaignIds: campaignIds.join(',') } satisfies CampaignsQuery).toString()}`, campaignsResponseSchema, {
      auth: true,
      signal,
    }),
  campaignConsent: (body: CampaignConsentRequest, signal?: AbortSignal): Promise<AgreementResponse> =>
    request(`${BONUS_PATH}/campaigns/consent`, agreementResponseSchema, { method: 'POST', body, auth: true, signal }),
  claimQueuedById: (queuedPlayerBonusId: string, signal?: AbortSignal): Promise<ClaimResponse> =>
    request(`${BONUS_PATH}/claim`, claimResponseSchema, { method: 'POST', body: { queuedPlayerBonusId } satisfies QueuedClaimRequest, auth: true, signal }),
  deactivate: (body: DeactivateRequest, signal?: AbortSignal): Promise<AssignmentResponse> =>
    request(`${BONUS_PATH}/deactivate`, assignmentResponseSchema, { method: 'POST', body, auth: true, signal }),
  freeSpinProgress: (signal?: AbortSignal): Promise<FreeSpinDetailsResponse> =>
    request(`${BONUS_PATH}/freespin/progress`, freeSpinDetailsResponseSchema, { auth: true, signal }),
  cashbackProgress: (signal?: AbortSignal): Promise<CashbackProgressResponse> =>
    request(`${BONUS_PATH}/loyalty/cashback/progress`, cashbackProgressResponseSchema, { auth: true, signal }),
  claimCashback: (campaignId: string, signal?: AbortSignal): Promise<CashbackClaimResponse> =>
    request(`${BONUS_PATH}/loyalty/cashback/claim`, cashbackClaimResponseSchema, { method: 'POST', body: { campaignId } satisfies CashbackClaimRequest, auth: true, signal }),
  gameLimitations: (gameId: string, signal?: AbortSignal): Promise<GameLimitationsResponse> =>
    request(`${BONUS_PATH}/games/${id(gameId)}/limitations`, gameLimitationsResponseSchema, { auth: true, signal }),
};
