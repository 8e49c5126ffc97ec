// The gambling limits page (product.md §2 /my-account/gambling-limits, §3 "Responsible gambling";
// behaviour.md §4 "Gambling limits and responsible gambling", §5 deposit limit errors, §7
// "Responsible gambling"; issue 13 "Limits", "Reality check and activity").
//
// A child of the session (flow `gamblingLimits`), started by the page's route for a logged-in
// player. Two regions run side by side:
//
// - limits: the deposit and spend (loss) limits of the three periods D, W, M are loaded with the
//   market's rules (the cooling-off, the caps). Then, one limit at a time:
//     edit    opens the limit's editor with its value (`limit.edit`); what is typed is a draft,
//             checked here with the shared rules (machines/lib: the amount in the account currency,
//             LIMIT_MIN_AMOUNT, the market's cap, consistencyProblem D <= W <= M) before it is sent;
//     save    request (`saving`) → success (the answer replaces the limits shown, the editor closes)
//             | error (the editor stays open with what was typed and the translated error);
//     delete  request (`deleting`) → success | error (shown next to the limit);
//     cancel  the pending change: request (`cancellingPending`) → success | error.
//   The platform decides what a change does (a decrease at once, an increase or a removal pending
//   until its date) and says so in its answer: the screen shows the answer, it computes nothing.
// - activity: the reality-check interval (30, 60, 120 minutes or off, ACTIVITY_INTERVAL_CHOICES_MINUTES)
//   is loaded, chosen and saved; a saved interval tells the session (`activity.settingsChanged`),
//   which restarts the activity timer with it.
//
// The flow has no end: it shows the limits until the route is left.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { ActivitySettings, ActivitySettingsPatch, Limit, LimitPatch, LimitsResponse } from '../src/api/responsibleGambling';
import type { ACTIVITY_INTERVAL_CHOICES_MINUTES } from './lib/constants';
import { ERROR_CODES } from './lib/errorCodes';
import { flowErrorOf, type FlowError } from './lib/flowErrors';
import type { MarketCode } from './lib/markets';
import {
  consistencyProblem,
  LIMIT_DURATIONS,
  LIMIT_ERROR_CODES,
  LIMIT_MAX_AMOUNT,
  LIMIT_MIN_AMOUNT,
  type LimitDuration,
  type LimitKind,
  type MarketRgRules,
} from './lib/responsibleGambling';
import { cashierCurrency, formatMoney, parseMoney, type Currency } from './lib/wallet';

export interface GamblingLimitsInput {
  /** The market whose rules apply to the player (the session's cashierPlayerOf): its rules are loaded. */
  market: MarketCode;
}

/** What the load answers: both kinds of limits and the market's rules. */
export interface LimitsLoad {
  deposit: LimitsResponse;
  spend: LimitsResponse;
  /** The market's responsible-gambling rules; null when they could not be read (the screen then says less). */
  rules: MarketRgRules | null;
}

/** A patch of one kind of limit (src/api/responsibleGambling.ts LimitPatch). */
export interface LimitPatchInput {
  kind: LimitKind;
  patch: LimitPatch;
}

/** product.md §3: 30, 60 or 120 minutes, or not set (null). */
export type ActivityInterval = (typeof ACTIVITY_INTERVAL_CHOICES_MINUTES)[number] | null;

/** The server codes the flow tells apart (src/api/responsibleGambling.ts "Error codes"; behaviour.md §5). */
export const GAMBLING_LIMITS_ERROR_CODES = [...Object.values(LIMIT_ERROR_CODES), ERROR_CODES.limitsRequired] as const;
export type GamblingLimitsError = FlowError<(typeof GAMBLING_LIMITS_ERROR_CODES)[number]>;

/** One limit: which kind, which period. */
export interface LimitKey {
  kind: LimitKind;
  duration: LimitDuration;
}

/** The three calls a limit has (behaviour.md §4: save, delete and cancel, each request → success | error). */
export type LimitOperation = 'save' | 'delete' | 'cancelPending';

/**
 * Why a typed limit is not sent: not an amount of the account currency, below LIMIT_MIN_AMOUNT,
 * above the market's cap (or LIMIT_MAX_AMOUNT), or out of order with the other periods
 * (consistencyProblem: tooHigh above a longer period's limit, tooLow below a shorter one's).
 */
