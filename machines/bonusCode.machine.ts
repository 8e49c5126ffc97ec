// The bonus code flow (issue 24; behaviour.md §4 "Bonuses and rewards": reset, verify (loading, then
// success with the value and campaign id, or error), then the manual claim availability check, then
// the claim (loading, success with reward, or error); "when a claim fails because an active bonus
// exists in the same vertical, the active bonus is looked up and a forfeit prompt is offered"; §5
// "bonus codes are validated by a server call before a manual claim"; §6 manual-claim permission;
// §7 bonus-code/validate, bonus-code/manual-claim/available, bonus-code/manual-claim, rewards
// (ACTIVE) and {assignmentId}/state PUT FORFEITED; §8 "Bonus"; product.md §3 "Bonus code state").
//
// A child of the session (flow `bonusCode`), started by /my-account/bonus-code (only with the
// manual-claim permission, the route's guard). The calls are named actors the app provides
// (src/app/flows/bonusCode.flow.ts, bonusesApi); the wallet is asked for the balance after a claim
// and after a forfeit (`refreshWallet`). The flow has no end: the claimed reward stays on screen
// until the player enters another code (`code.reset`) or leaves the page.
//
//   idle ─ code.verify ─▶ verifying ─▶ checkingAvailability ─▶ ready ─ code.claim ─▶ claiming ─▶ claimed
//     ▲                      │ error        │ not available ▶ unavailable       │ already exists
//     └── code.change ── verifyFailed ◀─────┘ error                            ▼
//                                              lookingUpActive ─▶ forfeitPrompt ─ forfeit.confirm ─▶ forfeiting ─▶ claiming
//                                                     └─ none found ─▶ claimFailed ◀─ any other refusal
//
// What the player typed stays on every error; the errors keep the platform's code as it came, and
// the screen words it from one table (src/features/bonusCode/errorMessages.ts, behaviour.md §8).
import { assign, fromPromise, setup } from 'xstate';
import type { AssignmentResponse, BonusCodeValidation, ClaimResponse, ManualClaimAvailability, Reward } from '../src/api/bonuses';
import { BONUS_CODE_PATTERN, normalizeBonusCode, offersForfeit } from './lib/bonuses';
import type { BonusVertical } from './lib/wallet';

/** What the route gives: a code to start from (the page's `code` search parameter), else none. */
export interface BonusCodeRouteInput {
  code?: string | null;
}

export interface BonusCodeInput {
  code: string | null;
}

/**
 * A failed call as the screen words it (behaviour.md §8): the platform's code as it came
 * (`error.bonus_code.invalid`, `error.bonus.not_allowed`, ...), `network` when no answer arrived,
 * `unknown` when the failure had no code.
 */
export interface BonusCodeError {
  code: string;
}

/** The code field's own refusal, before any call: nothing typed, or not a code's shape (BONUS_CODE_PATTERN). */
export type BonusCodeProblem = 'required' | 'format';

export interface BonusCodeForfeitRequest {
  assignmentId: string;
  wageringProgress: number;
}

export interface BonusCodeContext {
  /** The code as the player typed it; kept on every error. */
  code: string;
  codeProblem: BonusCodeProblem | null;
  /** product.md §3 bonusCodeValue: the code the platform validated (normalised). */
  bonusCodeValue: string | null;
  /** product.md §3 bonusCodeCampaignId. */
  campaignId: string | null;
  /** The campaign the code names, as the validation answered it (what the claim gives). */
  offer: Reward | null;
  /** product.md §3 manualClaimBonusAvailability { isAvailable, requested }. */
  availability: ManualClaimAvailability | null;
  /** product.md §3 manualClaimBonus.reward: the claim's answer (ACTIVATED with the reward, or QUEUED). */
  claim: ClaimResponse | null;
  /** The active bonus of the offer's vertical that refused the claim (the forfeit prompt names it). */
  activeBonus: Reward | null;
  /** product.md §3 manualClaimBonus.error / the bonus code state's error: the last failed call. */
  error: BonusCodeError | null;
}

export type BonusCodeEvent =
  | { type: 'code.change'; value: string }
  | { type: 'code.verify' }
  | { type: 'code.claim' }
  | { type: 'forfeit.confirm' }
  | { type: 'forfeit.cancel' }
  /** Another code after a claim: everything forgotten. */
  | { type: 'code.reset' };

