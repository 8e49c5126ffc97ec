import type { EventObject } from 'xstate';
import type { AssignmentResponse, ClaimResponse, QueuedPlayerBonus, Reward, RewardsResponse } from '../../../src/api/bonuses';
import { ApiError } from '../../../src/api/errors';
import { BONUS_ERROR_CODES } from '../../../machines/lib/bonuses';
import type { RewardsContext } from '../../../machines/rewards.machine';

// The rewards flow's samples, shared by its path test (tests/machines/rewards.machine.test.ts) and
// `npm run paths rewards` (scripts/lib/pathModels.ts): the two lists as the platform answers them
// (one reward of each kind the pages act on, and a tournament reward the lists leave out), each
// call's answers and refusals, and the player's actions, by state.

/** A reward as the platform lists it (src/api/bonuses.ts rewardSchema): an offer of the ELIGIBLE list. */
export function reward(overrides: Partial<Reward> & Pick<Reward, 'campaignId'>): Reward {
  return {
    assignmentId: null,
    vertical: 'CASINO',
    walletVertical: 'CASINO',
    campaignStatus: 'ACTIVE',
    campaignCategory: 'MANUAL',
    triggerEvent: null,
    bonusType: 'NON_STICKY',
    betBonusType: 0,
    hasBonusCode: false,
    bonusCode: null,
    partnerBonusCode: null,
    currency: 'EUR',
    bonusAmount: '10.00',
    bonusPercentage: null,
    maxBonusAmount: null,
    amount: null,
    balance: null,
    wrMultiplier: 10,
    wageringAmount: null,
    wageringProgress: null,
    progressSteps: 101,
    state: null,
    endReason: null,
    startedAt: null,
    endedAt: null,
    expiresAt: null,
    expiryDays: 7,
    campaignEndsAt: null,
    cashbackInfo: null,
    cashbackActivated: false,
    cashbackBooster: null,
    optedIn: false,
    requiresAgreement: false,
    agreed: false,
    claimable: true,
    queuedPlayerBonus: null,
    freeSpinDetail: null,
    gameLimitations: [],
    campaignDisplayInfo: { language: 'en', title: `Offer ${overrides.campaignId}`, description: 'A bonus.', terms: 'Wager 10 times.', imageUrl: null },
    ...overrides,
  };
}

/** A MANUAL casino bonus to claim. */
export const CASINO_OFFER = reward({ campaignId: 'casino-10' });
/** Free spins (betBonusType -1, behaviour.md §5): casino bonus money. */
export const FREE_SPINS_OFFER = reward({ campaignId: 'spins-20', vertical: 'FREE_SPINS', betBonusType: -1, freeSpinDetail: { bonusCode: null, games: [{ gameId: 'cas-00001', rounds: 20, roundsPlayed: 0 }] } });
/**
 * A casino bonus whose terms need the player's agreement first (consent), with its bonus code and a
 * partner's code for it: the agreement carries the campaign's own code. Forfeit-then-consent.
 */
export const CONSENT_OFFER = reward({ campaignId: 'casino-agree', requiresAgreement: true, hasBonusCode: true, bonusCode: 'LIVE20', partnerBonusCode: 'AURORA-LIVE20' });
/** A weekly cashback the player switches on and off. */
export const CASHBACK_OFFER = reward({
  campaignId: 'cashback-weekly',
  campaignCategory: 'TRIGGERED',
  triggerEvent: 'CASHBACK_WEEKLY',
  claimable: false,
  cashbackInfo: { percentage: 10, maxAmount: '100.00', period: 'WEEKLY' },
});
/** An opt-in sports campaign. */
export const OPT_IN_OFFER = reward({ campaignId: 'sports-optin', vertical: 'SPORTS', walletVertical: 'SPORTS', campaignCategory: 'OPT_IN', claimable: false });
/** A tournament reward: behaviour.md §5 keeps it out of the regular lists. */
export const TOURNAMENT_REWARD = reward({ campaignId: 'tournament-1', triggerEvent: 'TOURNAMENT' });

/** The player's active casino bonus: a claim of another casino bonus is refused for it. */
export const ACTIVE_CASINO = reward({
  campaignId: 'casino-welcome',
  assignmentId: 'asg-1',
  amount: '50.00',
  balance: '42.50',
  wageringAmount: '500.00',
  wageringProgress: 35.5,
  state: 'ACTIVATED',
  startedAt: '2026-11-20T10:00:00.000Z',
  expiresAt: '2026-12-20T10:00:00.000Z',
  campaignDisplayInfo: { language: 'en', title: 'Welcome bonus', description: 'Your first deposit doubled.', terms: 'Wager 10 times.', imageUrl: null },
});

/** A casino bonus waiting behind the active one (credited when that one ends). */
export const QUEUED: QueuedPlayerBonus = { queuedPlayerBonusId: 'q-1', campaignId: 'casino-10', amount: '10.00', isCredited: false, createdAt: '2026-11-21T10:00:00.000Z' };

export const ELIGIBLE: RewardsResponse = { rewardsType: 'ELIGIBLE', rewards: [CASINO_OFFER, FREE_SPINS_OFFER, CONSENT_OFFER, CASHBACK_OFFER, OPT_IN_OFFER, TOURNAMENT_REWARD], queued: [] };
export const ACTIVE: RewardsResponse = { rewardsType: 'ACTIVE', rewards: [ACTIVE_CASINO, TOURNAMENT_REWARD], queued: [QUEUED, { ...QUEUED, queuedPlayerBonusId: 'q-credited', isCredited: true }] };
/** The ACTIVE list once the active bonus has ended meanwhile: the lookup finds nothing to forfeit. */
export const ACTIVE_NONE: RewardsResponse = { rewardsType: 'ACTIVE', rewards: [], queued: [] };