export type LimitDraftProblem = 'invalid' | 'belowMinimum' | 'aboveMaximum' | 'tooLow' | 'tooHigh';

export interface LimitEditor extends LimitKey {
  /** What the player typed (the value in force when the editor opened). */
  draft: string;
  /** The draft's problem after a save was refused here; null until then, and after a change. */
  problem: LimitDraftProblem | null;
}

export interface LimitCall extends LimitKey {
  operation: LimitOperation;
}

export interface LimitFailure extends LimitCall {
  error: GamblingLimitsError;
}

export interface LimitSuccess extends LimitCall {
  /** The platform answered with a pending change for this limit (an increase or a removal waits). */
  pending: boolean;
}

export interface GamblingLimitsContext {
  market: MarketCode;
  /** The account currency, as the limits' answer names it (EUR until then). */
  currency: Currency;
  /** product.md §3: each period's limit, as the platform last answered (D, W, M). */
  limits: Record<LimitKind, Limit[]>;
  rules: MarketRgRules | null;
  /** The limit being edited (one at a time); null when none. */
  editor: LimitEditor | null;
  /** The call running (its limit shows the loading state). */
  call: LimitCall | null;
  /** The last call that failed, with its error (shown next to its limit); cleared by the next call or edit. */
  failure: LimitFailure | null;
  /** The last call that succeeded (its limit says what happened); cleared by the next call or edit. */
  success: LimitSuccess | null;
  /** The load failed: why. */
  loadError: GamblingLimitsError | null;
  /** The activity settings as the platform last answered; null until loaded. */
  activity: ActivitySettings | null;
  /** The interval chosen on the screen (the saved one until the player picks another). */
  activityDraft: ActivityInterval;
  activityError: GamblingLimitsError | null;
  /** The last save of the interval succeeded (the screen says so until the next change). */
  activitySaved: boolean;
}

export type GamblingLimitsEvent =
  /** Opens a limit's editor (another one open closes: one limit is edited at a time). */
  | ({ type: 'limit.edit' } & LimitKey)
  /** What is typed in the open editor. */
  | { type: 'limit.change'; value: string }
  /** Sends the open editor's limit. */
  | { type: 'limit.save' }
  /** Closes the editor without saving. */
  | { type: 'limit.close' }
  /** Removes a limit (pending after the cooling-off: the platform decides). */
  | ({ type: 'limit.delete' } & LimitKey)
  /** Withdraws a pending change (an increase or a removal not yet in force). */
  | ({ type: 'limit.cancelPending' } & LimitKey)
  /** After a failed load. */
  | { type: 'limits.retry' }
  /** A pending date or a period's reset has passed on the screen: the platform's new figures. */
  | { type: 'limits.refresh' }
  | { type: 'activity.change'; intervalMinutes: ActivityInterval }
  | { type: 'activity.save' }
  | { type: 'activity.retry' };

/**
 * limitsLoading / limitsFailed: the limits' load; editing: an editor is open; busy: a limit's call
 * runs (context.call says which); activityLoading / activityFailed / activitySaving: the interval.
 */
export type GamblingLimitsTag = 'limitsLoading' | 'limitsFailed' | 'editing' | 'busy' | 'activityLoading' | 'activityFailed' | 'activitySaving';

/** The limit of a kind and period, as last answered (undefined before the load). */
export function limitOf(context: Pick<GamblingLimitsContext, 'limits'>, key: LimitKey): Limit | undefined {
  return context.limits[key.kind].find((limit) => limit.duration === key.duration);
}

function sameLimit(a: LimitKey | null, b: LimitKey): boolean {
  return a !== null && a.kind === b.kind && a.duration === b.duration;
}

/** The draft a limit's editor opens with: its value without the cents of a whole amount ("10.00" → "10"). */
export function draftOf(value: string | null): string {
  return value === null ? '' : value.replace(/\.00$/, '');
}

