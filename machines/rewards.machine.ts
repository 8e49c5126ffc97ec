// The player's rewards (issue 24; product.md §2 /my-account/rewards and /my-account/rewards/active,
// the forfeit modals; product.md §3 "Bonuses and rewards"; behaviour.md §4 "Bonuses and rewards",
// §5, §6, §7 "Bonuses", §8 "Bonus", §9 "Cashback notification").
//
// A child of the session (flow `rewards`), started by the rewards pages (both tabs) and stopped when
// the player leaves them or logs out; it has no end. It loads the ELIGIBLE and the ACTIVE lists
// (tournament rewards left out, behaviour.md §5) and runs every reward action of behaviour.md §4 one
// at a time: claim, free-spin claim, queued-bonus claim, consent (the agreement, then the claim),
// cashback and opt-in activate / deactivate, and the forfeit of an active bonus. A claim refused
// because the vertical has an active bonus (error.bonus.active.already.exists or its triggered
// variant) looks that bonus up in a fresh ACTIVE list and offers the forfeit prompt; once forfeited,
// the claim is made again: forfeit-then-claim, forfeit-then-consent, forfeit-and-claim queue. After
// every action that changed something the lists load again (the platform's word, not a local copy).
// The rules are machines/lib/bonuses.ts; the calls are provided by src/app/flows/rewards.flow.ts.
import { assign, fromPromise, setup } from 'xstate';
import type { AgreementRequest, AssignmentResponse, ClaimResponse, QueuedPlayerBonus, Reward, RewardsResponse } from '../src/api/bonuses';
import { BONUS_ERROR_CODES, isFreeSpinCampaign, offersForfeit, regularRewards, type BonusErrorCode } from './lib/bonuses';
import { CASHBACK_NOTIFICATION_MS } from './lib/constants';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import type { BonusVertical } from './lib/wallet';

/** The bonus codes the flow knows (behaviour.md §8 "Bonus"); anything else is `unknown`, or error.oops.tryAgain for a claim. */
export const REWARDS_ERROR_CODES: readonly BonusErrorCode[] = Object.values(BONUS_ERROR_CODES);

export type RewardsError = FlowError<BonusErrorCode>;

/** What the running action is: it decides what follows a forfeit (the claim it was for, or nothing). */
/** `switch`: a cashback or an opt-in switched on or off (no forfeit can follow it). */
export type RewardActionKind = 'claim' | 'freeSpins' | 'queued' | 'consent' | 'forfeit' | 'switch';

export interface RewardAction {
  kind: RewardActionKind;
  campaignId: string;
  /** The wallet's BONUS account the reward's money lives in: one active bonus per vertical. */
  walletVertical: BonusVertical;
  /** A queued bonus's id (kind `queued`), else null. */
  queuedPlayerBonusId: string | null;
  /** The campaign's bonus code for the agreement (kind `consent`), '' when it has none. */
  bonusCode: string;
}

/** What the last action did, for the page's confirmation (null: nothing to confirm). */
export type RewardOutcome =
  | { kind: 'claimed'; campaignId: string }
  | { kind: 'queued'; campaignId: string }
  | { kind: 'cashbackActivated'; campaignId: string }
  | { kind: 'cashbackDeactivated'; campaignId: string }
  | { kind: 'optedIn'; campaignId: string }
  | { kind: 'optedOut'; campaignId: string };

/** The bonus a forfeit removed: its title and the bonus money lost (the platform's removedAmount). */
export interface ForfeitedBonus {
  campaignId: string;
  title: string;
  removedAmount: string;
  currency: string;
}

export interface RewardsContext {
  /** The ELIGIBLE list (the offers), tournament rewards left out; null until the first load. */
  eligible: Reward[] | null;
  /** The ACTIVE list (the player's bonuses), tournament rewards left out; null until the first load. */
  active: Reward[] | null;
  /** The player's queued bonuses still waiting (isCredited false). */
  queued: QueuedPlayerBonus[];
  /** Which list of the running load has arrived. */
  fresh: { eligible: boolean; active: boolean };
  /** The action running or waiting for the forfeit prompt's answer; null when none. */
  action: RewardAction | null;
  /** The active bonus the forfeit prompt would forfeit (its money is lost); null without a prompt. */
  conflict: Reward | null;
  error: RewardsError | null;
  outcome: RewardOutcome | null;
  /** The bonus the last forfeit removed (with the claim that followed it, if any). */
  forfeited: ForfeitedBonus | null;
}