export const CLAIMED: ClaimResponse = { outcome: 'ACTIVATED', reward: { ...CASINO_OFFER, assignmentId: 'asg-2', state: 'ACTIVATED', amount: '10.00', balance: '10.00', wageringProgress: 0 } };
export const QUEUED_ANSWER: ClaimResponse = { outcome: 'QUEUED', queuedPlayerBonus: QUEUED };
export const FORFEITED: AssignmentResponse = { reward: { ...ACTIVE_CASINO, state: 'FORFEITED', endReason: 'FORFEITED' }, removedAmount: '42.50', credited: null };

export const offline = new ApiError('network', 0, 'network.error', 'Network Error');
export const serverDown = new ApiError('http', 500, 'error.system.error', 'Internal error');
const refusal = (status: number, code: string) => new ApiError('http', status, code, code);
export const activeExists = refusal(409, BONUS_ERROR_CODES.activeAlreadyExists);
export const triggeredExists = refusal(409, BONUS_ERROR_CODES.activeTriggeredAlreadyExists);
export const notEligible = refusal(409, BONUS_ERROR_CODES.notEligible);
export const notAllowed = refusal(409, BONUS_ERROR_CODES.notAllowed);
export const stateInvalid = refusal(409, BONUS_ERROR_CODES.stateInvalid);

const done = (id: string, output: unknown): EventObject => ({ type: `xstate.done.actor.${id}`, actorId: id, output }) as EventObject;
const failed = (id: string, error: unknown): EventObject => ({ type: `xstate.error.actor.${id}`, actorId: id, error }) as EventObject;

/** What the player does on the lists: one action of each kind, on the reward it is for. */
export const ACTIONS: readonly EventObject[] = [
  { type: 'reward.claim', campaignId: CASINO_OFFER.campaignId } as EventObject,
  { type: 'reward.claimFreeSpins', campaignId: FREE_SPINS_OFFER.campaignId } as EventObject,
  { type: 'reward.consent', campaignId: CONSENT_OFFER.campaignId } as EventObject,
  { type: 'reward.forfeit', assignmentId: 'asg-1' } as EventObject,
  { type: 'queued.claim', queuedPlayerBonusId: 'q-1' } as EventObject,
  { type: 'queued.forfeitAndClaim', queuedPlayerBonusId: 'q-1' } as EventObject,
  { type: 'cashback.activate', campaignId: CASHBACK_OFFER.campaignId } as EventObject,
  { type: 'cashback.deactivate', campaignId: CASHBACK_OFFER.campaignId } as EventObject,
  { type: 'optIn.activate', campaignId: OPT_IN_OFFER.campaignId } as EventObject,
  { type: 'optIn.deactivate', campaignId: OPT_IN_OFFER.campaignId } as EventObject,
];

/** The events to try in a state: the calls' answers where one is pending, the player's events elsewhere. */
export function eventsIn(snapshot: { value: unknown; context: Pick<RewardsContext, 'fresh'> }): EventObject[] {
  const state = typeof snapshot.value === 'string' ? snapshot.value : Object.keys(snapshot.value as object)[0];
  switch (state) {
    case 'loading': {
      const list: EventObject[] = [];
      if (!snapshot.context.fresh.eligible) list.push(done('loadEligible', ELIGIBLE), failed('loadEligible', offline));
      if (!snapshot.context.fresh.active) list.push(done('loadActive', ACTIVE), failed('loadActive', serverDown));
      return list;
    }
    case 'loadFailed':
      return [{ type: 'rewards.retry' }];
    case 'claiming':
      return [done('claimReward', CLAIMED), done('claimReward', QUEUED_ANSWER), failed('claimReward', activeExists), failed('claimReward', triggeredExists), failed('claimReward', notEligible), failed('claimReward', serverDown)];
    case 'claimingFreeSpins':
      return [done('claimFreeSpins', CLAIMED), failed('claimFreeSpins', activeExists), failed('claimFreeSpins', notAllowed)];
    case 'claimingQueued':
      return [done('claimQueued', CLAIMED), failed('claimQueued', activeExists), failed('claimQueued', stateInvalid)];
    case 'consenting':
      return [done('giveConsent', { campaignId: CONSENT_OFFER.campaignId, agreed: true, agreedAt: '2026-11-29T10:00:00.000Z' }), failed('giveConsent', offline)];
    case 'lookingUpActive':
      return [done('lookupActive', ACTIVE), done('lookupActive', ACTIVE_NONE), failed('lookupActive', offline)];
    case 'forfeitPrompt':
      return [{ type: 'forfeit.confirm' }, { type: 'forfeit.cancel' }];
    case 'forfeiting':
      return [done('forfeitBonus', FORFEITED), failed('forfeitBonus', stateInvalid)];
    case 'activatingCashback':
      return [done('activateCashback', { campaignId: CASHBACK_OFFER.campaignId, cashbackActivated: true }), failed('activateCashback', notAllowed)];
    case 'deactivatingCashback':
      return [done('deactivateCashback', { campaignId: CASHBACK_OFFER.campaignId, cashbackActivated: false }), failed('deactivateCashback', offline)];
    case 'optingIn':
      return [done('optIn', { campaignId: OPT_IN_OFFER.campaignId, optedIn: true }), failed('optIn', notAllowed)];
    case 'optingOut':
      return [done('optOut', { campaignId: OPT_IN_OFFER.campaignId, optedIn: false }), failed('optOut', offline)];
    default:
      return [...ACTIONS];
  }
}