/** The highest limit the market allows for a kind and period, in cents (the deposit caps, else LIMIT_MAX_AMOUNT). */
export function limitMaximumCents(rules: MarketRgRules | null, key: LimitKey): number {
  const cap = key.kind === 'deposit' ? rules?.maxDepositLimit[key.duration] : undefined;
  return Math.min(cap ?? LIMIT_MAX_AMOUNT, LIMIT_MAX_AMOUNT) * 100;
}

/**
 * The problem of a typed limit, or null: the shared rules, so that the platform rarely has to
 * refuse (it checks them again and decides). The other periods compared are the limits in force.
 */
export function limitDraftProblem(
  context: Pick<GamblingLimitsContext, 'limits' | 'rules' | 'currency'>,
  key: LimitKey,
  draft: string,
): LimitDraftProblem | null {
  const cents = parseMoney(draft, context.currency);
  if (cents === null || cents === 0) return 'invalid';
  if (cents < LIMIT_MIN_AMOUNT * 100) return 'belowMinimum';
  if (cents > limitMaximumCents(context.rules, key)) return 'aboveMaximum';
  const others: Partial<Record<LimitDuration, number | null>> = {};
  for (const duration of LIMIT_DURATIONS) {
    if (duration === key.duration) continue;
    const value = limitOf(context, { kind: key.kind, duration })?.value ?? null;
    others[duration] = value === null ? null : parseMoney(value, context.currency);
  }
  return consistencyProblem(key.duration, cents, others);
}

function editorProblem(context: GamblingLimitsContext): LimitDraftProblem | null {
  return context.editor === null ? 'invalid' : limitDraftProblem(context, context.editor, context.editor.draft);
}

/** The call a limit operation makes (behaviour.md §7: duration with limit, deleteLimit or cancelPendingLimit). */
function patchOf(context: GamblingLimitsContext, call: LimitCall): LimitPatchInput {
  switch (call.operation) {
    case 'save': {
      const cents = context.editor === null ? null : parseMoney(context.editor.draft, context.currency);
      return { kind: call.kind, patch: { duration: call.duration, limit: formatMoney(cents ?? 0, context.currency) } };
    }
    case 'delete':
      return { kind: call.kind, patch: { duration: call.duration, deleteLimit: true } };
    case 'cancelPending':
      return { kind: call.kind, patch: { duration: call.duration, cancelPendingLimit: true } };
  }
}

function callOf(context: GamblingLimitsContext): LimitCall {
  return context.call ?? { kind: 'deposit', duration: 'D', operation: 'save' };
}