export type RewardsEvent =
  | { type: 'rewards.retry' }
  | { type: 'reward.claim'; campaignId: string }
  | { type: 'reward.claimFreeSpins'; campaignId: string }
  | { type: 'reward.consent'; campaignId: string }
  | { type: 'reward.forfeit'; assignmentId: string }
  | { type: 'queued.claim'; queuedPlayerBonusId: string }
  | { type: 'queued.forfeitAndClaim'; queuedPlayerBonusId: string }
  | { type: 'cashback.activate'; campaignId: string }
  | { type: 'cashback.deactivate'; campaignId: string }
  | { type: 'optIn.activate'; campaignId: string }
  | { type: 'optIn.deactivate'; campaignId: string }
  | { type: 'forfeit.confirm' }
  | { type: 'forfeit.cancel' };

/**
 * loading: a load runs (the first has no list yet; a later one keeps the lists shown);
 * loadFailed: a load failed (retry); ready: the lists can be acted on; busy: an action runs;
 * prompt: the forfeit prompt is open; cashbackNotice: the cashback-claimed notification shows.
 */
export type RewardsTag = 'loading' | 'loadFailed' | 'ready' | 'busy' | 'prompt' | 'cashbackNotice';

export interface ForfeitInput {
  assignmentId: string;
  wageringProgress: number;
}
export interface QueuedClaimInput {
  campaignId: string;
  queuedPlayerBonusId: string;
}

type CampaignEvent = { campaignId: string };

const findIn = (list: readonly Reward[] | null, campaignId: string): Reward | undefined => list?.find((reward) => reward.campaignId === campaignId);

/** A reward either list shows, by its campaign. */
export function rewardOf(context: Pick<RewardsContext, 'eligible' | 'active'>, campaignId: string): Reward | undefined {
  return findIn(context.eligible, campaignId) ?? findIn(context.active, campaignId);
}

/** The active bonus of a wallet vertical (one per vertical), if any. */
export function activeOfVertical(active: readonly Reward[] | null, vertical: BonusVertical): Reward | undefined {
  return active?.find((reward) => reward.walletVertical === vertical && reward.state === 'ACTIVATED');
}

/** The offer a queued bonus is for (its campaign in either list). */
function queuedOf(context: RewardsContext, queuedPlayerBonusId: string): { queued: QueuedPlayerBonus; reward: Reward } | null {
  const queued = context.queued.find((item) => item.queuedPlayerBonusId === queuedPlayerBonusId);
  const reward = queued === undefined ? undefined : rewardOf(context, queued.campaignId);
  return queued === undefined || reward === undefined ? null : { queued, reward };
}

function actionOf(kind: RewardActionKind, reward: Reward, queuedPlayerBonusId: string | null = null): RewardAction {
  return { kind, campaignId: reward.campaignId, walletVertical: reward.walletVertical, queuedPlayerBonusId, bonusCode: reward.bonusCode ?? '' };
}

/** behaviour.md §8: "A claim error takes its code from the 400 response, or falls back to error.oops.tryAgain". */
export function rewardsErrorOf(error: unknown, claim: boolean): RewardsError {
  const known = flowErrorOf(error, REWARDS_ERROR_CODES);
  return claim && known.code === 'unknown' ? { code: BONUS_ERROR_CODES.oopsTryAgain, fieldErrors: [] } : known;
}

/** The claim answer as the page confirms it: active now, or queued behind the vertical's active bonus. */
function claimOutcome(answer: ClaimResponse, campaignId: string): RewardOutcome {
  return { kind: answer.outcome === 'ACTIVATED' ? 'claimed' : 'queued', campaignId };
}