/**
 * form: the code field takes input; loading: a call runs; error: a refusal is shown; offer: the
 * validated campaign is shown with its Claim button; forfeitPrompt: the prompt to forfeit the
 * active bonus; unavailable: manual claims are not open to the player now; claimed: the reward.
 */
export type BonusCodeTag = 'form' | 'loading' | 'error' | 'offer' | 'forfeitPrompt' | 'unavailable' | 'claimed';

/** A failure read by its shape (machines import nothing from src/ at run time): its code, `network`, or `unknown`. */
export function bonusCodeErrorOf(error: unknown): BonusCodeError {
  if (typeof error !== 'object' || error === null) return { code: 'unknown' };
  if ('kind' in error && error.kind === 'network') return { code: 'network' };
  return { code: 'code' in error && typeof error.code === 'string' && error.code !== '' ? error.code : 'unknown' };
}

/** The field's refusal of a typed code, or null when it has a code's shape. */
export function bonusCodeProblemOf(code: string): BonusCodeProblem | null {
  const trimmed = code.trim();
  if (trimmed === '') return 'required';
  return BONUS_CODE_PATTERN.test(trimmed) ? null : 'format';
}

/** The player's active bonus in a wallet vertical (one per vertical), if the ACTIVE list has one. */
export function activeBonusIn(rewards: readonly Reward[], vertical: BonusVertical | null): Reward | null {
  if (vertical === null) return null;
  return rewards.find((reward) => reward.walletVertical === vertical && reward.state === 'ACTIVATED' && reward.assignmentId !== null) ?? null;
}

const FRESH = {
  code: '',
  codeProblem: null,
  bonusCodeValue: null,
  campaignId: null,
  offer: null,
  availability: null,
  claim: null,
  activeBonus: null,
  error: null,
} satisfies BonusCodeContext;