export const gamblingLimitsMachine = setup({
  types: {
    context: {} as GamblingLimitsContext,
    events: {} as GamblingLimitsEvent,
    input: {} as GamblingLimitsInput,
    tags: {} as GamblingLimitsTag,
  },
  actors: {
    // Supplied by src/app/flows/gamblingLimits.ts (responsibleGamblingApi) and by tests.
    /** GET deposit-limits and spend-limits, and the market's rules (null when they fail). */
    loadLimits: fromPromise<LimitsLoad, { market: MarketCode }>(() => Promise.reject(new Error('gamblingLimitsMachine: provide the loadLimits actor'))),
    /** PATCH deposit-limits or spend-limits; answers that kind's three limits. */
    patchLimit: fromPromise<LimitsResponse, LimitPatchInput>(() => Promise.reject(new Error('gamblingLimitsMachine: provide the patchLimit actor'))),
    loadActivitySettings: fromPromise<ActivitySettings>(() => Promise.reject(new Error('gamblingLimitsMachine: provide the loadActivitySettings actor'))),
    patchActivitySettings: fromPromise<ActivitySettings, ActivitySettingsPatch>(() =>
      Promise.reject(new Error('gamblingLimitsMachine: provide the patchActivitySettings actor')),
    ),
  },
  actions: {
    /** The session restarts the activity timer with the new interval (this flow is its child). */
    tellSession: sendParent({ type: 'activity.settingsChanged' }),
    assignLoad: assign((_, params: { load: LimitsLoad }) => ({
      currency: cashierCurrency(params.load.deposit.currency),
      limits: { deposit: params.load.deposit.limits, spend: params.load.spend.limits },
      rules: params.load.rules,
      loadError: null,
    })),
    assignLoadError: assign((_, params: { error: unknown }) => ({ loadError: flowErrorOf(params.error, GAMBLING_LIMITS_ERROR_CODES) })),
    openEditor: assign(({ context }, params: LimitKey) => ({
      editor: { kind: params.kind, duration: params.duration, draft: draftOf(limitOf(context, params)?.value ?? null), problem: null },
      failure: null,
      success: null,
    })),
    closeEditor: assign({ editor: null }),
    assignDraft: assign(({ context }, params: { value: string }) => ({
      editor: context.editor === null ? null : { ...context.editor, draft: params.value, problem: null },
      failure: null,
    })),
    assignDraftProblem: assign(({ context }) => ({
      editor: context.editor === null ? null : { ...context.editor, problem: editorProblem(context) },
    })),
    startCall: assign((_, params: LimitCall) => ({ call: params, failure: null, success: null })),
    /** Success: the answer replaces that kind's limits; whether the change waits is the answer's. */
    assignAnswer: assign(({ context }, params: { response: LimitsResponse }) => {
      const call = callOf(context);
      const limit = params.response.limits.find((item) => item.duration === call.duration);
      return {
        limits: { ...context.limits, [call.kind]: params.response.limits },
        call: null,
        success: { ...call, pending: limit?.pendingDate != null },
      };
    }),
    assignFailure: assign(({ context }, params: { error: unknown }) => ({
      call: null,
      failure: { ...callOf(context), error: flowErrorOf(params.error, GAMBLING_LIMITS_ERROR_CODES) },
    })),
    assignActivity: assign((_, params: { settings: ActivitySettings }) => ({
      activity: params.settings,
      activityDraft: params.settings.intervalMinutes,
      activityError: null,
    })),
    assignActivityDraft: assign((_, params: { intervalMinutes: ActivityInterval }) => ({
      activityDraft: params.intervalMinutes,
      activityError: null,
      activitySaved: false,
    })),
    assignActivitySaved: assign((_, params: { settings: ActivitySettings }) => ({
      activity: params.settings,
      activityDraft: params.settings.intervalMinutes,
      activityError: null,
      activitySaved: true,
    })),
    assignActivityError: assign((_, params: { error: unknown }) => ({
      activityError: flowErrorOf(params.error, GAMBLING_LIMITS_ERROR_CODES),
      activitySaved: false,
    })),
  },
  guards: {
    isDraftValid: ({ context }) => editorProblem(context) === null,
    /** A limit in force that the market does not require and that is not already being removed. */
    mayDelete: ({ context }, params: LimitKey) => {
      const limit = limitOf(context, params);
      return limit !== undefined && limit.value !== null && !limit.locked && !limit.pendingDelete;
    },
    hasPendingChange: ({ context }, params: LimitKey) => limitOf(context, params)?.pendingDate != null,
  },
}).createMachine({
  id: 'gamblingLimits',
  description:
    'product.md §2 /my-account/gambling-limits, §3 "Responsible gambling"; behaviour.md §4 "Gambling limits ' +
    'and responsible gambling", §5 (deposit limit errors per period), §7. Started by ' +
    '/my-account/gambling-limits with the player\'s market. **limits**: `loading` (deposit and spend limits ' +
    'of D, W, M, and the market\'s rules) → `ready`; one limit at a time: `limit.edit` opens its editor ' +
    '(`editing`; the draft checked with the shared rules: amount in the account currency, LIMIT_MIN_AMOUNT, ' +
    'the market\'s cap, D ≤ W ≤ M) → `limit.save` → `saving` → success (the answer replaces the limits; an ' +
    'increase is pending with the platform\'s date) | error (the draft stays, with the error); `limit.delete` ' +
    '→ `deleting` and `limit.cancelPending` → `cancellingPending`, each → success | error (shown on the ' +
    'limit); `limits.refresh` (a pending date or reset passed on the screen) → `refreshing`. **activity**: ' +
    'the reality-check interval (30, 60, 120 minutes or off): `activity.change`, `activity.save` → `saving` ' +
    '→ success tells the session (`activity.settingsChanged`) | error. No end: the route stops it.',
  type: 'parallel',
  context: ({ input }) =>
    ({
      market: input.market,
      currency: cashierCurrency(null),
      limits: { deposit: [], spend: [] },
      rules: null,
      editor: null,
      call: null,
      failure: null,
      success: null,
      loadError: null,
      activity: null,
      activityDraft: null,
      activityError: null,
      activitySaved: false,
    }) satisfies GamblingLimitsContext,
  states: {
    limits: {
      description: 'The deposit and spend limits of each period (D, W, M), one of them edited or changed at a time.',
      initial: 'loading',
      states: {
        loading: {
          description: 'GET deposit-limits and spend-limits, with the market’s rules (cooling-off, caps).',
          tags: 'limitsLoading',
          invoke: {
            id: 'loadLimits',
            src: 'loadLimits',
            input: ({ context }) => ({ market: context.market }),
            onDone: { target: 'ready', actions: { type: 'assignLoad', params: ({ event }) => ({ load: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignLoadError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'The limits could not be loaded; limits.retry tries again.',
          tags: 'limitsFailed',
          on: { 'limits.retry': { target: 'loading', description: 'Try again.' } },
        },
        ready: {
          description: 'The limits are shown: value, used, remaining, the period, the pending change and its date.',
          initial: 'viewing',
          on: {
            'limit.edit': {
              target: '.editing',
              description: 'Edit: the limit’s editor opens with its value (one editor at a time).',
              actions: { type: 'openEditor', params: ({ event }) => ({ kind: event.kind, duration: event.duration }) },
            },
            'limit.delete': {
              guard: { type: 'mayDelete', params: ({ event }) => ({ kind: event.kind, duration: event.duration }) },
              target: 'deleting',
              description: 'Delete request: a limit in force that the market does not require (locked) and not already being removed.',
              actions: ['closeEditor', { type: 'startCall', params: ({ event }) => ({ kind: event.kind, duration: event.duration, operation: 'delete' }) }],
            },
            'limit.cancelPending': {
              guard: { type: 'hasPendingChange', params: ({ event }) => ({ kind: event.kind, duration: event.duration }) },
              target: 'cancellingPending',
              description: 'Cancel request: the pending increase or removal is withdrawn.',
              actions: [
                'closeEditor',
                { type: 'startCall', params: ({ event }) => ({ kind: event.kind, duration: event.duration, operation: 'cancelPending' }) },
              ],
            },
          },
          states: {
            viewing: {
              description: 'No editor is open.',
              on: {
                'limits.refresh': {
                  target: '#gamblingLimits.limits.refreshing',
                  description: 'A pending date or a period’s reset passed on the screen: the platform’s new figures.',
                },
              },
            },
            editing: {
              description: 'One limit’s editor: the amount typed in the account currency.',
              tags: 'editing',
              on: {
                'limit.change': {
                  description: 'The draft changes; its problem and the last error go.',
                  actions: { type: 'assignDraft', params: ({ event }) => ({ value: event.value }) },
                },
                'limit.save': [
                  {
                    guard: 'isDraftValid',
                    target: '#gamblingLimits.limits.saving',
                    description: 'Save request: the draft passes the shared rules (amount, LIMIT_MIN_AMOUNT, the market’s cap, D ≤ W ≤ M).',
                    actions: {
                      type: 'startCall',
                      params: ({ context }) => ({ kind: context.editor?.kind ?? 'deposit', duration: context.editor?.duration ?? 'D', operation: 'save' }),
                    },
                  },
                  { description: 'The draft breaks a rule: its problem shows next to the field; nothing is sent.', actions: 'assignDraftProblem' },
                ],
                'limit.close': { target: 'viewing', description: 'The editor closes without saving.', actions: 'closeEditor' },
              },
            },
          },
        },
        saving: {
          description: 'Save request: PATCH { duration, limit }. A decrease (or a first limit) applies at once; an increase waits for the cooling-off.',
          tags: 'busy',
          invoke: {
            id: 'saveLimit',
            src: 'patchLimit',
            input: ({ context }) => patchOf(context, callOf(context)),
            onDone: {
              target: 'ready.viewing',
              description: 'Success: the answer replaces the limits shown (with the pending change and its date, if any); the editor closes.',
              actions: [{ type: 'assignAnswer', params: ({ event }) => ({ response: event.output }) }, 'closeEditor'],
            },
            onError: {
              target: 'ready.editing',
              description: 'Error: the editor stays open with what was typed, and the translated error (behaviour.md §5, per period).',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        deleting: {
          description: 'Delete request: PATCH { duration, deleteLimit: true }. The removal waits for the cooling-off.',
          tags: 'busy',
          invoke: {
            id: 'deleteLimit',
            src: 'patchLimit',
            input: ({ context }) => patchOf(context, callOf(context)),
            onDone: {
              target: 'ready.viewing',
              description: 'Success: the answer replaces the limits shown (the removal pending, with its date).',
              actions: { type: 'assignAnswer', params: ({ event }) => ({ response: event.output }) },
            },
            onError: {
              target: 'ready.viewing',
              description: 'Error: shown next to the limit (locked: the market requires it).',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        cancellingPending: {
          description: 'Cancel request: PATCH { duration, cancelPendingLimit: true }.',
          tags: 'busy',
          invoke: {
            id: 'cancelPendingLimit',
            src: 'patchLimit',
            input: ({ context }) => patchOf(context, callOf(context)),
            onDone: {
              target: 'ready.viewing',
              description: 'Success: the pending change is gone; the limit in force stays.',
              actions: { type: 'assignAnswer', params: ({ event }) => ({ response: event.output }) },
            },
            onError: {
              target: 'ready.viewing',
              description: 'Error: shown next to the limit.',
              actions: { type: 'assignFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
        refreshing: {
          description: 'The limits load again in the background; what is shown stays until the answer.',
          invoke: {
            id: 'refreshLimits',
            src: 'loadLimits',
            input: ({ context }) => ({ market: context.market }),
            onDone: {
              target: 'ready.viewing',
              description: 'The new figures replace the old.',
              actions: { type: 'assignLoad', params: ({ event }) => ({ load: event.output }) },
            },
            onError: { target: 'ready.viewing', description: 'The figures shown stay; the next minute on the screen asks again.' },
          },
        },
      },
    },
    activity: {
      description: 'The reality-check interval: 30, 60 or 120 minutes, or off.',
      initial: 'loading',
      states: {
        loading: {
          description: 'GET activity_check/settings.',
          tags: 'activityLoading',
          invoke: {
            id: 'loadActivitySettings',
            src: 'loadActivitySettings',
            onDone: { target: 'ready', actions: { type: 'assignActivity', params: ({ event }) => ({ settings: event.output }) } },
            onError: { target: 'failed', actions: { type: 'assignActivityError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        failed: {
          description: 'The settings could not be loaded; activity.retry tries again.',
          tags: 'activityFailed',
          on: { 'activity.retry': { target: 'loading', description: 'Try again.' } },
        },
        ready: {
          description: 'The interval in force is chosen; the player may pick another and save it.',
          on: {
            'activity.change': {
              description: 'Another interval is chosen (not saved yet).',
              actions: { type: 'assignActivityDraft', params: ({ event }) => ({ intervalMinutes: event.intervalMinutes }) },
            },
            'activity.save': { target: 'saving', description: 'Save request.' },
          },
        },
        saving: {
          description: 'PATCH activity_check/settings { intervalMinutes }.',
          tags: 'activitySaving',
          invoke: {
            id: 'patchActivitySettings',
            src: 'patchActivitySettings',
            input: ({ context }) => ({ intervalMinutes: context.activityDraft }),
            onDone: {
              target: 'ready',
              description: 'Success: the interval is in force; the session restarts the activity timer with it.',
              actions: [{ type: 'assignActivitySaved', params: ({ event }) => ({ settings: event.output }) }, 'tellSession'],
            },
            onError: {
              target: 'ready',
              description: 'Error: the chosen interval stays, with the translated error.',
              actions: { type: 'assignActivityError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
  },
});

/** True when `key`'s limit is the one the running call is for (its control shows the loading state). */
export function isCalling(context: Pick<GamblingLimitsContext, 'call'>, key: LimitKey, operation?: LimitOperation): boolean {
  return sameLimit(context.call, key) && (operation === undefined || context.call?.operation === operation);
}