const rewards = setup({
  types: {
    context: {} as RewardsContext,
    events: {} as RewardsEvent,
    tags: {} as RewardsTag,
  },
  actors: {
    // Supplied by src/app/flows/rewards.flow.ts (bonusesApi) and by tests.
    loadEligible: fromPromise<RewardsResponse>(() => Promise.reject(new Error('rewardsMachine: provide the loadEligible actor'))),
    loadActive: fromPromise<RewardsResponse>(() => Promise.reject(new Error('rewardsMachine: provide the loadActive actor'))),
    claimReward: fromPromise<ClaimResponse, string>(() => Promise.reject(new Error('rewardsMachine: provide the claimReward actor'))),
    claimFreeSpins: fromPromise<ClaimResponse, string>(() => Promise.reject(new Error('rewardsMachine: provide the claimFreeSpins actor'))),
    claimQueued: fromPromise<ClaimResponse, QueuedClaimInput>(() => Promise.reject(new Error('rewardsMachine: provide the claimQueued actor'))),
    giveConsent: fromPromise<unknown, AgreementRequest>(() => Promise.reject(new Error('rewardsMachine: provide the giveConsent actor'))),
    forfeitBonus: fromPromise<AssignmentResponse, ForfeitInput>(() => Promise.reject(new Error('rewardsMachine: provide the forfeitBonus actor'))),
    activateCashback: fromPromise<unknown, string>(() => Promise.reject(new Error('rewardsMachine: provide the activateCashback actor'))),
    deactivateCashback: fromPromise<unknown, string>(() => Promise.reject(new Error('rewardsMachine: provide the deactivateCashback actor'))),
    optIn: fromPromise<unknown, string>(() => Promise.reject(new Error('rewardsMachine: provide the optIn actor'))),
    optOut: fromPromise<unknown, string>(() => Promise.reject(new Error('rewardsMachine: provide the optOut actor'))),
  },
  actions: {
    startLoad: assign({ fresh: { eligible: false, active: false } }),
    assignEligible: assign(({ context }, params: { response: RewardsResponse }) => ({
      eligible: regularRewards(params.response.rewards),
      fresh: { ...context.fresh, eligible: true },
    })),
    assignActive: assign(({ context }, params: { response: RewardsResponse }) => ({
      active: regularRewards(params.response.rewards),
      queued: params.response.queued.filter((item) => !item.isCredited),
      fresh: { ...context.fresh, active: true },
    })),
    /** A new action: the last one's error and confirmation go. */
    startAction: assign((_, params: { action: RewardAction; conflict?: Reward }) => ({
      action: params.action,
      conflict: params.conflict ?? null,
      error: null,
      outcome: null,
      forfeited: null,
    })),
    setError: assign((_, params: { error: unknown; claim: boolean }) => ({ error: rewardsErrorOf(params.error, params.claim), action: null, conflict: null })),
    /** The lookup found no active bonus in the vertical (it ended meanwhile): the refusal's own text. */
    setConflictGone: assign({ error: { code: BONUS_ERROR_CODES.activeAlreadyExists, fieldErrors: [] }, action: null, conflict: null }),
    assignConflict: assign(({ context }, params: { response: RewardsResponse }) => {
      const active = regularRewards(params.response.rewards);
      return { active, conflict: context.action === null ? null : (activeOfVertical(active, context.action.walletVertical) ?? null) };
    }),
    assignForfeited: assign(({ context }, params: { answer: AssignmentResponse }) => ({
      forfeited:
        context.conflict === null
          ? null
          : {
              campaignId: context.conflict.campaignId,
              title: context.conflict.campaignDisplayInfo.title,
              removedAmount: params.answer.removedAmount,
              currency: context.conflict.currency,
            },
      conflict: null,
    })),
    assignOutcome: assign((_, params: { outcome: RewardOutcome }) => ({ outcome: params.outcome, action: null, conflict: null })),
    closePrompt: assign({ action: null, conflict: null }),
    clearOutcome: assign({ outcome: null }),
  },
  guards: {
    listsLoaded: ({ context }) => context.fresh.eligible && context.fresh.active,
    listsLoadedAfterCashback: ({ context }) => context.fresh.eligible && context.fresh.active && context.outcome?.kind === 'cashbackActivated',
    /** An offer of the ELIGIBLE list that is not a free-spin one (those have their own claim). */
    isClaimable: ({ context }, params: CampaignEvent) => {
      const reward = findIn(context.eligible, params.campaignId);
      return reward !== undefined && !isFreeSpinCampaign(reward);
    },
    /** behaviour.md §5: free-spin participation only for campaigns with betBonusType -1. */
    isFreeSpinOffer: ({ context }, params: CampaignEvent) => {
      const reward = findIn(context.eligible, params.campaignId);
      return reward !== undefined && isFreeSpinCampaign(reward);
    },
    isActiveAssignment: ({ context }, params: { assignmentId: string }) =>
      context.active?.some((reward) => reward.assignmentId === params.assignmentId && reward.state === 'ACTIVATED') === true,
    isQueuedBonus: ({ context }, params: { queuedPlayerBonusId: string }) => queuedOf(context, params.queuedPlayerBonusId) !== null,
    isCashback: ({ context }, params: CampaignEvent) => rewardOf(context, params.campaignId)?.cashbackInfo != null,
    isOptIn: ({ context }, params: CampaignEvent) => rewardOf(context, params.campaignId)?.campaignCategory === 'OPT_IN',
    /** behaviour.md §4 / §8: an active bonus in the same vertical: the forfeit prompt follows. */
    offersForfeit: (_, params: { error: unknown }) => offersForfeit(flowErrorOf(params.error, REWARDS_ERROR_CODES).code),
    foundConflict: ({ context }, params: { response: RewardsResponse }) =>
      context.action !== null && activeOfVertical(regularRewards(params.response.rewards), context.action.walletVertical) !== undefined,
    resumesClaim: ({ context }) => context.action?.kind === 'claim' || context.action?.kind === 'consent',
    resumesFreeSpins: ({ context }) => context.action?.kind === 'freeSpins',
    resumesQueued: ({ context }) => context.action?.kind === 'queued',
  },
  delays: {
    // behaviour.md §9: the cashback-claimed notification is cleared after 5000 ms.
    cashbackNotice: CASHBACK_NOTIFICATION_MS,
  },
});