export const bonusCodeMachine = setup({
  types: {
    context: {} as BonusCodeContext,
    events: {} as BonusCodeEvent,
    input: {} as BonusCodeInput,
    tags: {} as BonusCodeTag,
  },
  actors: {
    // Supplied by src/app/flows/bonusCode.flow.ts (bonusesApi) and by tests.
    validateBonusCode: fromPromise<BonusCodeValidation, { bonusCode: string }>(() =>
      Promise.reject(new Error('bonusCodeMachine: provide the validateBonusCode actor')),
    ),
    manualClaimAvailability: fromPromise<ManualClaimAvailability>(() =>
      Promise.reject(new Error('bonusCodeMachine: provide the manualClaimAvailability actor')),
    ),
    manualClaim: fromPromise<ClaimResponse, { bonusCode: string }>(() => Promise.reject(new Error('bonusCodeMachine: provide the manualClaim actor'))),
    loadActiveRewards: fromPromise<Reward[]>(() => Promise.reject(new Error('bonusCodeMachine: provide the loadActiveRewards actor'))),
    forfeitBonus: fromPromise<AssignmentResponse, BonusCodeForfeitRequest>(() =>
      Promise.reject(new Error('bonusCodeMachine: provide the forfeitBonus actor')),
    ),
  },
  actions: {
    /** The wallet asks for the balance now (src/app: `wallet.refresh` to the session's wallet). */
    refreshWallet: () => undefined,
    assignCode: assign((_, params: { value: string }) => ({ ...FRESH, code: params.value })),
    assignCodeProblem: assign(({ context }) => ({ codeProblem: bonusCodeProblemOf(context.code) })),
    clearProblems: assign({ codeProblem: null, error: null }),
    assignValidation: assign((_, params: { validation: BonusCodeValidation }) => ({
      bonusCodeValue: params.validation.bonusCodeValue,
      campaignId: params.validation.campaignId,
      offer: params.validation.reward,
      error: null,
    })),
    assignAvailability: assign((_, params: { availability: ManualClaimAvailability }) => ({ availability: params.availability })),
    assignClaim: assign((_, params: { claim: ClaimResponse }) => ({ claim: params.claim, activeBonus: null, error: null })),
    assignError: assign((_, params: { error: unknown }) => ({ error: bonusCodeErrorOf(params.error) })),
    assignActiveBonus: assign((_, params: { activeBonus: Reward | null }) => ({ activeBonus: params.activeBonus })),
    closePrompt: assign({ activeBonus: null, error: null }),
    startAfresh: assign(() => ({ ...FRESH })),
  },
  guards: {
    hasCodeShape: ({ context }) => bonusCodeProblemOf(context.code) === null,
    isAvailable: (_, params: { availability: ManualClaimAvailability }) => params.availability.isAvailable,
    /** behaviour.md §8: error.bonus.active.already.exists and its triggered variant drive the forfeit flows. */
    offersForfeit: (_, params: { error: unknown }) => offersForfeit(bonusCodeErrorOf(params.error).code),
    hasActiveBonus: (_, params: { activeBonus: Reward | null }) => params.activeBonus !== null,
  },
}).createMachine({
  id: 'bonusCode',
  description:
    'The bonus code page (behaviour.md §4 "Bonuses and rewards", §5, §6, §8): the code typed is verified by the platform ' +
    '(bonus-code/validate: the value and the campaign id), then the manual claim availability is checked ' +
    '(bonus-code/manual-claim/available), then the player claims it (bonus-code/manual-claim: the reward). A claim ' +
    'refused for an active bonus of the same vertical looks the active one up and offers to forfeit it, then claims ' +
    'again. What was typed stays on every error. Started by /my-account/bonus-code; it has no end.',
  context: ({ input }) => ({ ...FRESH, code: input.code?.trim() ?? '' }),
  initial: 'idle',
  states: {
    idle: {
      description: 'Reset: the code field (prefilled by the page\'s code parameter, if any) and Verify.',
      tags: 'form',
      on: {
        'code.change': { description: 'What is typed; a refusal shown before goes.', actions: { type: 'assignCode', params: ({ event }) => ({ value: event.value }) } },
        'code.verify': [
          { guard: 'hasCodeShape', target: 'verifying', actions: 'clearProblems' },
          { description: 'Nothing typed, or not a code\'s shape: the field says so, nothing is sent.', actions: 'assignCodeProblem' },
        ],
      },
    },
    verifying: {
      description: 'Verify, loading: bonus-code/validate with the code (behaviour.md §5: validated by a server call before a manual claim).',
      tags: 'loading',
      invoke: {
        id: 'validateBonusCode',
        src: 'validateBonusCode',
        input: ({ context }) => ({ bonusCode: normalizeBonusCode(context.code) }),
        onDone: {
          target: 'checkingAvailability',
          description: 'Success: the value and the campaign id (and the campaign the code gives).',
          actions: { type: 'assignValidation', params: ({ event }) => ({ validation: event.output }) },
        },
        onError: { target: 'verifyFailed', description: 'Error: shown, the code kept.', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    verifyFailed: {
      description: 'The verification (or the availability check) failed: the error is shown beside the code as typed; Verify tries again.',
      tags: ['form', 'error'],
      on: {
        'code.change': { target: 'idle', description: 'Another code: the error goes.', actions: { type: 'assignCode', params: ({ event }) => ({ value: event.value }) } },
        'code.verify': { target: 'verifying', description: 'The same code again.', actions: 'clearProblems' },
      },
    },
    checkingAvailability: {
      description: 'The manual claim availability check (bonus-code/manual-claim/available: isAvailable, requested).',
      tags: 'loading',
      invoke: {
        id: 'manualClaimAvailability',
        src: 'manualClaimAvailability',
        onDone: [
          {
            guard: { type: 'isAvailable', params: ({ event }) => ({ availability: event.output }) },
            target: 'ready',
            actions: { type: 'assignAvailability', params: ({ event }) => ({ availability: event.output }) },
          },
          {
            target: 'unavailable',
            description: 'Not available now (a claim by hand already made, a break, no permission).',
            actions: { type: 'assignAvailability', params: ({ event }) => ({ availability: event.output }) },
          },
        ],
        onError: { target: 'verifyFailed', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    unavailable: {
      description: 'A manual claim is not open to the player now (requested says whether one was made already); the code stays.',
      tags: ['form', 'unavailable'],
      on: { 'code.change': { target: 'idle', actions: { type: 'assignCode', params: ({ event }) => ({ value: event.value }) } } },
    },
    ready: {
      description: 'Verified and available: the campaign the code gives (its title, amount, terms) and Claim.',
      tags: ['form', 'offer'],
      on: {
        'code.claim': { target: 'claiming', actions: 'clearProblems' },
        'code.change': { target: 'idle', description: 'Another code: the verification is forgotten.', actions: { type: 'assignCode', params: ({ event }) => ({ value: event.value }) } },
      },
    },
    claiming: {
      description: 'The claim, loading: bonus-code/manual-claim with the validated code and state ACTIVATED.',
      tags: ['offer', 'loading'],
      invoke: {
        id: 'manualClaim',
        src: 'manualClaim',
        input: ({ context }) => ({ bonusCode: context.bonusCodeValue ?? normalizeBonusCode(context.code) }),
        onDone: {
          target: 'claimed',
          description: 'Success with the reward (active, or queued behind the active one); the balance is asked for.',
          actions: [{ type: 'assignClaim', params: ({ event }) => ({ claim: event.output }) }, 'refreshWallet'],
        },
        onError: [
          {
            guard: { type: 'offersForfeit', params: ({ event }) => ({ error: event.error }) },
            target: 'lookingUpActive',
            description: 'behaviour.md §4: an active bonus in the same vertical: it is looked up for the forfeit prompt.',
            actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'claimFailed', description: 'Error: shown; the offer and the code stay.', actions: { type: 'assignError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    claimFailed: {
      description: 'The claim was refused (or the forfeit failed): the error is shown with the offer; Claim tries again.',
      tags: ['form', 'offer', 'error'],
      on: {
        'code.claim': { target: 'claiming', actions: 'clearProblems' },
        'code.change': { target: 'idle', actions: { type: 'assignCode', params: ({ event }) => ({ value: event.value }) } },
      },
    },
    lookingUpActive: {
      description: "The active bonus that refused the claim: the player's ACTIVE rewards, the one of the offer's wallet vertical.",
      tags: ['offer', 'loading'],
      invoke: {
        id: 'loadActiveRewards',
        src: 'loadActiveRewards',
        onDone: [
          {
            guard: { type: 'hasActiveBonus', params: ({ context, event }) => ({ activeBonus: activeBonusIn(event.output, context.offer?.walletVertical ?? null) }) },
            target: 'forfeitPrompt',
            actions: { type: 'assignActiveBonus', params: ({ context, event }) => ({ activeBonus: activeBonusIn(event.output, context.offer?.walletVertical ?? null) }) },
          },
          { target: 'claimFailed', description: 'None found (it ended meanwhile): the refusal is shown; Claim tries again.' },
        ],
        onError: { target: 'claimFailed', description: 'The list could not be read: the refusal is shown.' },
      },
    },
    forfeitPrompt: {
      description: 'The forfeit prompt: the active bonus (its title and what is left of it) would be forfeited for the new one.',
      tags: ['offer', 'forfeitPrompt'],
      on: {
        'forfeit.confirm': 'forfeiting',
        'forfeit.cancel': { target: 'ready', description: 'Keep the active bonus: the offer stays, unclaimed.', actions: 'closePrompt' },
      },
    },
    forfeiting: {
      description: '{assignmentId}/state PUT FORFEITED with the progress the player saw; then the claim again.',
      tags: ['offer', 'forfeitPrompt', 'loading'],
      invoke: {
        id: 'forfeitBonus',
        src: 'forfeitBonus',
        input: ({ context }) => ({ assignmentId: context.activeBonus?.assignmentId ?? '', wageringProgress: context.activeBonus?.wageringProgress ?? 0 }),
        onDone: {
          target: 'claiming',
          description: 'Forfeited (its bonus money removed, the balance asked for): the claim is sent again.',
          actions: ['closePrompt', 'refreshWallet'],
        },
        onError: { target: 'claimFailed', actions: [{ type: 'assignError', params: ({ event }) => ({ error: event.error }) }, { type: 'assignActiveBonus', params: { activeBonus: null } }] },
      },
    },
    claimed: {
      description: 'Success with the reward: active now (or queued behind the active one); another code starts afresh.',
      tags: 'claimed',
      on: { 'code.reset': { target: 'idle', actions: 'startAfresh' } },
    },
  },
});