/** The running action's campaign: what a claim or a switch sends. */
const actionCampaignId = ({ context }: { context: RewardsContext }): string => (context.action as RewardAction).campaignId;

/** A claim's answer as the page confirms it, for the running action's campaign. */
const claimedOutcome = ({ context, event }: { context: RewardsContext; event: { output: ClaimResponse } }): { outcome: RewardOutcome } => ({
  outcome: claimOutcome(event.output, actionCampaignId({ context })),
});

/** The action an offer's button starts (`kind`: claim, free spins or consent; the offer in the ELIGIBLE list). */
const offerAction =
  (kind: 'claim' | 'freeSpins' | 'consent') =>
  ({ context, event }: { context: RewardsContext; event: CampaignEvent }): { action: RewardAction } => ({
    action: actionOf(kind, findIn(context.eligible, event.campaignId) as Reward),
  });

/** The action a queued bonus's button starts (its offer found in either list). */
const queuedAction = ({ context, event }: { context: RewardsContext; event: { queuedPlayerBonusId: string } }): { action: RewardAction } => {
  const found = queuedOf(context, event.queuedPlayerBonusId) as { reward: Reward };
  return { action: actionOf('queued', found.reward, event.queuedPlayerBonusId) };
};

/** The action a cashback's or an opt-in's switch starts (the reward found in either list). */
const switchAction = ({ context, event }: { context: RewardsContext; event: CampaignEvent }): { action: RewardAction } => ({
  action: actionOf('switch', rewardOf(context, event.campaignId) as Reward),
});

/** A switch's confirmation (`kind`) for the running action's campaign. */
const switchedOutcome =
  (kind: RewardOutcome['kind']) =>
  ({ context }: { context: RewardsContext }): { outcome: RewardOutcome } => ({
    outcome: { kind, campaignId: actionCampaignId({ context }) },
  });

/** A refusal of a switch, a forfeit or a lookup: its code's text (no claim fallback). */
const refusal = ({ event }: { event: { error: unknown } }): { error: unknown; claim: boolean } => ({ error: event.error, claim: false });

/** A refusal of a claim: its code's text, error.oops.tryAgain without a code. */
const claimRefusal = ({ event }: { event: { error: unknown } }): { error: unknown; claim: boolean } => ({ error: event.error, claim: true });

export const rewardsMachine = rewards.createMachine({
  id: 'rewards',
  description:
    'product.md §2 /my-account/rewards and /rewards/active, behaviour.md §4 "Bonuses and rewards": `loading` the ELIGIBLE ' +
    'and ACTIVE lists (tournament rewards left out, §5) → `ready`, where each reward action runs on its own: claim, ' +
    'free-spin claim, queued-bonus claim, consent (agreement, then claim), cashback and opt-in on and off, forfeit. A ' +
    'claim refused with error.bonus.active.already.exists (or the triggered variant) → `lookingUpActive` (the ACTIVE ' +
    'list) → `forfeitPrompt` → `forfeiting` → the claim again (forfeit-then-claim, forfeit-then-consent, ' +
    'forfeit-and-claim queue). A change loads the lists again; a refusal shows its code\'s text (§8). The cashback ' +
    'notification clears after 5000 ms (§9). Started by the rewards pages; it has no end.',
  context: {
    eligible: null,
    active: null,
    queued: [],
    fresh: { eligible: false, active: false },
    action: null,
    conflict: null,
    error: null,
    outcome: null,
    forfeited: null,
  } satisfies RewardsContext,
  initial: 'loading',
  states: {
    loading: {
      description:
        'The ELIGIBLE and the ACTIVE lists load side by side (`loadEligible`, `loadActive`: GET /player/bonus/rewards, ' +
        'version v2, tournament rewards left out); once both are in, the lists are ready (with the cashback ' +
        'notification when the load follows a cashback activation). The first load shows a loader; a later one ' +
        'keeps the lists shown.',
      tags: 'loading',
      entry: 'startLoad',
      invoke: [
        {
          id: 'loadEligible',
          src: 'loadEligible',
          onDone: { actions: { type: 'assignEligible', params: ({ event }) => ({ response: event.output }) } },
          onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error, claim: false }) } },
        },
        {
          id: 'loadActive',
          src: 'loadActive',
          onDone: { actions: { type: 'assignActive', params: ({ event }) => ({ response: event.output }) } },
          onError: { target: 'loadFailed', actions: { type: 'setError', params: ({ event }) => ({ error: event.error, claim: false }) } },
        },
      ],
      always: [
        { guard: 'listsLoadedAfterCashback', target: 'ready.cashbackNotice' },
        { guard: 'listsLoaded', target: 'ready' },
      ],
    },
    loadFailed: {
      description: 'A list did not load: the backend error is shown (behaviour.md §8) with Try again; lists loaded before stay shown.',
      tags: 'loadFailed',
      on: { 'rewards.retry': 'loading' },
    },
    ready: {
      description:
        'The offers and the player\'s bonuses show; each reward\'s buttons send its action (a guard checks that the ' +
        'reward is in the list and of the right kind). The last action\'s confirmation or refusal shows until the next one.',
      tags: 'ready',
      initial: 'quiet',
      states: {
        quiet: {
          description: 'Nothing to announce beyond the last action\'s confirmation or refusal.',
        },
        cashbackNotice: {
          description: 'The cashback-claimed notification shows; behaviour.md §9: it is cleared after 5000 ms.',
          tags: 'cashbackNotice',
          after: { cashbackNotice: { target: 'quiet', actions: 'clearOutcome' } },
        },
      },
      on: {
        'reward.claim': { guard: { type: 'isClaimable', params: ({ event }) => event }, target: 'claiming', actions: { type: 'startAction', params: offerAction('claim') } },
        'reward.claimFreeSpins': { guard: { type: 'isFreeSpinOffer', params: ({ event }) => event }, target: 'claimingFreeSpins', actions: { type: 'startAction', params: offerAction('freeSpins') } },
        'reward.consent': { guard: { type: 'isClaimable', params: ({ event }) => event }, target: 'consenting', actions: { type: 'startAction', params: offerAction('consent') } },
        'reward.forfeit': {
          guard: { type: 'isActiveAssignment', params: ({ event }) => event },
          target: 'forfeitPrompt',
          actions: {
            type: 'startAction',
            params: ({ context, event }) => {
              const reward = context.active?.find((item) => item.assignmentId === event.assignmentId) as Reward;
              return { action: actionOf('forfeit', reward), conflict: reward };
            },
          },
        },
        'queued.claim': { guard: { type: 'isQueuedBonus', params: ({ event }) => event }, target: 'claimingQueued', actions: { type: 'startAction', params: queuedAction } },
        'queued.forfeitAndClaim': { guard: { type: 'isQueuedBonus', params: ({ event }) => event }, target: 'lookingUpActive', actions: { type: 'startAction', params: queuedAction } },
        'cashback.activate': { guard: { type: 'isCashback', params: ({ event }) => event }, target: 'activatingCashback', actions: { type: 'startAction', params: switchAction } },
        'cashback.deactivate': { guard: { type: 'isCashback', params: ({ event }) => event }, target: 'deactivatingCashback', actions: { type: 'startAction', params: switchAction } },
        'optIn.activate': { guard: { type: 'isOptIn', params: ({ event }) => event }, target: 'optingIn', actions: { type: 'startAction', params: switchAction } },
        'optIn.deactivate': { guard: { type: 'isOptIn', params: ({ event }) => event }, target: 'optingOut', actions: { type: 'startAction', params: switchAction } },
      },
    },
    claiming: {
      description:
        'The claim runs (`claimReward`, POST /player/bonus/rewards/{campaignId}/claim): ACTIVATED (the money credited) ' +
        'or QUEUED (behind the vertical\'s active bonus), then the lists load again. Refused for an active bonus in the ' +
        'vertical: the lookup and the forfeit prompt follow; any other refusal shows its text (error.oops.tryAgain without a code).',
      tags: 'busy',
      invoke: {
        id: 'claimReward',
        src: 'claimReward',
        input: actionCampaignId,
        onDone: { target: 'loading', actions: { type: 'assignOutcome', params: claimedOutcome } },
        onError: [
          { guard: { type: 'offersForfeit', params: ({ event }) => ({ error: event.error }) }, target: 'lookingUpActive' },
          { target: 'ready', actions: { type: 'setError', params: claimRefusal } },
        ],
      },
    },
    claimingFreeSpins: {
      description:
        'The free-spin claim runs (`claimFreeSpins`, POST /player/bonus/freespin/campaign/{campaignId}/claim; betBonusType ' +
        '-1 only, behaviour.md §5); its answers are a claim\'s, the forfeit prompt included.',
      tags: 'busy',
      invoke: {
        id: 'claimFreeSpins',
        src: 'claimFreeSpins',
        input: actionCampaignId,
        onDone: { target: 'loading', actions: { type: 'assignOutcome', params: claimedOutcome } },
        onError: [
          { guard: { type: 'offersForfeit', params: ({ event }) => ({ error: event.error }) }, target: 'lookingUpActive' },
          { target: 'ready', actions: { type: 'setError', params: claimRefusal } },
        ],
      },
    },
    claimingQueued: {
      description:
        'A queued bonus is claimed (`claimQueued`, POST /player/bonus/campaign/{campaignId}/queued-bonus/{id}/claim); its ' +
        'answers are a claim\'s: still an active bonus in the vertical offers the forfeit prompt (forfeit-and-claim queue).',
      tags: 'busy',
      invoke: {
        id: 'claimQueued',
        src: 'claimQueued',
        input: ({ context }) => ({
          campaignId: actionCampaignId({ context }),
          queuedPlayerBonusId: (context.action as RewardAction).queuedPlayerBonusId as string,
        }),
        onDone: { target: 'loading', actions: { type: 'assignOutcome', params: claimedOutcome } },
        onError: [
          { guard: { type: 'offersForfeit', params: ({ event }) => ({ error: event.error }) }, target: 'lookingUpActive' },
          { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error, claim: true }) } },
        ],
      },
    },
    consenting: {
      description:
        'The player agrees to the campaign\'s terms (`giveConsent`, POST /player/bonus/agreement with agreed, the bonus ' +
        'code and the campaign id, behaviour.md §7); agreed, the claim follows.',
      tags: 'busy',
      invoke: {
        id: 'giveConsent',
        src: 'giveConsent',
        input: ({ context }) => ({ agreed: true, bonusCode: (context.action as RewardAction).bonusCode, campaignId: (context.action as RewardAction).campaignId }),
        onDone: { target: 'claiming' },
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error, claim: true }) } },
      },
    },
    lookingUpActive: {
      description:
        'behaviour.md §4: the claim was refused for an active bonus in the same vertical: the ACTIVE list loads ' +
        '(`loadActive`) and the active bonus of the claimed reward\'s vertical is the one the prompt offers to forfeit. ' +
        'None there (it ended meanwhile): the refusal\'s text shows, and the player may claim again.',
      tags: 'busy',
      invoke: {
        id: 'lookupActive',
        src: 'loadActive',
        onDone: [
          {
            guard: { type: 'foundConflict', params: ({ event }) => ({ response: event.output }) },
            target: 'forfeitPrompt',
            actions: { type: 'assignConflict', params: ({ event }) => ({ response: event.output }) },
          },
          { target: 'ready', actions: 'setConflictGone' },
        ],
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error, claim: false }) } },
      },
    },
    forfeitPrompt: {
      description:
        'The forfeit prompt (a dialog): which active bonus will be forfeited and how much bonus money is lost, and, ' +
        'for a claim, which reward comes instead. Forfeit goes on; Cancel keeps the active bonus and claims nothing.',
      tags: 'prompt',
      on: {
        'forfeit.confirm': 'forfeiting',
        'forfeit.cancel': { target: 'ready', actions: 'closePrompt' },
      },
    },
    forfeiting: {
      description:
        'The active bonus is forfeited (`forfeitBonus`, PUT /player/bonus/{assignmentId}/state FORFEITED with the ' +
        'wagering progress shown); its bonus money is removed. Then the claim it was for runs again (the claim, the ' +
        'consent\'s claim, the free spins, the queued bonus), or, for a forfeit alone, the lists load again.',
      tags: 'busy',
      invoke: {
        id: 'forfeitBonus',
        src: 'forfeitBonus',
        input: ({ context }) => ({
          assignmentId: context.conflict?.assignmentId ?? '',
          wageringProgress: context.conflict?.wageringProgress ?? 0,
        }),
        onDone: [
          { guard: 'resumesClaim', target: 'claiming', actions: { type: 'assignForfeited', params: ({ event }) => ({ answer: event.output }) } },
          { guard: 'resumesFreeSpins', target: 'claimingFreeSpins', actions: { type: 'assignForfeited', params: ({ event }) => ({ answer: event.output }) } },
          { guard: 'resumesQueued', target: 'claimingQueued', actions: { type: 'assignForfeited', params: ({ event }) => ({ answer: event.output }) } },
          { target: 'loading', actions: [{ type: 'assignForfeited', params: ({ event }) => ({ answer: event.output }) }, 'closePrompt'] },
        ],
        onError: { target: 'ready', actions: { type: 'setError', params: ({ event }) => ({ error: event.error, claim: false }) } },
      },
    },
    activatingCashback: {
      description:
        'The cashback is switched on (`activateCashback`, POST /player/bonus/cashback/{campaignId}/activate); then the ' +
        'lists load again and the cashback-claimed notification shows.',
      tags: 'busy',
      invoke: {
        id: 'activateCashback',
        src: 'activateCashback',
        input: actionCampaignId,
        onDone: { target: 'loading', actions: { type: 'assignOutcome', params: switchedOutcome('cashbackActivated') } },
        onError: { target: 'ready', actions: { type: 'setError', params: refusal } },
      },
    },
    deactivatingCashback: {
      description:
        'The cashback is switched off (`deactivateCashback`, POST /player/bonus/cashback/{campaignId}/deactivate); then the lists load again.',
      tags: 'busy',
      invoke: {
        id: 'deactivateCashback',
        src: 'deactivateCashback',
        input: actionCampaignId,
        onDone: { target: 'loading', actions: { type: 'assignOutcome', params: switchedOutcome('cashbackDeactivated') } },
        onError: { target: 'ready', actions: { type: 'setError', params: refusal } },
      },
    },
    optingIn: {
      description:
        'The player opts in to the campaign (`optIn`, POST /player/bonus/optIn/{campaignId}/activate); then the lists load again.',
      tags: 'busy',
      invoke: {
        id: 'optIn',
        src: 'optIn',
        input: actionCampaignId,
        onDone: { target: 'loading', actions: { type: 'assignOutcome', params: switchedOutcome('optedIn') } },
        onError: { target: 'ready', actions: { type: 'setError', params: refusal } },
      },
    },
    optingOut: {
      description:
        'The player opts out of the campaign (`optOut`, POST /player/bonus/optIn/{campaignId}/deactivate); then the lists load again.',
      tags: 'busy',
      invoke: {
        id: 'optOut',
        src: 'optOut',
        input: actionCampaignId,
        onDone: { target: 'loading', actions: { type: 'assignOutcome', params: switchedOutcome('optedOut') } },
        onError: { target: 'ready', actions: { type: 'setError', params: refusal } },
      },
    },
  },
});
